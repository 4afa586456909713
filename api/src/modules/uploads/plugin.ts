import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { CODES, MESSAGES } from '../../../../shared/codes.js';
import { ZUploadAnswer } from '../../../../shared/registration.js';
import { AppError } from '../../errors.js';
import { PUBLIC_CORS, publicRateLimits } from '../registration/public-api.js';
import { formUploadOwner, receiveUpload, UPLOAD_LIMITS } from './receive.js';
import { createDocumentStorage, type DocumentStorage } from './storage.js';
import {
  ORPHAN_SWEEP_CRON,
  ORPHAN_SWEEP_JOB,
  SWEEP_CRON,
  SWEEP_JOB,
  sweepOrphanedObjects,
  sweepUnattachedUploads,
} from './sweep.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Uploaded documents, on the driver STORAGE_URL names: everything reads them through it. */
    documentStorage: DocumentStorage;
  }
}

async function uploadRoutes(app: FastifyInstance) {
  await app.register(cors, PUBLIC_CORS);
  await app.register(multipart, { limits: UPLOAD_LIMITS, throwFileSizeLimit: true });

  app.post(
    '/docUpload',
    {
      config: { rateLimit: publicRateLimits(app.config).upload },
      schema: {
        summary: 'Upload a certification or calibration document',
        description:
          'multipart/form-data with the fields `file` (jpeg, png or pdf by content, at most ' +
          '10,000,000 bytes) and `orgHash`. message.url is an opaque reference for certDocLink ' +
          'or kitCalibDocLink.',
        tags: ['public registration'],
        response: { 200: ZUploadAnswer },
      },
    },
    async (request) => {
      if (!request.isMultipart()) {
        throw new AppError(415, CODES.unsupportedMediaType, MESSAGES.multipartRequired);
      }
      const url = await receiveUpload(
        request.em,
        app.documentStorage,
        request.parts({ limits: UPLOAD_LIMITS }),
        formUploadOwner(request.em, app.linkCache),
      );
      return { code: CODES.success, message: { url } };
    },
  );
}

/**
 * Document storage for the whole app, the public upload call (/api/uploads), the periodic
 * sweep of uploads no submit attached and the daily one of stored objects no row names.
 */
const uploadsPlugin: FastifyPluginAsync = async (app) => {
  const storage = createDocumentStorage(app.config.storage);
  app.decorate('documentStorage', storage);
  app.addHook('onClose', async () => storage.close());
  app.jobs.define({
    name: SWEEP_JOB,
    cron: SWEEP_CRON,
    handler: async () => {
      const removed = await sweepUnattachedUploads(app.orm.em.fork(), storage);
      if (removed) app.log.info({ removed }, 'swept unattached uploads');
    },
  });
  app.jobs.define({
    name: ORPHAN_SWEEP_JOB,
    cron: ORPHAN_SWEEP_CRON,
    handler: async () => {
      const removed = await sweepOrphanedObjects(app.orm.em.fork(), storage);
      if (removed) app.log.info({ removed }, 'swept stored documents no row names');
    },
  });
  await app.register(uploadRoutes, { prefix: '/api/uploads' });
};

export default fp(uploadsPlugin, { name: 'uploads', dependencies: ['db', 'jobs', 'link-cache'] });
