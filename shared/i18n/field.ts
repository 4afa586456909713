import rosetta from 'rosetta';
import { fillMessage } from '../fill-message.js';
import type { TCheckFailure, TTestReportCheck } from '../test-report-checks.js';
import type { CatalogueOf, LeafKeys, TParams } from './catalogue.js';
import { TEST_FORM_DEVICE_EN } from './en-test-form-device.js';
import { TEST_READINGS_EN } from './en-test-readings.js';
import { TEST_REPORT_EMAILS_EN } from './en-test-report-emails.js';
import { TEST_REPORT_PDF_EN } from './en-test-report-pdf.js';
import { TEST_REPORTS_EN } from './en-test-reports.js';
import { DEFAULT_LANGUAGE, formatDay, type TLanguage } from './languages.js';

// The field's words (the test form, its readings and checks, the tester's reports): a catalogue
// of their own, beside the site's (catalogue.ts), so only the pages that file tests load them.
// English is always here; the Spanish table (field-es.ts) is added where it is needed.

export const FIELD_EN = {
  testReadings: TEST_READINGS_EN,
  testReports: TEST_REPORTS_EN,
  testReportPdf: TEST_REPORT_PDF_EN,
  testReportEmails: TEST_REPORT_EMAILS_EN,
  testFormDevice: TEST_FORM_DEVICE_EN,
};

/** The field catalogue in any language: the English one's keys. */
export type TFieldCatalogue = CatalogueOf<typeof FIELD_EN>;
/** Every key of the field catalogue, as 'section.name'. */
export type TFieldKey = LeafKeys<typeof FIELD_EN>;

const store = rosetta<TFieldCatalogue>({ en: FIELD_EN });

export function addFieldCatalogue(language: TLanguage, catalogue: TFieldCatalogue) {
  store.set(language, catalogue);
}

/** The text of a field key in a language (English while that language's table is missing). */
export function translateField(language: TLanguage, key: TFieldKey, params: TParams = {}): string {
  const lookUp = (from: TLanguage) => store.t(key, params, from) as unknown;
  const text = lookUp(language) || lookUp(DEFAULT_LANGUAGE);
  return typeof text === 'string' ? fillMessage(text, params) : key;
}

/** Each check's message, by its code. */
export const CHECK_MESSAGE_KEYS: Record<TTestReportCheck, TFieldKey> = {
  testDateInvalid: 'testReports.checks.testDateInvalid',
  testDateFuture: 'testReports.checks.testDateFuture',
  testDateTooOld: 'testReports.checks.testDateTooOld',
  testDateBeforeInstalled: 'testReports.checks.testDateBeforeInstalled',
  assemblyRemoved: 'testReports.checks.assemblyRemoved',
  assemblyReplaced: 'testReports.checks.assemblyReplaced',
  registrationNotActive: 'testReports.checks.registrationNotActive',
  certificationAgencyNotAccepted: 'testReports.checks.certificationAgencyNotAccepted',
  certificationNotAccepted: 'testReports.checks.certificationNotAccepted',
  certificationNotAcceptedUntil: 'testReports.checks.certificationNotAcceptedUntil',
  certificationExpired: 'testReports.checks.certificationExpired',
  calibrationNotAccepted: 'testReports.checks.calibrationNotAccepted',
  calibrationNotAcceptedUntil: 'testReports.checks.calibrationNotAcceptedUntil',
  calibrationAfterTest: 'testReports.checks.calibrationAfterTest',
  calibrationExpired: 'testReports.checks.calibrationExpired',
  credentialNotAccepted: 'testReports.checks.credentialNotAccepted',
  credentialNotAcceptedUntil: 'testReports.checks.credentialNotAcceptedUntil',
  credentialExpired: 'testReports.checks.credentialExpired',
};

/** The values of a check's message that are program days, written out in the language. */
const DAY_PARAMS = new Set([
  'testDate',
  'acceptedOn',
  'through',
  'from',
  'installedOn',
  'earliest',
]);

/** A failed check in the product's words, in a language, its days written out. */
export function checkMessage(failure: TCheckFailure, language: TLanguage): string {
  const params = Object.fromEntries(
    Object.entries(failure.params).map(([name, value]) => [
      name,
      DAY_PARAMS.has(name) && typeof value === 'string' ? formatDay(language, value) : value,
    ]),
  );
  return translateField(language, CHECK_MESSAGE_KEYS[failure.check], params);
}
