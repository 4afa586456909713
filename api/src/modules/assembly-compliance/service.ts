import type { EntityManager } from '@mikro-orm/postgresql';
import {
  assemblyCompliance,
  reasonOfDayPassing,
  type TComplianceChangeReason,
} from '../../../../shared/assembly-compliance.js';
import { DEFAULT_TESTING_RULES, type TTestingRules } from '../../../../shared/assembly-due.js';
import { todayInProgramZone } from '../../../../shared/program-zone.js';
import type { StatementRunner } from '../../db/sql.js';
import { testingRulesForShare } from '../inventory/queries.js';
import { assemblyComplianceChanged } from '../webhooks/payloads.js';
import {
  applyComplianceChanges,
  type ComplianceCandidateRow,
  type ComplianceChange,
  complianceCandidates,
  organizationsWithAssemblies,
} from './queries.js';

// Every assembly's compliance status is decided by shared/assembly-compliance.ts alone: each
// write that can change it (a report accepted, the record or the rules changed) and the night's
// run read the rows, apply the rule and write what changed, with its history entry and its
// webhook event, in the same transaction.

export interface ComplianceRefresh {
  organizationId: number;
  /** Only these assemblies (a report accepted, a record changed); none: the whole organization. */
  assemblyIds?: number[];
  /** What caused it; none: a day passing (the night's run), each reason told by its change. */
  reason?: TComplianceChangeReason;
  /** The program-zone day; today by default. */
  today?: string;
  /** The rules to apply; by default the organization's, held until the transaction ends. */
  rules?: TTestingRules;
}

/** Assemblies a whole organization's refresh reads and writes at a time. */
const BATCH = 1_000;

/**
 * Decides the status of the organization's assemblies (or of some) and writes each change, in
 * the caller's transaction; answers how many changed. Run twice on a day, the second changes
 * nothing. A whole organization is read a batch at a time, so its size never sits in memory.
 */
export async function refreshCompliance(
  tx: EntityManager | StatementRunner,
  refresh: ComplianceRefresh,
): Promise<number> {
  const { organizationId, assemblyIds } = refresh;
  const today = refresh.today ?? todayInProgramZone();
  const rules =
    refresh.rules ?? (await testingRulesForShare(tx, { organizationId })) ?? DEFAULT_TESTING_RULES;
  if (assemblyIds) {
    const rows = await complianceCandidates(tx, { organizationId, ids: assemblyIds });
    return refreshRows(tx, refresh, rules, today, rows);
  }
  let changed = 0;
  for (let afterId = 0; ; ) {
    const rows = await complianceCandidates(tx, { organizationId, afterId, limit: BATCH });
    changed += await refreshRows(tx, refresh, rules, today, rows);
    const last = rows.at(-1);
    if (!last || rows.length < BATCH) return changed;
    afterId = last.id;
  }
}

/** The rule applied to rows as read, and what changed written. */
async function refreshRows(
  tx: EntityManager | StatementRunner,
  refresh: ComplianceRefresh,
  rules: TTestingRules,
  today: string,
  rows: ComplianceCandidateRow[],
): Promise<number> {
  const { organizationId } = refresh;
  const changes: ComplianceChange[] = [];
  const events = [];
  for (const row of rows) {
    const decided = assemblyCompliance(
      rules,
      {
        status: row.status,
        lastTestedOn: row.last_tested_on,
        lastResult: row.last_result,
        nextDueOn: row.next_due_on,
      },
      today,
    );
    if (decided.status === row.compliance_status && decided.retestBy === row.retest_by) continue;
    const reason = refresh.reason ?? reasonOfDayPassing(row.compliance_status, decided.status);
    changes.push({
      id: row.id,
      version: row.version,
      from: row.compliance_status,
      to: decided.status,
      retestBy: decided.retestBy,
      reason,
    });
    events.push(
      assemblyComplianceChanged({
        id: row.id,
        organization_id: organizationId,
        location_id: row.location_id,
        assembly_number: row.assembly_id,
        type: row.type,
        compliance_status: decided.status,
        previous_compliance_status: row.compliance_status,
        retest_by: decided.retestBy,
        next_due_on: row.next_due_on,
        reason,
        on_day: today,
        version: row.version,
      }),
    );
  }
  return applyComplianceChanges(tx, { organizationId, today, changes, events });
}

/**
 * The night's run: every organization's assemblies on the program-zone day, each organization
 * in its own transaction (its changes, history and events together), so a crash leaves whole
 * organizations done and a rerun finishes the rest; several runs at once write each change once.
 */
export async function runComplianceNight(
  em: EntityManager,
  options: { today?: string } = {},
): Promise<{ organizations: number; changed: number }> {
  const today = options.today ?? todayInProgramZone();
  const organizations = await organizationsWithAssemblies(em);
  let changed = 0;
  for (const { id } of organizations) {
    changed += await em
      .fork()
      .transactional((tx) => refreshCompliance(tx, { organizationId: id, today }));
  }
  return { organizations: organizations.length, changed };
}
