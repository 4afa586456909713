import type { TOutboxEmail } from '../../db/entities/index.js';
import { json, type SqlPart } from '../../db/sql.js';

/** The columns of a message as it is staged (the rest keep their defaults). */
export type StagedEmailRow = Pick<
  TOutboxEmail,
  | 'dedupeKey'
  | 'kind'
  | 'recipients'
  | 'subject'
  | 'textBody'
  | 'htmlBody'
  | 'attachments'
  | 'status'
  | 'attempts'
  | 'lastError'
  | 'sentAt'
  | 'nextAttemptAt'
>;

export type StagedEmailValues = {
  emailDedupeKey: string;
  emailKind: string;
  emailRecipients: string;
  emailSubject: string;
  emailTextBody: string;
  emailHtmlBody: string | null;
  emailAttachments: string | null;
  emailStatus: string;
  emailAttempts: number;
  emailLastError: string | null;
  emailSentAt: Date | null;
  emailNextAttemptAt: Date;
};

/**
 * Many staged messages' rows as one insert (a jsonb list of StagedEmailRow), for work that
 * stages hundreds at once; a key already staged keeps its message. Run it in the transaction of
 * what caused them.
 */
export const stagedEmailsInsert: SqlPart<StagedEmailRow[], { emailRows: string }> = {
  text: `insert into email_outbox (dedupe_key, kind, recipients, subject, text_body, html_body,
     attachments, status, attempts, last_error, sent_at, next_attempt_at)
   select e."dedupeKey", e.kind, array(select jsonb_array_elements_text(e.recipients)), e.subject,
     e."textBody", e."htmlBody", e.attachments, e.status, e.attempts, e."lastError", e."sentAt",
     e."nextAttemptAt"
     from jsonb_to_recordset(:emailRows::jsonb) as e("dedupeKey" text, kind text,
       recipients jsonb, subject text, "textBody" text, "htmlBody" text, attachments jsonb,
       status text, attempts int, "lastError" text, "sentAt" timestamptz,
       "nextAttemptAt" timestamptz)
   on conflict (dedupe_key) do nothing`,
  values: (rows) => ({ emailRows: json(rows) }),
};

/**
 * A staged message's row as an insert, for statements written in plain SQL (it can stand as a
 * WITH part); run it in the transaction of what caused the message.
 */
export const stagedEmailInsert: SqlPart<StagedEmailRow, StagedEmailValues> = {
  text: `insert into email_outbox (dedupe_key, kind, recipients, subject, text_body, html_body,
     attachments, status, attempts, last_error, sent_at, next_attempt_at)
   values (:emailDedupeKey, :emailKind,
     array(select jsonb_array_elements_text(:emailRecipients::jsonb)), :emailSubject,
     :emailTextBody, :emailHtmlBody, :emailAttachments::jsonb, :emailStatus, :emailAttempts,
     :emailLastError, :emailSentAt, :emailNextAttemptAt)`,
  values: (row) => ({
    emailDedupeKey: row.dedupeKey,
    emailKind: row.kind,
    emailRecipients: json(row.recipients),
    emailSubject: row.subject,
    emailTextBody: row.textBody,
    emailHtmlBody: row.htmlBody ?? null,
    emailAttachments: row.attachments ? json(row.attachments) : null,
    emailStatus: row.status,
    emailAttempts: row.attempts,
    emailLastError: row.lastError ?? null,
    emailSentAt: row.sentAt ?? null,
    emailNextAttemptAt: row.nextAttemptAt,
  }),
};
