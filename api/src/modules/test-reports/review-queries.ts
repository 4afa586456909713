import type { EntityManager } from '@mikro-orm/postgresql';
import type { TAssemblyType, TNameplate } from '../../../../shared/assemblies.js';
import type {
  TRepair,
  TTestReportKind,
  TTestReportState,
} from '../../../../shared/test-reports.js';
import type { TTestReportRecord } from '../../db/entities/index.js';
import { escapeLike } from '../../db/like.js';
import { idIn, query, queryComposed, sql, whereAll } from '../../db/sql.js';

// The organization's review of test reports: the console's list, a report's history from the
// audit log, the decision's claim, a returned report by its personal link and that link's claim
// when the report is filed again, and the accepted test an assembly falls back to on a reset.

export interface ReviewRow {
  id: number;
  organization_id: number;
  assembly_ref: number;
  assembly_id: string;
  assembly_type: TAssemblyType;
  address1: string;
  city: string;
  kind: TTestReportKind;
  test_date: string;
  filed_at: Date;
  result: 'pass' | 'fail';
  state: TTestReportState;
  auto_accepted: boolean;
  tester_name: string;
  filed_by: string | null;
  reason: string;
  decided_by: string | null;
  decided_at: Date | null;
  superseded_by_id: number | null;
  supersedes_id: number | null;
  readings: Record<string, unknown>;
  rule_results: {
    rule: string;
    outcome: 'pass' | 'fail' | 'missing';
    params: Record<string, string>;
  }[];
  repairs: TRepair[];
  replacement: TNameplate | null;
  remarks: string;
  line_pressure_psi: number | null;
  record: TTestReportRecord;
  created_at: Date;
  updated_at: Date;
}

export interface ReviewConditions {
  ids?: number[];
  organizationId?: number;
  state?: TTestReportState;
  result?: 'pass' | 'fail';
  kind?: TTestReportKind;
  assemblyRef?: number;
  /** The start of the assembly ID, or a part of the tester's name. */
  q?: string;
}

const SORTS: Record<string, string> = {
  filedAt: 'r.filed_at',
  testDate: 'r.test_date',
  state: 'r.state',
  assemblyId: 'lower(a.assembly_id) collate "C"',
  id: 'r.id',
};
export const TEST_REPORT_SORT_FIELDS = Object.keys(SORTS);

const equals = <V>(column: string, name: string, value: V | undefined) =>
  value === undefined ? undefined : { text: `${column} = :${name}`, params: { [name]: value } };

function reviewWhere(conditions: ReviewConditions) {
  const q = conditions.q?.trim().toLowerCase();
  return whereAll([
    idIn('r.id', conditions.ids),
    // test_reports_organization_state_idx
    equals('r.organization_id', 'organizationId', conditions.organizationId),
    equals('r.state', 'state', conditions.state),
    equals('r.result', 'result', conditions.result),
    equals('r.kind', 'kind', conditions.kind),
    // test_reports_assembly_idx
    equals('r.assembly_id', 'assemblyRef', conditions.assemblyRef),
    q
      ? {
          text: `(lower(a.assembly_id) collate "C" like :prefix
                  or lower(r.record->'tester'->>'name') like :contains)`,
          params: { prefix: `${escapeLike(q)}%`, contains: `%${escapeLike(q)}%` },
        }
      : undefined,
  ]);
}

/** One page of reports with their assembly, location and the people named, and the total. */
export async function reviewPage(
  em: EntityManager,
  conditions: ReviewConditions,
  page: { sort: string; descending: boolean; offset: number; limit: number },
): Promise<{ rows: ReviewRow[]; total: number }> {
  const where = reviewWhere(conditions);
  const direction = page.descending ? 'desc' : 'asc';
  const rows = await queryComposed<ReviewRow>(em, 'test-reports-page', {
    text: `select r.id, r.organization_id, r.assembly_id as assembly_ref, a.assembly_id,
                  a.type as assembly_type, l.address1, l.city, r.kind,
                  to_char(r.test_date, 'YYYY-MM-DD') as test_date, r.filed_at, r.result, r.state,
                  r.auto_accepted, coalesce(r.record->'tester'->>'name', '') as tester_name,
                  nullif(trim(concat_ws(' ', f.first_name, f.last_name)), '') as filed_by,
                  r.reason, s.email as decided_by, r.decided_at, r.superseded_by_id,
                  (select p.id from test_reports p where p.superseded_by_id = r.id
                    order by p.id limit 1) as supersedes_id,
                  r.readings, r.rule_results, r.repairs, r.replacement, r.remarks,
                  r.line_pressure_psi, r.record, r.created_at, r.updated_at
             from test_reports r
             join assemblies a on a.id = r.assembly_id
             join locations l on l.id = a.location_id
             left join users f on f.id = r.filed_by_id
             left join staff_accounts s on s.id = r.decided_by_id
             ${where.text}
            order by ${SORTS[page.sort] ?? SORTS.filedAt} ${direction}, r.id ${direction}
            limit :limit offset :offset`,
    params: { ...where.params, limit: page.limit, offset: page.offset },
  });
  const [count] = await queryComposed<{ total: number }>(em, 'test-reports-count', {
    text: `select count(*)::int as total
             from test_reports r join assemblies a on a.id = r.assembly_id ${where.text}`,
    params: where.params,
  });
  return { rows, total: count?.total ?? 0 };
}

export interface HistoryRow {
  action: string;
  state: string | null;
  reason: string;
  by: string;
  at: Date;
}

// audit_log_entity_idx
const REPORT_HISTORY = sql<{ id: string }>(
  'test-report-history',
  `select action, after->>'state' as state, coalesce(after->>'reason', '') as reason,
          staff_email as by, created_at as at
     from audit_log
    where entity_type = 'test_report' and entity_id = :id
    order by created_at, id`,
);

/** What was done to a report, oldest first: filed, decided, reset, filed again. */
export function reportHistory(em: EntityManager, id: number): Promise<HistoryRow[]> {
  return query<HistoryRow, { id: string }>(em, REPORT_HISTORY, { id: String(id) });
}

export type DecisionClaim = {
  id: number;
  expected: TTestReportState;
  state: TTestReportState;
  reason: string;
  decidedBy: number | null;
  /** A return's link (its sha256 and end); null clears any earlier one. */
  tokenHash: string | null;
  expiresAt: Date | null;
};

/**
 * Claims the report for a decision: only from the state it was read in, and never once filed
 * again; no row when someone decided it meanwhile. A reset (pending) clears who and when.
 */
const CLAIM_DECISION = sql<DecisionClaim>(
  'test-report-claim-decision',
  `update test_reports
      set state = :state, reason = :reason, decided_by_id = :decidedBy,
          decided_at = case when :state = 'pending' then null else now() end,
          return_token_hash = :tokenHash, return_expires_at = :expiresAt, updated_at = now()
    where id = :id and state = :expected and superseded_by_id is null
   returning id`,
);

export async function claimDecision(em: EntityManager, claim: DecisionClaim): Promise<boolean> {
  return (await query<{ id: number }, DecisionClaim>(em, CLAIM_DECISION, claim)).length > 0;
}

export interface ReturnedRow {
  id: number;
  organization_id: number;
  organization_name: string;
  assembly_ref: number;
  assembly_id: string;
  assembly_type: TAssemblyType;
  address: string;
  reason: string;
  decided_at: Date | null;
  return_expires_at: Date;
  tester_id: number | null;
  filed_by_id: number | null;
  certification_id: number | null;
  test_kit_id: number | null;
  kind: TTestReportKind;
  test_date: string;
  readings: Record<string, unknown>;
  repairs: TRepair[];
  replacement: TNameplate | null;
  remarks: string;
  line_pressure_psi: number | null;
}

// test_reports_return_token_unique: a link opens its own report while it is returned, not yet
// filed again, and not expired.
const RETURNED_BY_TOKEN = sql<{ tokenHash: string }>(
  'test-report-returned-by-token',
  `select r.id, r.organization_id, o.name as organization_name, r.assembly_id as assembly_ref,
          a.assembly_id, a.type as assembly_type,
          concat_ws(', ', nullif(l.address1, ''), nullif(l.city, '')) as address, r.reason,
          r.decided_at, r.return_expires_at, r.tester_id, r.filed_by_id, r.certification_id,
          r.test_kit_id, r.kind, to_char(r.test_date, 'YYYY-MM-DD') as test_date, r.readings,
          r.repairs, r.replacement, r.remarks, r.line_pressure_psi
     from test_reports r
     join organizations o on o.id = r.organization_id
     join assemblies a on a.id = r.assembly_id
     join locations l on l.id = a.location_id
    where r.return_token_hash = :tokenHash and r.state = 'returned'
      and r.superseded_by_id is null and r.return_expires_at > now()`,
);

export async function returnedByToken(
  em: EntityManager,
  params: { tokenHash: string },
): Promise<ReturnedRow | null> {
  const [row] = await query<ReturnedRow, typeof params>(em, RETURNED_BY_TOKEN, params);
  return row ?? null;
}

type SupersedeClaim = { tokenHash: string; supersededBy: number };

/** Uses a returned report's link up for the report filed in its place; no row when it cannot. */
const CLAIM_RETURN_LINK = sql<SupersedeClaim>(
  'test-report-claim-return-link',
  `update test_reports
      set superseded_by_id = :supersededBy, return_token_hash = null, updated_at = now()
    where return_token_hash = :tokenHash and state = 'returned'
      and superseded_by_id is null and return_expires_at > now()
   returning id`,
);

export async function claimReturnLink(em: EntityManager, claim: SupersedeClaim): Promise<boolean> {
  return (await query<{ id: number }, SupersedeClaim>(em, CLAIM_RETURN_LINK, claim)).length > 0;
}

export interface ReturnAddresseeRow {
  first_name: string;
  email: string;
  language: string | null;
  organization_name: string;
}

/** The tester a returned report goes back to, the language they registered in, and for whom. */
const RETURN_ADDRESSEE = sql<{ id: number }>(
  'test-report-return-addressee',
  `select u.first_name, u.email, g.language, o.name as organization_name
     from test_reports r
     join users u on u.id = r.tester_id
     join organizations o on o.id = r.organization_id
     left join registrations g on g.id = r.registration_id
    where r.id = :id`,
);

export async function returnAddressee(
  em: EntityManager,
  id: number,
): Promise<ReturnAddresseeRow | null> {
  const [row] = await query<ReturnAddresseeRow, { id: number }>(em, RETURN_ADDRESSEE, { id });
  return row ?? null;
}

// test_reports_assembly_idx
const LATEST_ACCEPTED = sql<{ assemblyRef: number; exceptId: number }>(
  'test-report-latest-accepted',
  `select to_char(test_date, 'YYYY-MM-DD') as test_date, result
     from test_reports
    where assembly_id = :assemblyRef and state = 'accepted' and id <> :exceptId
    order by test_date desc, id desc
    limit 1`,
);

/** The assembly's latest accepted test but the one named, if any. */
export async function latestAcceptedTest(
  em: EntityManager,
  params: { assemblyRef: number; exceptId: number },
): Promise<{ test_date: string; result: 'pass' | 'fail' } | null> {
  const [row] = await query<{ test_date: string; result: 'pass' | 'fail' }, typeof params>(
    em,
    LATEST_ACCEPTED,
    params,
  );
  return row ?? null;
}
