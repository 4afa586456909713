import { defineEntity, type InferEntity, p } from '@mikro-orm/core';

export const OUTBOX_STATUSES = ['pending', 'sent', 'failed'] as const;

/**
 * An email staged in the same transaction as what caused it and sent after commit by the
 * job worker. dedupeKey makes a replayed send a no-op; failed sends keep their last error.
 */
export const OutboxEmail = defineEntity({
  name: 'OutboxEmail',
  tableName: 'email_outbox',
  properties: {
    id: p.integer().primary().autoincrement(),
    dedupeKey: p.string().length(255).unique('email_outbox_dedupe_key_unique'),
    kind: p.string().length(50),
    recipients: p.array().columnType('text[]'),
    subject: p.string().length(255),
    textBody: p.text(),
    htmlBody: p.text().nullable(),
    /** What to attach, described (e.g. a report request), rendered at send time. */
    attachments: p.json<Record<string, unknown>[]>().nullable(),
    status: p
      .enum([...OUTBOX_STATUSES])
      .columnType('text')
      .default('pending'),
    attempts: p.integer().default(0),
    lastError: p.text().nullable(),
    createdAt: p
      .datetime()
      .onCreate(() => new Date())
      .defaultRaw('now()'),
    sentAt: p.datetime().nullable(),
    /** Not before this instant: failed sends back off (1, 2, 4 … minutes). */
    nextAttemptAt: p
      .datetime()
      .onCreate(() => new Date())
      .defaultRaw('now()'),
  },
  indexes: [{ name: 'email_outbox_due_idx', properties: ['status', 'nextAttemptAt'] }],
});
export type TOutboxEmail = InferEntity<typeof OutboxEmail>;
