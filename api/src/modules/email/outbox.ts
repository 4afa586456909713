import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { OutboxEmail, type TOutboxEmail } from '../../db/entities/index.js';
import type { MailAttachment, Mailer } from './mailer.js';
import type { StagedEmailRow } from './queries.js';

export interface StagedEmail {
  /** Identifies the message: staging the same key twice keeps one message. */
  dedupeKey: string;
  kind: string;
  recipients: string[];
  subject: string;
  textBody: string;
  htmlBody?: string;
  /** Descriptions of attachments, rendered when the message is sent. */
  attachments?: Record<string, unknown>[];
}

/** What staging a message writes: pending, never tried, due at once. */
export function stagedEmailRow(email: StagedEmail): StagedEmailRow {
  return {
    dedupeKey: email.dedupeKey,
    kind: email.kind,
    recipients: email.recipients,
    subject: email.subject,
    textBody: email.textBody,
    htmlBody: email.htmlBody ?? null,
    attachments: email.attachments ?? null,
    status: 'pending',
    attempts: 0,
    lastError: null,
    sentAt: null,
    nextAttemptAt: new Date(),
  };
}

/**
 * Stages a message in the caller's unit of work: it is written by the same flush (the same
 * transaction) as what caused it, so a rollback leaves no message and a commit always has one.
 * Statements in plain SQL stage the same row with stagedEmailInsert (queries.ts).
 */
export function stageEmail(em: EntityManager, email: StagedEmail): TOutboxEmail {
  return em.create(OutboxEmail, stagedEmailRow(email));
}

/** Turns an attachment description into the file to attach (reports register theirs). */
export type AttachmentRenderer = (description: Record<string, unknown>) => Promise<MailAttachment>;

export interface DeliveryOptions {
  mailer: Mailer;
  renderers?: Record<string, AttachmentRenderer>;
  /** At most this many messages per run. */
  batchSize?: number;
  /** After this many failed attempts a message stays failed until someone looks at it. */
  maxAttempts?: number;
}

export interface DeliveryResult {
  sent: number;
  failed: number;
}

export const MAX_ATTEMPTS = 8;
/** Messages per delivery run unless told otherwise. */
export const BATCH_SIZE = 20;

/** Wait before the next attempt: 1, 2, 4 … minutes, at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60, 2 ** Math.max(0, attempts - 1)) * 60_000;
}

/**
 * Sends the messages that are due. Each message is claimed with FOR UPDATE SKIP LOCKED inside
 * its own transaction, so concurrent workers (several API processes) never send one twice; a
 * message is marked sent in the same transaction that claimed it.
 */
export async function deliverDueEmails(
  em: EntityManager,
  options: DeliveryOptions,
): Promise<DeliveryResult> {
  const result: DeliveryResult = { sent: 0, failed: 0 };
  const batchSize = options.batchSize ?? BATCH_SIZE;
  const maxAttempts = options.maxAttempts ?? MAX_ATTEMPTS;
  for (let handled = 0; handled < batchSize; handled++) {
    const outcome = await em.fork().transactional(async (tx) => {
      const [message] = await tx.find(
        OutboxEmail,
        {
          status: { $ne: 'sent' },
          attempts: { $lt: maxAttempts },
          nextAttemptAt: { $lte: new Date() },
        },
        // FOR UPDATE SKIP LOCKED: a message another worker is sending is left to it.
        { orderBy: { id: 'asc' }, limit: 1, lockMode: LockMode.PESSIMISTIC_PARTIAL_WRITE },
      );
      if (!message) return 'none' as const;
      try {
        await options.mailer.send({
          to: message.recipients,
          subject: message.subject,
          text: message.textBody,
          html: message.htmlBody ?? undefined,
          attachments: await renderAttachments(message, options.renderers ?? {}),
          messageId: `<${message.dedupeKey.replace(/[^A-Za-z0-9.:_-]/g, '-')}@backflow-platform>`,
        });
        message.status = 'sent';
        message.sentAt = new Date();
        message.attempts += 1;
        message.lastError = null;
        return 'sent' as const;
      } catch (error) {
        message.status = 'failed';
        message.attempts += 1;
        message.lastError = error instanceof Error ? error.message.slice(0, 1000) : String(error);
        message.nextAttemptAt = new Date(Date.now() + retryDelayMs(message.attempts));
        return 'failed' as const;
      }
    });
    if (outcome === 'none') break;
    result[outcome] += 1;
  }
  return result;
}

async function renderAttachments(
  message: TOutboxEmail,
  renderers: Record<string, AttachmentRenderer>,
): Promise<MailAttachment[] | undefined> {
  if (!message.attachments?.length) return undefined;
  return Promise.all(
    message.attachments.map((description) => {
      const renderer = renderers[String(description.type)];
      if (!renderer) throw new Error(`no renderer for attachment type ${String(description.type)}`);
      return renderer(description);
    }),
  );
}
