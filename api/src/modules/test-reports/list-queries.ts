import type { EntityManager } from '@mikro-orm/postgresql';
import type {
  TRepair,
  TTestReportKind,
  TTestReportState,
} from '../../../../shared/test-reports.js';
import type { TTestReportRecord } from '../../db/entities/index.js';
import { query, sql } from '../../db/sql.js';

// Filed reports read back: the ones a person tested or filed (My registrations' list), and one
// report whole, as its PDF prints it.

/** An instant as ISO 8601 text in UTC (milliseconds), as the answers write it. */
const instant = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export interface PersonReportRow {
  id: number;
  key: string;
  kind: TTestReportKind;
  state: TTestReportState;
  result: 'pass' | 'fail';
  assembly_number: string;
  assembly_ref: number;
  address: string;
  organization_id: number;
  organization_name: string;
  tester_name: string;
  test_date: string;
  filed_at: string;
  reason: string;
  replaces: { id: number; filedAt: string; reason: string | null } | null;
}

/**
 * A report of the person's that was returned and filed again is theirs to see as the report filed
 * again (that one names it); where the new one is someone else's, the returned one stays listed.
 */
const LISTED = `(p.superseded_by_id is null or not exists (
                      select 1 from test_reports n where n.id = p.superseded_by_id
                         and (n.tester_id = :userId or n.filed_by_id = :userId)))`;

// Each side by its own index (test_reports_tester_idx, test_reports_filed_by_idx), newest first.
const PERSON_REPORTS = sql<{ userId: number; before: number | null; limit: number }>(
  'test-reports-of-person',
  `select r.id, r.key, r.kind, r.state, r.result,
          r.record->'assembly'->>'assemblyId' as assembly_number, r.assembly_id as assembly_ref,
          r.record->'location'->>'address' as address, r.organization_id,
          o.name as organization_name, r.record->'tester'->>'name' as tester_name,
          to_char(r.test_date, 'YYYY-MM-DD') as test_date, ${instant('r.filed_at')} as filed_at,
          r.reason,
          (select json_build_object('id', e.id, 'filedAt', ${instant('e.filed_at')},
                                    'reason', nullif(e.reason, ''))
             from test_reports e
            where e.superseded_by_id = r.id and (e.tester_id = :userId or e.filed_by_id = :userId)
            order by e.id desc limit 1) as replaces
     from test_reports r
     join organizations o on o.id = r.organization_id
    where r.id in ((select p.id from test_reports p
                     where p.tester_id = :userId and (:before::int is null or p.id < :before::int)
                       and ${LISTED}
                     order by p.id desc limit :limit)
                   union
                   (select p.id from test_reports p
                     where p.filed_by_id = :userId and (:before::int is null or p.id < :before::int)
                       and ${LISTED}
                     order by p.id desc limit :limit))
    order by r.id desc
    limit :limit`,
);

/** Up to `limit` reports the person tested or filed (ids below `before`, if given), newest first. */
export function reportsOfPerson(
  em: EntityManager,
  params: { userId: number; before: number | null; limit: number },
): Promise<PersonReportRow[]> {
  return query<PersonReportRow, typeof params>(em, PERSON_REPORTS, params);
}

export interface ReportSheetRow {
  id: number;
  organization_id: number;
  organization_name: string;
  tester_id: number | null;
  filed_by_id: number | null;
  filer_name: string | null;
  kind: TTestReportKind;
  test_date: string;
  readings: Record<string, unknown>;
  repairs: TRepair[];
  replacement: { serial: string; make: string; model: string; sizeInches: number | null } | null;
  remarks: string;
  line_pressure_psi: number | null;
  result: 'pass' | 'fail';
  rule_results: { rule: string; outcome: string; params: Record<string, string> }[];
  record: TTestReportRecord;
  state: TTestReportState;
  auto_accepted: boolean;
  reason: string;
  filed_at: string;
  decided_at: string | null;
  /** The reader's own registration language with the report's organization (account side). */
  reader_language: string | null;
}

const REPORT_SHEET = sql<{ id: number; readerId: number | null }>(
  'test-report-sheet',
  `select r.id, r.organization_id, o.name as organization_name, r.tester_id, r.filed_by_id,
          nullif(concat_ws(' ', f.first_name, f.last_name), '') as filer_name, r.kind,
          to_char(r.test_date, 'YYYY-MM-DD') as test_date, r.readings, r.repairs, r.replacement,
          r.remarks, r.line_pressure_psi, r.result, r.rule_results, r.record, r.state,
          r.auto_accepted, r.reason, ${instant('r.filed_at')} as filed_at,
          ${instant('r.decided_at')} as decided_at,
          (select g.language from registrations g
            where g.organization_id = r.organization_id and g.user_id = :readerId) as reader_language
     from test_reports r
     join organizations o on o.id = r.organization_id
     left join users f on f.id = r.filed_by_id
    where r.id = :id`,
);

/** One report whole, and the language of `readerId`'s registration with its organization. */
export async function reportSheet(
  em: EntityManager,
  params: { id: number; readerId: number | null },
): Promise<ReportSheetRow | null> {
  const [row] = await query<ReportSheetRow, typeof params>(em, REPORT_SHEET, params);
  return row ?? null;
}
