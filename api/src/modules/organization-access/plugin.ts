import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { NOT_FOUND, recordInOrganization } from './records.js';

/**
 * Decorates `organizationRecords` (plugins/auth.ts): whether the record a staff route's path
 * names belongs to the organization an organization's person works in, checked before the
 * route's handler runs.
 */
const organizationAccessPlugin: FastifyPluginAsync = async (app) => {
  app.decorate('organizationRecords', {
    belongs: (request, kind, value, organizationId) =>
      recordInOrganization(request.em, kind, value, organizationId),
    notFound: (kind) => NOT_FOUND[kind],
  });
};

export default fp(organizationAccessPlugin, { name: 'organization-access', dependencies: ['db'] });
