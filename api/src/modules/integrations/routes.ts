import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  API_KEY_PREFIX,
  pageOf,
  ZApiAssembly,
  ZApiCertification,
  ZApiCompany,
  ZApiLocation,
  ZApiOrganization,
  ZApiPerson,
  ZApiRegistration,
  ZApiTestKit,
  ZApiTestReport,
  ZDocumentFileParams,
  ZDocumentLink,
  ZDocumentParams,
  ZIdParams,
  ZListQuery,
} from '../../../../shared/integration-api.js';
import { query } from '../../db/sql.js';
import { limitBatches } from '../../plugins/limit-batches.js';
import { DOCUMENT_ANSWER, openDocument, sendDocument } from '../documents/service.js';
import { hashApiKeySecret } from './api-keys.js';
import {
  type ClientKey,
  clientKeyOf,
  documentLink,
  documentLinkKey,
  followDocumentLink,
} from './document-links.js';
import { API_KEY_SECURITY, problemAnswers, registerV1Document } from './openapi.js';
import { ApiProblem, answerWithProblems } from './problems.js';
import { KEY_FOR_SECRET, type RequestKeyRow, type TSyncedResource } from './queries.js';
import { getSynced, listSynced } from './sync.js';

// The read API at /api/v1 (issue 29): key-protected, read-only, problem+json errors, limits per
// key across instances, and its own OpenAPI document.

declare module 'fastify' {
  interface FastifyRequest {
    /** The API key of a read API request (set by its authentication hook). */
    apiClient: ClientKey | null;
  }
}

/** Each listed resource: its path, wire schema and the words of its operations. */
const RESOURCES: {
  path: string;
  resource: TSyncedResource;
  schema: z.ZodType;
  tag: string;
  plural: string;
  singular: string;
}[] = [
  {
    path: 'organizations',
    resource: 'organizations',
    schema: ZApiOrganization,
    tag: 'organizations',
    plural: 'Organizations',
    singular: 'Organization',
  },
  {
    path: 'registrations',
    resource: 'registrations',
    schema: ZApiRegistration,
    tag: 'registrations',
    plural: 'Registrations',
    singular: 'Registration',
  },
  {
    path: 'people',
    resource: 'people',
    schema: ZApiPerson,
    tag: 'people',
    plural: 'People',
    singular: 'Person',
  },
  {
    path: 'companies',
    resource: 'companies',
    schema: ZApiCompany,
    tag: 'companies',
    plural: 'Companies',
    singular: 'Company',
  },
  {
    path: 'certifications',
    resource: 'certifications',
    schema: ZApiCertification,
    tag: 'certifications',
    plural: 'Certifications',
    singular: 'Certification',
  },
  {
    path: 'test-kits',
    resource: 'test_kits',
    schema: ZApiTestKit,
    tag: 'test kits',
    plural: 'TestKits',
    singular: 'TestKit',
  },
  {
    path: 'locations',
    resource: 'locations',
    schema: ZApiLocation,
    tag: 'locations',
    plural: 'Locations',
    singular: 'Location',
  },
  {
    path: 'assemblies',
    resource: 'assemblies',
    schema: ZApiAssembly,
    tag: 'assemblies',
    plural: 'Assemblies',
    singular: 'Assembly',
  },
  {
    path: 'test-reports',
    resource: 'test_reports',
    schema: ZApiTestReport,
    tag: 'test reports',
    plural: 'TestReports',
    singular: 'TestReport',
  },
];

const words = (name: string) => name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

const unauthorized = (code: 'missing_api_key' | 'invalid_api_key') =>
  new ApiProblem(code, undefined, { 'www-authenticate': 'Bearer realm="api", charset="UTF-8"' });

/** The key a request names in `Authorization: Bearer bfk_live_…`, read from the database. */
async function keyOf(request: FastifyRequest): Promise<ClientKey> {
  const match = /^Bearer +(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  const secret = match?.[1];
  if (!secret) throw unauthorized('missing_api_key');
  if (!secret.startsWith(API_KEY_PREFIX)) throw unauthorized('invalid_api_key');
  const [row] = await query<RequestKeyRow, { secretHash: string }>(request.em, KEY_FOR_SECRET, {
    secretHash: hashApiKeySecret(secret),
  });
  if (!row || row.revoked) throw unauthorized('invalid_api_key');
  return clientKeyOf(row);
}

/** Counts a key's request against its limit, across instances; 429 past it. */
function keyLimit(app: FastifyInstance) {
  const perMinute = app.config.integrations.apiPerMinute;
  const limits = limitBatches(app.sharedCounters, {
    onError: (error) => app.log.warn({ err: error }, 'api key limits'),
  });
  app.addHook('onClose', () => limits.close());
  return async (key: ClientKey) => {
    const state = await limits.increment(`api-v1:key:${key.id}`, 60_000, perMinute);
    if (state.count > perMinute) {
      const seconds = Math.max(1, Math.ceil(state.resetInMs / 1000));
      throw new ApiProblem('rate_limited', undefined, { 'retry-after': String(seconds) });
    }
  };
}

const cached = { 'cache-control': 'no-store' };

export const readApiRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.decorateRequest('apiClient', null);
  answerWithProblems(app);
  await registerV1Document(app);
  const countRequest = keyLimit(app);
  const signingKey = documentLinkKey(app.config.integrations.webhookSecretKey);
  const { publicUrl } = app.config;

  await app.register(async (keyed) => {
    const api = keyed.withTypeProvider<ZodTypeProvider>();
    api.addHook('onRequest', async (request) => {
      const key = await keyOf(request);
      await countRequest(key);
      request.apiClient = key;
    });
    const keyOfRequest = (request: FastifyRequest) => request.apiClient as ClientKey;

    for (const { path, resource, schema, tag, plural, singular } of RESOURCES) {
      api.get(
        `/${path}`,
        {
          schema: {
            tags: [tag],
            operationId: `list${plural}`,
            summary: `List ${words(plural)} in change order`,
            description:
              'Pages of rows ordered by (updated_at, id). Keep next_cursor and ask again with ' +
              'it later: every change made since appears, none is skipped.',
            security: API_KEY_SECURITY,
            querystring: ZListQuery,
            response: {
              200: pageOf(schema, `${singular}Page`),
              ...problemAnswers([400, 401, 429]),
            },
          },
        },
        async (request, reply) =>
          reply
            .headers(cached)
            .send(await listSynced(request.em, resource, keyOfRequest(request), request.query)),
      );
      api.get(
        `/${path}/:id`,
        {
          schema: {
            tags: [tag],
            operationId: `get${singular}`,
            summary: `Get one ${words(singular)}`,
            security: API_KEY_SECURITY,
            params: ZIdParams,
            response: { 200: schema, ...problemAnswers([400, 401, 404, 429]) },
          },
        },
        async (request, reply) =>
          reply
            .headers(cached)
            .send(await getSynced(request.em, resource, keyOfRequest(request), request.params.id)),
      );
    }

    api.get(
      '/documents/:id/link',
      {
        schema: {
          tags: ['documents'],
          operationId: 'getDocumentLink',
          summary: 'Get a five-minute link to a document',
          description:
            'For keys allowed to fetch documents: a link to a certification’s or test kit’s ' +
            'document this key can see (document_id), usable without the key until expires_at.',
          security: API_KEY_SECURITY,
          params: ZDocumentParams,
          response: { 200: ZDocumentLink, ...problemAnswers([400, 401, 404, 429]) },
        },
      },
      async (request, reply) =>
        reply.headers(cached).send(
          await documentLink(request.em, {
            key: keyOfRequest(request),
            documentId: request.params.id,
            signingKey,
            publicUrl,
          }),
        ),
    );
  });

  // The link is the credential: no key header, counted against the key that asked for it.
  app.get(
    '/document-files/:token',
    {
      schema: {
        tags: ['documents'],
        operationId: 'getDocumentFile',
        summary: 'Download a document through its link',
        security: [],
        params: ZDocumentFileParams,
        response: { 200: DOCUMENT_ANSWER, ...problemAnswers([400, 404, 429]) },
      },
    },
    async (request, reply) => {
      const { key, documentId } = await followDocumentLink(request.em, {
        token: request.params.token,
        signingKey,
      });
      await countRequest(key);
      const document = await openDocument(request.em, app.documentStorage, documentId);
      return sendDocument(reply, document, { disposition: 'attachment', cacheControl: 'no-store' });
    },
  );
};
