import type { EntityManager } from '@mikro-orm/postgresql';
import { STAFF_MESSAGES } from '../../../../shared/staff.js';
import {
  settingsRecordOf,
  storedSettingsOf,
  type TTestReportSettingsRecord,
  type TTestReportSettingsRequest,
  testReportSettingsOf,
} from '../../../../shared/test-report-settings.js';
import { AppError } from '../../errors.js';
import { type Actor, recordAudit } from '../audit/service.js';
import { setStoredRules, storedRules, storedRulesForUpdate } from './settings-queries.js';

// An organization's rules for the test reports filed with it (its Program managers', the
// provider's Editors'): the filing window, whether admins file for their testers, the
// thresholds. A report filed after a change is checked by the new rules; one filed before keeps
// the result it was filed with.

export async function getTestReportRules(
  em: EntityManager,
  organizationId: number,
): Promise<TTestReportSettingsRecord> {
  const stored = await storedRules(em, organizationId);
  if (stored === undefined) throw AppError.notFound(STAFF_MESSAGES.orgNotFound);
  return settingsRecordOf(organizationId, stored);
}

export async function updateTestReportRules(
  em: EntityManager,
  actor: Actor,
  organizationId: number,
  request: TTestReportSettingsRequest,
): Promise<TTestReportSettingsRecord> {
  const next = storedSettingsOf(request);
  await em.transactional(async (tx) => {
    const before = await storedRulesForUpdate(tx, organizationId);
    if (before === undefined) throw AppError.notFound(STAFF_MESSAGES.orgNotFound);
    const same =
      JSON.stringify(testReportSettingsOf(before)) === JSON.stringify(testReportSettingsOf(next));
    if (same) return;
    await setStoredRules(tx, { organizationId, rules: JSON.stringify(next) });
    recordAudit(tx, actor, {
      action: 'update',
      entityType: 'organization',
      entityId: organizationId,
      organizationId,
      before: { testReportRules: testReportSettingsOf(before) },
      after: { testReportRules: testReportSettingsOf(next) },
    });
  });
  return getTestReportRules(em, organizationId);
}
