import swagger from '@fastify/swagger';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the zod route schemas; served as JSON at /api/docs. */
const docsPlugin: FastifyPluginAsync = async (app) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Backflow registration platform API',
        description:
          'Public registration calls (/api/tr, /api/uploads, /api/drafts) and staff calls (/api/sc, /api/admin).',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());
};

export default fp(docsPlugin, { name: 'docs' });
