import { TEST_READINGS_ES } from './es-test-readings.js';
import { TEST_REPORTS_ES } from './es-test-reports.js';
import type { TFieldCatalogue } from './field.js';

// The field catalogue in Spanish, loaded where a Spanish page or answer needs it.

export const FIELD_ES: TFieldCatalogue = {
  testReadings: TEST_READINGS_ES,
  testReports: TEST_REPORTS_ES,
};
