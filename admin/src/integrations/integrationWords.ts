import { WEBHOOK_EVENT_TYPES } from '../../../shared/integrations';
import type {
  TWebhookDeliveryRecord,
  TWebhookEndpointRecord,
} from '../../../shared/webhook-endpoints';
import { dateTime } from '../components/dates';

// What the Integrations screen says of keys, endpoints and deliveries, in plain English.

export const KEY_SECRET_NOTE = 'Copy this key now. It is not shown again.';
export const ENDPOINT_SECRET_NOTE =
  'Copy this secret now. You can show it again later on the endpoint’s page.';
export const REVEAL_NOTE =
  'Receivers verify every event with this secret: keep it as safe as a password. Showing it is recorded in the audit log.';
export const ROTATE_NOTE = 'The old secret keeps signing beside the new one for 24 hours.';
export const NO_ORGANIZATION_HINT = 'Leave empty for all organizations.';

/** One organization's name, or every organization's. */
export const scopeText = (organizationName: string | null) =>
  organizationName ?? 'All organizations';

export const EVENT_TYPE_CHOICES = WEBHOOK_EVENT_TYPES.map((type) => ({ id: type, name: type }));

/** "All events", the one event's name, or how many. */
export function eventsText(types: readonly string[]): string {
  if (types.length === WEBHOOK_EVENT_TYPES.length) return 'All events';
  if (types.length === 1) return types[0] ?? '';
  return `${types.length} events`;
}

/** Enabled, Failing since …, or Disabled with its reason. */
export function endpointStatus(endpoint: TWebhookEndpointRecord): string {
  if (!endpoint.enabled) {
    return endpoint.disabled_reason ? `Disabled: ${endpoint.disabled_reason}` : 'Disabled';
  }
  return endpoint.failing_since ? `Failing since ${dateTime(endpoint.failing_since)}` : 'Enabled';
}

export const DELIVERY_STATUS_LABELS: Record<TWebhookDeliveryRecord['status'], string> = {
  pending: 'Pending',
  delivered: 'Delivered',
  failed: 'Failed',
};

export const DELIVERY_STATUS_CHOICES = Object.entries(DELIVERY_STATUS_LABELS).map(([id, name]) => ({
  id,
  name,
}));

/** When it was delivered, or when it is tried next while pending. */
export function deliveryTiming(delivery: TWebhookDeliveryRecord): string {
  if (delivery.delivered_at) return `Delivered ${dateTime(delivery.delivered_at)}`;
  if (delivery.next_attempt_at) return `Next attempt ${dateTime(delivery.next_attempt_at)}`;
  return '—';
}

type TAttempt = TWebhookDeliveryRecord['attempt_log'][number];

/** The receiver's status, or why no answer came. */
export function attemptResult(attempt: TAttempt): string {
  if (attempt.response_status !== null) return `HTTP ${attempt.response_status}`;
  return attempt.error_message ?? attempt.error_code ?? 'No answer';
}
