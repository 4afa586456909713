import cookie from '@fastify/cookie';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CORRECTION_STATES,
  ZCorrectionDecision,
  ZCorrectionProposal,
  ZCorrectionRecord,
} from '../../../../shared/assembly-corrections.js';
import { CODES } from '../../../../shared/codes.js';
import { ZId } from '../../../../shared/staff.js';
import { protectStaffRoutes } from '../../plugins/auth.js';
import { answerWithFieldErrors } from '../../plugins/errors.js';
import { parsed } from '../account/route-context.js';
import { accountSessionGuard } from '../account/sessions.js';
import { idFilter, idsFilter, oneOfFilter } from '../admin-rest/list-query.js';
import { registerResource } from '../admin-rest/resource.js';
import { organizationFilter } from '../organization-access/scope.js';
import { shapedBodyOnly } from '../registration/body-shape.js';
import {
  CORRECTION_SORT_FIELDS,
  decideCorrection,
  getCorrection,
  listCorrections,
  proposeCorrection,
} from './service.js';

/**
 * Testers' corrections in the console: read by anyone who reads the organization, decided
 * (react-admin's update: accept or refuse) by its Reviewers and Program managers and the
 * provider's Editors. Nothing is deleted: a decided correction is the record of the decision.
 */
export const correctionRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  protectStaffRoutes(app);
  answerWithFieldErrors(app);

  registerResource(app, {
    name: 'assembly-corrections',
    readRole: 'viewer',
    writeRole: 'editor',
    organization: { read: 'viewer', update: 'reviewer', record: 'assemblyCorrection' },
    response: ZCorrectionRecord,
    sortFields: CORRECTION_SORT_FIELDS,
    defaultSort: 'id',
    defaultOrder: 'DESC',
    filter: (raw, scope) => ({
      ids: idsFilter(raw.id),
      organizationId: organizationFilter(scope, idFilter(raw.organization, 'organization')),
      state: oneOfFilter(CORRECTION_STATES, raw.state, 'state'),
      assemblyRef: idFilter(raw.assemblyRef, 'assemblyRef'),
    }),
    list: listCorrections,
    getOne: (em, id) => getCorrection(em, id),
    update: {
      body: ZCorrectionDecision,
      run: (em, actor, id, body: z.output<typeof ZCorrectionDecision>) =>
        decideCorrection(em, actor, id, body),
    },
  });
};

/** The tester's side, in My registrations: proposing a correction of an assembly on file. */
export const accountCorrectionRoutes: FastifyPluginAsync = async (scope) => {
  await scope.register(cookie);
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const siteOrigin = new URL(app.config.publicUrl).origin;
  const signedIn = accountSessionGuard(siteOrigin);

  app.post(
    '/api/account/assemblies/:id/corrections',
    {
      onRequest: signedIn,
      validatorCompiler: shapedBodyOnly,
      config: { rateLimit: { max: app.config.rateLimits.accountPerMinute, timeWindow: 60_000 } },
      schema: {
        summary:
          'Propose a correction of an assembly on file (another nameplate, or a replaced assembly)',
        description:
          'For an assembly of an organization the signed-in tester is actively registered ' +
          'with. It waits for the organization; a second proposal replaces the tester’s own ' +
          'pending one. 404 for an assembly of an organization they are not registered with.',
        tags: ['my registrations'],
        params: z.object({ id: ZId }),
        body: ZCorrectionProposal,
        response: { 201: z.object({ code: z.string(), message: ZCorrectionRecord }) },
      },
    },
    async (request, reply) => {
      const correction = await proposeCorrection(
        request.em,
        request.accountUserId,
        request.params.id,
        parsed(ZCorrectionProposal, request.body),
      );
      return reply.code(201).send({ code: CODES.success, message: correction });
    },
  );
};
