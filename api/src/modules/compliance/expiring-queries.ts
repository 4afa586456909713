import { programTimeZone } from '../../../../shared/program-zone.js';
import type { TExpiringItemKind } from '../../../../shared/reminders.js';
import type { SqlFragment } from '../../db/sql.js';
import { expiryStatusCell, safeText } from '../reports/cells.js';
import type { ItemFacts } from './items.js';

// The Expiring view's statements: certifications, test-kit calibrations and credentials of active
// registrations due on or before a day, for one organization or all, by due date; the same rows
// as a CSV; and their count up to EXPIRING_COUNT_UP_TO. Each branch walks its own due-date index
// (certifications_expires_idx, test_kits_calibration_due_idx, credentials_expires_idx) in order,
// so a page costs its rows.

export interface ExpiringFilter {
  /** Today in the program's time zone. */
  today: string;
  /** Items due on or before this day (expired ones included). */
  dueBy: string;
  organizationId?: number;
  kind?: TExpiringItemKind;
  /** One row only (getOne). */
  rowId?: number;
}

export interface ExpiringRow extends ItemFacts {
  id: number;
  kind: TExpiringItemKind;
  due_on: string;
  item_id: number;
  user_id: number;
  first_name: string;
  last_name: string;
  email: string;
  company_name: string | null;
  organization_id: number;
  organization_name: string;
  last_reminder_at: Date | null;
  last_reminder_days: number | null;
  /** A credential's issuer. */
  issuer: string | null;
}

/**
 * Row ids shared by the three kinds: a certification's id × 3, a kit's × 3 + 1, a credential's
 * × 3 + 2, so one list can hold them all and its ids stay numbers.
 */
const CERTIFICATION_BRANCH = (limited: string) => `select c.id * 3 as id,
         'certification'::text as kind, c.expires_on as due_on, c.id as item_id, r.user_id,
         r.organization_id, r.company_id,
         concat_ws('|', lower(c.agency_name), lower(c.type_name), lower(btrim(c.number))) as item_key,
         c.number, c.agency_name as agency, c.type_name as type,
         null::text as serial, null::text as manufacturer, null::text as model,
         null::text as issuer
    from certifications c
    join registrations r on r.id = c.registration_id and r.review_state <> 'rejected'
    join organizations o on o.id = r.organization_id and o.allowed_until >= :today::date
   where c.expires_on <= :dueBy::date and :kind in ('', 'certification')
     and (:organizationId = 0 or r.organization_id = :organizationId)
     and (:rowId = 0 or c.id = (case when :rowId % 3 = 0 then :rowId / 3 end))
   ${limited}`;

/** A kit's person: its submission's first tester (its first admin when it has no tester). */
const CALIBRATION_BRANCH = (limited: string) => `select k.id * 3 + 1, 'calibration',
         k.calibration_due_on, k.id, p.user_id, k.organization_id, k.company_id,
         concat_ws('|', lower(btrim(k.serial)), lower(btrim(k.manufacturer)), lower(btrim(k.model))),
         null, null, null, k.serial, k.manufacturer, k.model, null
    from test_kits k
    join organizations o on o.id = k.organization_id and o.allowed_until >= :today::date
    cross join lateral (
      select r.user_id from registrations r
       where r.submission_id = k.submission_id and r.organization_id = k.organization_id
         and r.review_state <> 'rejected'
       order by (r.user_type = 'tester') desc, r.id limit 1) p
   where k.calibration_due_on <= :dueBy::date and k.submission_id is not null
     and k.retired_at is null
     and :kind in ('', 'calibration')
     and (:organizationId = 0 or k.organization_id = :organizationId)
     and (:rowId = 0 or k.id = (case when :rowId % 3 = 1 then (:rowId - 1) / 3 end))
   ${limited}`;

/**
 * A credential's registration (not rejected, in an organization whose access has not ended). For
 * one organization the planner starts from its registrations; for all, each credential is looked
 * up in due-date order behind a LIMIT it cannot flatten: given a plain join, the copies' check
 * below made it misprice that walk against hashing every registration, and the page or the count
 * took several times longer at 100k users.
 */
const credentialRegistration = (oneOrganization: boolean) =>
  oneOrganization
    ? `join registrations r on r.id = d.registration_id and r.review_state <> 'rejected'
    join organizations o on o.id = r.organization_id and o.allowed_until >= :today::date`
    : `cross join lateral (
      select r.id, r.user_id, r.organization_id, r.company_id, r.submission_id, r.user_type
        from registrations r
        join organizations o on o.id = r.organization_id and o.allowed_until >= :today::date
       where r.id = d.registration_id and r.review_state <> 'rejected' limit 1) r`;

/**
 * A credential's person: its registration's. A company's credential is copied to every
 * registration of its submission; the copies (same type and document) are listed once per
 * organization, on the submission's first admin's registration (its first tester's when it has
 * no admin), the person its reminders go to.
 */
const CREDENTIAL_BRANCH = (limited: string, oneOrganization: boolean) => `select d.id * 3 + 2,
         'credential', d.expires_on, d.id, r.user_id, r.organization_id, r.company_id,
         concat_ws('|', d.credential_type_id, lower(btrim(coalesce(d.number, '')))),
         d.number, null, d.type_name, null, null, null, d.issuer
    from credentials d
    ${credentialRegistration(oneOrganization)}
   where d.expires_on <= :dueBy::date and :kind in ('', 'credential')
     and (:organizationId = 0 or r.organization_id = :organizationId)
     and (:rowId = 0 or d.id = (case when :rowId % 3 = 2 then (:rowId - 2) / 3 end))
     and (d.holder = 'tester' or not exists (
           select 1 from registrations f
             join credentials e on e.registration_id = f.id and e.holder = 'company'
              and e.credential_type_id is not distinct from d.credential_type_id
              and e.document_id is not distinct from d.document_id
            where f.submission_id = r.submission_id and f.organization_id = r.organization_id
              and f.review_state <> 'rejected'
              and ((f.user_type = 'admin') > (r.user_type = 'admin')
                or ((f.user_type = 'admin') = (r.user_type = 'admin') and f.id < r.id))))
   ${limited}`;

const params = (filter: ExpiringFilter) => ({
  today: filter.today,
  dueBy: filter.dueBy,
  kind: filter.kind ?? '',
  organizationId: filter.organizationId ?? 0,
  rowId: filter.rowId ?? 0,
});

/** One page, by due date (then id) in either direction, with each row's last reminder. */
export function expiringPage(
  filter: ExpiringFilter,
  page: { offset: number; limit: number; descending: boolean },
): SqlFragment {
  const oneOrganization = filter.organizationId !== undefined;
  const direction = page.descending ? 'desc' : 'asc';
  const order = (due: string, id: string) => `order by ${due} ${direction}, ${id} ${direction}`;
  return {
    text: `with items as (
       (${CERTIFICATION_BRANCH(`${order('c.expires_on', 'c.id')} limit :end`)})
       union all
       (${CALIBRATION_BRANCH(`${order('k.calibration_due_on', 'k.id')} limit :end`)})
       union all
       (${CREDENTIAL_BRANCH(`${order('d.expires_on', 'd.id')} limit :end`, oneOrganization)})
     ), page as (
       select * from items ${order('due_on', 'id')} offset :offset limit :limit
     )
     select i.id, i.kind, to_char(i.due_on, 'YYYY-MM-DD') as due_on, i.item_id, i.user_id,
            u.first_name, u.last_name, u.email, co.name as company_name, i.organization_id,
            o.name as organization_name, i.number, i.agency, i.type, i.serial, i.manufacturer,
            i.model, i.issuer, m.sent_at as last_reminder_at,
            m.threshold_days as last_reminder_days
       from page i
       join users u on u.id = i.user_id
       join organizations o on o.id = i.organization_id
       left join companies co on co.id = i.company_id
       left join lateral (
         select sent_at, threshold_days from reminders m
          where m.user_id = i.user_id and m.item_kind = i.kind and m.item_key = i.item_key
            and m.due_on = i.due_on
          order by sent_at desc limit 1) m on true
      ${order('i.due_on', 'i.id')}`,
    params: {
      ...params(filter),
      offset: page.offset,
      limit: page.limit,
      end: page.offset + page.limit,
    },
  };
}

/**
 * The count stops here: past it the list pages without a total ("more than"). Each counted row
 * is read through its registration and organization, so the cap bounds what a page costs.
 */
export const EXPIRING_COUNT_UP_TO = 1_000;

/**
 * How many rows the filter has, counted up to EXPIRING_COUNT_UP_TO + 1 in all: the kinds are
 * counted in turn and the count stops there, so a kind is not read once the earlier ones have
 * passed the cap (the answer is "more than" either way).
 */
export function expiringCount(filter: ExpiringFilter): SqlFragment {
  const oneOrganization = filter.organizationId !== undefined;
  const cap = `limit ${EXPIRING_COUNT_UP_TO + 1}`;
  return {
    text: `select count(*) as n from (
       (select 1 from (${CERTIFICATION_BRANCH(cap)}) c)
       union all (select 1 from (${CALIBRATION_BRANCH(cap)}) k)
       union all (select 1 from (${CREDENTIAL_BRANCH(cap, oneOrganization)}) d)
       ${cap}) i`,
    params: params(filter),
  };
}

/**
 * Every row of the filter as CSV columns, by due date, each text cell spreadsheet-safe. A
 * credential's number, issuer and type go under the headers spreadsheets already read.
 */
export function expiringCsv(filter: ExpiringFilter): SqlFragment {
  const oneOrganization = filter.organizationId !== undefined;
  return {
    text: `with items as (${CERTIFICATION_BRANCH('')} union all ${CALIBRATION_BRANCH('')}
                          union all ${CREDENTIAL_BRANCH('', oneOrganization)})
     select ${safeText('o.name')} as "Organization",
            ${safeText('u.first_name')} as "First Name",
            ${safeText('u.last_name')} as "Last Name",
            ${safeText('u.email')} as "Email",
            ${safeText("coalesce(co.name, '')")} as "Company",
            (case i.kind when 'certification' then 'Certification'
                         when 'calibration' then 'Test Kit Calibration' else 'Credential' end)
              as "Item",
            ${safeText("coalesce(i.number, i.serial, '')")} as "Number or Serial",
            ${safeText("coalesce(i.agency, i.issuer, i.manufacturer, '')")} as "Agency or Manufacturer",
            ${safeText("coalesce(i.type, i.model, '')")} as "Type or Model",
            to_char(i.due_on, 'YYYY-MM-DD') as "Due Date",
            i.due_on - :today::date as "Days Left",
            ${expiryStatusCell('i.due_on')} as "Status",
            (select to_char(max(m.sent_at) at time zone :zone, 'YYYY-MM-DD HH24:MI')
               from reminders m
              where m.user_id = i.user_id and m.item_kind = i.kind and m.item_key = i.item_key
                and m.due_on = i.due_on) as "Last Reminder Sent"
       from items i
       join users u on u.id = i.user_id
       join organizations o on o.id = i.organization_id
       left join companies co on co.id = i.company_id
      order by i.due_on, i.id`,
    params: { ...params(filter), zone: programTimeZone() },
  };
}
