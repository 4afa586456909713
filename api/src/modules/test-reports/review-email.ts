import { translate } from '../../../../shared/i18n/catalogue.js';
import { type TFieldKey, translateField } from '../../../../shared/i18n/field.js';
import { formatDay, type TLanguage } from '../../../../shared/i18n/languages.js';
import { returnedReportLink } from '../../../../shared/test-report-review.js';
import type { StagedEmail } from '../email/outbox.js';
import { registrantLinks } from '../registrant-emails/links.js';

// The email that returns a test report to its tester: what to correct, and a personal link to
// the test form with the report loaded, in the language the tester registered in. Plain text,
// as the registration's corrections email; staged in the return's transaction.

export interface ReturnedReportFacts {
  reportId: number;
  /** One message per return: the link's own hash names it. */
  tokenHash: string;
  token: string;
  expiresOn: string;
  to: { firstName: string; email: string; language: TLanguage };
  organization: string;
  assembly: string;
  address: string;
  testDate: string;
  reason: string;
}

export function returnedReportEmail(facts: ReturnedReportFacts): StagedEmail {
  const { language } = facts.to;
  const line = (key: TFieldKey, params: Record<string, string> = {}) =>
    translateField(language, key, params);
  const named = { organization: facts.organization, assembly: facts.assembly };
  const paragraphs = [
    line('testReportEmails.greeting', { firstName: facts.to.firstName }),
    line('testReportEmails.returnedIntro', {
      ...named,
      address: facts.address,
      testDate: formatDay(language, facts.testDate),
    }),
    line('testReportEmails.returnedReason', { reason: facts.reason }),
    `${line('testReportEmails.returnedLink', { date: formatDay(language, facts.expiresOn) })}\n${returnedReportLink(registrantLinks().account, facts.token, language)}`,
    line('testReportEmails.returnedOnce'),
    translate(language, 'account.emailLine', { link: registrantLinks().account }),
  ];
  return {
    dedupeKey: `test-report-returned:${facts.reportId}:${facts.tokenHash.slice(0, 16)}`,
    kind: 'test_report_returned',
    recipients: [facts.to.email],
    subject: line('testReportEmails.returnedSubject', named).slice(0, 255),
    textBody: `${paragraphs.join('\n\n')}\n`,
  };
}
