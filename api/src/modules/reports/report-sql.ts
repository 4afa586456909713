import { escapeLiteral } from 'pg';
import { PROGRAM_TIME_ZONE, type TReportType } from '../../../../shared/constants.js';
import { addDays, type TReportRequest } from '../../../../shared/reports.js';

// The report queries. They run under COPY … TO STDOUT, which takes no bind parameters, so every
// value placed in them is either validated (integer ids, YYYY-MM-DD dates) or quoted with
// escapeLiteral. Column aliases are the CSV headers (documented in docs/reports.md).

export interface ReportScope {
  organizationId: number | null;
  range: TReportRequest['range'];
  /** Scheduled reports: registrations after one instant, up to and including another. */
  window?: { after: Date; until: Date };
}

/** How document cells are written: a console link, or a file name inside the bundle. */
export type DocumentReference = { kind: 'link'; baseUrl: string } | { kind: 'bundle' };

const ZONE = escapeLiteral(PROGRAM_TIME_ZONE);

/**
 * A cell that a spreadsheet would run as a formula (=, +, -, @, tab, carriage return first)
 * gets a leading apostrophe: spreadsheets show the text as typed and hide the apostrophe, so a
 * phone number like +1 555 0100 still reads as itself. The first character's code is compared
 * (ascii() reads the first character of any text): a regular expression per cell was a fifth
 * of the Users report's time.
 */
export function safeText(expression: string): string {
  return `(case when ascii(${expression}) in (61, 43, 45, 64, 9, 13) then '''' || ${expression} else ${expression} end)`;
}

const localDate = (expression: string) =>
  `to_char(${expression} at time zone ${ZONE}, 'YYYY-MM-DD')`;
const localDateTime = (expression: string) =>
  `to_char(${expression} at time zone ${ZONE}, 'YYYY-MM-DD HH24:MI')`;

/** Rows whose timestamp falls in the scope: inclusive dates read in the program's time zone. */
function scopeFilter(scope: ReportScope, organizationColumn: string, timeColumn: string): string {
  const conditions: string[] = [];
  if (scope.organizationId !== null) {
    conditions.push(`${organizationColumn} = ${integer(scope.organizationId)}`);
  }
  if (scope.range) {
    conditions.push(
      `${timeColumn} >= (${date(scope.range.start)}::timestamp at time zone ${ZONE})`,
    );
    conditions.push(
      `${timeColumn} < (${date(addDays(scope.range.end, 1))}::timestamp at time zone ${ZONE})`,
    );
  }
  if (scope.window) {
    conditions.push(`${timeColumn} > ${instant(scope.window.after)}`);
    conditions.push(`${timeColumn} <= ${instant(scope.window.until)}`);
  }
  return conditions.length ? conditions.join(' and ') : 'true';
}

/** A document's name inside the IE bundle, e.g. documents/certification-12.pdf. */
export function bundleDocumentName(
  kind: 'certification' | 'test-kit',
  idColumn: string,
  contentTypeColumn: string,
) {
  return `('documents/${kind}-' || ${idColumn} || '.' || (case ${contentTypeColumn} when 'application/pdf' then 'pdf' when 'image/png' then 'png' else 'jpg' end))`;
}

function documentCell(
  reference: DocumentReference,
  kind: 'certification' | 'test-kit',
  ownerId: string,
  documentAlias: string,
): string {
  const cell =
    reference.kind === 'link'
      ? `${escapeLiteral(`${reference.baseUrl}/api/documents/`)} || ${documentAlias}.id::text`
      : bundleDocumentName(kind, ownerId, `${documentAlias}.content_type`);
  return `(case when ${documentAlias}.id is null then '' else ${cell} end)`;
}

/**
 * The most certifications any registration in scope has: the Users report's column groups.
 * Registrations keep their count (triggers on certifications), so for one organization over all
 * time this is one read of registrations_organization_certification_count_idx.
 */
export function maxCertificationsSql(scope: ReportScope): string {
  return `select coalesce(max(r.certification_count), 0)::int as n from registrations r
    where ${scopeFilter(scope, 'r.organization_id', 'r.registered_at')}`;
}

/**
 * A report read by two statements over one snapshot: `first` returns the first rows by a plan
 * that answers at once, `rest` every row after those by the plan cheapest overall. Together they
 * are the rows of one statement, in its order.
 */
export interface SplitReportSql {
  first: string;
  rest: string;
}

/** How many rows the Users report's first statement returns. */
export const USERS_REPORT_FIRST_ROWS = 1000;

/**
 * The Users report. Sorting the scope by (registered_at, id) delays the first row until every
 * row is joined; walking registrations in that order and looking each row up answers at once
 * but costs about a third more in total. So the first rows come from the walk (LIMIT) and the
 * rest from the sort, with the certifications in scope aggregated in one pass.
 */
export function usersReportSql(
  scope: ReportScope,
  certificationColumns: number,
  reference: DocumentReference,
): SplitReportSql {
  const names = ['Number', 'Agency', 'Type', 'Expiration', 'Document'];
  const groups: string[] = [];
  for (let i = 1; i <= certificationColumns; i++) {
    names.forEach((name, k) => {
      groups.push(`coalesce(certs.cells[${i}][${k + 1}], '') as "Certification ${i} ${name}"`);
    });
  }
  // A registration's certifications in id order, each as its five cells (already safe).
  const certificationCells = `array_agg(array[
        ${safeText('ce.number')},
        ${safeText('ce.agency_name')},
        ${safeText('ce.type_name')},
        to_char(ce.expires_on, 'YYYY-MM-DD'),
        ${documentCell(reference, 'certification', 'ce.id', 'd')}
      ] order by ce.id) as cells
    from certifications ce left join documents d on d.id = ce.document_id`;
  const filter = scopeFilter(scope, 'r.organization_id', 'r.registered_at');
  const select = `select
    ${localDateTime('r.registered_at')} as "Registration Date",
    ${safeText('o.name')} as "Organization",
    u.type as "User Type",
    ${safeText('u.first_name')} as "First Name",
    ${safeText('u.last_name')} as "Last Name",
    ${safeText('u.email')} as "Email",
    ${safeText('u.phone')} as "Phone",
    ${safeText("coalesce(c.name, '')")} as "Company",
    case when r.enrolled then 'yes' else 'no' end as "Enrolled"${groups.length ? `,\n    ${groups.join(',\n    ')}` : ''}
  from registrations r
  join users u on u.id = r.user_id
  join organizations o on o.id = r.organization_id
  left join companies c on c.id = r.company_id`;
  return {
    first: `${select}
  left join lateral (select ${certificationCells}
    where ce.registration_id = r.id) certs on true
  where ${filter}
  order by r.registered_at, r.id
  limit ${USERS_REPORT_FIRST_ROWS}`,
    rest: `${select}
  left join (select ce.registration_id, ${certificationCells}
    where ce.registration_id in (select r.id from registrations r where ${filter})
    group by ce.registration_id) certs on certs.registration_id = r.id
  where ${filter}
  order by r.registered_at, r.id
  offset ${USERS_REPORT_FIRST_ROWS}`,
  };
}

export function serviceProvidersReportSql(scope: ReportScope): string {
  return `select
    ${safeText('c.name')} as "Company",
    ${safeText('c.address1')} as "Address Line 1",
    ${safeText('c.address2')} as "Address Line 2",
    ${safeText('c.city')} as "City",
    c.state as "State",
    ${safeText('c.zip')} as "Postal Code",
    ${safeText('c.phone')} as "Phone",
    count(distinct r.user_id) filter (where u.type = 'admin') as "Admins",
    count(distinct r.user_id) filter (where u.type = 'tester') as "Testers",
    ${localDate('min(r.registered_at)')} as "First Registration Date"
  from registrations r
  join users u on u.id = r.user_id
  join companies c on c.id = r.company_id
  where ${scopeFilter(scope, 'r.organization_id', 'r.registered_at')}
  group by c.id
  order by lower(c.name), c.id`;
}

export function testKitsReportSql(scope: ReportScope, reference: DocumentReference): string {
  return `select
    ${localDateTime('tk.created_at')} as "Registration Date",
    ${safeText("coalesce(o.name, '')")} as "Organization",
    ${safeText('c.name')} as "Company",
    ${safeText('tk.serial')} as "Serial Number",
    ${safeText('tk.manufacturer')} as "Manufacturer",
    ${safeText('tk.model')} as "Model",
    to_char(tk.calibrated_on, 'YYYY-MM-DD') as "Calibration Date",
    ${documentCell(reference, 'test-kit', 'tk.id', 'd')} as "Calibration Document"
  from test_kits tk
  join companies c on c.id = tk.company_id
  left join organizations o on o.id = tk.organization_id
  left join documents d on d.id = tk.document_id
  where ${scopeFilter(scope, 'tk.organization_id', 'tk.created_at')}
  order by tk.created_at, tk.id`;
}

/** Every document the bundle's CSVs name, with the name they use. */
export function bundleDocumentsSql(scope: ReportScope): string {
  return `select ${bundleDocumentName('certification', 'ce.id', 'd.content_type')} as name, d.storage_key as "storageKey"
    from certifications ce
    join registrations r on r.id = ce.registration_id
    join documents d on d.id = ce.document_id
    where ${scopeFilter(scope, 'r.organization_id', 'r.registered_at')}
  union all
  select ${bundleDocumentName('test-kit', 'tk.id', 'd.content_type')}, d.storage_key
    from test_kits tk
    join documents d on d.id = tk.document_id
    where ${scopeFilter(scope, 'tk.organization_id', 'tk.created_at')}
  order by 1`;
}

export const REPORT_FILE_SUFFIX: Record<TReportType, string> = {
  users: '_testers.csv',
  serviceProviders: '_service_providers.csv',
  testKits: '_service_provider_test_kits.csv',
  ieBundle: '_ie_bundle.zip',
};

/** {org name with non-name characters stripped}{suffix}: "Springfield Water" → SpringfieldWater_testers.csv. */
export function reportFileName(organizationName: string | null, type: TReportType): string {
  const base = (organizationName ?? 'AllOrganizations').replace(/[^A-Za-z0-9_-]/g, '');
  return `${base || 'Organization'}${REPORT_FILE_SUFFIX[type]}`;
}

function integer(value: number): string {
  if (!Number.isSafeInteger(value))
    throw new Error('report scope: organization id must be an integer');
  return String(value);
}

function instant(value: Date): string {
  return `'${value.toISOString()}'::timestamptz`;
}

function date(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) throw new Error('report scope: dates must be YYYY-MM-DD');
  return `'${value}'::date`;
}
