import cors from '@fastify/cors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CODES, type TApiAnswer } from '../../../../shared/codes.js';
import { LIMITS } from '../../../../shared/constants.js';
import { mayEmbed } from '../../../../shared/embedding.js';
import {
  ZApiAnswer,
  ZEmbeddingAnswer,
  ZOrgInfoAnswer,
  ZSubmitAllRequest,
  ZValidateAdminsRequest,
  ZValidateCompanyRequest,
  ZValidateTestersRequest,
  ZValidateTestKitsRequest,
  ZValidateUserTypeRequest,
} from '../../../../shared/registration.js';
import { statusReregistrationRoutes } from '../reregistration/routes.js';
import { statusRoutes } from '../review/status-routes.js';
import { shapedBodyOnly } from './body-shape.js';
import { idempotencyKeyFrom } from './idempotency.js';
import { createLimiter } from './limiter.js';
import { embedOriginsForLink, organizationInfoForLink } from './organization-link.js';
import { PUBLIC_CORS, publicRateLimits } from './public-api.js';
import { submitRegistration } from './submit.js';
import {
  validateAdmins,
  validateCompany,
  validateTesters,
  validateTestKits,
  validateUserType,
} from './validation.js';

const tags = ['public registration'];

async function registrationRoutes(scope: FastifyInstance) {
  await scope.register(cors, PUBLIC_CORS);
  const app = scope.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/get/orginfo/:hash',
    {
      config: { rateLimit: publicRateLimits(scope.config).orgInfo },
      schema: {
        summary: 'The organization behind a registration link',
        tags,
        params: z.object({ hash: z.string() }),
        response: { 200: ZOrgInfoAnswer },
      },
    },
    async (request) => ({
      code: CODES.validUrl,
      message: {
        orgInfo: await organizationInfoForLink(request.em, request.params.hash, {
          cache: scope.linkCache,
        }),
      },
    }),
  );

  // The embed loader asks before it frames the form, so a host page that may not show it hears
  // why at once (docs/embedding.md). Unknown links are allowed: their page shows its own error.
  app.get(
    '/get/embedding/:hash',
    {
      config: { rateLimit: publicRateLimits(scope.config).orgInfo },
      schema: {
        summary: 'Whether a page of the origin may embed the form of the link',
        tags,
        params: z.object({ hash: z.string() }),
        querystring: z.object({ origin: z.string().max(LIMITS.longText) }),
        response: { 200: ZEmbeddingAnswer },
      },
    },
    async (request) => {
      const allowed = await embedOriginsForLink(request.em, request.params.hash, {
        cache: scope.linkCache,
      });
      return {
        code: CODES.success,
        message: {
          allowed: mayEmbed(allowed ?? [], request.query.origin, scope.config.env === 'production'),
        },
      };
    },
  );

  const post = (
    path: string,
    summary: string,
    body: z.ZodType,
    handler: (body: unknown, request: FastifyRequest) => TApiAnswer | Promise<TApiAnswer>,
  ) =>
    app.post(
      path,
      {
        validatorCompiler: shapedBodyOnly,
        schema: { summary, tags, body, response: { 200: ZApiAnswer } },
      },
      async (request) => handler(request.body, request),
    );

  post('/validate/usertype', 'Check the chosen user type', ZValidateUserTypeRequest, (body) =>
    validateUserType(body),
  );
  post(
    '/validate/company',
    'Check a company and look for matches',
    ZValidateCompanyRequest,
    (body, request) => validateCompany(request.em, body),
  );
  post('/validate/admins', 'Check the admins', ZValidateAdminsRequest, (body) =>
    validateAdmins(body),
  );
  post(
    '/validate/testers',
    'Check the testers and their certifications',
    ZValidateTestersRequest,
    (body, request) => validateTesters(request.em, body, scope.linkCache),
  );
  post('/validate/testkits', 'Check the test kits', ZValidateTestKitsRequest, (body) =>
    validateTestKits(body),
  );

  const submitSlot = createLimiter(Math.max(1, Math.floor(scope.config.db.poolMax / 2)));
  app.post(
    '/submit/all',
    {
      validatorCompiler: shapedBodyOnly,
      schema: {
        summary: 'Submit the whole registration',
        description:
          'Re-validates everything and records it in one transaction. Send an Idempotency-Key ' +
          'header (a UUID per wizard run): a retry with the same key and body replays the answer.',
        tags,
        headers: z.object({ 'idempotency-key': z.string().optional() }),
        body: ZSubmitAllRequest,
        response: { 200: ZApiAnswer },
      },
    },
    async (request, reply) => {
      const idempotencyKey = idempotencyKeyFrom(request.headers['idempotency-key']);
      const outcome = await submitSlot(() =>
        submitRegistration(request.em, request.body, {
          idempotencyKey,
          publicUrl: app.config.publicUrl,
          cache: scope.linkCache,
          language: request.language,
        }),
      );
      if (outcome.replayed) reply.header('idempotent-replayed', 'true');
      return outcome.answer;
    },
  );

  // The registrant's status link: the same prefix and CORS policy as the form's calls.
  await scope.register(statusRoutes);
  await scope.register(statusReregistrationRoutes);
}

/** The public registration calls under /api/tr, with their own CORS policy. */
export async function publicRegistration(app: FastifyInstance) {
  await app.register(registrationRoutes, { prefix: '/api/tr' });
}
