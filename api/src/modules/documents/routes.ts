import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withErrorResponses } from '../../../../shared/staff-responses.js';
import { protectStaffRoutes } from '../../plugins/auth.js';
import { answerWithFieldErrors } from '../../plugins/errors.js';
import { DOCUMENT_ANSWER, openDocument, sendDocument } from './service.js';

/** GET /api/documents/{id}: an uploaded document, for staff only, always as a download. */
export const documentRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  protectStaffRoutes(app);
  answerWithFieldErrors(app);

  app.get(
    '/api/documents/:id',
    {
      config: {
        staffRole: 'viewer',
        organizationRole: 'viewer',
        organizationOf: { id: 'document' },
      },
      schema: {
        tags: ['staff documents'],
        summary: 'Download a certification or calibration document.',
        params: z.object({ id: z.uuid() }),
        response: withErrorResponses({ 200: DOCUMENT_ANSWER }),
      },
    },
    async (request, reply) => {
      const document = await openDocument(request.em, app.documentStorage, request.params.id);
      return sendDocument(reply, document, { disposition: 'attachment', cacheControl: 'no-store' });
    },
  );
};
