import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CODES } from '../../../../shared/codes.js';
import {
  ZDocumentDecisionRequest,
  ZRegistrationRejectRequest,
  ZReviewDecisionRequest,
} from '../../../../shared/review.js';
import { ZId } from '../../../../shared/staff.js';
import { withErrorResponses, ZReviewDecisionResponse } from '../../../../shared/staff-responses.js';
import { protectStaffRoutes } from '../../plugins/auth.js';
import { answerWithFieldErrors } from '../../plugins/errors.js';
import {
  approveRegistration,
  decideDocument,
  rejectRegistration,
  requestChanges,
} from './decisions.js';
import { getReview } from './records.js';

const TAGS = ['staff review'];
const ZRegistrationParams = z.object({ registrationId: ZId });

/**
 * Review and approval (/api/sc, staff token): the decisions on one registration. Each names the
 * review version it was based on and answers the review as it now stands; the queue (with the
 * count waiting) and one review are the /api/admin `review` resource.
 */
export const reviewRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  protectStaffRoutes(app);
  answerWithFieldErrors(app);
  const settings = { publicUrl: app.config.publicUrl, links: app.config.links };

  /** After a decision commits: its emails go out now, and the review is answered. */
  const answer = async (request: FastifyRequest, registrationId: number) => {
    await app.outbox
      .nudge()
      .catch((error) => request.log.warn({ err: error }, 'outbox nudge failed'));
    return { code: CODES.success, message: await getReview(request.em, registrationId) };
  };

  app.post(
    '/api/sc/submit/review/:registrationId/document',
    {
      config: { staffRole: 'editor' },
      schema: {
        tags: TAGS,
        summary: 'Accept or reject one certification or test kit document (with a reason).',
        params: ZRegistrationParams,
        body: ZDocumentDecisionRequest,
        response: withErrorResponses({ 200: ZReviewDecisionResponse }),
      },
    },
    async (request) => {
      const { registrationId } = request.params;
      await decideDocument(request.em, request.staff, registrationId, request.body);
      return answer(request, registrationId);
    },
  );

  app.post(
    '/api/sc/submit/review/:registrationId/approve',
    {
      config: { staffRole: 'editor' },
      schema: {
        tags: TAGS,
        summary: 'Approve a registration whose documents are all accepted: enroll, welcome.',
        params: ZRegistrationParams,
        body: ZReviewDecisionRequest,
        response: withErrorResponses({ 200: ZReviewDecisionResponse }),
      },
    },
    async (request) => {
      const { registrationId } = request.params;
      await approveRegistration(request.em, request.staff, registrationId, request.body, settings);
      return answer(request, registrationId);
    },
  );

  app.post(
    '/api/sc/submit/review/:registrationId/request_changes',
    {
      config: { staffRole: 'editor' },
      schema: {
        tags: TAGS,
        summary:
          'Send the decision on rejected documents: Changes requested, with a personal status link.',
        params: ZRegistrationParams,
        body: ZReviewDecisionRequest,
        response: withErrorResponses({ 200: ZReviewDecisionResponse }),
      },
    },
    async (request) => {
      const { registrationId } = request.params;
      await requestChanges(request.em, request.staff, registrationId, request.body, settings);
      return answer(request, registrationId);
    },
  );

  app.post(
    '/api/sc/submit/review/:registrationId/reject',
    {
      config: { staffRole: 'editor' },
      schema: {
        tags: TAGS,
        summary: 'Reject the whole registration (final), with a reason.',
        params: ZRegistrationParams,
        body: ZRegistrationRejectRequest,
        response: withErrorResponses({ 200: ZReviewDecisionResponse }),
      },
    },
    async (request) => {
      const { registrationId } = request.params;
      await rejectRegistration(request.em, request.staff, registrationId, request.body, settings);
      return answer(request, registrationId);
    },
  );
};
