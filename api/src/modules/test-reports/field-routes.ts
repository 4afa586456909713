import { gzipSync } from 'node:zlib';
import cookie from '@fastify/cookie';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CODES } from '../../../../shared/codes.js';
import { ZId } from '../../../../shared/staff.js';
import {
  fieldPageSchema,
  ZFieldAssemblyRow,
  ZFieldLocationRow,
  ZFieldPageQuery,
  ZFieldRecord,
} from '../../../../shared/test-report-field.js';
import { accountSessionGuard } from '../account/sessions.js';
import { fieldAssemblyPage, fieldLocationPage, fieldRecord } from './field-service.js';

const tags = ['my registrations'];
const ZOrganizationParams = z.object({ organizationId: ZId });

/**
 * A personal answer, never cached by anyone, gzipped where the browser takes it: an inventory
 * page is a fifth of its size gzipped (docs/BENCHMARKS.md, "What the phone keeps").
 */
function sendPersonal(request: FastifyRequest, reply: FastifyReply, answer: unknown) {
  const body = JSON.stringify(answer);
  reply.header('cache-control', 'private, no-store').type('application/json; charset=utf-8');
  if (!/\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) return reply.send(body);
  return reply.header('content-encoding', 'gzip').send(gzipSync(body, { level: 6 }));
}

/** What a phone keeps to file test reports without signal (My registrations' side). */
export const accountFieldRoutes: FastifyPluginAsync = async (scope) => {
  await scope.register(cookie);
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const signedIn = accountSessionGuard(new URL(app.config.publicUrl).origin);
  // Each route counted apart, per client address (README, RATE_LIMIT_FIELD_PER_MINUTE).
  const rateLimit = { max: app.config.rateLimits.fieldPerMinute, timeWindow: 60_000 };

  app.get(
    '/api/account/field',
    {
      onRequest: signedIn,
      config: { rateLimit },
      schema: {
        summary: 'What the test form keeps on the device: the organizations the person files with',
        description:
          'Each organization the signed-in person may file test reports with today (registered, ' +
          'enrolled and in good standing as a tester, or as a company admin where the ' +
          'organization lets admins file): its rules, the testers they may file for with their ' +
          'registration’s activity, certifications and required credentials and every accepted ' +
          'period of each, and the company’s kits there with their calibrations. The test form ' +
          'runs the same checks as the server on it. The inventory comes page by page from ' +
          '/api/account/field/{organizationId}/assemblies and /locations.',
        tags,
        response: { 200: z.object({ code: z.string(), message: ZFieldRecord }) },
      },
    },
    async (request, reply) =>
      sendPersonal(request, reply, {
        code: CODES.success,
        message: await fieldRecord(request.em, request.accountUserId),
      }),
  );

  const pageDescription = (rows: string) =>
    `The organization’s ${rows}, in change order: without a cursor from the first; with the ` +
    '`next` of the previous page, what changed after it. The last page still answers `next`: ' +
    'kept, it asks later for only what changed since (a row changed meanwhile comes then, never ' +
    'skipped). Gzipped where the browser takes it. 404 for an organization the person does not ' +
    'file with; 400 for a cursor this API did not give.';

  app.get(
    '/api/account/field/:organizationId/assemblies',
    {
      onRequest: signedIn,
      config: { rateLimit },
      schema: {
        summary: 'A page of an organization’s assemblies, compact, for the test form',
        description: pageDescription(
          'assemblies as `[id, locationId, assemblyId, serial, type, status, installedOn]`',
        ),
        tags,
        params: ZOrganizationParams,
        querystring: ZFieldPageQuery,
        response: {
          200: z.object({ code: z.string(), message: fieldPageSchema(ZFieldAssemblyRow) }),
        },
      },
    },
    async (request, reply) =>
      sendPersonal(request, reply, {
        code: CODES.success,
        message: await fieldAssemblyPage(request.em, {
          userId: request.accountUserId,
          organizationId: request.params.organizationId,
          cursor: request.query.cursor,
          limit: request.query.limit,
        }),
      }),
  );

  app.get(
    '/api/account/field/:organizationId/locations',
    {
      onRequest: signedIn,
      config: { rateLimit },
      schema: {
        summary: 'A page of an organization’s locations, compact, for the test form',
        description: pageDescription('locations as `[id, address]`'),
        tags,
        params: ZOrganizationParams,
        querystring: ZFieldPageQuery,
        response: {
          200: z.object({ code: z.string(), message: fieldPageSchema(ZFieldLocationRow) }),
        },
      },
    },
    async (request, reply) =>
      sendPersonal(request, reply, {
        code: CODES.success,
        message: await fieldLocationPage(request.em, {
          userId: request.accountUserId,
          organizationId: request.params.organizationId,
          cursor: request.query.cursor,
          limit: request.query.limit,
        }),
      }),
  );
};
