import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { WEBHOOK_DELIVERY_STATUSES } from '../../../../shared/webhook-endpoints.js';
import { Organization } from './organization.js';
import { StaffAccount } from './staff.js';

const createdAt = () =>
  p
    .datetime()
    .onCreate(() => new Date())
    .defaultRaw('now()');

/**
 * A key an integrator's system reads the API with (issue 29). Only the SHA-256 of the secret is
 * kept, with its first characters (hint) for the console's list; no organization means all.
 * Keys only read: the API has no call that writes.
 */
export const ApiKey = defineEntity({
  name: 'ApiKey',
  tableName: 'api_keys',
  properties: {
    id: p.integer().primary().autoincrement(),
    name: p.string().length(100),
    organization: () => p.manyToOne(Organization).nullable().deleteRule('cascade'),
    canFetchDocuments: p.boolean().default(false),
    hint: p.string().length(20),
    secretHash: p.string().columnType('char(64)').unique('api_keys_secret_hash_unique'),
    createdBy: () => p.manyToOne(StaffAccount).nullable().deleteRule('set null'),
    createdAt: createdAt(),
    lastUsedAt: p.datetime().nullable(),
    revokedAt: p.datetime().nullable(),
    revokedBy: () => p.manyToOne(StaffAccount).nullable().deleteRule('set null'),
  },
});
export type TApiKey = InferEntity<typeof ApiKey>;

/**
 * Where events are sent: an https address, the event types it wants and an organization (none:
 * all). The signing secret is sealed (api/src/modules/webhooks/secret-box.ts), and during a
 * rotation the replaced one keeps signing until previousSecretUntil. failingSince is the first
 * failure since the last success; three days of it disable the endpoint.
 */
export const WebhookEndpoint = defineEntity({
  name: 'WebhookEndpoint',
  tableName: 'webhook_endpoints',
  properties: {
    id: p.integer().primary().autoincrement(),
    url: p.text(),
    description: p.string().length(200).default(''),
    eventTypes: p.array().columnType('text[]'),
    organization: () => p.manyToOne(Organization).nullable().deleteRule('cascade'),
    secretSealed: p.text(),
    previousSecretSealed: p.text().nullable(),
    previousSecretUntil: p.datetime().nullable(),
    disabledAt: p.datetime().nullable(),
    disabledReason: p.text().nullable(),
    failingSince: p.datetime().nullable(),
    createdBy: () => p.manyToOne(StaffAccount).nullable().deleteRule('set null'),
    createdAt: createdAt(),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date())
      .defaultRaw('now()'),
  },
  checks: [
    {
      name: 'webhook_endpoints_event_types_check',
      property: 'eventTypes',
      expression: '(cardinality(event_types) > 0)',
    },
  ],
});
export type TWebhookEndpoint = InferEntity<typeof WebhookEndpoint>;

/**
 * One change worth telling, recorded in the change's own transaction; its insert writes a
 * delivery for each endpoint that wants it (a trigger, migrations). webhookId is sent unchanged
 * on every attempt; dedupeKey keeps a replayed change (a rerun night) to one event.
 */
export const WebhookEvent = defineEntity({
  name: 'WebhookEvent',
  tableName: 'webhook_events',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    /** Made by the database (also for plain-SQL inserts): 'msg_' and 122 random bits. */
    webhookId: p
      .string()
      .length(40)
      .unique('webhook_events_webhook_id_unique')
      .defaultRaw(`('msg_'::text || replace((gen_random_uuid())::text, '-'::text, ''::text))`),
    type: p.string().length(60),
    organizationIds: p.array<number>().columnType('int[]').defaultRaw("'{}'"),
    dedupeKey: p.string().length(255).nullable().unique('webhook_events_dedupe_key_unique'),
    occurredAt: p
      .datetime()
      .onCreate(() => new Date())
      .defaultRaw('clock_timestamp()'),
    data: p.json<Record<string, unknown>>(),
  },
  indexes: [{ name: 'webhook_events_occurred_idx', properties: ['occurredAt', 'id'] }],
});
export type TWebhookEvent = InferEntity<typeof WebhookEvent>;

/** One event on its way to one endpoint; lockedUntil is an attempt's lease. */
export const WebhookDelivery = defineEntity({
  name: 'WebhookDelivery',
  tableName: 'webhook_deliveries',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    event: () => p.manyToOne(WebhookEvent).deleteRule('cascade'),
    endpoint: () => p.manyToOne(WebhookEndpoint).deleteRule('cascade'),
    status: p
      .enum([...WEBHOOK_DELIVERY_STATUSES])
      .columnType('text')
      .default('pending'),
    attempts: p.integer().default(0),
    nextAttemptAt: p
      .datetime()
      .onCreate(() => new Date())
      .defaultRaw('now()'),
    lockedUntil: p.datetime().nullable(),
    lastResponseStatus: p.integer().nullable(),
    deliveredAt: p.datetime().nullable(),
    createdAt: createdAt(),
  },
  uniques: [
    { name: 'webhook_deliveries_event_endpoint_unique', properties: ['event', 'endpoint'] },
  ],
  indexes: [
    {
      name: 'webhook_deliveries_due_idx',
      expression: `create index "webhook_deliveries_due_idx" on "webhook_deliveries" ("next_attempt_at") where "status" = 'pending'`,
    },
    { name: 'webhook_deliveries_endpoint_idx', properties: ['endpoint', 'id'] },
  ],
});
export type TWebhookDelivery = InferEntity<typeof WebhookDelivery>;

/** What one attempt met: when, how long, the receiver's status or why none came. */
export const WebhookAttempt = defineEntity({
  name: 'WebhookAttempt',
  tableName: 'webhook_attempts',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    delivery: () => p.manyToOne(WebhookDelivery).deleteRule('cascade'),
    attempt: p.integer(),
    attemptedAt: p.datetime(),
    durationMs: p.integer(),
    responseStatus: p.integer().nullable(),
    errorCode: p.text().nullable(),
    errorMessage: p.text().nullable(),
    responseBody: p.text().nullable(),
  },
  indexes: [{ name: 'webhook_attempts_delivery_idx', properties: ['delivery', 'id'] }],
});
export type TWebhookAttempt = InferEntity<typeof WebhookAttempt>;
