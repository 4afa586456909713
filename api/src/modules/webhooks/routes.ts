import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZId } from '../../../../shared/staff.js';
import { withErrorResponses } from '../../../../shared/staff-responses.js';
import {
  type TWebhookEndpointRequest,
  WEBHOOK_DELIVERY_STATUSES,
  ZWebhookDeliveryRecord,
  ZWebhookEndpointCreated,
  ZWebhookEndpointRecord,
  ZWebhookEndpointRequest,
  ZWebhookSecretResponse,
} from '../../../../shared/webhook-endpoints.js';
import { AppError } from '../../errors.js';
import { protectStaffRoutes } from '../../plugins/auth.js';
import { answerWithFieldErrors } from '../../plugins/errors.js';
import { registerResource } from '../admin-rest/resource.js';
import { inScope, organizationFilter } from '../organization-access/scope.js';
import {
  createEndpoint,
  type EndpointSettings,
  getDelivery,
  getEndpoint,
  listDeliveryRecords,
  listEndpointRecords,
  removeEndpoint,
  resend,
  revealSecret,
  rotateSecret,
  sendTestEvent,
  updateEndpoint,
} from './endpoints.js';

const ZFilter = z.object({
  organization_id: ZId.nullable().default(null),
});
const ZDeliveryFilter = z.object({
  endpoint_id: ZId,
  status: z.enum(WEBHOOK_DELIVERY_STATUSES).nullable().default(null),
});

/** react-admin's filter object checked by a schema: 400 in the product's words on nonsense. */
function parsedFilter<T extends z.ZodType>(schema: T, raw: Record<string, unknown>): z.output<T> {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw AppError.badRequest('The filter is not one this list takes.');
  return parsed.data;
}

const ZIdParams = z.object({ id: ZId });
const TAGS = ['admin webhook-endpoints'];

/**
 * The Integrations screen's webhook endpoints and their delivery log (/api/admin,
 * Administrators only): react-admin resources, plus showing and rotating a signing secret,
 * sending a test event and resending a delivery.
 */
export const webhookRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  protectStaffRoutes(app);
  answerWithFieldErrors(app);
  const settings: EndpointSettings = {
    secretKey: app.config.integrations.webhookSecretKey,
    policy: { allowLocal: app.config.integrations.webhookAllowLocal },
  };

  registerResource(app, {
    name: 'webhook-endpoints',
    readRole: 'administrator',
    writeRole: 'administrator',
    // A Program manager's endpoints hear their organization's events alone (createEndpoint).
    organization: {
      read: 'program_manager',
      create: 'program_manager',
      update: 'program_manager',
      remove: 'program_manager',
      record: 'webhookEndpoint',
    },
    response: ZWebhookEndpointRecord,
    sortFields: ['id'],
    defaultSort: 'id',
    defaultOrder: 'DESC',
    filter: (raw, scope) => {
      const { organization_id } = parsedFilter(ZFilter, raw);
      return { organizationId: organizationFilter(scope, organization_id ?? undefined) ?? null };
    },
    list: (em, filter) => listEndpointRecords(em, filter),
    getOne: (em, id) => getEndpoint(em, id),
    // Its answer carries the signing secret, which no record does.
    create: {
      body: ZWebhookEndpointRequest,
      response: ZWebhookEndpointCreated,
      run: (em, actor, body: TWebhookEndpointRequest) => createEndpoint(em, actor, body, settings),
    },
    update: {
      body: ZWebhookEndpointRequest,
      run: (em, actor, id, body: TWebhookEndpointRequest) =>
        updateEndpoint(em, actor, id, body, settings),
    },
    remove: removeEndpoint,
  });

  registerResource(app, {
    name: 'webhook-deliveries',
    readRole: 'administrator',
    organization: { read: 'program_manager', record: 'webhookDelivery' },
    response: ZWebhookDeliveryRecord,
    sortFields: ['id'],
    defaultSort: 'id',
    defaultOrder: 'DESC',
    filter: (raw, scope) => ({ ...parsedFilter(ZDeliveryFilter, raw), scope }),
    // The log of one endpoint, which must be one the request may touch.
    list: async (em, filter, page) => {
      const endpoint = await getEndpoint(em, filter.endpoint_id);
      if (!inScope(filter.scope, endpoint.organization_id)) throw AppError.notFound();
      return listDeliveryRecords(
        em,
        { endpointId: filter.endpoint_id, status: filter.status },
        { offset: page.offset, limit: page.limit },
      );
    },
    getOne: (em, id) => getDelivery(em, id),
  });

  const secretRoutes = [
    ['reveal-secret', 'Show the endpoint’s current signing secret (audited).', revealSecret],
    [
      'rotate-secret',
      'Replace the signing secret; the old one keeps signing beside the new one for 24 hours.',
      rotateSecret,
    ],
  ] as const;
  for (const [action, summary, run] of secretRoutes) {
    app.post(
      `/api/admin/webhook-endpoints/:id/${action}`,
      {
        config: {
          staffRole: 'administrator',
          organizationRole: 'program_manager',
          organizationOf: { id: 'webhookEndpoint' },
        },
        schema: {
          tags: TAGS,
          summary,
          params: ZIdParams,
          response: withErrorResponses({ 200: ZWebhookSecretResponse }),
        },
      },
      async (request, reply) =>
        reply
          .header('cache-control', 'no-store')
          .send(await run(request.em, request.staff, request.params.id, settings)),
    );
  }

  app.post(
    '/api/admin/webhook-endpoints/:id/test',
    {
      config: {
        staffRole: 'administrator',
        organizationRole: 'program_manager',
        organizationOf: { id: 'webhookEndpoint' },
      },
      schema: {
        tags: TAGS,
        summary: 'Send a webhook.test event to this endpoint alone; answers its delivery.',
        params: ZIdParams,
        response: withErrorResponses({ 200: ZWebhookDeliveryRecord }),
      },
    },
    async (request) => sendTestEvent(request.em, request.staff, request.params.id),
  );

  app.post(
    '/api/admin/webhook-deliveries/:id/resend',
    {
      config: {
        staffRole: 'administrator',
        organizationRole: 'program_manager',
        organizationOf: { id: 'webhookDelivery' },
      },
      schema: {
        tags: ['admin webhook-deliveries'],
        summary: 'Send a delivery again, from its first attempt, with the same webhook-id.',
        params: ZIdParams,
        response: withErrorResponses({ 200: ZWebhookDeliveryRecord }),
      },
    },
    async (request) => resend(request.em, request.staff, request.params.id),
  );
};
