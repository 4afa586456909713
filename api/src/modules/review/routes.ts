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

  /**
   * A decision call, POST /api/sc/submit/review/{registrationId}/{action} (Editor): after the
   * decision commits its emails go out now, and the answer is the review as it now stands.
   */
  const decision = <B extends z.ZodType>(
    action: string,
    summary: string,
    body: B,
    decide: (request: FastifyRequest, registrationId: number, body: z.output<B>) => Promise<void>,
  ) =>
    app.post(
      `/api/sc/submit/review/:registrationId/${action}`,
      {
        config: {
          staffRole: 'editor',
          organizationRole: 'reviewer',
          organizationOf: { registrationId: 'registration' },
        },
        schema: {
          tags: TAGS,
          summary,
          params: ZRegistrationParams,
          body,
          response: withErrorResponses({ 200: ZReviewDecisionResponse }),
        },
      },
      async (request) => {
        const { registrationId } = request.params;
        await decide(request, registrationId, request.body as z.output<B>);
        return { code: CODES.success, message: await getReview(request.em, registrationId) };
      },
    );

  decision(
    'document',
    'Accept or reject one certification, test kit or credential document (with a reason).',
    ZDocumentDecisionRequest,
    (request, id, body) => decideDocument(request.em, request.staff, id, body),
  );
  decision(
    'approve',
    'Approve a registration whose documents are all accepted: enroll, welcome.',
    ZReviewDecisionRequest,
    (request, id, body) => approveRegistration(request.em, request.staff, id, body, settings),
  );
  decision(
    'request_changes',
    'Send the decision on rejected documents: Changes requested, with a personal status link.',
    ZReviewDecisionRequest,
    (request, id, body) => requestChanges(request.em, request.staff, id, body, settings),
  );
  decision(
    'reject',
    'Reject the whole registration (final), with a reason.',
    ZRegistrationRejectRequest,
    (request, id, body) => rejectRegistration(request.em, request.staff, id, body, settings),
  );
};
