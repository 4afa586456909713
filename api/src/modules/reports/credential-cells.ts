import type { SqlFragment } from '../../db/sql.js';
import {
  bundleDocumentName,
  type DocumentReference,
  documentCell,
  expiryStatusCell,
  type ReportScope,
  safeText,
  scopeFilter,
} from './cells.js';

// The credentials the reports carry (issue 27): each registration's tester credentials in the
// Users report, each company's credentials in the Service Providers report, as column groups
// after every other column (n = 1 … the most any row has), and their documents in the IE bundle.

/** The Users report's columns of one tester credential, in order. */
const TESTER_CREDENTIAL_COLUMNS = ['Type', 'Number', 'Expiration', 'Status', 'Document'];
/** The Service Providers report's columns of one company credential, in order. */
const COMPANY_CREDENTIAL_COLUMNS = [
  'Type',
  'Issuer',
  'Number',
  'Coverage',
  'Additional Insured',
  'Expiration',
  'Status',
  'Document',
];

/** `count` groups of columns read from `cells` (an array of each credential's cells). */
function credentialGroups(cells: string, columns: string[], count: number): string {
  const groups: string[] = [];
  for (let i = 1; i <= count; i++) {
    columns.forEach((name, k) => {
      groups.push(`coalesce(${cells}[${i}][${k + 1}], '') as "Credential ${i} ${name}"`);
    });
  }
  return groups.map((group) => `,\n    ${group}`).join('');
}

/** A credential's cells in its group's order, each text safe; `d` the credential, `dd` its document. */
function credentialCells(columns: string[], document: SqlFragment): string {
  const cell: Record<string, string> = {
    Type: safeText('d.type_name'),
    Issuer: safeText("coalesce(d.issuer, '')"),
    Number: safeText("coalesce(d.number, '')"),
    Coverage: "coalesce(d.coverage::text, '')",
    'Additional Insured':
      "(case d.additional_insured when true then 'yes' when false then 'no' else '' end)",
    Expiration: "coalesce(to_char(d.expires_on, 'YYYY-MM-DD'), '')",
    Status: expiryStatusCell('d.expires_on'),
    Document: document.text,
  };
  return `array[${columns.map((name) => cell[name]).join(', ')}]`;
}

/**
 * The Users report's tester credentials: per registration (`registration` names its id) its
 * credentials' cells in type order, and the groups of columns reading them.
 */
export function testerCredentialColumns(reference: DocumentReference, count: number) {
  const document = documentCell(reference, 'credential', 'd.id', 'dd');
  const aggregate = `array_agg(${credentialCells(TESTER_CREDENTIAL_COLUMNS, document)}
        order by lower(d.type_name), d.id) as cells
    from credentials d left join documents dd on dd.id = d.document_id`;
  return {
    /** A lateral subquery of one registration's (`r`). */
    lateral: `left join lateral (select ${aggregate}
    where d.registration_id = r.id and d.holder = 'tester') creds on true`,
    /** Every registration's of the registrations listed by `registrations`, in one pass. */
    grouped: (registrations: string) => `left join (select d.registration_id, ${aggregate}
    where d.holder = 'tester' and d.registration_id in (${registrations})
    group by d.registration_id) creds on creds.registration_id = r.id`,
    columns: credentialGroups('creds.cells', TESTER_CREDENTIAL_COLUMNS, count),
    params: document.params,
  };
}

/** The most tester credentials any registration in scope has: the Users report's groups. */
export function maxTesterCredentialsStatement(scope: ReportScope): SqlFragment {
  const filter = scopeFilter(scope, 'r.organization_id', 'r.registered_at');
  return {
    text: `select coalesce(max(n), 0)::int as n from (select count(*) as n
      from registrations r join credentials d on d.registration_id = r.id and d.holder = 'tester'
     where ${filter.text} group by r.id) c`,
    params: filter.params,
  };
}

/**
 * Each company's credentials on its registrations in scope (a statement of `d` rows with the
 * company as `company_id`): a company credential is copied to every registration of its
 * submission, so copies naming the same item (type and number, as its reminders do) with the
 * same expiration are one, the first copy standing for them.
 */
function companyCredentialsInScope(scope: ReportScope): SqlFragment {
  const filter = scopeFilter(scope, 'r.organization_id', 'r.registered_at');
  return {
    text: `select distinct on (r.company_id, d.credential_type_id,
                      lower(btrim(coalesce(d.number, ''))), d.expires_on)
            d.*, r.company_id as registration_company_id
       from registrations r
       join credentials d on d.registration_id = r.id and d.holder = 'company'
      where ${filter.text} and r.company_id is not null
      order by r.company_id, d.credential_type_id, lower(btrim(coalesce(d.number, ''))),
               d.expires_on, d.id`,
    params: filter.params,
  };
}

/** The Service Providers report's company credentials: a join by company `c`, and its columns. */
export function companyCredentialColumns(
  scope: ReportScope,
  reference: DocumentReference,
  count: number,
) {
  const document = documentCell(reference, 'credential', 'd.id', 'dd');
  const copies = companyCredentialsInScope(scope);
  return {
    join: `left join (select d.registration_company_id as company_id,
           array_agg(${credentialCells(COMPANY_CREDENTIAL_COLUMNS, document)}
             order by lower(d.type_name), d.expires_on, d.id) as cells
      from (${copies.text}) d left join documents dd on dd.id = d.document_id
     group by d.registration_company_id) creds on creds.company_id = c.id`,
    /** The join's cells are one per company: grouped beside it. */
    groupBy: 'creds.cells',
    columns: credentialGroups('creds.cells', COMPANY_CREDENTIAL_COLUMNS, count),
    params: { ...copies.params, ...document.params },
  };
}

/** The most credentials any company in scope has: the Service Providers report's groups. */
export function maxCompanyCredentialsStatement(scope: ReportScope): SqlFragment {
  const copies = companyCredentialsInScope(scope);
  return {
    text: `select coalesce(max(n), 0)::int as n from (select count(*) as n
      from (${copies.text}) d group by d.registration_company_id) c`,
    params: copies.params,
  };
}

/** The credentials' documents the bundle's CSVs name, with those names (name, storageKey). */
export function credentialDocuments(scope: ReportScope): SqlFragment {
  const filter = scopeFilter(scope, 'r.organization_id', 'r.registered_at');
  const copies = companyCredentialsInScope(scope);
  const name = bundleDocumentName('credential', 'd.id', 'dd.content_type');
  return {
    text: `select ${name} as name, dd.storage_key as "storageKey"
    from credentials d
    join registrations r on r.id = d.registration_id
    join documents dd on dd.id = d.document_id
    where ${filter.text} and d.holder = 'tester'
  union all
  select ${name}, dd.storage_key
    from (${copies.text}) d
    join documents dd on dd.id = d.document_id`,
    params: { ...filter.params, ...copies.params },
  };
}
