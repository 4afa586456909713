import { z } from 'zod';
import { ZNameplate } from './assemblies.js';
import { ZId } from './staff.js';

// A test report as a tester files it from the field (the test form, on the phone, and the
// server alike): which assembly, who tested with which certification and kit, on which day, what
// kind of test, the readings, the repairs, the remarks and the tester's attestation. The readings'
// own rules (which ones each type asks, pass or fail) are in test-readings.ts; the checks against
// the record as of the test date in test-report-checks.ts.

/** An initial test; a repair and the retest after it; the assembly replaced and the new one tested. */
export const TEST_REPORT_KINDS = ['initial', 'repair', 'replacement'] as const;
export type TTestReportKind = (typeof TEST_REPORT_KINDS)[number];

/**
 * Accepted (at once when clean, or by a Reviewer), waiting in the organization's queue, rejected
 * with a reason, or returned to the tester to correct and file again.
 */
export const TEST_REPORT_STATES = ['accepted', 'pending', 'rejected', 'returned'] as const;
export type TTestReportState = (typeof TEST_REPORT_STATES)[number];

/** What a repair did to a part of a valve. */
export const REPAIR_ACTIONS = ['cleaned', 'replaced'] as const;
export type TRepairAction = (typeof REPAIR_ACTIONS)[number];

export const TEST_REPORT_LIMITS = {
  remarks: 2000,
  part: 100,
  repairs: 40,
  /** A line pressure above it is not a water service's (psi). */
  linePressure: 300,
} as const;

/** The answer's code when the record as of the test date refuses the report (422). */
export const TEST_REPORT_REFUSED = 'TEST_REPORT_REFUSED';

export const TEST_REPORT_MESSAGES = {
  keyInvalid: 'This report has no key: please start it again from the test form.',
  kindInvalid: 'Please choose the kind of test: initial, repair and retest, or replacement.',
  attestationRequired:
    'Please confirm that you performed this test and that the readings are true.',
  repairsRequired: 'Please list the parts cleaned or replaced in the repair.',
  repairInvalid: 'Please name each part and say whether it was cleaned or replaced.',
  replacementRequired: "Please enter the new assembly's serial, make, model and size.",
  remarksTooLong: `Please keep the remarks under ${TEST_REPORT_LIMITS.remarks} characters.`,
  linePressureInvalid: `Please enter the line pressure in psi, a whole number from 0 to ${TEST_REPORT_LIMITS.linePressure}.`,
  readingsIncomplete: 'Please enter every reading the test asks for.',
  notFound: 'Test report not found.',
  keyReused: 'This report key was already used for another report: please start a new report.',
  notRegistered:
    'You can file tests only for assemblies of organizations you are registered with as an active tester.',
  testerNotYours: 'You can file tests only for yourself, or for the testers of your company.',
  adminsMayNotFile: '{organization} accepts test reports only from the tester who tested.',
  certificationNotYours: 'Please choose one of the certifications of the tester who tested.',
  kitNotYours: "Please choose one of your company's test kits registered with this organization.",
} as const;

const ZRepair = z.object(
  {
    /** The valve or device the part belongs to (a reading group of the type: check1, relief …). */
    valve: z.string({ error: TEST_REPORT_MESSAGES.repairInvalid }).trim().min(1).max(40),
    part: z
      .string({ error: TEST_REPORT_MESSAGES.repairInvalid })
      .trim()
      .min(1, TEST_REPORT_MESSAGES.repairInvalid)
      .max(TEST_REPORT_LIMITS.part, TEST_REPORT_MESSAGES.repairInvalid),
    action: z.enum(REPAIR_ACTIONS, { error: TEST_REPORT_MESSAGES.repairInvalid }),
  },
  { error: TEST_REPORT_MESSAGES.repairInvalid },
);
export type TRepair = z.output<typeof ZRepair>;

/**
 * A report as filed. The readings are checked by the assembly's type once the assembly is known
 * (test-readings.ts); the test date against the record as of that day (test-report-checks.ts).
 */
export const ZTestReportFiling = z
  .object({
    /** Made on the device when the report is started; a resend carries the same one. */
    key: z.uuid({ error: TEST_REPORT_MESSAGES.keyInvalid }),
    assemblyId: ZId,
    /** The tester who tested (a company admin files for one of the company's testers). */
    testerId: ZId,
    certificationId: ZId,
    testKitId: ZId,
    kind: z.enum(TEST_REPORT_KINDS, { error: TEST_REPORT_MESSAGES.kindInvalid }),
    testDate: z.string().trim(),
    readings: z.record(z.string(), z.unknown()),
    repairs: z
      .array(ZRepair, { error: TEST_REPORT_MESSAGES.repairInvalid })
      .max(TEST_REPORT_LIMITS.repairs, TEST_REPORT_MESSAGES.repairInvalid)
      .optional()
      .default([]),
    /** The new assembly's nameplate (replacement). */
    replacement: ZNameplate.nullable().optional().default(null),
    /**
     * The nameplate as the tester found it, where it differs from the one on file: proposed to
     * the organization as a correction (assembly-corrections.ts), the report waiting beside it.
     */
    foundNameplate: ZNameplate.nullable().optional().default(null),
    remarks: z
      .string()
      .trim()
      .max(TEST_REPORT_LIMITS.remarks, TEST_REPORT_MESSAGES.remarksTooLong)
      .optional()
      .default(''),
    linePressurePsi: z.coerce
      .number({ error: TEST_REPORT_MESSAGES.linePressureInvalid })
      .int(TEST_REPORT_MESSAGES.linePressureInvalid)
      .min(0, TEST_REPORT_MESSAGES.linePressureInvalid)
      .max(TEST_REPORT_LIMITS.linePressure, TEST_REPORT_MESSAGES.linePressureInvalid)
      .nullable()
      .optional()
      .default(null),
    attestation: z.literal(true, { error: TEST_REPORT_MESSAGES.attestationRequired }),
    /** Filing again a report returned to the tester: its personal link's token (used once). */
    returnToken: z.string().trim().max(100).optional(),
  })
  .superRefine((report, context) => {
    if (report.kind === 'repair' && report.repairs.length === 0) {
      context.addIssue({
        code: 'custom',
        path: ['repairs'],
        message: TEST_REPORT_MESSAGES.repairsRequired,
      });
    }
    if (report.kind === 'replacement' && !report.replacement?.serial) {
      context.addIssue({
        code: 'custom',
        path: ['replacement'],
        message: TEST_REPORT_MESSAGES.replacementRequired,
      });
    }
  });
export type TTestReportFiling = z.output<typeof ZTestReportFiling>;

// The organization's decisions on a report waiting in its queue (the console's review).

/**
 * Accept (the test goes on the assembly's record), reject with a reason, return to the tester
 * to correct and file again (with a reason, by a personal link), or reset a decision to pending.
 */
export const TEST_REPORT_DECISIONS = ['accept', 'reject', 'return', 'reset'] as const;
export type TTestReportDecisionKind = (typeof TEST_REPORT_DECISIONS)[number];

export const TEST_REPORT_DECISION_MESSAGES = {
  decisionInvalid: 'Please accept, reject or return the report, or reset its decision.',
  rejectReasonRequired: 'Please say why the report is rejected.',
  returnReasonRequired: 'Please say what the tester should correct.',
  reasonTooLong: `Please keep the reason under ${TEST_REPORT_LIMITS.remarks} characters.`,
  decided: 'This report was decided meanwhile: please read it again.',
  notDecided: 'This report waits for a decision: there is nothing to reset.',
  superseded: 'This report was filed again by the tester: please decide the new report.',
  returnLinkInvalid:
    'This link to correct a returned report no longer works: it has expired, was used, or the report was decided again.',
  returnLinkOtherAssembly: 'This link corrects a report of another assembly.',
  returnLinkNotYours: 'This link corrects a report filed by someone else.',
} as const;

export const ZTestReportDecision = z
  .object({
    decision: z.enum(TEST_REPORT_DECISIONS, {
      error: TEST_REPORT_DECISION_MESSAGES.decisionInvalid,
    }),
    reason: z
      .string()
      .trim()
      .max(TEST_REPORT_LIMITS.remarks, TEST_REPORT_DECISION_MESSAGES.reasonTooLong)
      .optional()
      .default(''),
  })
  .superRefine((decision, context) => {
    const required = {
      reject: TEST_REPORT_DECISION_MESSAGES.rejectReasonRequired,
      return: TEST_REPORT_DECISION_MESSAGES.returnReasonRequired,
    } as Partial<Record<TTestReportDecisionKind, string>>;
    const message = required[decision.decision];
    if (message && !decision.reason) {
      context.addIssue({ code: 'custom', path: ['reason'], message });
    }
  });
export type TTestReportDecision = z.output<typeof ZTestReportDecision>;
