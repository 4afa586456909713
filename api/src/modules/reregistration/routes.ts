import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CODES, MESSAGES } from '../../../../shared/codes.js';
import { fillMessage } from '../../../../shared/fill-message.js';
import { MAX_DATABASE_ID, ZApiAnswer } from '../../../../shared/registration.js';
import type { AccountApp, RouteContext } from '../account/route-context.js';
import { tags as accountTags } from '../account/route-context.js';
import { publicRateLimits } from '../registration/public-api.js';
import { useStatusLink } from '../review/status.js';
import { type Reregistered, reregister } from './service.js';

// Registering again, from My registrations (signed in, the person's own registration) and from
// the personal status link a period reminder carries (the link is used up).

const description =
  'SUCCESS with a sentence; 409 with the reason when registering again is not open (before the ' +
  'last 60 days of the period, or already waiting for review) or when something has expired or ' +
  'become required since (the answer names it: renew or add it first); 404 for a registration ' +
  'that is not the caller’s.';

const answer = (done: Reregistered) => ({
  code: CODES.success,
  message: fillMessage(MESSAGES.reregistrationSent, { organization: done.organizationName }),
});

export function registerAccountReregistration(app: AccountApp, context: RouteContext) {
  app.post(
    '/registrations/:registrationId/reregister',
    {
      onRequest: context.signedIn,
      config: { rateLimit: context.rateLimit },
      schema: {
        summary: 'Register again with an organization for its next period',
        description,
        tags: accountTags,
        params: z.object({ registrationId: z.coerce.number().int().min(1).max(MAX_DATABASE_ID) }),
        response: { 200: ZApiAnswer },
      },
    },
    async (request) => {
      const now = new Date();
      const done = await request.em.transactional((tx) =>
        reregister(tx, request.params.registrationId, { owner: request.accountUserId, now }),
      );
      return answer(done);
    },
  );
}

export async function statusReregistrationRoutes(scope: FastifyInstance) {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/status/:hash/:token/reregister',
    {
      config: { rateLimit: publicRateLimits(scope.config).orgInfo },
      schema: {
        summary: 'Register again for the next period through a status link (uses the link up)',
        description,
        tags: ['public registration'],
        params: z.object({ hash: z.string().max(64), token: z.string().max(64) }),
        response: { 200: ZApiAnswer },
      },
    },
    async (request) => {
      const now = new Date();
      const done = await request.em.transactional(async (tx) => {
        const { hash: formHash, token } = request.params;
        const registrationId = await useStatusLink(tx, { formHash, token }, now);
        return reregister(tx, registrationId, { owner: null, now });
      });
      return answer(done);
    },
  );
}
