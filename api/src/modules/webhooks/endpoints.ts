import type { EntityManager } from '@mikro-orm/postgresql';
import type {
  TWebhookDeliveryRecord,
  TWebhookEndpointRecord,
  TWebhookEndpointRequest,
} from '../../../../shared/webhook-endpoints.js';
import { Organization, WebhookEndpoint } from '../../db/entities/index.js';
import { AppError, fieldError } from '../../errors.js';
import { type Actor, recordAudit } from '../audit/service.js';
import { organizationForNew, scopeOfActor } from '../organization-access/scope.js';
import { type EndpointPolicy, EndpointRefusedError, resolveEndpoint } from './addresses.js';
import {
  type DeliveryRow,
  deliveryAttempts,
  type EndpointRow,
  getDeliveryRow,
  getEndpointRow,
  insertTestEvent,
  listDeliveries,
  listEndpoints,
  resendDelivery,
} from './endpoint-queries.js';
import { decryptSecret, encryptSecret } from './secret-box.js';
import { generateSigningSecret, ROTATION_OVERLAP_MS } from './signing.js';

/** What the endpoints' service needs from configuration. */
export interface EndpointSettings {
  secretKey: Buffer;
  policy: EndpointPolicy;
}

/** Timestamps as the driver hands them (text) in the API's ISO form. */
const iso = (value: string | null) => (value === null ? null : new Date(value).toISOString());

function toRecord(row: EndpointRow): TWebhookEndpointRecord {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    event_types: row.eventTypes,
    organization_id: row.organizationId,
    organization_name: row.organizationName,
    enabled: row.disabledAt === null,
    disabled_at: iso(row.disabledAt),
    disabled_reason: row.disabledReason,
    failing_since: iso(row.failingSince),
    previous_secret_until: iso(row.previousSecretUntil),
    created_by: row.createdBy,
    created_at: new Date(row.createdAt).toISOString(),
    pending_deliveries: row.pendingDeliveries,
    failed_deliveries: row.failedDeliveries,
  };
}

export async function getEndpoint(em: EntityManager, id: number): Promise<TWebhookEndpointRecord> {
  const row = await getEndpointRow(em, { id });
  if (!row) throw AppError.notFound();
  return toRecord(row);
}

export async function listEndpointRecords(
  em: EntityManager,
  filter: { organizationId: number | null },
) {
  const rows = await listEndpoints(em, filter);
  return { rows: rows.map(toRecord), total: rows.length };
}

/** The address as saved: a URL, https, resolving only to addresses a request may go to. */
async function checkedUrl(url: string, policy: EndpointPolicy): Promise<string> {
  try {
    return (await resolveEndpoint(url, policy)).url.href;
  } catch (error) {
    if (!(error instanceof EndpointRefusedError)) throw error;
    const messages: Record<EndpointRefusedError['reason'], string> = {
      invalid_url: 'Enter a full address such as https://example.org/webhooks.',
      scheme: 'Use an https:// address.',
      credentials: 'Leave the user name and password out of the address.',
      address: `Use an address on the public internet (${error.message}).`,
      dns: `The address's host was not found (${error.message}).`,
    };
    throw fieldError('url', messages[error.reason]);
  }
}

async function checkedOrganization(em: EntityManager, id: number | null) {
  if (id === null) return null;
  const organization = await em.findOne(Organization, id);
  if (!organization) throw fieldError('organization_id', 'Choose an organization from the list.');
  return organization;
}

/** What the audit log keeps of an endpoint (never its secret). */
const audited = (endpoint: {
  url: string;
  description: string;
  eventTypes: string[];
  organization?: { id: number } | null;
  disabledAt?: Date | null;
}) => ({
  url: endpoint.url,
  description: endpoint.description,
  event_types: endpoint.eventTypes,
  organization_id: endpoint.organization?.id ?? null,
  enabled: !endpoint.disabledAt,
});

export async function createEndpoint(
  em: EntityManager,
  actor: Actor,
  request: TWebhookEndpointRequest,
  settings: EndpointSettings,
): Promise<TWebhookEndpointRecord & { secret: string }> {
  const url = await checkedUrl(request.url, settings.policy);
  // A Program manager's endpoint hears their organization's events alone.
  const organization = await checkedOrganization(
    em,
    organizationForNew(scopeOfActor(actor), request.organization_id),
  );
  const secret = generateSigningSecret();
  const endpoint = em.create(WebhookEndpoint, {
    url,
    description: request.description,
    eventTypes: request.event_types,
    organization,
    secretSealed: encryptSecret(secret, settings.secretKey),
    createdBy: actor.id,
  });
  await em.flush();
  recordAudit(em, actor, {
    action: 'create',
    entityType: 'webhook_endpoint',
    entityId: endpoint.id,
    before: null,
    after: audited(endpoint),
  });
  await em.flush();
  return { ...(await getEndpoint(em, endpoint.id)), secret };
}

export async function updateEndpoint(
  em: EntityManager,
  actor: Actor,
  id: number,
  request: TWebhookEndpointRequest,
  settings: EndpointSettings,
): Promise<TWebhookEndpointRecord> {
  const endpoint = await em.findOne(WebhookEndpoint, id);
  if (!endpoint) throw AppError.notFound();
  const before = audited(endpoint);
  const url =
    request.url === endpoint.url ? endpoint.url : await checkedUrl(request.url, settings.policy);
  endpoint.url = url;
  endpoint.description = request.description;
  endpoint.eventTypes = request.event_types;
  endpoint.organization = await checkedOrganization(
    em,
    organizationForNew(scopeOfActor(actor), request.organization_id),
  );
  if (request.enabled === false && !endpoint.disabledAt) {
    endpoint.disabledAt = new Date();
    endpoint.disabledReason = `Disabled by ${actor.email}`;
  } else if (request.enabled === true && endpoint.disabledAt) {
    // Enabled again: its waiting deliveries go at once, and three new days start from a failure.
    endpoint.disabledAt = null;
    endpoint.disabledReason = null;
    endpoint.failingSince = null;
  }
  recordAudit(em, actor, {
    action: 'update',
    entityType: 'webhook_endpoint',
    entityId: id,
    before,
    after: audited(endpoint),
  });
  await em.flush();
  return getEndpoint(em, id);
}

export async function removeEndpoint(
  em: EntityManager,
  actor: Actor,
  id: number,
): Promise<TWebhookEndpointRecord> {
  const record = await getEndpoint(em, id);
  const endpoint = await em.findOneOrFail(WebhookEndpoint, id);
  recordAudit(em, actor, {
    action: 'delete',
    entityType: 'webhook_endpoint',
    entityId: id,
    before: audited(endpoint),
    after: null,
  });
  em.remove(endpoint);
  await em.flush();
  return record;
}

/** Opens an endpoint's secret for an Administrator (audited), the current one only. */
export async function revealSecret(
  em: EntityManager,
  actor: Actor,
  id: number,
  settings: EndpointSettings,
) {
  const endpoint = await em.findOne(WebhookEndpoint, id);
  if (!endpoint) throw AppError.notFound();
  recordAudit(em, actor, {
    action: 'reveal_secret',
    entityType: 'webhook_endpoint',
    entityId: id,
    before: null,
    after: null,
  });
  await em.flush();
  const until = endpoint.previousSecretUntil;
  return {
    secret: decryptSecret(endpoint.secretSealed, settings.secretKey),
    previous_secret_until: until && until > new Date() ? until.toISOString() : null,
  };
}

/** A new secret; the replaced one keeps signing beside it for a day (signing.ts). */
export async function rotateSecret(
  em: EntityManager,
  actor: Actor,
  id: number,
  settings: EndpointSettings,
) {
  const endpoint = await em.findOne(WebhookEndpoint, id);
  if (!endpoint) throw AppError.notFound();
  const secret = generateSigningSecret();
  const until = new Date(Date.now() + ROTATION_OVERLAP_MS);
  endpoint.previousSecretSealed = endpoint.secretSealed;
  endpoint.previousSecretUntil = until;
  endpoint.secretSealed = encryptSecret(secret, settings.secretKey);
  recordAudit(em, actor, {
    action: 'rotate_secret',
    entityType: 'webhook_endpoint',
    entityId: id,
    before: null,
    after: { previous_secret_until: until.toISOString() },
  });
  await em.flush();
  return { secret, previous_secret_until: until.toISOString() };
}

/** Sends a `webhook.test` event to this endpoint alone; answers its delivery. */
export async function sendTestEvent(
  em: EntityManager,
  actor: Actor,
  id: number,
): Promise<TWebhookDeliveryRecord> {
  const endpoint = await getEndpoint(em, id);
  const deliveryId = await em.transactional(async (tx) => {
    const created = await insertTestEvent(tx, {
      endpointId: id,
      data: {
        endpoint_id: id,
        summary: `A test event sent by ${actor.email} from the Integrations screen.`,
      },
    });
    recordAudit(tx, actor, {
      action: 'send_test',
      entityType: 'webhook_endpoint',
      entityId: id,
      before: null,
      after: { url: endpoint.url },
    });
    return created;
  });
  if (deliveryId === undefined) throw AppError.notFound();
  return getDelivery(em, deliveryId);
}

function toDelivery(row: DeliveryRow): TWebhookDeliveryRecord {
  return {
    id: row.id,
    endpoint_id: row.endpointId,
    webhook_id: row.webhookId,
    event_type: row.eventType,
    occurred_at: new Date(row.occurredAt).toISOString(),
    status: row.status,
    attempts: row.attempts,
    next_attempt_at: row.status === 'pending' ? iso(row.nextAttemptAt) : null,
    last_response_status: row.lastResponseStatus,
    delivered_at: iso(row.deliveredAt),
    attempt_log: [],
  };
}

export async function getDelivery(em: EntityManager, id: number): Promise<TWebhookDeliveryRecord> {
  const row = await getDeliveryRow(em, { id });
  if (!row) throw AppError.notFound();
  const attempts = await deliveryAttempts(em, { deliveryId: id });
  return {
    ...toDelivery(row),
    attempt_log: attempts.map((attempt) => ({
      attempt: attempt.attempt,
      attempted_at: new Date(attempt.attemptedAt).toISOString(),
      duration_ms: attempt.durationMs,
      response_status: attempt.responseStatus,
      error_code: attempt.errorCode,
      error_message: attempt.errorMessage,
    })),
  };
}

export async function listDeliveryRecords(
  em: EntityManager,
  filter: { endpointId: number; status: string | null },
  page: { offset: number; limit: number },
) {
  const rows = await listDeliveries(em, { ...filter, ...page });
  // Counting an endpoint's whole log would read all of it: the page says whether more follow.
  const total = rows.length < page.limit ? page.offset + rows.length : null;
  return { rows: rows.map(toDelivery), total };
}

export async function resend(
  em: EntityManager,
  actor: Actor,
  id: number,
): Promise<TWebhookDeliveryRecord> {
  const delivery = await getDelivery(em, id);
  await em.transactional(async (tx) => {
    if (!(await resendDelivery(tx, { id }))) {
      throw AppError.conflict('An attempt of this delivery is running; try again in a minute.');
    }
    recordAudit(tx, actor, {
      action: 'resend',
      entityType: 'webhook_endpoint',
      entityId: delivery.endpoint_id,
      before: null,
      after: { delivery_id: id, webhook_id: delivery.webhook_id },
    });
  });
  return getDelivery(em, id);
}
