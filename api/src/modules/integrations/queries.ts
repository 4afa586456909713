import type { EntityManager } from '@mikro-orm/postgresql';
import { idIn, queryComposed, type SqlFragment, sql, whereAll } from '../../db/sql.js';

// The integration API's statements: API keys (the console's list, a request's key), and the
// read API's pages in change order below the sync horizon (docs/decisions.md, "The read API
// never skips a change").

/** An instant as the API writes it: UTC, microseconds (a JS Date would drop three digits). */
const instant = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const day = (column: string) => `to_char(${column}, 'YYYY-MM-DD')`;

// ---- API keys ----

export interface ApiKeyRow {
  id: number;
  name: string;
  organization_id: number | null;
  organization_name: string | null;
  can_fetch_documents: boolean;
  hint: string;
  created_by: string | null;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

export interface ApiKeyConditions {
  ids?: number[];
  organizationId?: number;
  revoked?: boolean;
}

const API_KEY_SORTS: Record<string, string> = {
  created_at: 'k.created_at',
  name: 'lower(k.name)',
  last_used_at: 'k.last_used_at',
};
export const API_KEY_SORT_FIELDS = Object.keys(API_KEY_SORTS);

/** One page of keys with their organization's name and creator's email, and the total. */
export async function apiKeyPage(
  em: EntityManager,
  conditions: ApiKeyConditions,
  page: { sort: string; direction: 'asc' | 'desc'; offset: number; limit: number },
) {
  const { organizationId, revoked } = conditions;
  const where = whereAll([
    idIn('k.id', conditions.ids),
    organizationId !== undefined && {
      text: 'k.organization_id = :organizationId',
      params: { organizationId },
    },
    revoked !== undefined && {
      text: revoked ? 'k.revoked_at is not null' : 'k.revoked_at is null',
      params: {},
    },
  ]);
  const key = API_KEY_SORTS[page.sort] ?? API_KEY_SORTS.created_at;
  const nulls = page.direction === 'asc' ? 'nulls first' : 'nulls last';
  const rows = await queryComposed<ApiKeyRow>(em, 'api-keys-page', {
    text: `select k.id, k.name, k.organization_id, o.name as organization_name,
                  k.can_fetch_documents, k.hint, s.email as created_by, k.created_at,
                  k.last_used_at, k.revoked_at
             from api_keys k
             left join organizations o on o.id = k.organization_id
             left join staff_accounts s on s.id = k.created_by_id
             ${where.text}
            order by ${key} ${page.direction} ${nulls}, k.id ${page.direction}
            limit :limit offset :offset`,
    params: { ...where.params, limit: page.limit, offset: page.offset },
  });
  const [count] = await queryComposed<{ total: number }>(em, 'api-keys-count', {
    text: `select count(*)::int as total from api_keys k ${where.text}`,
    params: where.params,
  });
  return { rows, total: count?.total ?? 0 };
}

/** A request's key, found by its secret's hash. */
export interface RequestKeyRow {
  id: number;
  organization_id: number | null;
  can_fetch_documents: boolean;
  revoked: boolean;
}

/**
 * The key whose secret hashes so; a live key's last use is written at most once a minute
 * (the same round trip: the update runs whether or not the select names it).
 */
export const KEY_FOR_SECRET = sql<{ secretHash: string }>(
  'api-key-for-secret',
  `with found as (
     select id, organization_id, can_fetch_documents, revoked_at is not null as revoked
       from api_keys where secret_hash = :secretHash
   ), touched as (
     update api_keys k set last_used_at = now()
       from found f
      where k.id = f.id and not f.revoked
        and (k.last_used_at is null or k.last_used_at < now() - interval '1 minute')
     returning k.id
   )
   select id, organization_id, can_fetch_documents, revoked from found`,
);

/** A key by id, unless revoked since (a document link checks its key again). */
export const LIVE_KEY = sql<{ id: number }>(
  'api-key-live',
  `select id, organization_id, can_fetch_documents, false as revoked
     from api_keys where id = :id and revoked_at is null`,
);

// ---- The read API ----

/**
 * The sync horizon: the start of the oldest transaction open in this database now (other than
 * this one), or now. Read in a statement of its own, before the page's: a transaction not open
 * here has committed, so the page's later snapshot sees everything written below the horizon.
 * Autovacuum writes no synced row; leaving it out keeps a long vacuum from holding rows back.
 */
export const SYNC_HORIZON = sql(
  'api-sync-horizon',
  `select ${instant('least(clock_timestamp(), coalesce(min(xact_start), clock_timestamp()))')} as horizon
     from pg_stat_activity
    where datname = current_database() and pid <> pg_backend_pid() and xact_start is not null
      and backend_type <> 'autovacuum worker'`,
);

export const SYNCED_RESOURCES = [
  'organizations',
  'registrations',
  'people',
  'companies',
  'certifications',
  'test_kits',
  'locations',
  'assemblies',
  'test_reports',
] as const;
export type TSyncedResource = (typeof SYNCED_RESOURCES)[number];

/** Registrations with the key's organization, as `r`. */
const withOrganization = (condition: string) =>
  `exists (select 1 from registrations r where ${condition} and r.organization_id = :organizationId)`;

/** What each resource reads (its wire names) and which rows a key of one organization sees. */
const RESOURCES: Record<TSyncedResource, { table: string; columns: string; scope: string }> = {
  organizations: {
    table: 'organizations',
    columns: `t.id, t.name, t.primary_email as email, ${day('t.allowed_until')} as allowed_until,
              ${instant('t.created_at')} as created_at`,
    scope: 't.id = :organizationId',
  },
  registrations: {
    table: 'registrations',
    columns: `t.id, t.user_id as person_id, t.organization_id, t.company_id, t.user_type,
              t.review_state, t.standing, t.enrolled, ${instant('t.registered_at')} as submitted_at,
              ${instant('t.reviewed_at')} as reviewed_at, ${day('t.approved_on')} as approved_on,
              ${day('t.valid_through')} as valid_through`,
    scope: 't.organization_id = :organizationId',
  },
  people: {
    table: 'users',
    columns: 't.id, t.first_name, t.last_name, t.email, t.phone, t.type as user_type',
    scope: withOrganization('r.user_id = t.id'),
  },
  companies: {
    table: 'companies',
    columns: 't.id, t.name, t.phone, t.address1, t.address2, t.city, t.state, t.zip',
    scope: `(${withOrganization('r.company_id = t.id')} or exists (select 1 from test_kits k
              where k.company_id = t.id and k.organization_id = :organizationId))`,
  },
  certifications: {
    table: 'certifications',
    columns: `t.id, t.user_id as person_id, t.registration_id, t.agency_name as agency,
              t.type_name as type, t.number, ${day('t.expires_on')} as expires_on,
              t.review_decision, t.document_id`,
    scope: withOrganization('r.id = t.registration_id'),
  },
  test_kits: {
    table: 'test_kits',
    columns: `t.id, t.company_id, t.organization_id, t.manufacturer, t.model, t.serial,
              ${day('t.calibrated_on')} as calibrated_on,
              ${day('t.calibration_due_on')} as calibration_due_on, t.review_decision,
              t.retired_at is not null as retired, t.document_id`,
    scope: 't.organization_id = :organizationId',
  },
  locations: {
    table: 'locations',
    columns: `t.id, t.organization_id, t.account_number, t.name, t.address1, t.address2, t.city,
              t.state, t.zip, t.notes, t.contacts`,
    scope: 't.organization_id = :organizationId',
  },
  assemblies: {
    table: 'assemblies',
    columns: `t.id, t.organization_id, t.location_id, t.assembly_id as assembly_number, t.serial,
              t.type, t.make, t.model, t.size_inches::float8 as size_inches, t.hazard, t.service,
              t.placement, ${day('t.installed_on')} as installed_on, t.status,
              t.replaced_by_id, ${day('t.last_tested_on')} as last_tested_on, t.last_result,
              ${day('t.next_due_on')} as next_due_on, t.compliance_status,
              ${day('t.retest_by')} as retest_by`,
    scope: 't.organization_id = :organizationId',
  },
  test_reports: {
    table: 'test_reports',
    // Readings in snake_case, in psid and inches (stored as tenths and hundredths).
    columns: `t.id, t.organization_id, t.assembly_id,
              t.record->'assembly'->>'assemblyId' as assembly_number,
              (select a.location_id from assemblies a where a.id = t.assembly_id) as location_id,
              t.kind, ${day('t.test_date')} as test_date, t.result, t.state,
              (select coalesce(jsonb_object_agg(
                        lower(regexp_replace(e.key, '([A-Z])', '_\\1', 'g')),
                        case when jsonb_typeof(e.value) <> 'number' then
                               case when e.value = '"notOpened"' then '"not_opened"' else e.value end
                             when e.key like '%Psid' then to_jsonb(round(e.value::text::numeric / 10, 1))
                             else to_jsonb(round(e.value::text::numeric / 100, 2)) end), '{}')
                 from jsonb_each(t.readings) e) as readings,
              t.record->'tester'->>'name' as tester_name,
              t.record->'certification'->>'number' as certification_number,
              t.record->'kit'->>'serial' as kit_serial,
              ${instant('t.filed_at')} as filed_at, ${instant('t.decided_at')} as decided_at`,
    scope: 't.organization_id = :organizationId',
  },
};

/** The rows a key sees: all, or its organization's. */
function scopeOf(resource: TSyncedResource, organizationId: number | null): SqlFragment | false {
  return organizationId !== null && { text: RESOURCES[resource].scope, params: { organizationId } };
}

/** A position in change order: a row's change time (as the API writes it) and id. */
export interface SyncPosition {
  updatedAt: string;
  id: number;
}

/** Every synced row carries its change time as text (microseconds kept). */
export type SyncedRow = Record<string, unknown> & { id: number; updated_at: string };

/**
 * Up to `limit` rows after `after`, changed at `since` or later and before `horizon`, in
 * change order ((updated_at, id): each table's *_changes_idx).
 */
export function syncPage(
  em: EntityManager,
  resource: TSyncedResource,
  page: {
    organizationId: number | null;
    horizon: string;
    after: SyncPosition | undefined;
    since: string | undefined;
    limit: number;
  },
): Promise<SyncedRow[]> {
  const { table, columns } = RESOURCES[resource];
  const { after, since } = page;
  const where = whereAll([
    { text: 't.updated_at < :horizon::timestamptz', params: { horizon: page.horizon } },
    after && {
      text: '(t.updated_at, t.id) > (:afterAt::timestamptz, :afterId)',
      params: { afterAt: after.updatedAt, afterId: after.id },
    },
    since !== undefined && { text: 't.updated_at >= :since::timestamptz', params: { since } },
    scopeOf(resource, page.organizationId),
  ]);
  return queryComposed<SyncedRow>(em, `api-${resource}-page`, {
    text: `select ${columns}, ${instant('t.updated_at')} as updated_at
             from ${table} t ${where.text}
            order by t.updated_at, t.id limit :limit`,
    params: { ...where.params, limit: page.limit },
  });
}

/** One row by id, if the key sees it. */
export async function syncedRow(
  em: EntityManager,
  resource: TSyncedResource,
  id: number,
  organizationId: number | null,
): Promise<SyncedRow | undefined> {
  const { table, columns } = RESOURCES[resource];
  const where = whereAll([
    { text: 't.id = :id', params: { id } },
    scopeOf(resource, organizationId),
  ]);
  const [row] = await queryComposed<SyncedRow>(em, `api-${resource}-one`, {
    text: `select ${columns}, ${instant('t.updated_at')} as updated_at from ${table} t ${where.text}`,
    params: where.params,
  });
  return row;
}

/** Whether the document is a certification's or test kit's the key sees. */
export async function documentVisible(
  em: EntityManager,
  documentId: string,
  organizationId: number | null,
): Promise<boolean> {
  const holder = (resource: 'certifications' | 'test_kits') => {
    const where = whereAll([
      { text: 't.document_id = :documentId', params: { documentId } },
      scopeOf(resource, organizationId),
    ]);
    return { text: `select 1 from ${RESOURCES[resource].table} t ${where.text}`, where };
  };
  const certification = holder('certifications');
  const kit = holder('test_kits');
  const rows = await queryComposed(em, 'api-document-visible', {
    text: `${certification.text} union all ${kit.text} limit 1`,
    params: { ...certification.where.params, ...kit.where.params },
  });
  return rows.length > 0;
}
