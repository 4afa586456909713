import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZApiKeyCreatedResponse,
  ZApiKeyCreateRequest,
  ZApiKeyResponse,
} from '../../../../shared/integration-api.js';
import { protectStaffRoutes } from '../../plugins/auth.js';
import { answerWithFieldErrors } from '../../plugins/errors.js';
import { booleanFilter, idFilter, idsFilter } from '../admin-rest/list-query.js';
import { registerResource } from '../admin-rest/resource.js';
import { organizationFilter } from '../organization-access/scope.js';
import { createApiKey, getApiKey, listApiKeys, revokeApiKey } from './api-keys.js';
import { API_KEY_SORT_FIELDS } from './queries.js';

/**
 * The Integrations screen's API keys (/api/admin/api-keys, Administrators only): a react-admin
 * resource whose delete revokes (the key stays listed) and whose create answers the secret.
 */
export const apiKeyRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  protectStaffRoutes(app);
  answerWithFieldErrors(app);

  registerResource(app, {
    name: 'api-keys',
    readRole: 'administrator',
    writeRole: 'administrator',
    // A Program manager's keys read their organization's data alone (createApiKey).
    organization: {
      read: 'program_manager',
      create: 'program_manager',
      remove: 'program_manager',
      record: 'apiKey',
    },
    response: ZApiKeyResponse,
    sortFields: API_KEY_SORT_FIELDS,
    defaultSort: 'created_at',
    defaultOrder: 'DESC',
    filter: (raw, scope) => ({
      ids: idsFilter(raw.id),
      organizationId: organizationFilter(scope, idFilter(raw.organization_id, 'organization_id')),
      revoked: booleanFilter(raw.revoked, 'revoked'),
    }),
    list: listApiKeys,
    getOne: (em, id) => getApiKey(em, id),
    // Its answer carries the secret, this once.
    create: {
      body: ZApiKeyCreateRequest,
      response: ZApiKeyCreatedResponse,
      run: createApiKey,
    },
    remove: revokeApiKey,
  });
};
