import { TEST_FORM_DEVICE_ES } from './es-test-form-device.js';
import { TEST_READINGS_ES } from './es-test-readings.js';
import { TEST_REPORT_EMAILS_ES } from './es-test-report-emails.js';
import { TEST_REPORT_PDF_ES } from './es-test-report-pdf.js';
import { TEST_REPORTS_ES } from './es-test-reports.js';
import type { TFieldCatalogue } from './field.js';

// The field catalogue in Spanish, loaded where a Spanish page or answer needs it.

export const FIELD_ES: TFieldCatalogue = {
  testReadings: TEST_READINGS_ES,
  testReports: TEST_REPORTS_ES,
  testReportPdf: TEST_REPORT_PDF_ES,
  testReportEmails: TEST_REPORT_EMAILS_ES,
  testFormDevice: TEST_FORM_DEVICE_ES,
};
