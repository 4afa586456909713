import { lazy } from 'react';
import type { RaRecord } from 'react-admin';

// Integrations (Administrators only): the /integrations page lists API keys and webhook endpoints
// and creates both; an endpoint and a delivery have pages of their own.

export const IntegrationsPage = lazy(() =>
  import('./IntegrationsPage').then((m) => ({ default: m.IntegrationsPage })),
);

/** /webhook-endpoints/{id}: settings, signing secret, test event, delete and delivery log. */
export const webhookEndpoints = {
  edit: lazy(() => import('./EndpointEdit').then((m) => ({ default: m.EndpointEdit }))),
  recordRepresentation: (record: RaRecord) => String(record.url ?? ''),
};

/** /webhook-deliveries/{id}/show: one delivery's attempts, and Resend. */
export const webhookDeliveries = {
  show: lazy(() => import('./DeliveryShow').then((m) => ({ default: m.DeliveryShow }))),
  recordRepresentation: (record: RaRecord) => String(record.webhook_id ?? ''),
};
