import {
  localizeMessage,
  type TKey,
  type TParams,
  translate,
} from '../../../../shared/i18n/catalogue.js';
import { formatDay, type TLanguage } from '../../../../shared/i18n/languages.js';
import type { TStanding } from '../../../../shared/standing.js';
import type { StagedEmail } from '../email/outbox.js';
import type { RegistrantLinks } from '../registrant-emails/links.js';

// The email a standing change sends its person (shared/i18n, `emails.standing`): suspended
// (the reason, the last day or how it lifts, My registrations), active again, or lapsed (how to
// register again). Plain text, in the language the registration was made in; one message per
// change, named by the change's audit entry.

export interface StandingEmailFacts {
  registrationId: number;
  /** The change's audit entry: the message is this change's and no other's. */
  auditId: number;
  to: TStanding;
  reason: string;
  until: string | null;
  automatic: boolean;
  person: { firstName: string; email: string; language: TLanguage };
  organization: string;
  links: RegistrantLinks;
}

const KINDS: Record<TStanding, string> = {
  suspended: 'standing_suspended',
  active: 'standing_reinstated',
  lapsed: 'standing_lapsed',
};

const SUBJECTS: Record<TStanding, TKey> = {
  suspended: 'emails.standing.suspendedSubject',
  active: 'emails.standing.reinstatedSubject',
  lapsed: 'emails.standing.lapsedSubject',
};

/** What the change says after the greeting, before the support line. */
function changeParagraphs(
  facts: StandingEmailFacts,
  line: (key: TKey, values?: TParams) => string,
) {
  const { organization, links } = facts;
  // The product's own reasons are catalogue messages: said in the person's language.
  const reason = line('emails.standing.reason', {
    reason: localizeMessage(facts.reason, facts.person.language),
  });
  const keepCurrent = line('account.emailLine', { link: links.account });
  switch (facts.to) {
    case 'suspended':
      return [
        line('emails.standing.suspendedIntro', { organization }),
        reason,
        facts.until
          ? line('emails.standing.suspendedUntil', {
              date: formatDay(facts.person.language, facts.until),
            })
          : '',
        facts.automatic ? line('emails.standing.suspendedAutomatically') : '',
        keepCurrent,
      ];
    case 'active':
      return [line('emails.standing.reinstatedIntro', { organization }), reason, keepCurrent];
    case 'lapsed':
      return [
        line('emails.standing.lapsedIntro', { organization }),
        reason,
        line('emails.standing.lapsedReregister', { link: links.account }),
      ];
  }
}

export function standingEmail(facts: StandingEmailFacts): StagedEmail {
  const { language } = facts.person;
  const line = (key: TKey, values: TParams = {}) => translate(language, key, values);
  const paragraphs = [
    line('emails.review.greeting', { firstName: facts.person.firstName }),
    ...changeParagraphs(facts, line),
    line('emails.review.supportLine', { supportUrl: facts.links.support }),
  ].filter(Boolean);
  return {
    dedupeKey: `standing:${facts.registrationId}:${facts.auditId}`,
    kind: KINDS[facts.to],
    recipients: [facts.person.email],
    subject: line(SUBJECTS[facts.to], { organization: facts.organization }).slice(0, 255),
    textBody: `${paragraphs.join('\n\n')}\n`,
  };
}
