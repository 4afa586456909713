import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CODES } from '../../../../shared/codes.js';
import {
  ZOrganizationPersonInvite,
  ZOrganizationPersonRecord,
  ZOrganizationPersonUpdate,
  ZSwitchOrganizationRequest,
} from '../../../../shared/organization-people.js';
import { ZId } from '../../../../shared/staff.js';
import { withErrorResponses, ZSuccessResponse } from '../../../../shared/staff-responses.js';
import { protectStaffRoutes } from '../../plugins/auth.js';
import { answerWithFieldErrors } from '../../plugins/errors.js';
import { idFilter, idsFilter } from '../admin-rest/list-query.js';
import { registerResource } from '../admin-rest/resource.js';
import { organizationFilter } from '../organization-access/scope.js';
import {
  changeOrganizationRole,
  getOrganizationPerson,
  inviteOrganizationPerson,
  listOrganizationPeople,
  ORGANIZATION_PEOPLE_SORT_FIELDS,
  removeOrganizationPerson,
  sendOrganizationPersonLink,
  switchOrganization,
} from './service.js';

const TAGS = ['admin organization-people'];

/**
 * An organization's own people (its page's People: provider Administrators, and the
 * organization's Program managers for their own), and switching the session between one's
 * organizations (any organization's person).
 */
export const organizationPeopleRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  protectStaffRoutes(app);
  answerWithFieldErrors(app);
  const { publicUrl } = app.config;

  registerResource(app, {
    name: 'organization-people',
    readRole: 'administrator',
    writeRole: 'administrator',
    organization: {
      read: 'program_manager',
      create: 'program_manager',
      update: 'program_manager',
      remove: 'program_manager',
      record: 'membership',
    },
    response: ZOrganizationPersonRecord,
    sortFields: ORGANIZATION_PEOPLE_SORT_FIELDS,
    defaultSort: 'email',
    filter: (raw, scope) => ({
      ids: idsFilter(raw.id),
      organizationId: organizationFilter(scope, idFilter(raw.organization, 'organization')),
    }),
    list: listOrganizationPeople,
    getOne: (em, id) => getOrganizationPerson(em, id),
    create: {
      body: ZOrganizationPersonInvite,
      run: (em, actor, body: z.output<typeof ZOrganizationPersonInvite>) =>
        inviteOrganizationPerson(em, actor, body, publicUrl),
    },
    update: {
      body: ZOrganizationPersonUpdate,
      run: (em, actor, id, body: z.output<typeof ZOrganizationPersonUpdate>) =>
        changeOrganizationRole(em, actor, id, body.role),
    },
    remove: removeOrganizationPerson,
  });

  app.post(
    '/api/admin/organization-people/:id/password-link',
    {
      config: {
        staffRole: 'administrator',
        organizationRole: 'program_manager',
        organizationOf: { id: 'membership' },
      },
      schema: {
        tags: TAGS,
        summary: 'Email the person a set-password link (the invitation again while invited).',
        params: z.object({ id: ZId }),
        response: withErrorResponses({ 200: ZOrganizationPersonRecord }),
      },
    },
    async (request) =>
      sendOrganizationPersonLink(request.em, request.staff, request.params.id, publicUrl),
  );

  app.post(
    '/api/sc/account/organization',
    {
      config: { staffRole: 'viewer', organizationRole: 'viewer' },
      schema: {
        tags: ['staff account'],
        summary:
          "Work in another of one's organizations (an organization's person): the session moves, the token stays.",
        body: ZSwitchOrganizationRequest,
        response: withErrorResponses({ 200: ZSuccessResponse }),
      },
    },
    async (request) => {
      await switchOrganization(request.em, request.staff.sessionId, request.body.organizationId);
      return { code: CODES.success, message: 'Organization switched.' } as const;
    },
  );
};
