import { z } from 'zod';
import { USER_TYPES } from './constants.js';
import { ORGANIZATION_STATUSES, ZEmailFrequency } from './staff.js';
import { SIGN_IN_METHODS, STAFF_ROLES, STAFF_STATUSES } from './staff-roles.js';

// The records of the react-admin REST resources (/api/admin): getOne, create, update and delete
// answer one, lists answer an array of them. Field names are the console's; a key's place here
// is its place in the JSON.

const ZNamed = z.object({ id: z.number().int(), name: z.string() });

export const ZAdminOrganizationResponse = z.object({
  id: z.number().int(),
  name: z.string(),
  primaryEmail: z.string(),
  extraEmails: z.array(z.string()),
  reportFrequency: ZEmailFrequency,
  /** YYYY-MM-DD (UTC). */
  allowedUntil: z.string(),
  requiredCertifications: z.number().int(),
  formBanner: z.string(),
  homeBanner: z.string(),
  internalNotes: z.string(),
  agencyIds: z.array(z.number().int()),
  /** Origins of the sites that may embed the form; empty: any https site. */
  embedOrigins: z.array(z.string()),
  status: z.enum(ORGANIZATION_STATUSES),
  /** An ISO instant. */
  createdAt: z.string(),
  /** One record (not a list row) also names its agencies with their types. */
  agencies: z.array(ZNamed.extend({ types: z.array(ZNamed) })).optional(),
  /** The public form link. */
  formUrl: z.string(),
});

export const ZAdminAgencyResponse = z.object({
  id: z.number().int(),
  name: z.string(),
  types: z.array(ZNamed),
  typeIds: z.array(z.number().int()),
});

export const ZAdminTypeResponse = ZNamed;

export const ZAdminUserResponse = z.object({
  id: z.number().int(),
  type: z.enum(USER_TYPES),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  createdAt: z.string(),
  /** Listed for one organization: that registration's enrollment and instant. */
  enrolled: z.boolean().optional(),
  registeredAt: z.string().optional(),
  /** One record (not a list row) also carries User Info's tables. */
  organizations: z.array(ZNamed.extend({ enrolled: z.boolean() })).optional(),
  companies: z.array(ZNamed).optional(),
  certifications: z
    .array(
      z.object({
        id: z.number().int(),
        number: z.string(),
        /** YYYY-MM-DD. */
        expiresOn: z.string(),
        agencyId: z.number().int().nullable(),
        agencyName: z.string(),
        typeId: z.number().int().nullable(),
        typeName: z.string(),
        /** The staff-only download path, when a document is attached. */
        documentUrl: z.string().nullable(),
      }),
    )
    .optional(),
});

export const ZAdminRegistrationResponse = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  organizationId: z.number().int(),
  companyId: z.number().int().nullable(),
  enrolled: z.boolean(),
  registeredAt: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  userType: z.string(),
  organizationName: z.string(),
});

const ZAuditSnapshot = z.record(z.string(), z.unknown()).nullable();

export const ZAdminAuditResponse = z.object({
  id: z.number().int(),
  /** Null for changes made outside the console (the staff command). */
  staffId: z.number().int().nullable(),
  staffEmail: z.string(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  before: ZAuditSnapshot,
  after: ZAuditSnapshot,
  createdAt: z.string(),
});

/** A staff account on the Staff screen. */
export const ZAdminStaffResponse = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  status: z.enum(STAFF_STATUSES),
  /** An ISO instant, or null before the first sign-in. */
  lastSignInAt: z.string().nullable(),
  signInMethods: z.array(z.enum(SIGN_IN_METHODS)),
  createdAt: z.string(),
});
export type TAdminStaffResponse = z.infer<typeof ZAdminStaffResponse>;

/** A live console session of a staff member. */
export const ZAdminStaffSessionResponse = z.object({
  id: z.string(),
  staffId: z.number().int(),
  /** ISO instants. */
  startedAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  ipAddress: z.string(),
  userAgent: z.string(),
});
export type TAdminStaffSessionResponse = z.infer<typeof ZAdminStaffSessionResponse>;
