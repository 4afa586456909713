import type { EntityManager } from '@mikro-orm/postgresql';
import type { TAssemblyStatus, TAssemblyType } from '../../../../shared/assemblies.js';
import type { TUserType } from '../../../../shared/constants.js';
import type { TFieldKit, TFieldTester } from '../../../../shared/test-report-field.js';
import { query, sql } from '../../db/sql.js';
import { DAY, FILER_ACTIVE, PERIODS, UTC_INSTANT } from './queries.js';

// What a phone keeps to file test reports in the field (field-routes.ts): the organizations the
// person may file with, the testers they may file for with the record the checks read (periods
// and activity, as recordAsOf in queries.ts reads them for the server's checks), the company's
// kits, and the organization's assemblies and locations, compact, in change order.

export interface FieldPersonRow {
  id: number;
  first_name: string;
  last_name: string;
  type: TUserType;
}

const FIELD_PERSON = sql<{ userId: number }>(
  'field-person',
  'select id, first_name, last_name, type from users where id = :userId',
);

export async function fieldPerson(em: EntityManager, userId: number): Promise<FieldPersonRow> {
  const [row] = await query<FieldPersonRow, { userId: number }>(em, FIELD_PERSON, { userId });
  if (!row) throw new Error(`no person ${userId}`);
  return row;
}

export interface FieldOrganizationRow {
  id: number;
  name: string;
  test_report_rules: unknown;
  filer: TUserType;
  company_id: number | null;
  company_name: string | null;
  testers: TFieldTester[];
  kits: TFieldKit[];
}

/** The person's registrations that may file: enrolled, in good standing, a tester or an admin. */
const FILER = `select r.id, r.organization_id, r.user_type, r.company_id
       from registrations r
      where r.user_id = :userId and ${FILER_ACTIVE('r')}
        and (r.user_type = 'tester' or (r.user_type = 'admin' and r.company_id is not null))`;

/**
 * The person's registrations that may file (enrolled, in good standing, a tester; or a company's
 * admin), each with the testers it files for (itself, or the company's testers registered with
 * the organization) and the company's kits in use there. Whether the organization lets admins
 * file is its setting, read by the caller with the defaults (test-report-settings.ts).
 */
const FIELD_ORGANIZATIONS = sql<{ userId: number }>(
  'field-organizations',
  `with filer as (${FILER})
   select f.organization_id as id, o.name, o.test_report_rules, f.user_type as filer,
          c.id as company_id, c.name as company_name,
          coalesce((
            select json_agg(json_build_object(
                     'id', u.id,
                     'name', concat_ws(' ', u.first_name, u.last_name),
                     'activity', coalesce((
                        select json_agg(json_build_object('at', ${UTC_INSTANT('ra.at')},
                                                          'active', ra.active)
                                        order by ra.at, ra.id)
                          from registration_activity ra where ra.registration_id = t.id), '[]'),
                     'certifications', coalesce((
                        select json_agg(json_build_object(
                                 'id', ce.id, 'number', ce.number, 'agency', ce.agency_name,
                                 'type', ce.type_name, 'expiresOn', ${DAY('ce.expires_on')},
                                 'agencyAccepted', exists (
                                    select 1 from organization_agencies oa
                                     where oa.organization_id = f.organization_id
                                       and oa.agency_id = ce.agency_id),
                                 'periods', ${PERIODS('certification_periods', 'where p.certification_id = ce.id', 'null', DAY('p.valid_through'))})
                               order by ce.expires_on desc, ce.id)
                          from certifications ce where ce.registration_id = t.id), '[]'),
                     'credentials', coalesce((
                        select json_agg(json_build_object(
                                 'type', ty.name,
                                 'periods', ${PERIODS(
                                   'credential_periods',
                                   `join credentials cr on cr.id = p.credential_id
                                    where cr.registration_id = t.id
                                      and cr.credential_type_id = ty.id`,
                                   'null',
                                   DAY('p.valid_through'),
                                 )})
                               order by ty.name)
                          from organization_credential_requirements rq
                          join credential_types ty on ty.id = rq.credential_type_id
                         where rq.organization_id = f.organization_id and rq.required), '[]'))
                   order by lower(u.last_name), lower(u.first_name), u.id)
              from registrations t join users u on u.id = t.user_id
             where t.organization_id = f.organization_id
               and ((f.user_type = 'tester' and t.id = f.id)
                    or (f.user_type = 'admin' and t.company_id = f.company_id
                        and t.user_type = 'tester'))), '[]') as testers,
          coalesce((
            select json_agg(json_build_object(
                     'id', k.id, 'serial', k.serial, 'manufacturer', k.manufacturer,
                     'model', k.model, 'calibratedOn', ${DAY('k.calibrated_on')},
                     'dueOn', ${DAY('k.calibration_due_on')},
                     'periods', ${PERIODS('calibration_periods', 'where p.test_kit_id = k.id', DAY('p.calibrated_on'), DAY('p.due_on'))})
                   order by lower(k.serial), k.id)
              from test_kits k
             where k.organization_id = f.organization_id and k.company_id = f.company_id
               and k.retired_at is null), '[]') as kits
     from filer f
     join organizations o on o.id = f.organization_id
     left join companies c on c.id = f.company_id
    order by lower(o.name), o.id`,
);

export function fieldOrganizations(
  em: EntityManager,
  userId: number,
): Promise<FieldOrganizationRow[]> {
  return query<FieldOrganizationRow, { userId: number }>(em, FIELD_ORGANIZATIONS, { userId });
}

export interface FieldFilerRow {
  filer: TUserType;
  test_report_rules: unknown;
}

const FIELD_FILER = sql<{ userId: number; organizationId: number }>(
  'field-filer',
  `select f.user_type as filer, o.test_report_rules
     from (${FILER}) f join organizations o on o.id = f.organization_id
    where f.organization_id = :organizationId`,
);

/** The person's registration with the organization, where it may file. */
export async function fieldFiler(
  em: EntityManager,
  params: { userId: number; organizationId: number },
): Promise<FieldFilerRow | null> {
  const [row] = await query<FieldFilerRow, typeof params>(em, FIELD_FILER, params);
  return row ?? null;
}

/** A position in an inventory stream: a row's change time (to the microsecond, UTC) and id. */
export interface FieldPosition {
  updatedAt: string;
  id: number;
}

type PageParams = {
  organizationId: number;
  horizon: string;
  afterAt: string;
  afterId: number;
  limit: number;
};

/** Before every row: the first page's position. */
export const FIELD_START: FieldPosition = { updatedAt: '-infinity', id: 0 };

const CHANGED = `to_char(t.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
/** Rows of the organization changed after the position and before the horizon, in change order. */
const PAGE_CONDITION = `where t.organization_id = :organizationId
      and t.updated_at < :horizon::timestamptz
      and (t.updated_at, t.id) > (:afterAt::timestamptz, :afterId)
    order by t.updated_at, t.id limit :limit`;

export interface FieldAssemblyRow {
  id: number;
  location_id: number;
  assembly_id: string;
  serial: string;
  type: TAssemblyType;
  status: TAssemblyStatus;
  installed_on: string | null;
  updated_at: string;
}

const FIELD_ASSEMBLIES = sql<PageParams>(
  'field-assemblies-page',
  `select t.id, t.location_id, t.assembly_id, t.serial, t.type, t.status,
          ${DAY('t.installed_on')} as installed_on, ${CHANGED} as updated_at
     from assemblies t ${PAGE_CONDITION}`,
);

export interface FieldLocationRow {
  id: number;
  address: string;
  updated_at: string;
}

const FIELD_LOCATIONS = sql<PageParams>(
  'field-locations-page',
  `select t.id, concat_ws(', ', t.address1, nullif(t.address2, ''), t.city) as address,
          ${CHANGED} as updated_at
     from locations t ${PAGE_CONDITION}`,
);

const pageParams = (
  organizationId: number,
  horizon: string,
  after: FieldPosition,
  limit: number,
): PageParams => ({
  organizationId,
  horizon,
  afterAt: after.updatedAt,
  afterId: after.id,
  limit,
});

/** Up to `limit` of the organization's assemblies changed after `after`, below the horizon. */
export function fieldAssemblies(
  em: EntityManager,
  organizationId: number,
  page: { horizon: string; after: FieldPosition; limit: number },
): Promise<FieldAssemblyRow[]> {
  return query<FieldAssemblyRow, PageParams>(
    em,
    FIELD_ASSEMBLIES,
    pageParams(organizationId, page.horizon, page.after, page.limit),
  );
}

/** Up to `limit` of the organization's locations changed after `after`, below the horizon. */
export function fieldLocations(
  em: EntityManager,
  organizationId: number,
  page: { horizon: string; after: FieldPosition; limit: number },
): Promise<FieldLocationRow[]> {
  return query<FieldLocationRow, PageParams>(
    em,
    FIELD_LOCATIONS,
    pageParams(organizationId, page.horizon, page.after, page.limit),
  );
}
