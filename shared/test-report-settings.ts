import { z } from 'zod';
import type { TUserType } from './constants.js';
import {
  DEFAULT_TEST_THRESHOLDS,
  TEST_THRESHOLDS,
  type TTestThresholdName,
  type TTestThresholds,
  ZTestThresholds,
} from './test-readings-thresholds.js';
import { formatInches, formatTenths } from './test-readings-units.js';

// An organization's rules for the test reports filed with it (on its console form): how many
// days after a test its report may be filed, whether a company admin may file for the company's
// testers, and the readings' thresholds (the field test procedures' by default; only those the
// organization raised are stored, so the others keep following the defaults).

export const MAX_FILING_WINDOW_DAYS = 365;

export interface TTestReportSettings {
  filingWindowDays: number;
  /** Off where admins may not submit tests for others (as in Texas). */
  adminsMayFile: boolean;
  thresholds: TTestThresholds;
}

/** What an organization stores: the thresholds it raised, none when it keeps the defaults. */
export interface TStoredTestReportSettings {
  filingWindowDays?: number;
  adminsMayFile?: boolean;
  thresholds?: Partial<TTestThresholds>;
}

export const DEFAULT_TEST_REPORT_SETTINGS: TTestReportSettings = {
  filingWindowDays: 30,
  adminsMayFile: true,
  thresholds: DEFAULT_TEST_THRESHOLDS,
};

export const TEST_REPORT_SETTINGS_MESSAGES = {
  filingWindowInvalid: `Please enter a number of days from 1 to ${MAX_FILING_WINDOW_DAYS}.`,
  saved: 'Test report rules saved.',
} as const;

/** PUT /api/admin/test-report-rules/{id}: thresholds as the form writes them (5.0, 2, 1.5). */
export const ZTestReportSettings = z.object({
  filingWindowDays: z.coerce
    .number({ error: TEST_REPORT_SETTINGS_MESSAGES.filingWindowInvalid })
    .int(TEST_REPORT_SETTINGS_MESSAGES.filingWindowInvalid)
    .min(1, TEST_REPORT_SETTINGS_MESSAGES.filingWindowInvalid)
    .max(MAX_FILING_WINDOW_DAYS, TEST_REPORT_SETTINGS_MESSAGES.filingWindowInvalid),
  adminsMayFile: z.boolean(),
  thresholds: ZTestThresholds,
});
export type TTestReportSettingsRequest = z.output<typeof ZTestReportSettings>;

/** A threshold as the form shows it: psid with one decimal, a number of times, inches. */
export function formatThreshold(name: TTestThresholdName, value: number): string {
  const { unit } = TEST_THRESHOLDS[name];
  if (unit === 'psid') return formatTenths(value);
  return unit === 'inches' ? formatInches(value) : String(value);
}

/** The console's record: every threshold written out, its own or the default. */
export const ZTestReportSettingsRecord = z.object({
  id: z.number().int(),
  filingWindowDays: z.number().int(),
  adminsMayFile: z.boolean(),
  thresholds: z.record(z.string(), z.string()),
});
export type TTestReportSettingsRecord = z.output<typeof ZTestReportSettingsRecord>;

/** An organization's stored settings, with the defaults for what it has not set. */
export function testReportSettingsOf(stored: unknown): TTestReportSettings {
  const value = (stored ?? {}) as TStoredTestReportSettings;
  return {
    filingWindowDays: value.filingWindowDays ?? DEFAULT_TEST_REPORT_SETTINGS.filingWindowDays,
    adminsMayFile: value.adminsMayFile ?? DEFAULT_TEST_REPORT_SETTINGS.adminsMayFile,
    thresholds: { ...DEFAULT_TEST_THRESHOLDS, ...(value.thresholds ?? {}) },
  };
}

/**
 * Whether a registration of this kind files with the organization: a tester, for themself; a
 * company's admin, for the company's testers, only where the organization lets admins file.
 */
export const mayFileWith = (
  filer: TUserType,
  settings: Pick<TTestReportSettings, 'adminsMayFile'>,
) => filer === 'tester' || settings.adminsMayFile;

/** What to store for a request: the thresholds that differ from the defaults. */
export function storedSettingsOf(request: TTestReportSettingsRequest): TStoredTestReportSettings {
  const thresholds = Object.fromEntries(
    Object.entries(request.thresholds).filter(
      ([name, value]) => DEFAULT_TEST_THRESHOLDS[name as TTestThresholdName] !== value,
    ),
  ) as Partial<TTestThresholds>;
  return {
    filingWindowDays: request.filingWindowDays,
    adminsMayFile: request.adminsMayFile,
    thresholds,
  };
}

/** The console's record of an organization's settings. */
export function settingsRecordOf(id: number, stored: unknown): TTestReportSettingsRecord {
  const settings = testReportSettingsOf(stored);
  return {
    id,
    filingWindowDays: settings.filingWindowDays,
    adminsMayFile: settings.adminsMayFile,
    thresholds: Object.fromEntries(
      Object.entries(settings.thresholds).map(([name, value]) => [
        name,
        formatThreshold(name as TTestThresholdName, value),
      ]),
    ),
  };
}
