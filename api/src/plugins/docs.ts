import swagger from '@fastify/swagger';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { documentRoute, SECURITY_SCHEMES } from './openapi-routes.js';

/**
 * OpenAPI generated from the zod route schemas; served as JSON at /api/docs. Each route's
 * security, operationId and common error answers come from openapi-routes.ts.
 */
const docsPlugin: FastifyPluginAsync = async (app) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Backflow registration platform API',
        description:
          'Public registration calls (/api/tr, /api/uploads, /api/drafts), the registrant’s own ' +
          'calls (/api/account) and staff calls (/api/sc, /api/admin, /api/documents).',
        version: '1.0.0',
      },
      servers: [{ url: app.config.publicUrl }],
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: documentRoute,
  });
  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());
};

export default fp(docsPlugin, { name: 'docs' });
