import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyPluginAsync } from 'fastify';
import type { z } from 'zod';
import {
  ZAdminAgencyResponse,
  ZAdminAuditResponse,
  ZAdminOrganizationResponse,
  ZAdminRegistrationResponse,
  ZAdminReviewResponse,
  ZAdminTypeResponse,
  ZAdminUserResponse,
} from '../../../../shared/admin-responses.js';
import { USER_TYPES } from '../../../../shared/constants.js';
import {
  ZAdminCredentialTypeCreate,
  ZAdminCredentialTypeResponse,
  ZAdminCredentialTypeUpdate,
} from '../../../../shared/credential-types.js';
import {
  ORGANIZATION_STATUSES,
  type TOrganizationStatus,
  ZAdminAgencyCreate,
  ZAdminAgencyUpdate,
  ZAdminOrganizationCreate,
  ZAdminOrganizationUpdate,
  ZAdminTypeCreate,
  ZAdminTypeUpdate,
  ZAdminUserCreate,
  ZAdminUserUpdate,
} from '../../../../shared/staff.js';
import { STANDINGS } from '../../../../shared/standing.js';
import { AppError } from '../../errors.js';
import { protectStaffRoutes } from '../../plugins/auth.js';
import { answerWithFieldErrors } from '../../plugins/errors.js';
import { getAuditEntry, listAudit } from '../audit/service.js';
import {
  createAgency,
  createType,
  deleteAgency,
  deleteType,
  getAgency,
  getType,
  listAgencies,
  listTypes,
  NAME_SORT_FIELDS,
  updateAgency,
  updateType,
} from '../certifications/service.js';
import { userCompliance, withExpiry } from '../compliance/user-compliance.js';
import {
  createCredentialType,
  getCredentialType,
  listCredentialTypes,
  updateCredentialType,
} from '../credentials/service.js';
import {
  EVERY_ORGANIZATION,
  type OrganizationScope,
  organizationFilter,
  organizationIds,
  scopeOfActor,
} from '../organization-access/scope.js';
import { directorySettingsOf } from '../organizations/directory-settings.js';
import { formUrl } from '../organizations/form-hash.js';
import { listOrganizations, ORGANIZATION_SORT_FIELDS } from '../organizations/lists.js';
import {
  createOrganization,
  deleteOrganization,
  updateOrganization,
} from '../organizations/service.js';
import { getOrganization, type OrganizationView, seenBy } from '../organizations/views.js';
import { getReview, listQueue, QUEUE_SORT_FIELDS, userReviewHistory } from '../review/records.js';
import {
  getRegistration,
  listRegistrations,
  REGISTRATION_SORT_FIELDS,
} from '../users/registrations.js';
import {
  createUser,
  deleteUser,
  getUserDetail,
  listUsers,
  USER_SORT_FIELDS,
  updateUser,
} from '../users/service.js';
import {
  booleanFilter,
  idFilter,
  idsFilter,
  instantFilter,
  oneOfFilter,
  textFilter,
} from './list-query.js';
import { registerResource } from './resource.js';
import { staffRestRoutes } from './staff-routes.js';

/**
 * The react-admin record of an organization as the request's person reads it (seenBy): the
 * service view plus its public form link.
 */
function organizationRecord(view: OrganizationView, publicUrl: string, scope: OrganizationScope) {
  const { formHash, createdOn: _createdOn, ...record } = seenBy(view, scope);
  return {
    ...record,
    directoryUrl: directorySettingsOf(view, publicUrl).directoryUrl,
    formUrl: formUrl(publicUrl, formHash),
  };
}

/**
 * The react-admin record of one person (User Info): the person with their organizations,
 * service providers, certifications and credentials, each document as its staff-only download path, and
 * the history of their registrations' review.
 */
async function userDetailRecord(em: EntityManager, id: number, scope: OrganizationScope) {
  const { certifications, ...user } = await getUserDetail(em, id, scope);
  const { credentials, ...compliance } = await userCompliance(em, id, scope);
  const documentUrl = (documentId: string | null) =>
    documentId ? `/api/documents/${documentId}` : null;
  return {
    ...user,
    reviewHistory: await userReviewHistory(em, id, scope),
    certifications: certifications.map(({ documentId, ...certification }) => ({
      ...withExpiry(certification),
      documentUrl: documentUrl(documentId),
    })),
    ...compliance,
    credentials: credentials.map(({ documentId, ...credential }) => ({
      ...credential,
      documentUrl: documentUrl(documentId),
    })),
  };
}

function organizationStatus(value: unknown): TOrganizationStatus | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (!(ORGANIZATION_STATUSES as readonly unknown[]).includes(value)) {
    throw AppError.badRequest("filter.status must be 'active' or 'inactive'.");
  }
  return value as TOrganizationStatus;
}

function userTypeFilter(value: unknown): (typeof USER_TYPES)[number] | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (!(USER_TYPES as readonly unknown[]).includes(value)) {
    throw AppError.badRequest("filter.userType must be 'admin' or 'tester'.");
  }
  return value as (typeof USER_TYPES)[number];
}

const standingFilter = (value: unknown) => oneOfFilter(STANDINGS, value, 'standing');

/** Agencies and types: filtered by ids (getMany) or by a name search (q). */
const nameListFilter = (raw: Record<string, unknown>) => ({
  ids: idsFilter(raw.id),
  q: textFilter(raw.q, 'q'),
});

/** REST resources for the react-admin console under /api/admin (staff token). */
export const adminRestRoutes: FastifyPluginAsync = async (app) => {
  protectStaffRoutes(app);
  answerWithFieldErrors(app);
  const { publicUrl } = app.config;

  registerResource(app, {
    name: 'organizations',
    writeRole: 'editor',
    // A Program manager edits the settings that are the organization's own (updateOrganization).
    organization: { read: 'viewer', update: 'program_manager', record: 'organization' },
    response: ZAdminOrganizationResponse,
    sortFields: ORGANIZATION_SORT_FIELDS,
    defaultSort: 'name',
    filter: (raw, scope) => ({
      ids: organizationIds(scope, idsFilter(raw.id)),
      q: textFilter(raw.q, 'q'),
      status: organizationStatus(raw.status),
      scope,
    }),
    list: async (em, { scope, ...filter }, page) => {
      const { rows, total } = await listOrganizations(em, filter, page);
      return { rows: rows.map((row) => organizationRecord(row, publicUrl, scope)), total };
    },
    getOne: async (em, id, scope) =>
      organizationRecord(await getOrganization(em, id), publicUrl, scope),
    create: {
      body: ZAdminOrganizationCreate,
      run: async (em, actor, body: z.output<typeof ZAdminOrganizationCreate>) =>
        organizationRecord(
          await createOrganization(em, actor, body),
          publicUrl,
          EVERY_ORGANIZATION,
        ),
    },
    update: {
      body: ZAdminOrganizationUpdate,
      run: async (em, actor, id, body: z.output<typeof ZAdminOrganizationUpdate>) =>
        organizationRecord(
          await updateOrganization(em, actor, id, body),
          publicUrl,
          scopeOfActor(actor),
        ),
    },
    remove: async (em, actor, id) =>
      organizationRecord(await deleteOrganization(em, actor, id), publicUrl, EVERY_ORGANIZATION),
  });

  registerResource(app, {
    name: 'agencies',
    writeRole: 'administrator',
    organization: { read: 'viewer', record: 'shared' },
    response: ZAdminAgencyResponse,
    sortFields: NAME_SORT_FIELDS,
    defaultSort: 'name',
    filter: nameListFilter,
    list: listAgencies,
    getOne: getAgency,
    create: {
      body: ZAdminAgencyCreate,
      run: (em, actor, body: z.output<typeof ZAdminAgencyCreate>) => createAgency(em, actor, body),
    },
    update: {
      body: ZAdminAgencyUpdate,
      run: (em, actor, id, body: z.output<typeof ZAdminAgencyUpdate>) =>
        updateAgency(em, actor, id, body),
    },
    remove: deleteAgency,
  });

  registerResource(app, {
    name: 'types',
    writeRole: 'administrator',
    organization: { read: 'viewer', record: 'shared' },
    response: ZAdminTypeResponse,
    sortFields: NAME_SORT_FIELDS,
    defaultSort: 'name',
    filter: nameListFilter,
    list: listTypes,
    getOne: getType,
    create: {
      body: ZAdminTypeCreate,
      run: (em, actor, body: z.output<typeof ZAdminTypeCreate>) => createType(em, actor, body),
    },
    update: {
      body: ZAdminTypeUpdate,
      run: (em, actor, id, body: z.output<typeof ZAdminTypeUpdate>) =>
        updateType(em, actor, id, body),
    },
    remove: deleteType,
  });

  registerResource(app, {
    name: 'credential-types',
    // Editors and Administrators keep the credential types; they are never deleted (an
    // organization's requirements and registrants' credentials refer to them).
    writeRole: 'editor',
    organization: { read: 'viewer', record: 'shared' },
    response: ZAdminCredentialTypeResponse,
    sortFields: NAME_SORT_FIELDS,
    defaultSort: 'name',
    filter: nameListFilter,
    list: listCredentialTypes,
    getOne: getCredentialType,
    create: {
      body: ZAdminCredentialTypeCreate,
      run: (em, actor, body: z.output<typeof ZAdminCredentialTypeCreate>) =>
        createCredentialType(em, actor, body),
    },
    update: {
      body: ZAdminCredentialTypeUpdate,
      run: (em, actor, id, body: z.output<typeof ZAdminCredentialTypeUpdate>) =>
        updateCredentialType(em, actor, id, body),
    },
  });

  registerResource(app, {
    name: 'users',
    writeRole: 'editor',
    // Editors add, edit and enroll people; removing a person is an Administrator's call. A
    // person is shared by the organizations they registered with: only the provider changes
    // them; an organization's people read them as registered with their organization.
    removeRole: 'administrator',
    organization: { read: 'viewer', record: 'user' },
    response: ZAdminUserResponse,
    sortFields: USER_SORT_FIELDS,
    defaultSort: 'lastName',
    filter: (raw, scope) => {
      const organizationId = organizationFilter(scope, idFilter(raw.organization, 'organization'));
      const enrolled = booleanFilter(raw.enrolled, 'enrolled');
      const standing = standingFilter(raw.standing);
      if (enrolled !== undefined && organizationId === undefined) {
        throw AppError.badRequest('filter.enrolled needs filter.organization.');
      }
      if (standing !== undefined && organizationId === undefined) {
        throw AppError.badRequest('filter.standing needs filter.organization.');
      }
      return {
        ids: idsFilter(raw.id),
        q: textFilter(raw.q, 'q'),
        organizationId,
        enrolled,
        standing,
      };
    },
    list: listUsers,
    getOne: userDetailRecord,
    create: {
      body: ZAdminUserCreate,
      run: (em, actor, body: z.output<typeof ZAdminUserCreate>) => createUser(em, actor, body),
    },
    update: {
      body: ZAdminUserUpdate,
      run: (em, actor, id, body: z.output<typeof ZAdminUserUpdate>) =>
        updateUser(em, actor, id, body),
    },
    remove: deleteUser,
  });

  registerResource(app, {
    name: 'registrations',
    organization: { read: 'viewer', record: 'registration' },
    response: ZAdminRegistrationResponse,
    sortFields: REGISTRATION_SORT_FIELDS,
    defaultSort: 'registeredAt',
    defaultOrder: 'DESC',
    filter: (raw, scope) => ({
      ids: idsFilter(raw.id),
      organizationId: organizationFilter(scope, idFilter(raw.organization, 'organization')),
      userId: idFilter(raw.user, 'user'),
      enrolled: booleanFilter(raw.enrolled, 'enrolled'),
      from: instantFilter(raw.registeredAt_gte, 'registeredAt_gte'),
      before: instantFilter(raw.registeredAt_lte, 'registeredAt_lte', true),
      standing: standingFilter(raw.standing),
    }),
    list: listRegistrations,
    getOne: getRegistration,
  });

  // The Review Queue (registrations waiting, oldest first) and one registration's review.
  // Decisions are the /api/sc/submit/review calls.
  registerResource(app, {
    name: 'review',
    organization: { read: 'viewer', record: 'registration' },
    response: ZAdminReviewResponse,
    sortFields: QUEUE_SORT_FIELDS,
    defaultSort: 'queuedAt',
    defaultOrder: 'ASC',
    filter: (raw, scope) => ({
      ids: idsFilter(raw.id),
      organizationId: organizationFilter(scope, idFilter(raw.organization, 'organization')),
      userType: userTypeFilter(raw.userType),
      standing: standingFilter(raw.standing),
    }),
    list: listQueue,
    getOne: (em, id) => getReview(em, id),
  });

  registerResource(app, {
    name: 'audit',
    organization: { read: 'viewer', record: 'auditEntry' },
    response: ZAdminAuditResponse,
    sortFields: ['createdAt', 'id'],
    defaultSort: 'createdAt',
    defaultOrder: 'DESC',
    filter: (raw, scope) => ({
      ids: idsFilter(raw.id),
      organizationId: organizationFilter(scope, idFilter(raw.organization, 'organization')),
      entityType: textFilter(raw.entityType, 'entityType'),
      entityId: raw.entityId === undefined ? undefined : String(raw.entityId),
      staffEmail: textFilter(raw.staffEmail, 'staffEmail'),
      action: textFilter(raw.action, 'action'),
    }),
    list: (em, filter, page) => listAudit(em, filter, page),
    getOne: getAuditEntry,
  });

  staffRestRoutes(app);
};
