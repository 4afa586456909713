import cors from '@fastify/cors';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CODES } from '../../../../shared/codes.js';
import {
  ZOpenDraftAnswer,
  ZOpenDraftRequest,
  ZSaveDraftRequest,
} from '../../../../shared/drafts.js';
import { ZApiAnswer } from '../../../../shared/registration.js';
import { shapedBodyOnly } from '../registration/body-shape.js';
import { PUBLIC_CORS, publicRateLimits } from '../registration/public-api.js';
import { deleteExpiredDrafts, openDraft, saveDraft } from './service.js';

export const EXPIRED_DRAFTS_JOB = 'drafts-expire';
const EXPIRED_DRAFTS_CRON = '7 * * * *';

const tags = ['public registration'];

async function draftRoutes(scope: FastifyInstance) {
  await scope.register(cors, PUBLIC_CORS);
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const rateLimit = publicRateLimits(scope.config).draft;

  app.post(
    '/save',
    {
      config: { rateLimit },
      validatorCompiler: shapedBodyOnly,
      schema: {
        summary: 'Save the registration to finish later, and email its link',
        description:
          'Keeps the wizard’s data for 14 days and emails a link (in the language of the call) ' +
          'that opens it. Saving again from the same runId replaces the draft and its link.',
        tags,
        body: ZSaveDraftRequest,
        response: { 200: ZApiAnswer },
      },
    },
    async (request) =>
      saveDraft(request.em, request.body, {
        language: request.language,
        publicUrl: app.config.publicUrl,
        cache: scope.linkCache,
      }),
  );

  app.post(
    '/open',
    {
      config: { rateLimit },
      validatorCompiler: shapedBodyOnly,
      schema: {
        summary: 'Open a saved registration from its emailed link’s token',
        tags,
        body: ZOpenDraftRequest,
        response: { 200: ZOpenDraftAnswer },
      },
    },
    async (request) => ({
      code: CODES.success,
      message: { draft: await openDraft(request.em, request.body, { cache: scope.linkCache }) },
    }),
  );
}

/** Save and finish later: the public calls under /api/drafts and the expiry of old drafts. */
const draftsPlugin: FastifyPluginAsync = async (app) => {
  app.jobs.define({
    name: EXPIRED_DRAFTS_JOB,
    cron: EXPIRED_DRAFTS_CRON,
    handler: async () => {
      const removed = await deleteExpiredDrafts(app.orm.em.fork());
      if (removed) app.log.info({ removed }, 'deleted expired drafts');
    },
  });
  await app.register(draftRoutes, { prefix: '/api/drafts' });
};

export default fp(draftsPlugin, {
  name: 'drafts',
  dependencies: ['db', 'jobs', 'email', 'link-cache', 'i18n'],
});
