import { WELCOME_EMAIL_HOURS } from '../../../../shared/constants.js';
import { fillMessage } from '../../../../shared/registration.js';
import type {
  TDocumentRejectionReason,
  TRegistrationRejectionReason,
} from '../../../../shared/review.js';
import {
  DOCUMENT_REJECTION_REASON_LABELS,
  REGISTRATION_REJECTION_REASON_LABELS,
  REVIEW_EMAIL_MESSAGES as WORDS,
} from '../../../../shared/review-messages.js';
import type { StagedEmail } from '../email/outbox.js';

// The decision emails to the registrant (welcome, changes requested, rejected), each with a copy
// for the admins of the registrant's company registered with the same organization. Plain text,
// no documents attached; staged in the decision's transaction, one message per recipient group
// and decision (the dedupe key names the registration and the version the decision made).

export interface DecisionAddressees {
  registrationId: number;
  /** The review version the decision produced: one per decision. */
  version: number;
  person: { firstName: string; lastName: string; email: string };
  organization: { name: string; homeBanner: string };
  companyName: string | null;
  /** Admins of the company registered with the organization (testers' decisions only). */
  adminEmails: string[];
  links: { support: string; knowledgeBase: string };
}

export interface RejectedItem {
  kind: 'certification' | 'testKit';
  /** Certification: number, agency, type. Test kit: serial, manufacturer, model. */
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

const line = (template: string, values: Record<string, string | number> = {}) =>
  fillMessage(template, values);

function subjectOf(decision: Decision, organization: string): string {
  const template = {
    welcome: WORDS.welcomeSubject,
    changes_requested: WORDS.changesSubject,
    rejected: WORDS.rejectedSubject,
  }[decision.kind];
  return line(template, { organization }).slice(0, 255);
}

function itemLines(items: RejectedItem[]): string[] {
  return items.flatMap((item) => {
    const reason = DOCUMENT_REJECTION_REASON_LABELS[item.reason];
    const described =
      item.kind === 'certification'
        ? line(WORDS.changesCertification, {
            number: item.fields.first,
            agency: item.fields.second,
            type: item.fields.third,
            reason,
          })
        : line(WORDS.changesTestKit, {
            serial: item.fields.first,
            manufacturer: item.fields.second,
            model: item.fields.third,
            reason,
          });
    return item.note ? [described, line(WORDS.changesNote, { note: item.note })] : [described];
  });
}

/** The decision's paragraphs; `forPerson` adds what only the registrant receives (the link). */
function decisionParagraphs(
  decision: Decision,
  to: DecisionAddressees,
  forPerson: boolean,
): string[] {
  const organization = to.organization.name;
  const support = line(WORDS.supportLine, { supportUrl: to.links.support });
  switch (decision.kind) {
    case 'welcome':
      return [
        line(WORDS.welcomeApproved, { organization }),
        to.organization.homeBanner.trim(),
        line(WORDS.welcomeLoginDetails, { hours: WELCOME_EMAIL_HOURS }),
        line(WORDS.welcomeKnowledgeBase, { knowledgeBaseUrl: to.links.knowledgeBase }),
        support,
      ].filter(Boolean);
    case 'changes_requested': {
      const person = `${to.person.firstName} ${to.person.lastName}`;
      const link = forPerson
        ? `${line(WORDS.changesLink, { date: decision.statusLink.expiresOn })}\n${decision.statusLink.url}`
        : line(WORDS.changesLinkForPerson, { person });
      return [
        [line(WORDS.changesIntro, { organization }), ...itemLines(decision.items)].join('\n'),
        link,
        support,
      ];
    }
    case 'rejected': {
      const reason = [
        line(WORDS.rejectedReason, {
          reason: REGISTRATION_REJECTION_REASON_LABELS[decision.reason],
        }),
        decision.note ? line(WORDS.rejectedNote, { note: decision.note }) : '',
      ]
        .filter(Boolean)
        .join('\n');
      return [
        line(WORDS.rejectedIntro, { organization }),
        reason,
        line(WORDS.rejectedMistake, { supportUrl: to.links.support }),
      ];
    }
  }
}

/** The registrant's message and, when the company has admins registered, their copy. */
export function decisionEmails(decision: Decision, to: DecisionAddressees): StagedEmail[] {
  const subject = subjectOf(decision, to.organization.name);
  const key = `review:${to.registrationId}:${to.version}`;
  const kind = `review_${decision.kind}`;
  const greeting = line(WORDS.greeting, { firstName: to.person.firstName });
  const personal: StagedEmail = {
    dedupeKey: `${key}:person`,
    kind,
    recipients: [to.person.email],
    subject,
    textBody: `${[greeting, ...decisionParagraphs(decision, to, true)].join('\n\n')}\n`,
  };
  const admins = to.adminEmails.filter(
    (email) => email.toLowerCase() !== to.person.email.toLowerCase(),
  );
  if (admins.length === 0) return [personal];
  const intro = line(WORDS.adminCopyIntro, {
    company: to.companyName ?? '',
    organization: to.organization.name,
    person: `${to.person.firstName} ${to.person.lastName} <${to.person.email}>`,
  });
  return [
    personal,
    {
      dedupeKey: `${key}:admins`,
      kind,
      recipients: admins,
      subject,
      textBody: `${[intro, greeting, ...decisionParagraphs(decision, to, false)].join('\n\n')}\n`,
    },
  ];
}
