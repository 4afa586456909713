import type { EntityManager } from '@mikro-orm/postgresql';
import type { TAssemblyStatus, TAssemblyType, TTestResult } from '../../../../shared/assemblies.js';
import type {
  TComplianceChangeReason,
  TComplianceStatus,
} from '../../../../shared/assembly-compliance.js';
import { json, type PartValues, query, type StatementRunner, sql } from '../../db/sql.js';
import type { RecordedEvent } from '../webhooks/events.js';
import { changedEventsInsert } from '../webhooks/queries.js';

// Each assembly's compliance status: the rows a run reads (one organization at a time), the
// changes it writes with their history and events in one statement, and the history the console
// lists.

export interface ComplianceCandidateRow {
  id: number;
  location_id: number;
  assembly_id: string;
  type: TAssemblyType;
  status: TAssemblyStatus;
  last_tested_on: string | null;
  last_result: TTestResult | null;
  next_due_on: string | null;
  compliance_status: TComplianceStatus | null;
  retest_by: string | null;
  /** updated_at to the microsecond: the row as read, for the write to check it still is. */
  version: string;
}

type CandidateParams = {
  organizationId: number;
  ids: string | null;
  afterId: number;
  limit: number | null;
};
const CANDIDATES = sql<CandidateParams>(
  'compliance-candidates',
  `select id, location_id, assembly_id, type, status, last_tested_on::text, last_result,
          next_due_on::text, compliance_status, retest_by::text, updated_at::text as version
     from assemblies
    where organization_id = :organizationId
      and (status = 'active' or compliance_status is not null)
      and (:ids::jsonb is null
           or id in (select value::int from jsonb_array_elements_text(:ids::jsonb)))
      and id > :afterId
    order by id
    limit :limit::int`,
);

/**
 * The organization's assemblies whose status a run decides (in service, or out of service with
 * a status still on file), or only those of `ids`; in id order, after `afterId`, at most
 * `limit` (none: all).
 */
export const complianceCandidates = (
  db: EntityManager | StatementRunner,
  params: { organizationId: number; ids?: number[]; afterId?: number; limit?: number },
) =>
  query<ComplianceCandidateRow, CandidateParams>(db, CANDIDATES, {
    organizationId: params.organizationId,
    ids: params.ids ? json(params.ids) : null,
    afterId: params.afterId ?? 0,
    limit: params.limit ?? null,
  });

export interface ComplianceChange {
  id: number;
  version: string;
  from: TComplianceStatus | null;
  to: TComplianceStatus | null;
  retestBy: string | null;
  reason: TComplianceChangeReason;
}

const assemblyEventsInsert = changedEventsInsert('assembly_id');

type ApplyParams = { organizationId: number; today: string; changes: string } & PartValues<
  typeof assemblyEventsInsert
>;
const APPLY = sql<ApplyParams>(
  'compliance-apply',
  `with wanted as (
     select * from jsonb_to_recordset(:changes::jsonb)
       as w(id int, version text, "from" text, "to" text, "retestBy" date, reason text)
   ),
   changed as (
     update assemblies a set compliance_status = w."to", retest_by = w."retestBy"
       from wanted w
      where a.id = w.id and a.organization_id = :organizationId
        and a.updated_at = w.version::timestamptz
        and a.compliance_status is not distinct from w."from"
     returning a.id, w."from", w."to", w."retestBy", w.reason
   ),
   history as (
     insert into assembly_compliance_changes
       (assembly_id, on_day, from_status, to_status, retest_by, reason)
     select id, :today::date, "from", "to", "retestBy", reason from changed
   ),
   events as (${assemblyEventsInsert.text})
   select count(*)::int as changed from changed`,
);

/**
 * Writes status changes, each only if its row is still as read, record and status (a writer
 * or another run that changed it meanwhile decided its status itself), with a history entry and an event for each written, in
 * the caller's transaction; answers how many were written.
 */
export async function applyComplianceChanges(
  db: EntityManager | StatementRunner,
  params: {
    organizationId: number;
    today: string;
    changes: ComplianceChange[];
    events: RecordedEvent[];
  },
): Promise<number> {
  if (params.changes.length === 0) return 0;
  const [row] = await query<{ changed: number }, ApplyParams>(db, APPLY, {
    organizationId: params.organizationId,
    today: params.today,
    changes: json(params.changes),
    ...assemblyEventsInsert.values(params.events),
  });
  return row?.changed ?? 0;
}

const ORGANIZATIONS = sql(
  'compliance-organizations',
  `select o.id from organizations o
    where exists (select 1 from assemblies a where a.organization_id = o.id)
    order by o.id`,
);

/** The organizations with assemblies, in id order. */
export const organizationsWithAssemblies = (em: EntityManager) =>
  query<{ id: number }, Record<string, never>>(em, ORGANIZATIONS, {});

export interface ComplianceChangeRow {
  id: number;
  assembly_id: number;
  organization_id: number;
  changed_at: Date;
  on_day: string;
  from_status: TComplianceStatus | null;
  to_status: TComplianceStatus | null;
  retest_by: string | null;
  reason: TComplianceChangeReason;
}

type HistoryParams = {
  assemblyId: number | null;
  organizationId: number | null;
  ids: string | null;
  limit: number;
  offset: number;
};
const HISTORY = sql<HistoryParams>(
  'compliance-history',
  `select h.id, h.assembly_id, a.organization_id, h.changed_at, h.on_day::text, h.from_status,
          h.to_status, h.retest_by::text, h.reason, count(*) over ()::int as total
     from assembly_compliance_changes h join assemblies a on a.id = h.assembly_id
    where (:assemblyId::int is null or h.assembly_id = :assemblyId::int)
      and (:organizationId::int is null or a.organization_id = :organizationId::int)
      and (:ids::jsonb is null
           or h.id in (select value::int from jsonb_array_elements_text(:ids::jsonb)))
    order by h.id desc
    limit :limit offset :offset`,
);

/**
 * A page of status changes, newest first (assembly_compliance_changes_assembly_idx), of one
 * assembly or of the given ids, in one organization or over all, and how many match.
 */
export async function complianceHistoryPage(
  em: EntityManager,
  params: {
    assemblyId?: number;
    organizationId?: number;
    ids?: number[];
    limit: number;
    offset: number;
  },
): Promise<{ rows: ComplianceChangeRow[]; total: number }> {
  const rows = await query<ComplianceChangeRow & { total: number }, HistoryParams>(em, HISTORY, {
    assemblyId: params.assemblyId ?? null,
    organizationId: params.organizationId ?? null,
    ids: params.ids ? json(params.ids) : null,
    limit: params.limit,
    offset: params.offset,
  });
  return { rows, total: rows[0]?.total ?? 0 };
}
