import type { TUserType } from '../../../../shared/constants.js';
import type { TReviewState } from '../../../../shared/review.js';
import type { TStanding } from '../../../../shared/standing.js';
import { sql } from '../../db/sql.js';
import { ownCredentialDocumentSql } from './credential-queries.js';

// The statements of what a signed-in person sees of their own record. Every one takes the id of
// the session's person.

export interface PersonRow {
  id: number;
  type: TUserType;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  directory_hidden: boolean;
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
  `select u.id, u.type, u.first_name, u.last_name, u.email, u.phone, u.directory_hidden,
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
  id: number;
  organization_name: string;
  review_state: TReviewState;
  enrolled: boolean;
  registered_on: string;
  standing: TStanding;
  valid_through: string | null;
  reregistered: boolean;
}

export const REGISTRATIONS = sql<{ userId: number; zone: string }>(
  'account-registrations',
  `select r.id, o.name as organization_name, r.review_state, r.enrolled,
          to_char(r.registered_at at time zone :zone, 'YYYY-MM-DD') as registered_on,
          r.standing, to_char(r.valid_through, 'YYYY-MM-DD') as valid_through,
          r.reregistered_at is not null as reregistered
     from registrations r join organizations o on o.id = r.organization_id
    where r.user_id = :userId
    order by lower(o.name), o.id`,
);

/** What every item row carries: its key across organizations, document and organization. */
export interface ItemColumns {
  item_key: string;
  renewal_waiting: boolean;
  /** Sent but not yet accepted (a new item waiting for its first review). */
  review_waiting: boolean;
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
          c.renewal is not null as renewal_waiting,
          c.renewal is null and c.review_decision <> 'accepted' as review_waiting,
          d.id as document_id,
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

/**
 * The test kits in use of the person's registrations (their submissions' kits) and, for a
 * company admin, every kit of the company they administer (:companyId, 0 for none).
 */
export const TEST_KITS = sql<{ userId: number; companyId: number }>(
  'account-test-kits',
  `with shown as (
     select k.id from registrations r
       join test_kits k on k.submission_id = r.submission_id
                       and k.organization_id = r.organization_id
      where r.user_id = :userId
     union
     select k.id from test_kits k where k.company_id = :companyId)
   select concat_ws('|', lower(btrim(k.serial)), lower(btrim(k.manufacturer)),
            lower(btrim(k.model))) as item_key,
          k.serial, k.manufacturer, k.model,
          to_char(k.calibrated_on, 'YYYY-MM-DD') as calibrated_on,
          to_char(k.calibration_due_on, 'YYYY-MM-DD') as due_on,
          k.renewal is not null as renewal_waiting,
          k.renewal is null and k.review_decision <> 'accepted' as review_waiting,
          d.id as document_id,
          d.original_name as document_name, o.name as organization_name,
          k.created_at as registered_at
     from shown join test_kits k on k.id = shown.id
     join organizations o on o.id = k.organization_id
     left join documents d on d.id = k.document_id
    where k.retired_at is null and k.submission_id is not null
    order by item_key, k.calibration_due_on desc nulls last, k.created_at desc`,
);

export interface ReminderRow {
  item_kind: 'certification' | 'calibration' | 'credential';
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

const ADMIN_COMPANY_TEXT = `select uc.company_id from user_companies uc join users u on u.id = uc.user_id
    where uc.user_id = :userId and u.type = 'admin'
    order by uc.created_at desc, uc.company_id desc limit 1`;

/**
 * Whether a document is the person's own: on one of their certifications, their registrations'
 * test kits or the credentials they keep, on file or in a renewal waiting for review.
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
     union all
     ${ownCredentialDocumentSql(`coalesce((${ADMIN_COMPANY_TEXT}), 0)`)}
   ) as own`,
);

export const UPDATE_PHONE = sql<{ userId: number; phone: string }>(
  'account-update-phone',
  `update users u set phone = :phone, updated_at = now()
     from (select id, phone from users where id = :userId for update) before
    where u.id = before.id
   returning before.phone as before_phone, u.email`,
);

export const UPDATE_DIRECTORY_HIDDEN = sql<{ userId: number; hidden: boolean }>(
  'account-update-directory-hidden',
  `update users u set directory_hidden = :hidden, updated_at = now()
     from (select id, type, directory_hidden from users where id = :userId for update) before
    where u.id = before.id
   returning before.directory_hidden as before_hidden, before.type, u.email`,
);

/** The company a person administers (the one linked last), when they are a company admin. */
export const ADMIN_COMPANY = sql<{ userId: number }>('account-admin-company', ADMIN_COMPANY_TEXT);

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
