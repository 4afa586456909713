import { z } from 'zod';
import type { TAssemblyStatus, TTestResult } from './assemblies.js';
import type { TTestingRules } from './assembly-due.js';
import { addDays } from './program-zone.js';

// Each assembly's compliance status on a day (program-zone days, YYYY-MM-DD), from its test on
// file and the organization's testing rules: one rule for the server's writes (a report
// accepted, the rules changed, the night's run) and for any page that shows it.

export const COMPLIANCE_STATUSES = ['compliant', 'due', 'overdue', 'failed', 'unknown'] as const;
export type TComplianceStatus = (typeof COMPLIANCE_STATUSES)[number];

export const COMPLIANCE_STATUS_LABELS: Record<TComplianceStatus, string> = {
  compliant: 'Compliant',
  due: 'Due',
  overdue: 'Overdue',
  failed: 'Failed',
  unknown: 'Unknown',
};

export const COMPLIANCE_MESSAGES = {
  changeNotFound: 'Status change not found.',
} as const;

/** Why a status changed, as its history records it. */
export const COMPLIANCE_CHANGE_REASONS = [
  'assembly_added',
  'record_changed',
  'test_passed',
  'test_failed',
  'rules_changed',
  'notice_window_reached',
  'became_overdue',
  'retest_date_passed',
  'status_computed',
  'imported',
] as const;
export type TComplianceChangeReason = (typeof COMPLIANCE_CHANGE_REASONS)[number];

export const COMPLIANCE_CHANGE_REASON_LABELS: Record<TComplianceChangeReason, string> = {
  assembly_added: 'Assembly added',
  record_changed: "Assembly's record changed",
  test_passed: 'Passing test accepted',
  test_failed: 'Failed test accepted',
  rules_changed: 'Testing rules changed',
  notice_window_reached: 'Notice window reached',
  became_overdue: 'Became overdue',
  retest_date_passed: 'Retest date passed',
  status_computed: 'Status computed',
  imported: 'Imported from a spreadsheet',
};

/** The first notice's default: an assembly is Due this many days before its due date. */
export const DEFAULT_NOTICE_DAYS = 60;
/** A failed assembly's retest is due this many days after the failed test. */
export const DEFAULT_RETEST_DAYS = 30;
export const MAX_NOTICE_DAYS = 365;
export const MAX_RETEST_DAYS = 365;

export interface TComplianceInput {
  status: TAssemblyStatus;
  lastTestedOn: string | null;
  /** null with a test on file (the utility's own record): counted as passed, as due dates are. */
  lastResult: TTestResult | null;
  /** Computed from the test on file by the organization's rules (shared/assembly-due.ts). */
  nextDueOn: string | null;
}

export interface TCompliance {
  /** null: out of service (removed or replaced), no status. */
  status: TComplianceStatus | null;
  /** After a failed test, the last day of its retest. */
  retestBy: string | null;
}

/**
 * An assembly's status on a day. Out of service: none. No test on file: Unknown. A failed last
 * test: Failed through its retest date (the test's day plus the retest days), Overdue after it.
 * Else by the due date: Overdue the day after it, Due from the notice window's first day
 * (noticeDays before it) through the due date itself, Compliant before.
 */
export function assemblyCompliance(
  rules: Pick<TTestingRules, 'noticeDays' | 'retestDays'>,
  assembly: TComplianceInput,
  today: string,
): TCompliance {
  if (assembly.status !== 'active') return { status: null, retestBy: null };
  if (assembly.lastTestedOn === null) return { status: 'unknown', retestBy: null };
  if (assembly.lastResult === 'fail') {
    const retestBy = addDays(assembly.lastTestedOn, rules.retestDays);
    return { status: today <= retestBy ? 'failed' : 'overdue', retestBy };
  }
  const due = assembly.nextDueOn;
  if (due === null) return { status: 'unknown', retestBy: null };
  if (today > due) return { status: 'overdue', retestBy: null };
  return { status: today >= addDays(due, -rules.noticeDays) ? 'due' : 'compliant', retestBy: null };
}

/** Why the night's run (a day passing, nothing else) changed a status. */
export function reasonOfDayPassing(
  from: TComplianceStatus | null,
  to: TComplianceStatus | null,
): TComplianceChangeReason {
  if (from === null) return 'status_computed';
  if (to === 'due') return 'notice_window_reached';
  if (to === 'overdue') return from === 'failed' ? 'retest_date_passed' : 'became_overdue';
  return 'status_computed';
}

/** A change of an assembly's status as the console lists it (its page's history). */
export const ZComplianceChangeRecord = z.object({
  id: z.number().int(),
  assemblyId: z.number().int(),
  organizationId: z.number().int(),
  changedAt: z.string(),
  onDay: z.string(),
  fromStatus: z.enum(COMPLIANCE_STATUSES).nullable(),
  toStatus: z.enum(COMPLIANCE_STATUSES).nullable(),
  retestBy: z.string().nullable(),
  reason: z.enum(COMPLIANCE_CHANGE_REASONS),
});
export type TComplianceChangeRecord = z.infer<typeof ZComplianceChangeRecord>;
