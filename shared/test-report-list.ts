import { z } from 'zod';
import { TEST_RESULTS } from './assemblies.js';
import { MAX_DATABASE_ID } from './registration.js';
import { TEST_REPORT_KINDS, TEST_REPORT_STATES } from './test-reports.js';

// The reports a tester sees in My registrations (GET /api/account/test-reports): every report
// they tested or filed, newest first, a page at a time, each with what the list shows and the
// address of its PDF. A report returned and filed again is listed once, as the one filed again.

export const TEST_REPORT_LIST_LIMIT = { default: 50, max: 200 } as const;

export const ZTestReportListQuery = z.object({
  /** Continue after this report: the `nextBefore` of the page before. */
  before: z.coerce.number().int().positive().max(MAX_DATABASE_ID).optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(TEST_REPORT_LIST_LIMIT.max)
    .default(TEST_REPORT_LIST_LIMIT.default),
});
export type TTestReportListQuery = z.output<typeof ZTestReportListQuery>;

export const ZTestReportListItem = z.object({
  id: z.number().int(),
  key: z.string(),
  kind: z.enum(TEST_REPORT_KINDS),
  state: z.enum(TEST_REPORT_STATES),
  result: z.enum(TEST_RESULTS),
  /** The utility's assembly ID, as filed. */
  assemblyId: z.string(),
  /** The assembly's record (the id a new filing names). */
  assemblyRef: z.number().int(),
  /** The location's service address, as filed. */
  address: z.string(),
  organization: z.object({ id: z.number().int(), name: z.string() }),
  /** Who tested (a company admin files for the company's testers). */
  testerName: z.string(),
  testDate: z.string(),
  filedAt: z.string(),
  /** The organization's reason, when it rejected the report or returned it; else null. */
  reason: z.string().nullable(),
  /** The report's PDF, for the signed-in person. */
  pdfUrl: z.string(),
  /**
   * The report this one was filed in place of, after the organization returned it to the tester:
   * not listed itself, reachable here (its reason and PDF). Null for a report filed afresh.
   */
  replaces: z
    .object({
      id: z.number().int(),
      filedAt: z.string(),
      reason: z.string().nullable(),
      pdfUrl: z.string(),
    })
    .nullable(),
});
export type TTestReportListItem = z.output<typeof ZTestReportListItem>;

export const ZTestReportListAnswer = z.object({
  code: z.string(),
  message: z.object({
    reports: z.array(ZTestReportListItem),
    /** Pass as `before` for the next page; null on the last. */
    nextBefore: z.number().int().nullable(),
  }),
});
export type TTestReportListAnswer = z.output<typeof ZTestReportListAnswer>;

/** The address of a report's PDF in My registrations. */
export const accountTestReportPdfPath = (id: number) => `/api/account/test-reports/${id}/pdf`;
