import type { EntityManager } from '@mikro-orm/postgresql';
import { TEST_EVENT_TYPE } from '../../../../shared/integrations.js';
import { json, query, sql } from '../../db/sql.js';

export interface EndpointRow {
  id: number;
  url: string;
  description: string;
  eventTypes: string[];
  organizationId: number | null;
  organizationName: string | null;
  disabledAt: string | null;
  disabledReason: string | null;
  failingSince: string | null;
  previousSecretUntil: string | null;
  createdBy: string | null;
  createdAt: string;
  pendingDeliveries: number;
  failedDeliveries: number;
}

const ENDPOINT_COLUMNS = `ep.id, ep.url, ep.description, ep.event_types as "eventTypes",
  ep.organization_id as "organizationId", o.name as "organizationName",
  ep.disabled_at as "disabledAt", ep.disabled_reason as "disabledReason",
  ep.failing_since as "failingSince",
  case when ep.previous_secret_until > now() then ep.previous_secret_until end
    as "previousSecretUntil",
  s.email as "createdBy", ep.created_at as "createdAt",
  (select count(*)::int from webhook_deliveries d
    where d.endpoint_id = ep.id and d.status = 'pending') as "pendingDeliveries",
  (select count(*)::int from webhook_deliveries d
    where d.endpoint_id = ep.id and d.status = 'failed') as "failedDeliveries"
  from webhook_endpoints ep
  left join organizations o on o.id = ep.organization_id
  left join staff_accounts s on s.id = ep.created_by_id`;

// An organization keeps a handful of endpoints: the console lists them all, newest first.
const LIST_ENDPOINTS = sql<{ organizationId: number | null }>(
  'webhook-endpoints-list',
  `select ${ENDPOINT_COLUMNS}
    where (:organizationId::int is null or ep.organization_id = :organizationId::int)
    order by ep.id desc`,
);
export const listEndpoints = (em: EntityManager, params: { organizationId: number | null }) =>
  query<EndpointRow, typeof params>(em, LIST_ENDPOINTS, params);

const GET_ENDPOINT = sql<{ id: number }>(
  'webhook-endpoint-get',
  `select ${ENDPOINT_COLUMNS} where ep.id = :id`,
);
export const getEndpointRow = async (em: EntityManager, params: { id: number }) =>
  (await query<EndpointRow, typeof params>(em, GET_ENDPOINT, params))[0];

export interface DeliveryRow {
  id: number;
  endpointId: number;
  webhookId: string;
  eventType: string;
  occurredAt: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  nextAttemptAt: string;
  lastResponseStatus: number | null;
  deliveredAt: string | null;
}

const DELIVERY_COLUMNS = `d.id::int as "id", d.endpoint_id as "endpointId",
  e.webhook_id as "webhookId", e.type as "eventType", e.occurred_at as "occurredAt", d.status,
  d.attempts, d.next_attempt_at as "nextAttemptAt",
  d.last_response_status as "lastResponseStatus", d.delivered_at as "deliveredAt"
  from webhook_deliveries d join webhook_events e on e.id = d.event_id`;

// webhook_deliveries_endpoint_idx: an endpoint's log, newest first, a page at a time.
const LIST_DELIVERIES = sql<{
  endpointId: number;
  status: string | null;
  offset: number;
  limit: number;
}>(
  'webhook-deliveries-list',
  `select ${DELIVERY_COLUMNS}
    where d.endpoint_id = :endpointId and (:status::text is null or d.status = :status::text)
    order by d.id desc offset :offset limit :limit`,
);
export const listDeliveries = (
  em: EntityManager,
  params: { endpointId: number; status: string | null; offset: number; limit: number },
) => query<DeliveryRow, typeof params>(em, LIST_DELIVERIES, params);

const GET_DELIVERY = sql<{ id: number }>(
  'webhook-delivery-get',
  `select ${DELIVERY_COLUMNS} where d.id = :id`,
);
export const getDeliveryRow = async (em: EntityManager, params: { id: number }) =>
  (await query<DeliveryRow, typeof params>(em, GET_DELIVERY, params))[0];

export interface AttemptRow {
  attempt: number;
  attemptedAt: string;
  durationMs: number;
  responseStatus: number | null;
  errorCode: string | null;
  errorMessage: string | null;
}

// Numbered in the order they happened: a resend starts the schedule again, not the log.
const ATTEMPTS = sql<{ deliveryId: number }>(
  'webhook-delivery-attempts',
  `select row_number() over (order by id)::int as attempt, attempted_at as "attemptedAt", duration_ms as "durationMs",
     response_status as "responseStatus", error_code as "errorCode",
     error_message as "errorMessage"
     from webhook_attempts where delivery_id = :deliveryId order by id`,
);
export const deliveryAttempts = (em: EntityManager, params: { deliveryId: number }) =>
  query<AttemptRow, typeof params>(em, ATTEMPTS, params);

// The update notifies the senders (webhook_deliveries_due_again) when the delivery was done.
const RESEND = sql<{ id: number }>(
  'webhook-delivery-resend',
  `update webhook_deliveries
      set status = 'pending', attempts = 0, next_attempt_at = now(), locked_until = null
    where id = :id and (status <> 'pending' or locked_until is null)
   returning id`,
);
/** Sends a delivery again from its first attempt; false while an attempt of it is running. */
export const resendDelivery = async (em: EntityManager, params: { id: number }) =>
  (await query<{ id: number }, typeof params>(em, RESEND, params)).length > 0;

// Not fanned out (no endpoint lists the test type): its one delivery goes to the endpoint named.
const TEST_EVENT = sql<{ endpointId: number; data: string }>(
  'webhook-test-event',
  `with event as (
     insert into webhook_events (type, data) values ('${TEST_EVENT_TYPE}', :data::jsonb)
     returning id
   )
   insert into webhook_deliveries (event_id, endpoint_id)
   select event.id, :endpointId from event
   returning id::int as "id"`,
);
export const insertTestEvent = async (
  em: EntityManager,
  params: { endpointId: number; data: Record<string, unknown> },
) =>
  (
    await query<{ id: number }, { endpointId: number; data: string }>(em, TEST_EVENT, {
      endpointId: params.endpointId,
      data: json(params.data),
    })
  )[0]?.id;
