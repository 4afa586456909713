import type { EntityManager } from '@mikro-orm/postgresql';
import { DEFAULT_TESTING_RULES, type TTestingRules } from '../../../../shared/assembly-due.js';
import { STAFF_MESSAGES } from '../../../../shared/staff.js';
import type { TTestingRulesRecord } from '../../../../shared/testing-rules.js';
import { Organization } from '../../db/entities/index.js';
import { AppError } from '../../errors.js';
import { refreshCompliance } from '../assembly-compliance/service.js';
import { type Actor, recordAudit } from '../audit/service.js';
import {
  setDueDates,
  setTestingRules,
  testedAssembliesAfter,
  testingRulesForShare,
} from './queries.js';
import { dueOf } from './service.js';

// An organization's testing rules (its Program managers', the provider's Editors'): a change
// computes again, in its own transaction, the next test due of every assembly with a test on
// file, from the due date that test counted for, so an anniversary stays an anniversary, and
// every assembly's compliance status with them.

const BATCH = 1_000;

const recordOf = (
  organizationId: number,
  rules: TTestingRules,
  recomputed: number,
): TTestingRulesRecord => ({
  id: organizationId,
  intervalMonths: rules.intervalMonths,
  mode: rules.mode,
  season: rules.season,
  earlyDays: rules.earlyDays,
  endOfMonth: rules.endOfMonth,
  noticeDays: rules.noticeDays,
  retestDays: rules.retestDays,
  recomputed,
});

export async function getTestingRules(
  em: EntityManager,
  organizationId: number,
): Promise<TTestingRulesRecord> {
  const organization = await em.findOne(
    Organization,
    { id: organizationId },
    { fields: ['testingRules'] },
  );
  if (!organization) throw AppError.notFound(STAFF_MESSAGES.orgNotFound);
  return recordOf(organizationId, organization.testingRules ?? DEFAULT_TESTING_RULES, 0);
}

/** Saves the rules and computes every tested assembly's due date again, all or nothing. */
export async function updateTestingRules(
  em: EntityManager,
  actor: Actor,
  organizationId: number,
  rules: TTestingRules,
): Promise<TTestingRulesRecord> {
  const recomputed = await em.transactional(async (tx) => {
    const before = await testingRulesForShare(tx, { organizationId });
    if (!before) throw AppError.notFound(STAFF_MESSAGES.orgNotFound);
    if (JSON.stringify(before) === JSON.stringify(rules)) return 0;
    await setTestingRules(tx, { organizationId, rules });
    let changed = 0;
    for (let afterId = 0; ; ) {
      const batch = await testedAssembliesAfter(tx, { organizationId, afterId, limit: BATCH });
      const dues: { id: number; due: string }[] = [];
      for (const row of batch) {
        const due = dueOf(rules, {
          hazard: row.hazard,
          lastTestedOn: row.last_tested_on,
          lastResult: row.last_result,
          lastTestDueOn: row.last_test_due_on,
          installedOn: null,
          nextDueOn: row.next_due_on,
        });
        if (due !== null && due !== row.next_due_on) dues.push({ id: row.id, due });
      }
      await setDueDates(tx, { dues });
      changed += dues.length;
      const last = batch.at(-1);
      if (!last || batch.length < BATCH) break;
      afterId = last.id;
    }
    await refreshCompliance(tx, { organizationId, reason: 'rules_changed', rules });
    recordAudit(tx, actor, {
      action: 'update',
      entityType: 'organization',
      entityId: organizationId,
      organizationId,
      before: { testingRules: before },
      after: { testingRules: rules, dueDatesComputedAgain: changed },
    });
    return changed;
  });
  return { ...(await getTestingRules(em, organizationId)), recomputed };
}
