import type { EntityManager } from '@mikro-orm/postgresql';
import type { TAssemblyStatus, TAssemblyType } from '../../../../shared/assemblies.js';
import type { TActivityChange, TPeriod } from '../../../../shared/test-report-checks.js';
import type { TTestReportState } from '../../../../shared/test-reports.js';
import { query, sql } from '../../db/sql.js';

// Test reports: the assembly and the people a filing names, the record as it stood (periods and
// activity, kept by triggers), a report by its key.

export interface FilingSubjectRow {
  id: number;
  organization_id: number;
  organization_name: string;
  test_report_rules: unknown;
  testing_rules: unknown;
  assembly_id: string;
  type: TAssemblyType;
  status: TAssemblyStatus;
  installed_on: string | null;
  serial: string;
  make: string;
  model: string;
  size_inches: string | null;
  hazard: string;
  placement: string;
  location_account_number: string;
  location_name: string;
  location_address: string;
  /** The filer's own registration with the organization. */
  filer_registration_id: number | null;
  filer_type: 'tester' | 'admin' | null;
  filer_company_id: number | null;
  filer_active: boolean | null;
  filer_email: string | null;
  /** The tester's registration with the organization. */
  tester_registration_id: number | null;
  tester_type: 'tester' | 'admin' | null;
  tester_company_id: number | null;
  tester_name: string | null;
  tester_email: string | null;
  company_name: string | null;
}

/**
 * A registration (aliased `alias`) whose person files today: enrolled and in good standing. The
 * filing's check and the phone's record alike.
 */
export const FILER_ACTIVE = (alias: string) => `${alias}.enrolled and ${alias}.standing = 'active'`;

const FILING_SUBJECT = sql<{ assemblyRef: number; filerId: number; testerId: number }>(
  'test-report-filing-subject',
  `select a.id, a.organization_id, o.name as organization_name, o.test_report_rules,
          o.testing_rules, a.assembly_id, a.type, a.status,
          to_char(a.installed_on, 'YYYY-MM-DD') as installed_on, a.serial, a.make, a.model,
          a.size_inches::text as size_inches, a.hazard, a.placement,
          l.account_number as location_account_number, l.name as location_name,
          concat_ws(', ', l.address1, nullif(l.address2, ''), l.city,
                    nullif(concat_ws(' ', nullif(l.state, ''), nullif(l.zip, '')), '')) as location_address,
          f.id as filer_registration_id, f.user_type as filer_type, f.company_id as filer_company_id,
          ${FILER_ACTIVE('f')} as filer_active, fu.email as filer_email,
          tr.id as tester_registration_id, tr.user_type as tester_type,
          tr.company_id as tester_company_id,
          concat_ws(' ', tu.first_name, tu.last_name) as tester_name, tu.email as tester_email,
          c.name as company_name
     from assemblies a
     join organizations o on o.id = a.organization_id
     join locations l on l.id = a.location_id
     left join registrations f on f.organization_id = a.organization_id and f.user_id = :filerId
     left join users fu on fu.id = f.user_id
     left join registrations tr on tr.organization_id = a.organization_id and tr.user_id = :testerId
     left join users tu on tu.id = tr.user_id
     left join companies c on c.id = tr.company_id
    where a.id = :assemblyRef`,
);

/** The assembly, its organization and the registrations of the filer and the tester with it. */
export async function filingSubject(
  em: EntityManager,
  params: { assemblyRef: number; filerId: number; testerId: number },
): Promise<FilingSubjectRow | null> {
  const [row] = await query<FilingSubjectRow, typeof params>(em, FILING_SUBJECT, params);
  return row ?? null;
}

export interface RecordAsOfRow {
  activity: TActivityChange[] | null;
  certification: {
    number: string;
    agency: string;
    type: string;
    expiresOn: string;
    agencyAccepted: boolean;
    periods: TPeriod[];
  } | null;
  kit: {
    serial: string;
    manufacturer: string;
    model: string;
    calibratedOn: string;
    dueOn: string | null;
    periods: TPeriod[];
  } | null;
  credentials: { type: string; periods: TPeriod[] }[] | null;
}

/** An instant as the shared checks read it (ISO, UTC); a day as YYYY-MM-DD. */
export const UTC_INSTANT = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
export const DAY = (column: string) => `to_char(${column}, 'YYYY-MM-DD')`;

/**
 * The periods of `table` (aliased p) that `condition` picks and that were not withdrawn, as the
 * shared checks read them, oldest first: the server's checks and the phone's record alike.
 */
export const PERIODS = (table: string, condition: string, from: string, through: string) =>
  `coalesce((select json_agg(json_build_object('from', ${from}, 'through', ${through},
                                               'acceptedAt', ${UTC_INSTANT('p.accepted_at')})
                             order by p.accepted_at, p.id)
               from ${table} p ${condition} and p.withdrawn_at is null), '[]')`;

const RECORD_AS_OF = sql<{
  registrationId: number;
  organizationId: number;
  companyId: number | null;
  certificationId: number;
  kitId: number;
}>(
  'test-report-record-as-of',
  `select
     (select json_agg(json_build_object('at', ${UTC_INSTANT('ra.at')}, 'active', ra.active)
                      order by ra.at, ra.id)
        from registration_activity ra where ra.registration_id = :registrationId) as activity,
     (select json_build_object(
               'number', ce.number, 'agency', ce.agency_name, 'type', ce.type_name,
               'expiresOn', to_char(ce.expires_on, 'YYYY-MM-DD'),
               'agencyAccepted', exists (select 1 from organization_agencies oa
                                          where oa.organization_id = :organizationId
                                            and oa.agency_id = ce.agency_id),
               'periods', ${PERIODS('certification_periods', 'where p.certification_id = ce.id', 'null', DAY('p.valid_through'))})
        from certifications ce
       where ce.id = :certificationId and ce.registration_id = :registrationId) as certification,
     (select json_build_object(
               'serial', k.serial, 'manufacturer', k.manufacturer, 'model', k.model,
               'calibratedOn', to_char(k.calibrated_on, 'YYYY-MM-DD'),
               'dueOn', to_char(k.calibration_due_on, 'YYYY-MM-DD'),
               'periods', ${PERIODS('calibration_periods', 'where p.test_kit_id = k.id', DAY('p.calibrated_on'), DAY('p.due_on'))})
        from test_kits k
       where k.id = :kitId and k.organization_id = :organizationId
         and k.company_id = :companyId and k.retired_at is null) as kit,
     (select json_agg(json_build_object(
               'type', t.name,
               'periods', ${PERIODS(
                 'credential_periods',
                 `join credentials cr on cr.id = p.credential_id
                   where cr.registration_id = :registrationId and cr.credential_type_id = t.id`,
                 'null',
                 DAY('p.valid_through'),
               )}) order by t.name)
        from organization_credential_requirements r
        join credential_types t on t.id = r.credential_type_id
       where r.organization_id = :organizationId and r.required) as credentials`,
);

/** The tester's record with the organization as the checks read it, every period kept. */
export async function recordAsOf(
  em: EntityManager,
  params: {
    registrationId: number;
    organizationId: number;
    companyId: number | null;
    certificationId: number;
    kitId: number;
  },
): Promise<RecordAsOfRow> {
  const [row] = await query<RecordAsOfRow, typeof params>(em, RECORD_AS_OF, params);
  return row ?? { activity: null, certification: null, kit: null, credentials: null };
}

export interface FiledReportRow {
  id: number;
  body_hash: string;
  filed_by_id: number | null;
  state: TTestReportState;
}

const REPORT_BY_KEY = sql<{ key: string }>(
  'test-report-by-key',
  'select id, body_hash, filed_by_id, state from test_reports where key = :key',
);

/** The report filed with a key, if any. */
export async function reportByKey(em: EntityManager, key: string): Promise<FiledReportRow | null> {
  const [row] = await query<FiledReportRow, { key: string }>(em, REPORT_BY_KEY, { key });
  return row ?? null;
}

export interface NewReport {
  key: string;
  bodyHash: string;
  organizationId: number;
  assemblyId: number;
  registrationId: number;
  testerId: number;
  filedById: number;
  companyId: number | null;
  certificationId: number;
  testKitId: number;
  kind: string;
  testDate: string;
  readings: string;
  repairs: string;
  replacement: string | null;
  remarks: string;
  linePressurePsi: number | null;
  result: 'pass' | 'fail';
  ruleResults: string;
  record: string;
  state: TTestReportState;
  autoAccepted: boolean;
}

const INSERT_REPORT = sql<NewReport & Record<string, unknown>>(
  'test-report-insert',
  `insert into test_reports
     (key, body_hash, organization_id, assembly_id, registration_id, tester_id, filed_by_id,
      company_id, certification_id, test_kit_id, kind, test_date, readings, repairs, replacement,
      remarks, line_pressure_psi, result, rule_results, record, state, auto_accepted, decided_at)
   values (:key, :bodyHash, :organizationId, :assemblyId, :registrationId, :testerId, :filedById,
      :companyId, :certificationId, :testKitId, :kind, :testDate, :readings::jsonb, :repairs::jsonb,
      :replacement::jsonb, :remarks, :linePressurePsi, :result, :ruleResults::jsonb, :record::jsonb,
      :state, :autoAccepted, case when :autoAccepted then now() end)
   on conflict (key) do nothing
   returning id, filed_at`,
);

/** Files a report; null when its key was filed meanwhile (by a resend sent at the same time). */
export async function insertReport(
  em: EntityManager,
  report: NewReport,
): Promise<{ id: number; filed_at: Date } | null> {
  const [row] = await query<{ id: number; filed_at: Date }, NewReport & Record<string, unknown>>(
    em,
    INSERT_REPORT,
    report as NewReport & Record<string, unknown>,
  );
  return row ?? null;
}

const FILED_REPORT = sql<{ id: number }>(
  'test-report-filed',
  `select r.id, r.key, r.state, r.result, a.assembly_id, to_char(r.test_date, 'YYYY-MM-DD') as test_date,
          r.filed_at
     from test_reports r join assemblies a on a.id = r.assembly_id
    where r.id = :id`,
);

export interface FiledRow {
  id: number;
  key: string;
  state: TTestReportState;
  result: 'pass' | 'fail';
  assembly_id: string;
  test_date: string;
  filed_at: Date;
}

/** A filed report as its filer is answered. */
export async function filedRow(em: EntityManager, id: number): Promise<FiledRow | null> {
  const [row] = await query<FiledRow, { id: number }>(em, FILED_REPORT, { id });
  return row ?? null;
}
