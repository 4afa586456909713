import { z } from 'zod';
import { ASSEMBLY_TYPES } from './assemblies.js';
import { ACCOUNT_PATH, TEST_FORM_PATH } from './site-routes.js';
import { READING_FIELD_KINDS, type TReadingField } from './test-readings.js';
import { formatInches, formatTenths } from './test-readings-units.js';
import { REPAIR_ACTIONS, TEST_REPORT_KINDS, TEST_REPORT_STATES } from './test-reports.js';

// A filed report as the organization reviews it (the console's test-reports resource), and a
// returned report as its personal link opens it again for the tester to correct and file.

/** How long a returned report's personal link works. */
export const TEST_REPORT_RETURN_DAYS = 30;

/**
 * What a returned report's link adds to the test form's address: the token after `#return=`, so
 * it never reaches a server's log or another site's Referer.
 */
export const RETURN_LINK_HASH = '#return=';

/** A returned report's personal link, under My registrations' address (publicUrl + /account). */
export function returnedReportLink(accountUrl: string, token: string, language: string): string {
  const testForm = TEST_FORM_PATH.slice(ACCOUNT_PATH.length);
  return `${accountUrl}${testForm}?lang=${language}${RETURN_LINK_HASH}${token}`;
}

/**
 * The readings as the test form types them (psid and inches as text, answers as true/false,
 * "notOpened"), from the whole tenths and hundredths the server keeps.
 */
export function readingsAsTyped(
  readings: Record<string, unknown>,
): Record<string, string | boolean> {
  const typed: Record<string, string | boolean> = {};
  for (const [field, value] of Object.entries(readings)) {
    const kind = READING_FIELD_KINDS[field as TReadingField];
    if (kind === undefined || value === null || value === undefined) continue;
    if (typeof value === 'boolean' || typeof value === 'string') typed[field] = value;
    else if (typeof value === 'number') {
      typed[field] =
        kind === 'inches' || kind === 'diameter' ? formatInches(value) : formatTenths(value);
    }
  }
  return typed;
}

const ZTypedReadings = z.record(z.string(), z.union([z.string(), z.boolean()]));
const ZRepairRecord = z.object({
  valve: z.string(),
  part: z.string(),
  action: z.enum(REPAIR_ACTIONS),
});
const ZNameplateRecord = z.object({
  serial: z.string(),
  make: z.string(),
  model: z.string(),
  sizeInches: z.number().nullable(),
});

/** What stood on file when the report was filed (the entity's TTestReportRecord). */
export const ZTestReportSnapshot = z.object({
  tester: z.object({ name: z.string(), email: z.string() }),
  certification: z.object({
    number: z.string(),
    agency: z.string(),
    type: z.string(),
    expiresOn: z.string(),
  }),
  kit: z.object({
    serial: z.string(),
    manufacturer: z.string(),
    model: z.string(),
    calibratedOn: z.string(),
    dueOn: z.string().nullable(),
  }),
  assembly: ZNameplateRecord.extend({
    assemblyId: z.string(),
    type: z.string(),
    hazard: z.string(),
    placement: z.string(),
  }),
  location: z.object({ accountNumber: z.string(), name: z.string(), address: z.string() }),
  company: z.object({ name: z.string() }).nullable(),
});

/** Each rule a reading was held to, as the shared rules computed it on filing. */
export const ZRuleResult = z.object({
  rule: z.string(),
  outcome: z.enum(['pass', 'fail', 'missing']),
  params: z.record(z.string(), z.string()),
});
export type TRuleResult = z.infer<typeof ZRuleResult>;

/** One entry of a report's history: filed, decided, reset, filed again. */
export const ZTestReportHistoryEntry = z.object({
  action: z.string(),
  state: z.string().nullable(),
  reason: z.string(),
  by: z.string(),
  at: z.string(),
});

export const ZTestReportReviewRecord = z.object({
  id: z.number().int(),
  organizationId: z.number().int(),
  /** The assembly on file (its database id) and the utility's assembly ID. */
  assemblyRef: z.number().int(),
  assemblyId: z.string(),
  assemblyType: z.enum(ASSEMBLY_TYPES),
  address: z.string(),
  kind: z.enum(TEST_REPORT_KINDS),
  testDate: z.string(),
  filedAt: z.string(),
  result: z.enum(['pass', 'fail']),
  state: z.enum(TEST_REPORT_STATES),
  autoAccepted: z.boolean(),
  testerName: z.string(),
  /** Who filed it (the tester, or an admin of the tester's company). */
  filedBy: z.string(),
  reason: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** Returned and filed again: the report that took its place; and the one this one replaced. */
  supersededBy: z.number().int().nullable(),
  supersedes: z.number().int().nullable(),
  readings: ZTypedReadings,
  ruleResults: z.array(ZRuleResult),
  repairs: z.array(ZRepairRecord),
  replacement: ZNameplateRecord.nullable(),
  remarks: z.string(),
  linePressurePsi: z.number().int().nullable(),
  record: ZTestReportSnapshot,
  /** getOne only: what was done to it, oldest first, from the audit log. */
  history: z.array(ZTestReportHistoryEntry).optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TTestReportReviewRecord = z.infer<typeof ZTestReportReviewRecord>;

/** A returned report as its personal link opens it: the filing's fields for the form, again. */
export const ZReturnedReport = z.object({
  id: z.number().int(),
  organization: z.object({ id: z.number().int(), name: z.string() }),
  assembly: z.object({
    id: z.number().int(),
    assemblyId: z.string(),
    type: z.enum(ASSEMBLY_TYPES),
    address: z.string(),
  }),
  /** What the organization asks the tester to correct. */
  reason: z.string(),
  returnedAt: z.string().nullable(),
  /** The last day (program zone) the link works. */
  expiresOn: z.string(),
  report: z.object({
    assemblyId: z.number().int(),
    testerId: z.number().int().nullable(),
    certificationId: z.number().int().nullable(),
    testKitId: z.number().int().nullable(),
    kind: z.enum(TEST_REPORT_KINDS),
    testDate: z.string(),
    readings: ZTypedReadings,
    repairs: z.array(ZRepairRecord),
    replacement: ZNameplateRecord.nullable(),
    remarks: z.string(),
    linePressurePsi: z.number().int().nullable(),
  }),
});
export type TReturnedReport = z.infer<typeof ZReturnedReport>;
