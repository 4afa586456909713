import { z } from 'zod';
import { DEFAULT_TEST_THRESHOLDS, type TTestThresholds, ZTestThresholds } from './test-readings.js';

// An organization's rules for the test reports filed with it (on its console form): how many
// days after a test its report may be filed, whether a company admin may file for the company's
// testers, and the readings' thresholds (the field test procedures' by default).

export const MAX_FILING_WINDOW_DAYS = 365;

export interface TTestReportSettings {
  filingWindowDays: number;
  /** Off where admins may not submit tests for others (as in Texas). */
  adminsMayFile: boolean;
  thresholds: TTestThresholds;
}

export const DEFAULT_TEST_REPORT_SETTINGS: TTestReportSettings = {
  filingWindowDays: 30,
  adminsMayFile: true,
  thresholds: DEFAULT_TEST_THRESHOLDS,
};

export const TEST_REPORT_SETTINGS_MESSAGES = {
  filingWindowInvalid: `Please enter a number of days from 1 to ${MAX_FILING_WINDOW_DAYS}.`,
} as const;

export const ZTestReportSettings = z.object({
  filingWindowDays: z.coerce
    .number({ error: TEST_REPORT_SETTINGS_MESSAGES.filingWindowInvalid })
    .int(TEST_REPORT_SETTINGS_MESSAGES.filingWindowInvalid)
    .min(1, TEST_REPORT_SETTINGS_MESSAGES.filingWindowInvalid)
    .max(MAX_FILING_WINDOW_DAYS, TEST_REPORT_SETTINGS_MESSAGES.filingWindowInvalid),
  adminsMayFile: z.boolean(),
  thresholds: ZTestThresholds,
});

/** An organization's stored settings, with the defaults for what it has not set. */
export function testReportSettingsOf(stored: unknown): TTestReportSettings {
  const value = (stored ?? {}) as Partial<TTestReportSettings>;
  return {
    ...DEFAULT_TEST_REPORT_SETTINGS,
    ...value,
    thresholds: { ...DEFAULT_TEST_THRESHOLDS, ...(value.thresholds ?? {}) },
  };
}
