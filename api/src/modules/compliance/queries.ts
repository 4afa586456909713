import type { TReminderItemKind } from '../../../../shared/reminders.js';
import type { TCredentialHolder } from '../../../../shared/requirements.js';
import { type PartValues, sql } from '../../db/sql.js';
import { stagedEmailsInsert } from '../email/queries.js';
import { webhookEventsInsert } from '../webhooks/queries.js';
import type { ItemFacts } from './items.js';

// Every statement of the compliance lifecycle's reminders: the items due at a threshold that no
// reminder covers yet (a page of people at a time), and the claim of the reminders a run sends.

/**
 * The registrations that count for reminders and the Expiring view (a WITH part, `active`): not
 * rejected, in an organization whose access has not ended on :today.
 */
export const ACTIVE_REGISTRATIONS_TEXT = `select r.id, r.user_id, r.organization_id, r.submission_id, r.company_id, r.language,
         r.registered_at, r.user_type, r.review_state, r.standing, r.valid_through,
         o.name as organization_name, o.form_hash
    from registrations r join organizations o on o.id = r.organization_id
   where r.review_state <> 'rejected' and o.allowed_until >= :today::date`;

/** How a reminder names its item across the person's organizations (reminders.item_key). */
const CERTIFICATION_KEY = (c: string) =>
  `concat_ws('|', lower(${c}.agency_name), lower(${c}.type_name), lower(btrim(${c}.number)))`;
const CALIBRATION_KEY = (k: string) =>
  `concat_ws('|', lower(btrim(${k}.serial)), lower(btrim(${k}.manufacturer)), lower(btrim(${k}.model)))`;
const CREDENTIAL_KEY = (d: string) =>
  `concat_ws('|', ${d}.credential_type_id, lower(btrim(coalesce(${d}.number, ''))))`;

/**
 * The items of `active` registrations due between :fromDay and :toDay (a WITH part): each
 * certification; each test kit's calibration for the testers of its submission (its admins
 * when it has no tester); each credential, a company's for the admins of its submission (its
 * testers when it has no admin); not an item whose renewal waits for review (the person has
 * renewed); and each approved registration's period ending (not once it has re-registered).
 * Columns: registration (id, user, organization, form hash, language, registered), the item's
 * kind, key and due date, and its facts.
 */
export const DUE_ITEMS_TEXT = `select a.id as registration_id, a.user_id, a.organization_id,
         a.organization_name, a.form_hash, a.language, a.registered_at, a.company_id,
         'certification'::text as item_kind,
         ${CERTIFICATION_KEY('c')} as item_key,
         c.expires_on as due_on, c.id as item_id, c.number, c.agency_name as agency,
         c.type_name as type, null::text as serial, null::text as manufacturer, null::text as model
    from certifications c join active a on a.id = c.registration_id
   where c.expires_on between :fromDay::date and :toDay::date and c.renewal is null
  union all
  select a.id, a.user_id, a.organization_id, a.organization_name, a.form_hash, a.language,
         a.registered_at, a.company_id, 'calibration', ${CALIBRATION_KEY('k')},
         k.calibration_due_on, k.id, null, null, null, k.serial, k.manufacturer, k.model
    from test_kits k
    join active a on a.submission_id = k.submission_id and a.organization_id = k.organization_id
   where k.calibration_due_on between :fromDay::date and :toDay::date and k.renewal is null
     and k.submission_id is not null and k.retired_at is null
     and (a.user_type = 'tester' or not exists (
           select 1 from active t
            where t.submission_id = k.submission_id and t.organization_id = k.organization_id
              and t.user_type = 'tester'))
  union all
  select a.id, a.user_id, a.organization_id, a.organization_name, a.form_hash, a.language,
         a.registered_at, a.company_id, 'credential', ${CREDENTIAL_KEY('d')},
         d.expires_on, d.id, d.number, d.issuer, d.type_name, null, null, null
    from credentials d join active a on a.id = d.registration_id
   where d.expires_on between :fromDay::date and :toDay::date and d.renewal is null
     and (d.holder = 'tester' or a.user_type = 'admin' or not exists (
           select 1 from active t
            where t.submission_id = a.submission_id and t.organization_id = a.organization_id
              and t.user_type = 'admin'))
  union all
  select a.id, a.user_id, a.organization_id, a.organization_name, a.form_hash, a.language,
         a.registered_at, a.company_id, 'registration', a.organization_id::text,
         a.valid_through, a.id, null, null, null, null, null, null
    from active a
   where a.valid_through between :fromDay::date and :toDay::date and a.standing <> 'lapsed'
     and a.review_state = 'approved'`;

/** A value as the person's most recent registration of the item has it. */
const latest = (column: string) =>
  `(array_agg(btrim(${column}) order by d.registered_at desc, d.registration_id desc))[1]`;

export interface ReminderCandidateRow extends ItemFacts {
  user_id: number;
  email: string;
  first_name: string;
  last_name: string;
  /** The language of the person's most recent registration among the item's. */
  language: string;
  item_kind: TReminderItemKind;
  item_key: string;
  due_on: string;
  threshold_days: number;
  /**
   * Each registration the item is on: its id, organization and form, and the item's row there
   * (a certification's or a test kit's id) with its organization's and company's ids.
   */
  registrations: {
    registrationId: number;
    organization: string;
    formHash: string;
    itemId: number;
    organizationId: number;
    companyId: number | null;
  }[];
}

/**
 * The next people's items whose current threshold (the smallest of :thresholds at or above the
 * days left) has no reminder yet, one row per person, item and due date with every registration
 * it is on, in person order after :afterUserId.
 */
export const REMINDER_CANDIDATES = sql<{
  today: string;
  fromDay: string;
  toDay: string;
  thresholds: string;
  afterUserId: number;
  limit: number;
}>(
  'reminder-candidates',
  `with active as not materialized (${ACTIVE_REGISTRATIONS_TEXT}),
   items as not materialized (${DUE_ITEMS_TEXT}),
   due as (
     select i.*, (select min(t::int) from jsonb_array_elements_text(:thresholds::jsonb) t
                   where t::int >= i.due_on - :today::date) as threshold_days
       from items i where i.user_id > :afterUserId
   )
   select d.user_id, u.email, u.first_name, u.last_name,
          ${latest('d.language')} as language,
          d.item_kind, d.item_key, to_char(d.due_on, 'YYYY-MM-DD') as due_on, d.threshold_days,
          ${latest('d.number')} as number, ${latest('d.agency')} as agency,
          ${latest('d.type')} as type, ${latest('d.serial')} as serial,
          ${latest('d.manufacturer')} as manufacturer, ${latest('d.model')} as model,
          json_agg(distinct jsonb_build_object('registrationId', d.registration_id,
            'organization', d.organization_name, 'formHash', d.form_hash, 'itemId', d.item_id,
            'organizationId', d.organization_id, 'companyId', d.company_id)) as registrations
     from due d join users u on u.id = d.user_id
    where not exists (
            select 1 from reminders m
             where m.user_id = d.user_id and m.item_kind = d.item_kind and m.item_key = d.item_key
               and m.due_on = d.due_on and m.threshold_days = d.threshold_days)
    group by d.user_id, u.email, u.first_name, u.last_name, d.item_kind, d.item_key, d.due_on, d.threshold_days
    order by d.user_id, d.item_kind, d.item_key, d.due_on
    limit :limit`,
);

/**
 * Stores a page's status links (a jsonb list of {registrationId, tokenHash, expiresAt}), records
 * its webhook events and stages its emails, in the transaction that claimed the reminders.
 */
export const STAGE_REMINDER_EMAILS = sql<
  { links: string } & PartValues<typeof webhookEventsInsert> & PartValues<typeof stagedEmailsInsert>
>(
  'stage-reminder-emails',
  `with links as (
     insert into registration_status_tokens (registration_id, token_hash, expires_at)
     select (l->>'registrationId')::int, l->>'tokenHash', (l->>'expiresAt')::timestamptz
       from jsonb_array_elements(:links::jsonb) l),
   events as (${webhookEventsInsert.text})
   ${stagedEmailsInsert.text}`,
);

/**
 * Claims reminders (a jsonb list of {userId, itemKind, itemKey, itemLabel, dueOn,
 * thresholdDays}) in person order; answers those this call wrote. One already written by another
 * run, even one still in flight, is skipped once that run commits.
 */
export const CLAIM_REMINDERS = sql<{ reminders: string }>(
  'claim-reminders',
  `insert into reminders (user_id, item_kind, item_key, item_label, due_on, threshold_days)
   select (r->>'userId')::int, r->>'itemKind', r->>'itemKey', r->>'itemLabel',
          (r->>'dueOn')::date, (r->>'thresholdDays')::int
     from jsonb_array_elements(:reminders::jsonb) with ordinality as e(r, n)
    order by n
   on conflict on constraint reminders_item_threshold_unique do nothing
   returning id, user_id, item_kind, item_key, to_char(due_on, 'YYYY-MM-DD') as due_on,
             threshold_days`,
);

export interface UserTestKitRow {
  id: number;
  serial: string;
  manufacturer: string;
  model: string;
  calibrated_on: string;
  due_on: string | null;
  organization_name: string;
}

/** The test kits of a person's registrations (their submissions' kits), the soonest due first. */
/** A person's statements for User Info: of every organization (:organizationId null) or one. */
type OfUser = { userId: number; organizationId: number | null };
const IN_ORGANIZATION = (column: string) =>
  `(:organizationId::int is null or ${column} = :organizationId::int)`;

export const TEST_KITS_OF_USER = sql<OfUser>(
  'test-kits-of-user',
  `select k.id, k.serial, k.manufacturer, k.model,
          to_char(k.calibrated_on, 'YYYY-MM-DD') as calibrated_on,
          to_char(k.calibration_due_on, 'YYYY-MM-DD') as due_on, o.name as organization_name
     from registrations r
     join test_kits k on k.submission_id = r.submission_id and k.organization_id = r.organization_id
     join organizations o on o.id = k.organization_id
    where r.user_id = :userId and ${IN_ORGANIZATION('r.organization_id')}
    order by k.calibration_due_on, k.id`,
);

export interface UserCredentialRow {
  id: number;
  credential_type_id: number | null;
  organization_id: number;
  organization_name: string;
  type_name: string;
  holder: TCredentialHolder;
  issuer: string | null;
  number: string | null;
  /** bigint: a string from the driver. */
  coverage: string | null;
  additional_insured: boolean | null;
  expires_on: string | null;
  document_id: string | null;
}

/**
 * The credentials of a person's registrations (a company's copy on each of its registrations),
 * by organization, the company's first, then by type.
 */
export const CREDENTIALS_OF_USER = sql<OfUser>(
  'credentials-of-user',
  `select d.id, d.credential_type_id, r.organization_id, o.name as organization_name,
          d.type_name, d.holder, d.issuer, d.number, d.coverage, d.additional_insured,
          to_char(d.expires_on, 'YYYY-MM-DD') as expires_on, d.document_id
     from registrations r
     join credentials d on d.registration_id = r.id
     join organizations o on o.id = r.organization_id
    where r.user_id = :userId and ${IN_ORGANIZATION('r.organization_id')}
    order by lower(o.name), o.id, d.holder, lower(d.type_name), d.id`,
);

export interface UserReminderRow {
  id: number;
  item_kind: TReminderItemKind;
  item_label: string;
  due_on: string;
  threshold_days: number;
  sent_at: Date;
}

/** The reminders sent to a person, the latest first (at most 200). */
// Within one organization, the reminders about an item the person holds with it.
export const REMINDERS_OF_USER = sql<OfUser>(
  'reminders-of-user',
  `select m.id, m.item_kind, m.item_label, to_char(m.due_on, 'YYYY-MM-DD') as due_on,
          m.threshold_days, m.sent_at
     from reminders m
    where m.user_id = :userId
      and (:organizationId::int is null or exists (
            select 1 from registrations r
             where r.user_id = m.user_id and r.organization_id = :organizationId::int
               and case m.item_kind
                     when 'certification' then exists (
                       select 1 from certifications c
                        where c.registration_id = r.id and ${CERTIFICATION_KEY('c')} = m.item_key)
                     when 'calibration' then exists (
                       select 1 from test_kits k
                        where k.submission_id = r.submission_id
                          and k.organization_id = r.organization_id
                          and ${CALIBRATION_KEY('k')} = m.item_key)
                     when 'credential' then exists (
                       select 1 from credentials d
                        where d.registration_id = r.id and ${CREDENTIAL_KEY('d')} = m.item_key)
                     else m.item_key = r.organization_id::text
                   end))
    order by m.sent_at desc, m.id desc limit 200`,
);

/** How many of a count's rows are counted before it stops (the home's counts, like the queue's). */
const CAP = 10_001;

/**
 * The admin home's counts for one organization (:organizationId, 0 for all): registrations
 * waiting for review, certifications of active registrations expiring within 30 days or
 * expired, and registrations suspended and lapsed (registrations_standing_idx), each counted up
 * to 10,001.
 */
export const HOME_COUNTS = sql<{ today: string; soon: string; organizationId: number }>(
  'home-counts',
  `select
     (select count(*) from (select 1 from registrations r
        where r.review_state = 'pending'
          and (:organizationId = 0 or r.organization_id = :organizationId) limit ${CAP}) w)
       as waiting,
     (select count(*) from (select 1 from certifications c
        join registrations r on r.id = c.registration_id and r.review_state <> 'rejected'
        join organizations o on o.id = r.organization_id and o.allowed_until >= :today::date
       where c.expires_on between :today::date and :soon::date
         and (:organizationId = 0 or r.organization_id = :organizationId) limit ${CAP}) e)
       as expiring,
     (select count(*) from (select 1 from certifications c
        join registrations r on r.id = c.registration_id and r.review_state <> 'rejected'
        join organizations o on o.id = r.organization_id and o.allowed_until >= :today::date
       where c.expires_on < :today::date
         and (:organizationId = 0 or r.organization_id = :organizationId) limit ${CAP}) x)
       as expired,
     (select count(*) from (select 1 from registrations r
        where r.standing = 'suspended'
          and (:organizationId = 0 or r.organization_id = :organizationId) limit ${CAP}) s)
       as suspended,
     (select count(*) from (select 1 from registrations r
        where r.standing = 'lapsed'
          and (:organizationId = 0 or r.organization_id = :organizationId) limit ${CAP}) l)
       as lapsed`,
);

/** Registrations per week (weeks start on Monday, program time zone) since :fromDay. */
export const REGISTRATIONS_PER_WEEK = sql<{
  zone: string;
  fromDay: string;
  organizationId: number;
}>(
  'registrations-per-week',
  `select to_char(date_trunc('week', r.registered_at at time zone :zone), 'YYYY-MM-DD') as week,
          count(*)::int as n
     from registrations r
    where r.registered_at >= (:fromDay::date::timestamp at time zone :zone)
      and (:organizationId = 0 or r.organization_id = :organizationId)
    group by 1`,
);

/** Certifications of active registrations due per week from :today to :toDay. */
export const EXPIRATIONS_PER_WEEK = sql<{ today: string; toDay: string; organizationId: number }>(
  'expirations-per-week',
  `select to_char(date_trunc('week', c.expires_on), 'YYYY-MM-DD') as week, count(*)::int as n
     from certifications c
     join registrations r on r.id = c.registration_id and r.review_state <> 'rejected'
     join organizations o on o.id = r.organization_id and o.allowed_until >= :today::date
    where c.expires_on between :today::date and :toDay::date
      and (:organizationId = 0 or r.organization_id = :organizationId)
    group by 1`,
);

/**
 * Certifications of `active` registrations whose expiry date is one of the days from :fromDay
 * to the day before :today: the nights that have noticed, or should have noticed, their expiry.
 */
export const EXPIRED_CERTIFICATIONS = sql<{ today: string; fromDay: string }>(
  'expired-certifications',
  `with active as not materialized (${ACTIVE_REGISTRATIONS_TEXT})
   select c.id, a.id as registration_id, a.user_id, a.organization_id, u.first_name,
          u.last_name, c.agency_name as agency, c.type_name as type,
          to_char(c.expires_on, 'YYYY-MM-DD') as expires_on
     from certifications c
     join active a on a.id = c.registration_id
     join users u on u.id = a.user_id
    where c.expires_on between :fromDay::date and :today::date - 1
    order by c.id`,
);

/**
 * Test kits in use (on a submission of an `active` registration) whose calibration was due on
 * one of the days from :fromDay to the day before :today.
 */
export const EXPIRED_CALIBRATIONS = sql<{ today: string; fromDay: string }>(
  'expired-calibrations',
  `with active as not materialized (${ACTIVE_REGISTRATIONS_TEXT})
   select k.id, k.organization_id, k.company_id, k.serial, k.manufacturer, k.model,
          to_char(k.calibration_due_on, 'YYYY-MM-DD') as calibration_due_on
     from test_kits k
    where k.calibration_due_on between :fromDay::date and :today::date - 1
      and k.submission_id is not null and k.retired_at is null
      and exists (select 1 from active a
                   where a.submission_id = k.submission_id and a.organization_id = k.organization_id)
    order by k.id`,
);
