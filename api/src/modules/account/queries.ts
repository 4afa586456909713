import type { TUserType } from '../../../../shared/constants.js';
import type { TReviewState } from '../../../../shared/review.js';
import { sql } from '../../db/sql.js';
import { associatedCertificationsSql } from '../certifications/queries.js';

// The statements of My registrations: sign-in links, sessions, and what a person sees of their
// own record. Every statement that reads a person's data takes the id of the session's person.

/**
 * A sign-in link for the person with this email, if there is one, and its message staged in the
 * outbox, in one statement whether or not the email is registered (so the answer takes the same
 * time). A newer link replaces the person's earlier one (one row per person). The message goes
 * to the address on file.
 */
export const STAGE_SIGN_IN_LINK = sql<{
  email: string;
  tokenHash: string;
  expiresAt: Date;
  dedupeKey: string;
  kind: string;
  subject: string;
  textBody: string;
}>(
  'account-stage-sign-in-link',
  `with person as (select id, email from users where lower(email) = lower(:email)),
   link as (
     insert into account_sign_in_links (user_id, token_hash, expires_at)
     select id, :tokenHash, :expiresAt from person
     on conflict (user_id) do update
        set token_hash = excluded.token_hash, expires_at = excluded.expires_at, created_at = now()
     returning user_id),
   message as (
     insert into email_outbox (dedupe_key, kind, recipients, subject, text_body, status, attempts,
       next_attempt_at)
     select :dedupeKey, :kind, array[person.email], :subject, :textBody, 'pending', 0, now()
       from person join link on link.user_id = person.id
     on conflict (dedupe_key) do nothing)
   select count(*)::int as staged from link`,
);

/**
 * Uses a sign-in link (it works once: the row goes) and starts a session for its person, in one
 * statement; answers nothing when the link is unknown, used or expired.
 */
export const START_SESSION = sql<{ linkHash: string; sessionHash: string; longestHours: number }>(
  'account-start-session',
  `with used as (
     delete from account_sign_in_links
      where token_hash = :linkHash and expires_at > now()
     returning user_id)
   insert into account_sessions (user_id, token_hash, last_seen_at, expires_at)
   select user_id, :sessionHash, now(), now() + make_interval(hours => :longestHours) from used
   returning user_id`,
);

/**
 * The person of a live session (not idle past :idleMinutes, not past its end). The session's
 * last call is moved forward at most once a minute, so most calls write nothing.
 */
export const SESSION_PERSON = sql<{ sessionHash: string; idleMinutes: number }>(
  'account-session-person',
  `with live as (
     select id, user_id, last_seen_at from account_sessions
      where token_hash = :sessionHash and expires_at > now()
        and last_seen_at > now() - make_interval(mins => :idleMinutes)),
   touched as (
     update account_sessions s set last_seen_at = now()
       from live where s.id = live.id and live.last_seen_at < now() - interval '1 minute')
   select user_id from live`,
);

export const END_SESSION = sql<{ sessionHash: string }>(
  'account-end-session',
  'delete from account_sessions where token_hash = :sessionHash',
);

/** Sessions that can no longer be used (idle too long or past their end). */
export const DELETE_DEAD_SESSIONS = sql<{ idleMinutes: number }>(
  'account-delete-dead-sessions',
  `delete from account_sessions
    where expires_at <= now() or last_seen_at <= now() - make_interval(mins => :idleMinutes)`,
);

export interface PersonRow {
  id: number;
  type: TUserType;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  company_name: string | null;
  company_phone: string | null;
  company_address1: string | null;
  company_address2: string | null;
  company_city: string | null;
  company_state: string | null;
  company_zip: string | null;
}

/** The person and the company they were linked to last. */
export const PERSON = sql<{ userId: number }>(
  'account-person',
  `select u.id, u.type, u.first_name, u.last_name, u.email, u.phone,
          c.name as company_name, c.phone as company_phone, c.address1 as company_address1,
          c.address2 as company_address2, c.city as company_city, c.state as company_state,
          c.zip as company_zip
     from users u
     left join lateral (
       select c.* from user_companies uc join companies c on c.id = uc.company_id
        where uc.user_id = u.id order by uc.created_at desc, c.id desc limit 1) c on true
    where u.id = :userId`,
);

export interface RegistrationRow {
  organization_name: string;
  review_state: TReviewState;
  enrolled: boolean;
  registered_on: string;
}

export const REGISTRATIONS = sql<{ userId: number; zone: string }>(
  'account-registrations',
  `select o.name as organization_name, r.review_state, r.enrolled,
          to_char(r.registered_at at time zone :zone, 'YYYY-MM-DD') as registered_on
     from registrations r join organizations o on o.id = r.organization_id
    where r.user_id = :userId
    order by lower(o.name), o.id`,
);

/** What every item row carries: its key across organizations, document and organization. */
interface ItemColumns {
  item_key: string;
  renewal_waiting: boolean;
  document_id: string | null;
  document_name: string | null;
  organization_name: string;
  registered_at: Date;
}

export interface CertificationRow extends ItemColumns {
  agency_name: string;
  type_name: string;
  number: string;
  expires_on: string;
}

/**
 * The person's certifications, one row per registration that carries one; the same
 * certification on several registrations shares its item key (as the reminders name it). Each
 * item's latest date comes first.
 */
export const CERTIFICATIONS = sql<{ userId: number }>(
  'account-certifications',
  `select concat_ws('|', lower(c.agency_name), lower(c.type_name), lower(btrim(c.number)))
            as item_key,
          c.agency_name, c.type_name, c.number, to_char(c.expires_on, 'YYYY-MM-DD') as expires_on,
          c.renewal is not null as renewal_waiting, d.id as document_id,
          d.original_name as document_name, o.name as organization_name, r.registered_at
     from certifications c
     join registrations r on r.id = c.registration_id
     join organizations o on o.id = r.organization_id
     left join documents d on d.id = c.document_id
    where c.user_id = :userId
    order by item_key, c.expires_on desc, r.registered_at desc`,
);

export interface TestKitRow extends ItemColumns {
  serial: string;
  manufacturer: string;
  model: string;
  calibrated_on: string;
  due_on: string | null;
}

/** The test kits in use of the person's registrations (their submissions' kits). */
export const TEST_KITS = sql<{ userId: number }>(
  'account-test-kits',
  `select concat_ws('|', lower(btrim(k.serial)), lower(btrim(k.manufacturer)),
            lower(btrim(k.model))) as item_key,
          k.serial, k.manufacturer, k.model,
          to_char(k.calibrated_on, 'YYYY-MM-DD') as calibrated_on,
          to_char(k.calibration_due_on, 'YYYY-MM-DD') as due_on,
          k.renewal is not null as renewal_waiting, d.id as document_id,
          d.original_name as document_name, o.name as organization_name, r.registered_at
     from registrations r
     join test_kits k on k.submission_id = r.submission_id and k.organization_id = r.organization_id
     join organizations o on o.id = k.organization_id
     left join documents d on d.id = k.document_id
    where r.user_id = :userId and k.retired_at is null
    order by item_key, k.calibration_due_on desc nulls last, r.registered_at desc`,
);

export interface ReminderRow {
  item_kind: 'certification' | 'calibration';
  item_key: string;
  due_on: string;
  threshold_days: number;
  sent_at: Date;
}

/** The reminders sent to the person, the latest first (at most 200). */
export const REMINDERS = sql<{ userId: number }>(
  'account-reminders',
  `select item_kind, item_key, to_char(due_on, 'YYYY-MM-DD') as due_on, threshold_days, sent_at
     from reminders where user_id = :userId order by sent_at desc, id desc limit 200`,
);

/**
 * Whether a document is the person's own: on one of their certifications or their registrations'
 * test kits, on file or in a renewal waiting for review.
 */
export const OWN_DOCUMENT = sql<{ userId: number; documentId: string }>(
  'account-own-document',
  `select exists (
     select 1 from certifications c
      where c.user_id = :userId
        and (c.document_id = :documentId::uuid or c.renewal->>'documentId' = :documentId)
     union all
     select 1 from registrations r
       join test_kits k on k.submission_id = r.submission_id
                       and k.organization_id = r.organization_id
      where r.user_id = :userId
        and (k.document_id = :documentId::uuid or k.renewal->>'documentId' = :documentId)
   ) as own`,
);

export const UPDATE_PHONE = sql<{ userId: number; phone: string }>(
  'account-update-phone',
  `update users u set phone = :phone, updated_at = now()
     from (select id, phone from users where id = :userId for update) before
    where u.id = before.id
   returning before.phone as before_phone, u.email`,
);

export interface LockedRegistrationRow {
  id: number;
  organization_id: number;
  organization_name: string;
  submission_id: number | null;
  company_id: number | null;
  review_state: TReviewState;
  accept_expired_certifications: boolean;
  /** Whether the organization accepts the agency asked about (:agencyId, 0 for none). */
  accepts_agency: boolean;
}

/**
 * The person's registrations, locked for the change (in id order, as every writer locks them),
 * with what their organizations accept.
 */
export const LOCK_REGISTRATIONS = sql<{ userId: number; agencyId: number }>(
  'account-lock-registrations',
  `select r.id, r.organization_id, o.name as organization_name, r.submission_id, r.company_id,
          r.review_state, o.accept_expired_certifications,
          exists (select 1 from organization_agencies oa
                   where oa.organization_id = o.id and oa.agency_id = :agencyId) as accepts_agency
     from registrations r join organizations o on o.id = r.organization_id
    where r.user_id = :userId
    order by r.id
      for update of r`,
);

/** An agency and a type by id, and whether the agency certifies the type. */
export const AGENCY_AND_TYPE = sql<{ agencyId: number; typeId: number }>(
  'account-agency-and-type',
  `select a.name as agency_name, t.name as type_name,
          exists (select 1 from agency_types x where x.agency_id = a.id and x.type_id = t.id)
            as linked
     from certification_agencies a, certification_types t
    where a.id = :agencyId and t.id = :typeId`,
);

/** Attaches a document the person uploaded through My registrations and nothing uses yet. */
export const CLAIM_OWN_UPLOAD = sql<{ userId: number; documentId: string }>(
  'account-claim-own-upload',
  `update documents set attached_at = now()
    where id = :documentId::uuid and uploaded_by_id = :userId and attached_at is null
   returning id`,
);

/** The person's change of email, replacing an earlier one; its message to the new address. */
export const STAGE_EMAIL_CHANGE = sql<{
  userId: number;
  newEmail: string;
  tokenHash: string;
  expiresAt: Date;
  dedupeKey: string;
  kind: string;
  subject: string;
  textBody: string;
}>(
  'account-stage-email-change',
  `with change as (
     insert into account_email_changes (user_id, new_email, token_hash, expires_at)
     values (:userId, :newEmail, :tokenHash, :expiresAt)
     on conflict (user_id) do update
        set new_email = excluded.new_email, token_hash = excluded.token_hash,
            expires_at = excluded.expires_at, created_at = now()
     returning id)
   insert into email_outbox (dedupe_key, kind, recipients, subject, text_body, status, attempts,
     next_attempt_at)
   select :dedupeKey, :kind, array[:newEmail::text], :subject, :textBody, 'pending', 0, now()
     from change`,
);

/** Uses a confirmation link (once); answers its person, their email on file and the new one. */
export const TAKE_EMAIL_CHANGE = sql<{ tokenHash: string }>(
  'account-take-email-change',
  `with taken as (
     delete from account_email_changes
      where token_hash = :tokenHash and expires_at > now()
     returning user_id, new_email)
   select t.user_id, t.new_email, u.email as old_email
     from taken t join users u on u.id = t.user_id
      for update of u`,
);

/** Whether another person has this email. */
export const EMAIL_TAKEN = sql<{ userId: number; email: string }>(
  'account-email-taken',
  `select exists (select 1 from users where lower(email) = lower(:email) and id <> :userId)
            as taken`,
);

export const SET_EMAIL = sql<{ userId: number; email: string }>(
  'account-set-email',
  'update users set email = :email, updated_at = now() where id = :userId',
);

/** The company a person administers (the one linked last), when they are a company admin. */
export const ADMIN_COMPANY = sql<{ userId: number }>(
  'account-admin-company',
  `select uc.company_id from user_companies uc join users u on u.id = uc.user_id
    where uc.user_id = :userId and u.type = 'admin'
    order by uc.created_at desc, uc.company_id desc limit 1`,
);

export interface CompanyPersonRow {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  type: TUserType;
}

/** The company's people, by name. */
export const COMPANY_PEOPLE = sql<{ companyId: number }>(
  'account-company-people',
  `select u.id, u.first_name, u.last_name, u.email, u.type
     from user_companies uc join users u on u.id = uc.user_id
    where uc.company_id = :companyId
    order by lower(u.last_name), lower(u.first_name), u.id`,
);

export interface CompanyOrganizationRow {
  id: number;
  name: string;
  required_certifications: number;
  accept_expired_certifications: boolean;
  language: string;
}

/**
 * The organizations the company is registered with (a registration of any of its people not
 * rejected), locked against a concurrent change of the company's people.
 */
export const COMPANY_ORGANIZATIONS = sql<{ companyId: number }>(
  'account-company-organizations',
  `select o.id, o.name, o.required_certifications, o.accept_expired_certifications,
          min(r.language) as language
     from registrations r join organizations o on o.id = r.organization_id
    where r.company_id = :companyId and r.review_state <> 'rejected'
    group by o.id
    order by lower(o.name), o.id`,
);

/** Each organization's accepted agencies, with the types each certifies (for its rules). */
export const ACCEPTED_CERTIFICATIONS = sql<{ organizationIds: string }>(
  'account-accepted-certifications',
  `select oa.organization_id, oa.agency_id, a.name as agency_name,
          coalesce(jsonb_object_agg(t.id::text, t.name) filter (where t.id is not null), '{}')
            as types
     from organization_agencies oa
     join certification_agencies a on a.id = oa.agency_id
     left join agency_types x on x.agency_id = oa.agency_id
     left join certification_types t on t.id = x.type_id
    where oa.organization_id = any(array(
      select jsonb_array_elements_text(:organizationIds::jsonb)::int))
    group by oa.organization_id, oa.agency_id, a.name`,
);

export const UNLINK_FROM_COMPANY = sql<{ personId: number; companyId: number }>(
  'account-unlink-from-company',
  'delete from user_companies where user_id = :personId and company_id = :companyId returning user_id',
);

export interface JoinPersonRow {
  id: number;
  type: TUserType;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  company_id: number | null;
  company_name: string | null;
  registered_here: boolean;
}

/** The person (locked), their company and whether they are registered with the organization. */
export const JOIN_PERSON = sql<{ userId: number; organizationId: number }>(
  'account-join-person',
  `select u.id, u.type, u.first_name, u.last_name, u.email, u.phone, c.id as company_id,
          c.name as company_name,
          exists (select 1 from registrations r
                   where r.user_id = u.id and r.organization_id = :organizationId)
            as registered_here
     from users u
     left join lateral (
       select c.id, c.name from user_companies uc join companies c on c.id = uc.company_id
        where uc.user_id = u.id order by uc.created_at desc, c.id desc limit 1) c on true
    where u.id = :userId
      for update of u`,
);

export interface CurrentCertificationRow {
  agency_id: number | null;
  agency_name: string;
  type_id: number | null;
  type_name: string;
  number: string;
  expires_on: string;
  document_id: string | null;
}

/**
 * Each of the person's certifications once, as their latest registration of it has it (a
 * renewal waiting for review is not current yet).
 */
export const CURRENT_CERTIFICATIONS = sql<{ userId: number }>(
  'account-current-certifications',
  `select distinct on (lower(c.agency_name), lower(c.type_name), lower(btrim(c.number)))
          c.agency_id, c.agency_name, c.type_id, c.type_name, c.number,
          to_char(c.expires_on, 'YYYY-MM-DD') as expires_on, c.document_id
     from certifications c join registrations r on r.id = c.registration_id
    where c.user_id = :userId and r.review_state <> 'rejected'
    order by lower(c.agency_name), lower(c.type_name), lower(btrim(c.number)),
             c.expires_on desc, r.registered_at desc`,
);

export interface CurrentTestKitRow {
  serial: string;
  manufacturer: string;
  model: string;
  calibrated_on: string;
  document_id: string | null;
}

/** Each test kit in use on the person's registrations once, with its latest calibration. */
export const CURRENT_TEST_KITS = sql<{ userId: number }>(
  'account-current-test-kits',
  `select distinct on (lower(btrim(k.serial)), lower(btrim(k.manufacturer)), lower(btrim(k.model)))
          k.serial, k.manufacturer, k.model,
          to_char(k.calibrated_on, 'YYYY-MM-DD') as calibrated_on, k.document_id
     from registrations r
     join test_kits k on k.submission_id = r.submission_id and k.organization_id = r.organization_id
    where r.user_id = :userId and r.review_state <> 'rejected' and k.retired_at is null
    order by lower(btrim(k.serial)), lower(btrim(k.manufacturer)), lower(btrim(k.model)),
             k.calibrated_on desc`,
);

/**
 * The agencies, each with the types it certifies, that any of these organizations accepts: the
 * person's own (registrations not rejected) and their company's when they administer one.
 */
export const CERTIFICATION_OPTIONS = sql<{ userId: number; companyId: number | null }>(
  'account-certification-options',
  `with organizations as (
     select organization_id from registrations
      where user_id = :userId and review_state <> 'rejected'
     union
     select organization_id from registrations
      where company_id = :companyId and review_state <> 'rejected')
   select coalesce(jsonb_object_agg(accepted.key, accepted.value), '{}'::jsonb) as agencies
     from organizations o
     cross join lateral jsonb_each(${associatedCertificationsSql('o.organization_id')}) accepted`,
);
