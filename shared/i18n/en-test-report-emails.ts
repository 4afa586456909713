// The emails about a tester's test reports, in English: a report returned by the organization to
// be corrected and filed again through a personal link. The server writes them (in the language
// the tester registered with the organization in); es-test-report-emails.ts has the same keys.

export const TEST_REPORT_EMAILS_EN = {
  returnedSubject: 'Please correct your test report of assembly {assembly} for {organization}',
  greeting: 'Hello {firstName},',
  returnedIntro:
    '{organization} returned your test report of assembly {assembly} at {address}, tested on {testDate}, so that you can correct it and file it again.',
  returnedReason: 'What to correct: {reason}',
  returnedLink:
    'Open your personal link to correct the report and file it again. It works until {date} and only for this report:',
  returnedOnce:
    'Once you file the corrected report, the link stops working and the corrected report takes the place of the one returned.',
} as const;
