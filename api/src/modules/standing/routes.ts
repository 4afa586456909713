import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZAdminRegistrationResponse } from '../../../../shared/admin-responses.js';
import { ZId } from '../../../../shared/staff.js';
import { withErrorResponses } from '../../../../shared/staff-responses.js';
import {
  type TReinstateRequest,
  type TSuspendRequest,
  ZReinstateRequest,
  ZSuspendRequest,
} from '../../../../shared/standing-staff.js';
import { protectStaffRoutes } from '../../plugins/auth.js';
import { answerWithFieldErrors } from '../../plugins/errors.js';
import { getRegistration } from '../users/registrations.js';
import { decideStanding, type TStaffStandingDecision } from './service.js';

const TAGS = ['admin registrations'];
const ZRegistrationParams = z.object({ id: ZId });

const DECISIONS: [TStaffStandingDecision, string, z.ZodType][] = [
  [
    'suspend',
    'Suspend an approved, active registration with a reason and an optional last day; emails the person.',
    ZSuspendRequest,
  ],
  [
    'reinstate',
    'Reinstate a suspended registration with a reason; emails the person.',
    ZReinstateRequest,
  ],
];

/**
 * Staff decisions on a registration's standing (/api/admin, staff token): suspend and
 * reinstate, each answering the registration as it now stands (the registrations resource's
 * record).
 */
export const standingRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  protectStaffRoutes(app);
  answerWithFieldErrors(app);
  for (const [decision, summary, body] of DECISIONS) {
    app.post(
      `/api/admin/registrations/:id/${decision}`,
      {
        // Whoever approves registrations (the review decisions' role).
        config: {
          staffRole: 'editor',
          organizationRole: 'reviewer',
          organizationOf: { id: 'registration' },
        },
        schema: {
          tags: TAGS,
          summary,
          params: ZRegistrationParams,
          body,
          response: withErrorResponses({ 200: ZAdminRegistrationResponse }),
        },
      },
      async (request) => {
        const { id } = request.params;
        await decideStanding(
          request.em,
          request.staff.id,
          id,
          decision,
          request.body as TSuspendRequest | TReinstateRequest,
        );
        return getRegistration(request.em, id);
      },
    );
  }
};
