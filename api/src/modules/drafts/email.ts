import { translate } from '../../../../shared/i18n/catalogue.js';
import type { TLanguage } from '../../../../shared/i18n/languages.js';
import type { StagedEmail } from '../email/outbox.js';

export const DRAFT_LINK_EMAIL_KIND = 'draft_link';

export interface DraftLinkEmail {
  draftId: number;
  /** Part of the token's hash: each save's message is its own. */
  tokenHash: string;
  email: string;
  organizationName: string;
  link: string;
  days: number;
  language: TLanguage;
}

/** The saved registration's link, to the person who saved it, in the language they used. */
export function draftLinkEmail(message: DraftLinkEmail): StagedEmail {
  const values = { orgName: message.organizationName, link: message.link, days: message.days };
  return {
    dedupeKey: `draft:${message.draftId}:${message.tokenHash.slice(0, 16)}`,
    kind: DRAFT_LINK_EMAIL_KIND,
    recipients: [message.email],
    subject: translate(message.language, 'emails.draftSaved.subject', values).slice(0, 255),
    textBody: `${translate(message.language, 'emails.draftSaved.body', values)}\n`,
  };
}
