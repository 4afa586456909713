import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CODES } from '../../../../shared/codes.js';
import {
  ORGANIZATION_STATUSES,
  STAFF_MESSAGES,
  type ZOrganizationCreateInfo,
  ZOrganizationCreateRequest,
  ZOrganizationDeleteRequest,
  type ZOrganizationEditInfo,
  ZOrganizationEditRequest,
} from '../../../../shared/staff.js';
import {
  withErrorResponses,
  ZOrganizationDetailResponse,
  ZOrganizationSavedResponse,
  ZOrganizationSearchResponse,
  ZOrganizationSignupsResponse,
  ZOrganizationStatusListResponse,
  ZReportOrganizationsResponse,
  ZSuccessResponse,
} from '../../../../shared/staff-responses.js';
import { AppError, fieldError } from '../../errors.js';
import { protectStaffRoutes } from '../../plugins/auth.js';
import { answerWithFieldErrors } from '../../plugins/errors.js';
import { toAssociatedCertifications } from '../certifications/service.js';
import { scopeOf } from '../organization-access/scope.js';
import { directorySettingsOf } from './directory-settings.js';
import { formUrl } from './form-hash.js';
import {
  countRegistrations,
  organizationNames,
  organizationsByStatus,
  searchOrganizations,
} from './lists.js';
import {
  createOrganization,
  deleteOrganization,
  type OrganizationChanges,
  type OrganizationInput,
  updateOrganization,
} from './service.js';
import {
  getOrganization,
  type OrganizationDetail,
  organizationIdByName,
  requireOrganization,
  resolveOrganization,
  seenBy,
} from './views.js';

/** The internal organization detail of spec section 3, as the console reads it. */
function toOrgInfo(organization: OrganizationDetail, publicUrl: string) {
  return {
    org_id: organization.id,
    org_name: organization.name,
    swiftcomply_email: organization.primaryEmail,
    emails: organization.extraEmails,
    emailReportFreq: organization.reportFrequency,
    allowedUntil: organization.allowedUntil,
    number_of_certs: organization.requiredCertifications,
    org_banner: organization.formBanner,
    homePageBanner: organization.homeBanner,
    internalNotes: organization.internalNotes,
    orgURL: formUrl(publicUrl, organization.formHash),
    org_associated_certs: toAssociatedCertifications(organization.agencies),
    allowedEmbedOrigins: organization.embedOrigins,
    calibrationIntervalMonths: organization.calibrationIntervalMonths,
    acceptExpiredCerts: organization.acceptExpiredCertifications,
    registrationValidity: organization.registrationValidity,
    suspendOnExpiry: organization.suspendOnExpiry,
    requireTwoFactor: organization.requireTwoFactor,
    credentialRequirements: organization.credentialRequirements,
    ...directorySettingsOf(organization, publicUrl),
    status: organization.status,
    created_on: organization.createdOn,
  };
}

/** The orgInfo fields the create and the edit both send, in domain names (absent stays absent). */
function fromOrgInfo(
  info: z.output<typeof ZOrganizationCreateInfo>,
): Omit<OrganizationInput, 'name'>;
function fromOrgInfo(info: z.output<typeof ZOrganizationEditInfo>): OrganizationChanges;
function fromOrgInfo(
  info: z.output<typeof ZOrganizationCreateInfo> | z.output<typeof ZOrganizationEditInfo>,
): OrganizationChanges {
  return {
    primaryEmail: info.swiftcomplyEmail,
    extraEmails: info.orgEmails,
    reportFrequency: info.orgEmailFreq,
    allowedUntil: info.orgEndDate,
    requiredCertifications: info.numOfCerts,
    formBanner: info.orgBanner,
    homeBanner: info.orgHomePageBanner,
    internalNotes: info.orgInternalNotes,
    agencyIds: info.associatedAgencies,
    embedOrigins: info.allowedEmbedOrigins,
    calibrationIntervalMonths: info.calibrationIntervalMonths,
    acceptExpiredCertifications: info.acceptExpiredCerts,
    registrationValidity: info.registrationValidity,
    suspendOnExpiry: info.suspendOnExpiry,
    requireTwoFactor: info.requireTwoFactor,
    credentialRequirements: info.credentialRequirements,
    directoryEnabled: info.directoryEnabled,
    directorySlug: info.directorySlug,
    directoryIntro: info.directoryIntro,
    directoryDisclaimer: info.directoryDisclaimer,
    directoryNoindex: info.directoryNoindex,
  };
}

const ZName = z.string().min(1).max(1024);
const TAGS = ['staff organizations'];

/** The console's organization calls of spec section 7 (/api/sc, staff token). */
export const organizationRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  protectStaffRoutes(app);
  answerWithFieldErrors(app);
  const { publicUrl } = app.config;

  app.post(
    '/api/sc/submit/organization/:orgURL',
    {
      config: { staffRole: 'editor', organizationRole: null },
      schema: {
        tags: TAGS,
        summary: 'Create an organization; the body orgInfo.orgURL is its name.',
        params: z.object({ orgURL: ZName }),
        body: ZOrganizationCreateRequest,
        response: withErrorResponses({ 201: ZOrganizationSavedResponse }),
      },
    },
    async (request, reply) => {
      const info = request.body.orgInfo;
      const organization = await createOrganization(request.em, request.staff, {
        name: info.orgURL,
        ...fromOrgInfo(info),
      });
      return reply.status(201).send({
        code: CODES.success,
        message: STAFF_MESSAGES.orgCreated,
        orgInfo: toOrgInfo(organization, publicUrl),
      });
    },
  );

  app.get(
    '/api/sc/get/orginfo/:org',
    {
      config: {
        staffRole: 'viewer',
        organizationRole: 'viewer',
        organizationOf: { org: 'organizationName' },
      },
      schema: {
        tags: TAGS,
        summary: 'The organization detail by name: VALID URL with message.orgInfo.',
        params: z.object({ org: ZName }),
        response: withErrorResponses({ 200: ZOrganizationDetailResponse }),
      },
    },
    async (request) => {
      const id = await organizationIdByName(request.em, request.params.org);
      const organization = seenBy(
        await getOrganization(request.em, id),
        scopeOf(request.staff.access),
      );
      return { code: CODES.validUrl, message: { orgInfo: toOrgInfo(organization, publicUrl) } };
    },
  );

  app.put(
    '/api/sc/submit/editorganization/:orgName',
    {
      config: {
        staffRole: 'editor',
        organizationRole: 'program_manager',
        organizationOf: { orgName: 'organizationName' },
      },
      schema: {
        tags: TAGS,
        summary: 'Save an organization (the name cannot change).',
        params: z.object({ orgName: ZName }),
        body: ZOrganizationEditRequest,
        response: withErrorResponses({ 200: ZOrganizationSavedResponse }),
      },
    },
    async (request) => {
      const id = await organizationIdByName(request.em, request.params.orgName);
      const { orgName, orgInfo } = request.body;
      if (orgInfo.orgID !== undefined && orgInfo.orgID !== id) {
        throw fieldError('orgID', STAFF_MESSAGES.orgIdMismatch);
      }
      const organization = await updateOrganization(request.em, request.staff, id, {
        name: orgName ?? orgInfo.orgURL,
        ...fromOrgInfo(orgInfo),
      });
      return {
        code: CODES.success,
        message: STAFF_MESSAGES.orgEdited,
        orgInfo: toOrgInfo(seenBy(organization, scopeOf(request.staff.access)), publicUrl),
      };
    },
  );

  app.delete(
    '/api/sc/submit/delete_organization/:orgName',
    {
      config: { staffRole: 'editor', organizationRole: null },
      schema: {
        tags: TAGS,
        summary: 'Delete an organization; orgName and orgID must both match it exactly.',
        params: z.object({ orgName: ZName }),
        body: ZOrganizationDeleteRequest,
        response: withErrorResponses({ 200: ZSuccessResponse }),
      },
    },
    async (request) => {
      const id = await organizationIdByName(request.em, request.params.orgName);
      const organization = await requireOrganization(request.em, id);
      const { orgName, orgID } = request.body;
      const confirmed =
        orgName === organization.name &&
        request.params.orgName === organization.name &&
        String(orgID).trim() === String(organization.id);
      if (!confirmed) throw fieldError('orgName', STAFF_MESSAGES.deleteNameMismatch);
      await deleteOrganization(request.em, request.staff, id);
      return { code: CODES.success, message: STAFF_MESSAGES.orgDeleted };
    },
  );

  app.get(
    '/api/sc/get/search-org',
    {
      config: { staffRole: 'viewer', organizationRole: 'viewer' },
      schema: {
        tags: TAGS,
        summary: 'Organizations with a name word starting with each typed word: [{id, name}].',
        querystring: z.object({ q: z.string().max(255).optional().default('') }),
        response: withErrorResponses({ 200: ZOrganizationSearchResponse }),
      },
    },
    async (request) =>
      searchOrganizations(request.em, scopeOf(request.staff.access), request.query.q),
  );

  app.get(
    '/api/sc/get/org_status/:status',
    {
      config: {
        staffRole: 'viewer',
        organizationRole: 'viewer',
        organizationOf: { status: 'value' },
      },
      schema: {
        tags: TAGS,
        summary: 'Active or inactive organizations: [{id, name, created_on, allowed_access}].',
        params: z.object({ status: z.string().max(50) }),
        response: withErrorResponses({ 200: ZOrganizationStatusListResponse }),
      },
    },
    async (request) => {
      const status = request.params.status;
      if (!(ORGANIZATION_STATUSES as readonly string[]).includes(status)) {
        throw new AppError(400, CODES.invalid, STAFF_MESSAGES.orgStatusInvalid);
      }
      const rows = await organizationsByStatus(
        request.em,
        scopeOf(request.staff.access),
        status as 'active' | 'inactive',
      );
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        created_on: row.createdOn,
        allowed_access: row.allowedUntil,
      }));
    },
  );

  app.get(
    '/api/sc/get/orgsignups/:org',
    {
      config: {
        staffRole: 'viewer',
        organizationRole: 'viewer',
        organizationOf: { org: 'organizationRef' },
      },
      schema: {
        tags: TAGS,
        summary: 'How many registrations an organization (id or name) has.',
        params: z.object({ org: ZName }),
        response: withErrorResponses({ 200: ZOrganizationSignupsResponse }),
      },
    },
    async (request) => {
      const organization = await resolveOrganization(request.em, request.params.org);
      const signups = await countRegistrations(request.em, organization.id);
      return {
        code: CODES.success,
        message: { orgId: organization.id, orgName: organization.name, signups },
      };
    },
  );

  app.get(
    '/api/sc/get/report_orgs',
    {
      config: { staffRole: 'viewer', organizationRole: 'viewer' },
      schema: {
        tags: TAGS,
        summary: 'Every organization: message is a map of id to name.',
        response: withErrorResponses({ 200: ZReportOrganizationsResponse }),
      },
    },
    async (request) => ({
      code: CODES.success,
      message: await organizationNames(request.em, scopeOf(request.staff.access)),
    }),
  );
};
