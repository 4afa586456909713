import { z } from 'zod';
import { WEBHOOK_EVENT_TYPES } from './integrations.js';
import { ZId } from './staff.js';

// The Integrations screen's webhook endpoints and their delivery log (/api/admin, Administrators).
// Field names are the integration API's (snake_case), so the screen and the docs say the same.

export const MAX_ENDPOINT_URL = 2000;
export const MAX_ENDPOINT_DESCRIPTION = 200;

export const ZWebhookEndpointRequest = z.object({
  url: z
    .string({ error: 'Enter the address events are sent to.' })
    .trim()
    .min(1, 'Enter the address events are sent to.')
    .max(MAX_ENDPOINT_URL, `Use an address of at most ${MAX_ENDPOINT_URL} characters.`),
  description: z
    .string()
    .trim()
    .max(MAX_ENDPOINT_DESCRIPTION, `Use at most ${MAX_ENDPOINT_DESCRIPTION} characters.`)
    .default(''),
  event_types: z
    .array(z.enum(WEBHOOK_EVENT_TYPES, { error: 'Choose events from the list.' }), {
      error: 'Choose at least one event.',
    })
    .min(1, 'Choose at least one event.')
    .transform((types) => WEBHOOK_EVENT_TYPES.filter((type) => types.includes(type))),
  /** null: every organization. */
  organization_id: ZId.nullable().default(null),
  /** Update only: false disables the endpoint; true enables it again (its failure clock restarts). */
  enabled: z.boolean().optional(),
});
export type TWebhookEndpointRequest = z.output<typeof ZWebhookEndpointRequest>;

const ZDateTime = z.string();

export const ZWebhookEndpointRecord = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string(),
  event_types: z.array(z.string()),
  organization_id: z.number().int().nullable(),
  organization_name: z.string().nullable(),
  enabled: z.boolean(),
  disabled_at: ZDateTime.nullable(),
  disabled_reason: z.string().nullable(),
  /** The first failure since the last success: three days of it disable the endpoint. */
  failing_since: ZDateTime.nullable(),
  /** While a rotation's old secret still signs beside the new one. */
  previous_secret_until: ZDateTime.nullable(),
  created_by: z.string().nullable(),
  created_at: ZDateTime,
  pending_deliveries: z.number().int(),
  failed_deliveries: z.number().int(),
});
export type TWebhookEndpointRecord = z.infer<typeof ZWebhookEndpointRecord>;

/** Create, show-secret and rotate answer the secret; it is never in a list. */
export const ZWebhookSecretResponse = z.object({
  secret: z.string(),
  previous_secret_until: ZDateTime.nullable(),
});

export const ZWebhookEndpointCreated = ZWebhookEndpointRecord.extend({ secret: z.string() });

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

export const ZWebhookAttemptRecord = z.object({
  attempt: z.number().int(),
  attempted_at: ZDateTime,
  duration_ms: z.number().int(),
  response_status: z.number().int().nullable(),
  error_code: z.string().nullable(),
  error_message: z.string().nullable(),
});

export const ZWebhookDeliveryRecord = z.object({
  id: z.number().int(),
  endpoint_id: z.number().int(),
  webhook_id: z.string(),
  event_type: z.string(),
  occurred_at: ZDateTime,
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  /** When the next attempt is due, while pending. */
  next_attempt_at: ZDateTime.nullable(),
  last_response_status: z.number().int().nullable(),
  delivered_at: ZDateTime.nullable(),
  /** Every attempt, oldest first (getOne only; lists answer []). */
  attempt_log: z.array(ZWebhookAttemptRecord),
});
export type TWebhookDeliveryRecord = z.infer<typeof ZWebhookDeliveryRecord>;
