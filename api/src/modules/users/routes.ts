import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CODES } from '../../../../shared/codes.js';
import { USERS_PAGE_SIZE } from '../../../../shared/constants.js';
import {
  STAFF_MESSAGES,
  ZEnrollRequest,
  ZId,
  ZStaffUserRequest,
  ZUsersListRequest,
} from '../../../../shared/staff.js';
import {
  withErrorResponses,
  ZEnrollAllResponse,
  ZEnrollResponse,
  ZUserInfoResponse,
  ZUserSavedResponse,
  ZUsersListResponse,
} from '../../../../shared/staff-responses.js';
import { protectStaffRoutes } from '../../plugins/auth.js';
import { answerWithFieldErrors } from '../../plugins/errors.js';
import { EVERY_ORGANIZATION, organizationFilter, scopeOf } from '../organization-access/scope.js';
import { requireOrganization } from '../organizations/views.js';
import { forgetOrderSnapshots } from './order-snapshot.js';
import {
  createUser,
  enrollAll,
  getUserDetail,
  listUsers,
  setEnrollment,
  type UserDetail,
  type UserRecord,
  updateUser,
} from './service.js';

const TAGS = ['staff users'];

function toUserRow(user: UserRecord) {
  return {
    userId: user.id,
    userType: user.type,
    userFirstName: user.firstName,
    userLastName: user.lastName,
    userEmail: user.email,
    userPhone: user.phone,
    ...(user.enrolled === undefined ? {} : { userEnrolled: user.enrolled }),
  };
}

/** The User Info page's data, in the spec's wire names; document links are staff-only URLs. */
function toUserInfo(user: UserDetail) {
  return {
    ...toUserRow(user),
    userOrgs: Object.fromEntries(
      user.organizations.map((org) => [String(org.id), { name: org.name, enrolled: org.enrolled }]),
    ),
    userServiceProviders: Object.fromEntries(
      user.companies.map((company) => [String(company.id), company.name]),
    ),
    userCerts: Object.fromEntries(
      user.certifications.map((cert) => [
        String(cert.id),
        {
          certNum: cert.number,
          certExp: cert.expiresOn,
          certAgency: cert.agencyName,
          certAgencyID: cert.agencyId,
          certType: cert.typeName,
          certTypeID: cert.typeId,
          certDocLink: cert.documentId ? `/api/documents/${cert.documentId}` : null,
        },
      ]),
    ),
  };
}

function fromRequest(body: z.output<typeof ZStaffUserRequest>) {
  return {
    type: body.userType,
    firstName: body.userFirstName,
    lastName: body.userLastName,
    email: body.userEmail,
    phone: body.userPhone,
  };
}

/** Find Users, User Info, Add user and enrollment (/api/sc, staff token). */
export const userRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  protectStaffRoutes(app);
  answerWithFieldErrors(app);
  // A person added, edited or deleted through any instance moves this one's page anchors too.
  app.invalidation.onChange(() => forgetOrderSnapshots(app.orm.em));

  app.post(
    '/api/sc/get/users_list',
    {
      config: { staffRole: 'viewer', organizationRole: 'viewer' },
      schema: {
        tags: TAGS,
        summary: `One page (${USERS_PAGE_SIZE} rows) of users, optionally of one organization.`,
        body: ZUsersListRequest,
        response: withErrorResponses({ 200: ZUsersListResponse }),
      },
    },
    async (request) => {
      const { page, searchQuery } = request.body;
      const orgId = organizationFilter(scopeOf(request.staff.access), request.body.orgId);
      if (orgId !== undefined) await requireOrganization(request.em, orgId);
      const { rows, total } = await listUsers(
        request.em,
        { organizationId: orgId, q: searchQuery },
        {
          sort: 'lastName',
          order: 'ASC',
          offset: (page - 1) * USERS_PAGE_SIZE,
          limit: USERS_PAGE_SIZE,
        },
      );
      const finalPage = Math.max(1, Math.ceil(total / USERS_PAGE_SIZE));
      return {
        code: CODES.success,
        message: { usersInfo: rows.map(toUserRow), page, total },
        finalPage,
      };
    },
  );

  app.get(
    '/api/sc/get/user/:userId',
    {
      config: {
        staffRole: 'viewer',
        organizationRole: 'viewer',
        organizationOf: { userId: 'user' },
      },
      schema: {
        tags: TAGS,
        summary: 'User detail with userOrgs, userServiceProviders and userCerts.',
        params: z.object({ userId: ZId }),
        response: withErrorResponses({ 200: ZUserInfoResponse }),
      },
    },
    async (request) => {
      const user = await getUserDetail(
        request.em,
        request.params.userId,
        scopeOf(request.staff.access),
      );
      return { code: CODES.success, message: { userInfo: toUserInfo(user) } };
    },
  );

  app.put(
    '/api/sc/submit/user/:userId',
    {
      config: { staffRole: 'editor', organizationRole: null },
      schema: {
        tags: TAGS,
        summary: 'Edit a user (type, names, email, phone); the email stays unique.',
        params: z.object({ userId: ZId }),
        body: ZStaffUserRequest,
        response: withErrorResponses({ 200: ZUserSavedResponse }),
      },
    },
    async (request) => {
      const { userId } = request.params;
      await updateUser(request.em, request.staff, userId, fromRequest(request.body));
      const user = await getUserDetail(request.em, userId, EVERY_ORGANIZATION);
      return {
        code: CODES.success,
        message: STAFF_MESSAGES.userEdited,
        userInfo: toUserInfo(user),
      };
    },
  );

  app.post(
    '/api/sc/submit/user',
    {
      config: { staffRole: 'editor', organizationRole: null },
      schema: {
        tags: TAGS,
        summary: 'Add a user (the Add user dialog).',
        body: ZStaffUserRequest,
        response: withErrorResponses({ 201: ZUserSavedResponse }),
      },
    },
    async (request, reply) => {
      const created = await createUser(request.em, request.staff, fromRequest(request.body));
      const user = await getUserDetail(request.em, created.id, EVERY_ORGANIZATION);
      return reply.status(201).send({
        code: CODES.success,
        message: STAFF_MESSAGES.userCreated,
        userInfo: toUserInfo(user),
      });
    },
  );

  app.post(
    '/api/sc/submit/enroll/:orgId/:userId',
    {
      config: {
        staffRole: 'editor',
        organizationRole: 'reviewer',
        organizationOf: { orgId: 'organization', userId: 'user' },
      },
      schema: {
        tags: TAGS,
        summary: "Set a user's enrollment in an organization to `enrolled`.",
        params: z.object({ orgId: ZId, userId: ZId }),
        body: ZEnrollRequest,
        response: withErrorResponses({ 200: ZEnrollResponse }),
      },
    },
    async (request) => {
      const { orgId, userId } = request.params;
      const enrolled = await setEnrollment(
        request.em,
        request.staff,
        orgId,
        userId,
        request.body.enrolled,
      );
      return { code: CODES.success, message: { orgId, userId, enrolled } };
    },
  );

  app.post(
    '/api/sc/submit/enroll_all/:orgId',
    {
      config: {
        staffRole: 'editor',
        organizationRole: 'reviewer',
        organizationOf: { orgId: 'organization' },
      },
      schema: {
        tags: TAGS,
        summary: 'Enroll every registered user of the organization (matching searchQuery if sent).',
        params: z.object({ orgId: ZId }),
        body: ZUsersListRequest.pick({ searchQuery: true }).nullish(),
        response: withErrorResponses({ 200: ZEnrollAllResponse }),
      },
    },
    async (request) => {
      const enrolled = await enrollAll(
        request.em,
        request.staff,
        request.params.orgId,
        request.body?.searchQuery,
      );
      return { code: CODES.success, message: { orgId: request.params.orgId, enrolled } };
    },
  );
};
