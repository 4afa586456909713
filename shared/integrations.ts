import { z } from 'zod';

// The integration API's and webhooks' names, shared by the server, the console and the docs.

/** Every event an endpoint may ask for, in the order the console lists them. */
export const WEBHOOK_EVENT_TYPES = [
  'registration.submitted',
  'registration.approved',
  'registration.changes_requested',
  'registration.rejected',
  'registration.suspended',
  'registration.reinstated',
  'registration.lapsed',
  'person.updated',
  'certification.expiring',
  'certification.expired',
  'test_kit.calibration_due',
  'test_kit.calibration_expired',
  'location.created',
  'location.updated',
  'assembly.created',
  'assembly.updated',
  'assembly.removed',
  'assembly.compliance_changed',
  'test_report.filed',
  'test_report.accepted',
  'test_report.rejected',
  'test_report.returned',
] as const;
export type TWebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Sent only by the console's "Send test event", to one endpoint, whatever its types. */
export const TEST_EVENT_TYPE = 'webhook.test';

export const ZWebhookEventType = z.enum(WEBHOOK_EVENT_TYPES);

/** What every event's data carries besides its own ids: one sentence for a person to read. */
export interface WebhookEventData {
  summary: string;
  [field: string]: unknown;
}
