import { WELCOME_EMAIL_HOURS } from '../../../../shared/constants.js';
import { type TKey, type TParams, translate } from '../../../../shared/i18n/catalogue.js';
import { formatDay, type TLanguage } from '../../../../shared/i18n/languages.js';
import type {
  TDocumentRejectionReason,
  TRegistrationRejectionReason,
  TReviewItemKind,
} from '../../../../shared/review.js';
import {
  DOCUMENT_REJECTION_REASON_KEYS,
  REGISTRATION_REJECTION_REASON_KEYS,
} from '../../../../shared/review-messages.js';
import type { StagedEmail } from '../email/outbox.js';

// The decision emails to the registrant (welcome, changes requested, rejected), each with a copy
// for the admins of the registrant's company registered with the same organization. Plain text,
// no documents attached; staged in the decision's transaction, one message per recipient group
// and decision (the dedupe key names the registration and the version the decision made). Each
// is written in the language its readers registered in (shared/i18n, `emails.review`): the
// registrant's in theirs, the admins' copies one per language among them.

export interface DecisionAddressees {
  registrationId: number;
  /** The review version the decision produced: one per decision. */
  version: number;
  person: { firstName: string; lastName: string; email: string; language: TLanguage };
  organization: { name: string; homeBanner: string };
  companyName: string | null;
  /** Admins of the company registered with the organization (testers' decisions only). */
  admins: { email: string; language: TLanguage }[];
  /** Support, the knowledge base, and My registrations (where the registrant keeps their record). */
  links: { support: string; knowledgeBase: string; account: string };
}

export interface RejectedItem {
  kind: TReviewItemKind;
  /**
   * Certification: number, agency, type. Test kit: serial, manufacturer, model. Credential: its
   * type's name, then its issuer and number (empty when it carries neither).
   */
  fields: { first: string; second: string; third: string };
  reason: TDocumentRejectionReason;
  note: string | null;
}

export type Decision =
  | { kind: 'welcome' }
  | {
      kind: 'changes_requested';
      items: RejectedItem[];
      statusLink: { url: string; expiresOn: string };
    }
  | { kind: 'rejected'; reason: TRegistrationRejectionReason; note: string | null };

/** The catalogue's words in one language. */
const wordsIn =
  (language: TLanguage) =>
  (key: TKey, values: TParams = {}): string =>
    translate(language, key, values);
type Words = ReturnType<typeof wordsIn>;

function subjectOf(decision: Decision, organization: string, line: Words): string {
  const word = (
    {
      welcome: 'emails.review.welcomeSubject',
      changes_requested: 'emails.review.changesSubject',
      rejected: 'emails.review.rejectedSubject',
    } as const
  )[decision.kind];
  return line(word, { organization }).slice(0, 255);
}

/** One rejected item's line: what it is and why it was rejected. */
function itemLine(item: RejectedItem, reason: string, line: Words): string {
  const { first, second, third } = item.fields;
  switch (item.kind) {
    case 'certification':
      return line('emails.review.changesCertification', {
        number: first,
        agency: second,
        type: third,
        reason,
      });
    case 'testKit':
      return line('emails.review.changesTestKit', {
        serial: first,
        manufacturer: second,
        model: third,
        reason,
      });
    case 'credential':
      return second
        ? line('emails.review.changesCredentialWithFacts', { type: first, facts: second, reason })
        : line('emails.review.changesCredential', { type: first, reason });
  }
}

function itemLines(items: RejectedItem[], line: Words, language: TLanguage): string[] {
  return items.flatMap((item) => {
    const reason = translate(language, DOCUMENT_REJECTION_REASON_KEYS[item.reason]);
    const described = itemLine(item, reason, line);
    return item.note
      ? [described, line('emails.review.changesNote', { note: item.note })]
      : [described];
  });
}

/** The decision's paragraphs; `forPerson` adds what only the registrant receives (the link). */
function decisionParagraphs(
  decision: Decision,
  to: DecisionAddressees,
  forPerson: boolean,
  language: TLanguage,
): string[] {
  const line = wordsIn(language);
  const organization = to.organization.name;
  const support = line('emails.review.supportLine', { supportUrl: to.links.support });
  switch (decision.kind) {
    case 'welcome':
      return [
        line('emails.review.welcomeApproved', { organization }),
        to.organization.homeBanner.trim(),
        line('emails.review.welcomeLoginDetails', { hours: WELCOME_EMAIL_HOURS }),
        line('emails.review.welcomeKnowledgeBase', { knowledgeBaseUrl: to.links.knowledgeBase }),
        support,
      ].filter(Boolean);
    case 'changes_requested': {
      const person = `${to.person.firstName} ${to.person.lastName}`;
      const date = formatDay(language, decision.statusLink.expiresOn);
      const link = forPerson
        ? `${line('emails.review.changesLink', { date })}\n${decision.statusLink.url}`
        : line('emails.review.changesLinkForPerson', { person });
      return [
        [
          line('emails.review.changesIntro', { organization }),
          ...itemLines(decision.items, line, language),
        ].join('\n'),
        link,
        support,
      ];
    }
    case 'rejected': {
      const reason = [
        line('emails.review.rejectedReason', {
          reason: translate(language, REGISTRATION_REJECTION_REASON_KEYS[decision.reason]),
        }),
        decision.note ? line('emails.review.rejectedNote', { note: decision.note }) : '',
      ]
        .filter(Boolean)
        .join('\n');
      return [
        line('emails.review.rejectedIntro', { organization }),
        reason,
        line('emails.review.rejectedMistake', { supportUrl: to.links.support }),
      ];
    }
  }
}

/**
 * The registrant's message and, when the company has admins registered, their copy: one message
 * per language the admins registered in.
 */
export function decisionEmails(decision: Decision, to: DecisionAddressees): StagedEmail[] {
  const key = `review:${to.registrationId}:${to.version}`;
  const kind = `review_${decision.kind}`;
  const message = (language: TLanguage, forPerson: boolean) => {
    const line = wordsIn(language);
    const greeting = line('emails.review.greeting', { firstName: to.person.firstName });
    const intro = forPerson
      ? []
      : [
          line('emails.review.adminCopyIntro', {
            company: to.companyName ?? '',
            organization: to.organization.name,
            person: `${to.person.firstName} ${to.person.lastName} <${to.person.email}>`,
          }),
        ];
    const paragraphs = [
      ...intro,
      greeting,
      ...decisionParagraphs(decision, to, forPerson, language),
      translate(language, 'account.emailLine', { link: to.links.account }),
    ];
    return {
      kind,
      subject: subjectOf(decision, to.organization.name, line),
      textBody: `${paragraphs.join('\n\n')}\n`,
    };
  };
  const personal: StagedEmail = {
    dedupeKey: `${key}:person`,
    recipients: [to.person.email],
    ...message(to.person.language, true),
  };
  const byLanguage = new Map<TLanguage, string[]>();
  for (const admin of to.admins) {
    if (admin.email.toLowerCase() === to.person.email.toLowerCase()) continue;
    byLanguage.set(admin.language, [...(byLanguage.get(admin.language) ?? []), admin.email]);
  }
  return [
    personal,
    ...[...byLanguage].map(([language, recipients]) => ({
      dedupeKey: `${key}:admins:${language}`,
      recipients,
      ...message(language, false),
    })),
  ];
}
