import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CODES, MESSAGES } from '../../../../shared/codes.js';
import { ZApiAnswer } from '../../../../shared/registration.js';
import {
  STATUS_CODES,
  ZStatusAnswer,
  ZStatusCorrectionRequest,
} from '../../../../shared/review.js';
import { publicRateLimits } from '../registration/public-api.js';
import { sendCorrections, statusView } from './status.js';

const tags = ['public registration'];
const ZStatusParams = z.object({ hash: z.string().max(64), token: z.string().max(64) });

/**
 * The registrant's personal status link (no sign-in: the token is the key). Registered inside
 * the public registration scope, so it shares its prefix (/api/tr) and its CORS policy.
 */
export async function statusRoutes(scope: FastifyInstance) {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const rateLimit = publicRateLimits(scope.config).orgInfo;

  app.get(
    '/status/:hash/:token',
    {
      config: { rateLimit },
      schema: {
        summary: "A registration's review, as its registrant's status link shows it",
        description: `${STATUS_CODES.valid} with message.status; ${STATUS_CODES.invalid} (404) for a link that is unknown, expired, used or another form's.`,
        tags,
        params: ZStatusParams,
        response: { 200: ZStatusAnswer },
      },
    },
    async (request) => ({
      code: STATUS_CODES.valid,
      message: {
        status: await statusView(request.em, {
          formHash: request.params.hash,
          token: request.params.token,
        }),
      },
    }),
  );

  app.post(
    '/status/:hash/:token',
    {
      config: { rateLimit },
      schema: {
        summary: 'Send corrections of the rejected items (uses the link up)',
        description: `SUCCESS; ${STATUS_CODES.correctionErrors} (422) with message.generalErrors and message.fieldErrors (keyed certifications.{id}.{field} / testKits.{id}.{field} / credentials.{id}.{field}); ${STATUS_CODES.invalid} (404); 409 when the registration no longer waits for corrections. Replacement documents come from POST /api/uploads/docUpload.`,
        tags,
        params: ZStatusParams,
        body: ZStatusCorrectionRequest,
        response: { 200: ZApiAnswer },
      },
    },
    async (request) => {
      await sendCorrections(
        request.em,
        { formHash: request.params.hash, token: request.params.token },
        request.body,
      );
      return { code: CODES.success, message: MESSAGES.correctionsSent };
    },
  );
}
