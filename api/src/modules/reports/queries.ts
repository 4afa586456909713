import type { EntityManager } from '@mikro-orm/postgresql';
import type { Client } from 'pg';
import { todayInProgramZone } from '../../../../shared/program-zone.js';
import { REVIEW_STATE_LABELS } from '../../../../shared/review-messages.js';
import { STANDING_LABELS } from '../../../../shared/standing.js';
import {
  composedSql,
  numberedValues,
  query,
  queryComposed,
  type SqlFragment,
  sql,
  withLiterals,
} from '../../db/sql.js';
import {
  bundleDocumentName,
  type DocumentReference,
  documentCell,
  expiryStatusCell,
  localDate,
  localDateTime,
  type ReportScope,
  safeText,
  scopeFilter,
} from './cells.js';
import {
  companyCredentialColumns,
  credentialDocuments,
  testerCredentialColumns,
} from './credential-cells.js';

// The report statements. The reports themselves run under COPY … TO STDOUT, which takes no
// bind parameters: their values are named parameters like anywhere else, written in as quoted
// literals when the COPY is issued (copyStatement). Column aliases are the CSV headers
// (documented in docs/reports.md).

/** A registration's review state in the words the console and the registrant read. */
const reviewStateCell = `(case r.review_state ${Object.entries(REVIEW_STATE_LABELS)
  .map(([state, label]) => `when '${state}' then '${label}'`)
  .join(' ')} end)`;
/**
 * A registration's standing (issue 27), after every other column so that none moves: the
 * standing, the last change's reason and day, and a suspension's last day.
 */
const standingCells = `(case r.standing ${Object.entries(STANDING_LABELS)
  .map(([standing, label]) => `when '${standing}' then '${label}'`)
  .join(' ')} end) as "Standing",
    ${safeText("coalesce(r.standing_reason, '')")} as "Standing Reason",
    coalesce(${localDate('r.standing_changed_at')}, '') as "Standing Since",
    coalesce(to_char(r.suspended_until, 'YYYY-MM-DD'), '') as "Suspended Until"`;

/**
 * The most certifications any registration in scope has: the Users report's column groups.
 * Registrations keep their count (triggers on certifications), so for one organization over all
 * time this is one read of registrations_organization_certification_count_idx.
 */
export function maxCertificationsStatement(scope: ReportScope): SqlFragment {
  const filter = scopeFilter(scope, 'r.organization_id', 'r.registered_at');
  return {
    text: `select coalesce(max(r.certification_count), 0)::int as n from registrations r
    where ${filter.text}`,
    params: filter.params,
  };
}

/**
 * A report read by two statements over one snapshot: `first` returns the first rows by a plan
 * that answers at once, `rest` every row after those by the plan cheapest overall. Together they
 * are the rows of one statement, in its order.
 */
export interface SplitReport {
  first: SqlFragment;
  rest: SqlFragment;
}

/** How many rows the Users report's first statement returns. */
export const USERS_REPORT_FIRST_ROWS = 1000;

/**
 * The Users report. Sorting the scope by (registered_at, id) delays the first row until every
 * row is joined; walking registrations in that order and looking each row up answers at once
 * but costs about a third more in total. So the first rows come from the walk (LIMIT) and the
 * rest from the sort, with the certifications and tester credentials in scope each aggregated
 * in one pass. The credential groups come after the standing columns: earlier columns keep their
 * places, and the groups (as many as the most any row has) end the row.
 */
export function usersReportStatements(
  scope: ReportScope,
  columns: { certifications: number; credentials: number },
  reference: DocumentReference,
): SplitReport {
  const names = ['Number', 'Agency', 'Type', 'Expiration', 'Status', 'Document'];
  const groups: string[] = [];
  for (let i = 1; i <= columns.certifications; i++) {
    names.forEach((name, k) => {
      groups.push(`coalesce(certs.cells[${i}][${k + 1}], '') as "Certification ${i} ${name}"`);
    });
  }
  const document = documentCell(reference, 'certification', 'ce.id', 'd');
  // A registration's certifications in id order, each as its six cells (already safe), and the
  // soonest expiry among them.
  const certificationCells = `array_agg(array[
        ${safeText('ce.number')},
        ${safeText('ce.agency_name')},
        ${safeText('ce.type_name')},
        to_char(ce.expires_on, 'YYYY-MM-DD'),
        ${expiryStatusCell('ce.expires_on')},
        ${document.text}
      ] order by ce.id) as cells, min(ce.expires_on) as next_expiry
    from certifications ce left join documents d on d.id = ce.document_id`;
  const filter = scopeFilter(scope, 'r.organization_id', 'r.registered_at');
  const credentials = testerCredentialColumns(reference, columns.credentials);
  const select = `select
    ${localDateTime('r.registered_at')} as "Registration Date",
    ${safeText('o.name')} as "Organization",
    u.type as "User Type",
    ${safeText('u.first_name')} as "First Name",
    ${safeText('u.last_name')} as "Last Name",
    ${safeText('u.email')} as "Email",
    ${safeText('u.phone')} as "Phone",
    ${safeText("coalesce(c.name, '')")} as "Company",
    case when r.enrolled then 'yes' else 'no' end as "Enrolled",
    ${reviewStateCell} as "Review State",
    coalesce(${localDate('r.reviewed_at')}, '') as "Decision Date",
    coalesce(to_char(certs.next_expiry, 'YYYY-MM-DD'), '') as "Next Expiration",
    ${expiryStatusCell('certs.next_expiry')} as "Certification Status",${groups.map((group) => `\n    ${group},`).join('')}
    ${standingCells}${credentials.columns}
  from registrations r
  join users u on u.id = r.user_id
  join organizations o on o.id = r.organization_id
  left join companies c on c.id = r.company_id`;
  const params = {
    ...filter.params,
    ...document.params,
    ...credentials.params,
    today: todayInProgramZone(),
  };
  return {
    first: {
      text: `${select}
  left join lateral (select ${certificationCells}
    where ce.registration_id = r.id) certs on true
  ${credentials.lateral}
  where ${filter.text}
  order by r.registered_at, r.id
  limit ${USERS_REPORT_FIRST_ROWS}`,
      params,
    },
    rest: {
      text: `${select}
  left join (select ce.registration_id, ${certificationCells}
    where ce.registration_id in (select r.id from registrations r where ${filter.text})
    group by ce.registration_id) certs on certs.registration_id = r.id
  ${credentials.grouped(`select r.id from registrations r where ${filter.text}`)}
  where ${filter.text}
  order by r.registered_at, r.id
  offset ${USERS_REPORT_FIRST_ROWS}`,
      params,
    },
  };
}

/** The Service Providers report, with each company's credentials (`credentialColumns` groups). */
export function serviceProvidersReportStatement(
  scope: ReportScope,
  credentialColumns: number,
  reference: DocumentReference,
): SqlFragment {
  const filter = scopeFilter(scope, 'r.organization_id', 'r.registered_at');
  const credentials = companyCredentialColumns(scope, reference, credentialColumns);
  return {
    text: `select
    ${safeText('c.name')} as "Company",
    ${safeText('c.address1')} as "Address Line 1",
    ${safeText('c.address2')} as "Address Line 2",
    ${safeText('c.city')} as "City",
    c.state as "State",
    ${safeText('c.zip')} as "Postal Code",
    ${safeText('c.phone')} as "Phone",
    count(distinct r.user_id) filter (where u.type = 'admin') as "Admins",
    count(distinct r.user_id) filter (where u.type = 'tester') as "Testers",
    ${localDate('min(r.registered_at)')} as "First Registration Date",
    count(distinct r.user_id) filter (where r.standing = 'suspended') as "Suspended",
    count(distinct r.user_id) filter (where r.standing = 'lapsed') as "Lapsed"${credentials.columns}
  from registrations r
  join users u on u.id = r.user_id
  join companies c on c.id = r.company_id
  ${credentials.join}
  where ${filter.text}
  group by c.id, ${credentials.groupBy}
  order by lower(c.name), c.id`,
    params: { ...filter.params, ...credentials.params, today: todayInProgramZone() },
  };
}

export function testKitsReportStatement(
  scope: ReportScope,
  reference: DocumentReference,
): SqlFragment {
  const filter = scopeFilter(scope, 'tk.organization_id', 'tk.created_at');
  const document = documentCell(reference, 'test-kit', 'tk.id', 'd');
  return {
    text: `select
    ${localDateTime('tk.created_at')} as "Registration Date",
    ${safeText("coalesce(o.name, '')")} as "Organization",
    ${safeText('c.name')} as "Company",
    ${safeText('tk.serial')} as "Serial Number",
    ${safeText('tk.manufacturer')} as "Manufacturer",
    ${safeText('tk.model')} as "Model",
    to_char(tk.calibrated_on, 'YYYY-MM-DD') as "Calibration Date",
    coalesce(to_char(tk.calibration_due_on, 'YYYY-MM-DD'), '') as "Calibration Due",
    ${expiryStatusCell('tk.calibration_due_on')} as "Calibration Status",
    ${document.text} as "Calibration Document"
  from test_kits tk
  join companies c on c.id = tk.company_id
  left join organizations o on o.id = tk.organization_id
  left join documents d on d.id = tk.document_id
  where ${filter.text} and tk.retired_at is null
  order by tk.created_at, tk.id`,
    params: { ...filter.params, ...document.params, today: todayInProgramZone() },
  };
}

/** Every document the bundle's CSVs name, with the name they use. */
export function bundleDocuments(em: EntityManager, scope: ReportScope) {
  const certifications = scopeFilter(scope, 'r.organization_id', 'r.registered_at');
  const testKits = scopeFilter(scope, 'tk.organization_id', 'tk.created_at');
  const credentials = credentialDocuments(scope);
  return queryComposed<{ name: string; storageKey: string }>(em, 'bundle-documents', {
    text: `select ${bundleDocumentName('certification', 'ce.id', 'd.content_type')} as name, d.storage_key as "storageKey"
    from certifications ce
    join registrations r on r.id = ce.registration_id
    join documents d on d.id = ce.document_id
    where ${certifications.text}
  union all
  select ${bundleDocumentName('test-kit', 'tk.id', 'd.content_type')}, d.storage_key
    from test_kits tk
    join documents d on d.id = tk.document_id
    where ${testKits.text} and tk.retired_at is null
  union all
  ${credentials.text}
  order by 1`,
    params: { ...certifications.params, ...testKits.params, ...credentials.params },
  });
}

/** A report statement as COPY … TO STDOUT in CSV, its values written in as literals. */
export function copyStatement(statement: SqlFragment, header: boolean): string {
  const compiled = composedSql('report', statement.text);
  return `copy (${withLiterals(compiled, statement.params)}) to stdout with (format csv, header ${header})`;
}

/** A split report's statements read one snapshot: repeatable read, and nothing written. */
export const BEGIN_REPORT_SNAPSHOT = 'begin transaction isolation level repeatable read, read only';
export const END_REPORT_SNAPSHOT = 'commit';

/** Runs a statement on a connection of its own (a report's, inside its snapshot). */
export async function readOn(
  connection: Client,
  statement: SqlFragment,
): Promise<Record<string, unknown>[]> {
  const compiled = composedSql('report-read', statement.text);
  return (await connection.query(compiled.numbered, numberedValues(compiled, statement.params)))
    .rows;
}

const NEW_REGISTRATIONS = sql<{ organizationId: number; after: Date; until: Date }>(
  'new-registrations-count',
  `select count(*)::int as n from registrations
    where organization_id = :organizationId and registered_at > :after and registered_at <= :until`,
);
/** How many people registered for the organization in a scheduled report's window. */
export const newRegistrationCount = async (
  em: EntityManager,
  params: { organizationId: number; after: Date; until: Date },
) => (await query<{ n: number }, typeof params>(em, NEW_REGISTRATIONS, params))[0]?.n ?? 0;
