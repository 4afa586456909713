import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type TAdminStaffResponse,
  ZAdminStaffResponse,
  ZAdminStaffSessionResponse,
} from '../../../../shared/admin-responses.js';
import { CODES } from '../../../../shared/codes.js';
import { STAFF_MESSAGES, ZId } from '../../../../shared/staff.js';
import { ZStaffInviteRequest, ZStaffUpdateRequest } from '../../../../shared/staff-accounts.js';
import { withErrorResponses, ZSuccessResponse } from '../../../../shared/staff-responses.js';
import {
  STAFF_ROLES,
  STAFF_STATUSES,
  type TStaffRole,
  type TStaffStatus,
} from '../../../../shared/staff-roles.js';
import type { Actor } from '../audit/service.js';
import {
  endStaffSessions,
  getStaff,
  inviteStaff,
  listStaff,
  liveSessions,
  STAFF_SORT_FIELDS,
  sendPasswordLink,
  setStaffActive,
  updateStaff,
} from '../staff-auth/staff-accounts.js';
import { idsFilter, oneOfFilter, textFilter } from './list-query.js';
import { registerResource } from './resource.js';

const tags = ['admin staff'];
const ZStaffIdParam = z.object({ id: ZId });

/**
 * The Staff screen (Administrators only): the staff resource (list, one, invite, name and role)
 * and its actions: deactivate, reactivate, send a password link, and the person's sessions.
 */
export function staffRestRoutes(base: FastifyInstance): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { publicUrl } = app.config;

  registerResource(app, {
    name: 'staff',
    readRole: 'administrator',
    writeRole: 'administrator',
    // The provider's own staff; an organization's people are on its page (organization-people).
    organization: { read: null },
    response: ZAdminStaffResponse,
    sortFields: STAFF_SORT_FIELDS,
    defaultSort: 'email',
    filter: (raw) => ({
      ids: idsFilter(raw.id),
      q: textFilter(raw.q, 'q'),
      role: oneOfFilter<TStaffRole>(STAFF_ROLES, raw.role, 'role'),
      status: oneOfFilter<TStaffStatus>(STAFF_STATUSES, raw.status, 'status'),
    }),
    list: listStaff,
    getOne: getStaff,
    create: {
      body: ZStaffInviteRequest,
      run: (em, actor, body: z.output<typeof ZStaffInviteRequest>) =>
        inviteStaff(em, actor, body, publicUrl),
    },
    update: {
      body: ZStaffUpdateRequest,
      run: (em, actor, id, body: z.output<typeof ZStaffUpdateRequest>) =>
        updateStaff(em, actor, id, body),
    },
  });

  type Action = (em: EntityManager, actor: Actor, id: number) => Promise<TAdminStaffResponse>;
  const actions: [string, string, Action][] = [
    [
      'deactivate',
      'Deactivates the account; every session of the person ends at once.',
      (em, actor, id) => setStaffActive(em, actor, id, false),
    ],
    [
      'reactivate',
      'Reactivates the account.',
      (em, actor, id) => setStaffActive(em, actor, id, true),
    ],
    [
      'password-link',
      'Emails a set-password link: the invitation again while invited, else a reset link.',
      (em, actor, id) => sendPasswordLink(em, actor, id, publicUrl),
    ],
  ];
  for (const [action, summary, run] of actions) {
    app.post(
      `/api/admin/staff/:id/${action}`,
      {
        config: { staffRole: 'administrator', organizationRole: null },
        schema: {
          tags,
          summary,
          params: ZStaffIdParam,
          response: withErrorResponses({ 200: ZAdminStaffResponse }),
        },
      },
      async (request) => run(request.em, request.staff, request.params.id),
    );
  }

  app.get(
    '/api/admin/staff/:id/sessions',
    {
      config: { staffRole: 'administrator', organizationRole: null },
      schema: {
        tags,
        summary: "The person's live sessions: started, last seen, address and browser.",
        params: ZStaffIdParam,
        response: withErrorResponses({ 200: z.array(ZAdminStaffSessionResponse) }),
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await liveSessions(request.em, request.params.id)),
  );

  app.delete(
    '/api/admin/staff/:id/sessions',
    {
      config: { staffRole: 'administrator', organizationRole: null },
      schema: {
        tags,
        summary: 'Sign out everywhere: ends every session of the person at once.',
        params: ZStaffIdParam,
        response: withErrorResponses({ 200: ZSuccessResponse }),
      },
    },
    async (request) => {
      await endStaffSessions(request.em, request.staff, request.params.id);
      return { code: CODES.success, message: STAFF_MESSAGES.sessionsEnded };
    },
  );

  app.delete(
    '/api/admin/staff/:id/sessions/:sessionId',
    {
      config: { staffRole: 'administrator', organizationRole: null },
      schema: {
        tags,
        summary: 'Ends one session of the person.',
        params: ZStaffIdParam.extend({ sessionId: z.uuid() }),
        response: withErrorResponses({ 200: ZSuccessResponse }),
      },
    },
    async (request) => {
      await endStaffSessions(
        request.em,
        request.staff,
        request.params.id,
        request.params.sessionId,
      );
      return { code: CODES.success, message: STAFF_MESSAGES.sessionsEnded };
    },
  );
}
