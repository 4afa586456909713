import { z } from 'zod';
import { USER_TYPES } from './constants.js';
import { ZOrganizationDirectoryRecord } from './organization-directory.js';
import { ZOrganizationRequirementsRecord } from './organization-requirements.js';
import { EXPIRING_ITEM_KINDS, EXPIRY_STATUSES, REMINDER_ITEM_KINDS } from './reminders.js';
import {
  REGISTRATION_REJECTION_REASONS,
  REVIEW_STATES,
  ZCertificationFacts,
  ZCredentialFacts,
  ZItemDecision,
  ZTestKitFacts,
} from './review.js';
import { ORGANIZATION_STATUSES, ZEmailFrequency } from './staff.js';
import { SIGN_IN_METHODS, STAFF_ROLES, STAFF_STATUSES } from './staff-roles.js';
import { STANDINGS } from './standing.js';

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
  /** Months from a test kit's calibration to the next one. */
  calibrationIntervalMonths: z.number().int(),
  /** Off: a certification expired before today is refused at registration. */
  acceptExpiredCertifications: z.boolean(),
  registrationValidity: ZOrganizationRequirementsRecord.shape.registrationValidity,
  suspendOnExpiry: z.boolean(),
  requireTwoFactor: z.boolean(),
  ...ZOrganizationDirectoryRecord.shape,
  status: z.enum(ORGANIZATION_STATUSES),
  /** An ISO instant. */
  createdAt: z.string(),
  /** One record (not a list row) also names its agencies with their types. */
  agencies: z.array(ZNamed.extend({ types: z.array(ZNamed) })).optional(),
  /** One record also carries the credential types the organization asks for. */
  credentialRequirements: ZOrganizationRequirementsRecord.shape.credentialRequirements.optional(),
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

export const ZReviewHistoryEntry = z.object({
  id: z.number().int(),
  registrationId: z.number().int(),
  /** An ISO instant. */
  at: z.string(),
  action: z.string(),
  /** The staff member, or the registrant's email for a resubmission. */
  by: z.string(),
  /** What happened, in the console's words. */
  summary: z.string(),
});

/** An item's status on today (program time zone) and the days left (negative once expired). */
const ZExpiry = z.object({ status: z.enum(EXPIRY_STATUSES), daysLeft: z.number().int() });

/** A registration's standing: Active, Suspended or Lapsed, why and since when (issue 27). */
export const ZStandingFields = z.object({
  standing: z.enum(STANDINGS),
  /** The last change's reason, in the deciding person's or the product's words. */
  standingReason: z.string().nullable(),
  /** An ISO instant; null while it never changed. */
  standingChangedAt: z.string().nullable(),
  /** A suspension's last day (YYYY-MM-DD, program time zone): Active again the day after. */
  suspendedUntil: z.string().nullable(),
  /** Suspended by the product when a required item expired: lifts once it is replaced. */
  suspendedAutomatically: z.boolean(),
});

export const ZAdminUserResponse = z.object({
  id: z.number().int(),
  type: z.enum(USER_TYPES),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  createdAt: z.string(),
  /** Listed for one organization: that registration's enrollment, instant and review state. */
  enrolled: z.boolean().optional(),
  registeredAt: z.string().optional(),
  reviewState: z.enum(REVIEW_STATES).optional(),
  /** Listed for one organization: that registration's standing. */
  standing: z.enum(STANDINGS).optional(),
  /** One record (not a list row) also carries User Info's tables. */
  organizations: z
    .array(
      ZNamed.extend({
        enrolled: z.boolean(),
        /** The registration with this organization and its review (ISO instants). */
        registrationId: z.number().int(),
        reviewState: z.enum(REVIEW_STATES),
        registeredAt: z.string(),
        reviewedAt: z.string().nullable(),
        /** Approved, or approved and waiting for an item sent from My registrations. */
        approved: z.boolean(),
        ...ZStandingFields.shape,
      }),
    )
    .optional(),
  companies: z.array(ZNamed).optional(),
  certifications: z
    .array(
      ZCertificationFacts.extend({
        /** The staff-only download path, when a document is attached. */
        documentUrl: z.string().nullable(),
        ...ZExpiry.shape,
      }),
    )
    .optional(),
  /** Every decision on the person's registrations, oldest first. */
  reviewHistory: z.array(ZReviewHistoryEntry).optional(),
  /** The test kits of the person's registrations, with their next calibration's status. */
  testKits: z
    .array(
      z.object({
        id: z.number().int(),
        serial: z.string(),
        manufacturer: z.string(),
        model: z.string(),
        calibratedOn: z.string(),
        /** The next calibration (YYYY-MM-DD); null for a kit of no organization. */
        dueOn: z.string().nullable(),
        organizationName: z.string(),
        status: z.enum(EXPIRY_STATUSES).nullable(),
        daysLeft: z.number().int().nullable(),
      }),
    )
    .optional(),
  /** The credentials of the person's registrations (issue 27), each with its organization. */
  credentials: z
    .array(
      ZCredentialFacts.extend({
        organizationId: z.number().int(),
        organizationName: z.string(),
        /** Null, as daysLeft, for a type that does not expire. */
        status: z.enum(EXPIRY_STATUSES).nullable(),
        daysLeft: z.number().int().nullable(),
        /** The staff-only download path, when a document is attached. */
        documentUrl: z.string().nullable(),
      }),
    )
    .optional(),
  /** The reminders sent to the person, the latest first. */
  reminders: z
    .array(
      z.object({
        id: z.number().int(),
        kind: z.enum(REMINDER_ITEM_KINDS),
        item: z.string(),
        dueOn: z.string(),
        /** 60, 30 or 7 days before the due date, or 0 on the day. */
        thresholdDays: z.number().int(),
        /** An ISO instant. */
        sentAt: z.string(),
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
  ...ZStandingFields.shape,
});
export type TAdminRegistrationResponse = z.infer<typeof ZAdminRegistrationResponse>;

const ZAuditSnapshot = z.record(z.string(), z.unknown()).nullable();

export const ZAdminAuditResponse = z.object({
  id: z.number().int(),
  /** Null for changes made outside the console (the staff command). */
  staffId: z.number().int().nullable(),
  staffEmail: z.string(),
  /**
   * The role they acted in: a staff role, an organization role ('program_manager', 'reviewer',
   * 'viewer' of organizationId), or null outside the console.
   */
  staffRole: z.string().nullable(),
  /** The organization the change concerns; null for the provider's own records. */
  organizationId: z.number().int().nullable(),
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
/** A reviewed document as the console fetches it (the staff-only API path). */
const ZReviewDocument = z.object({
  id: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  /** GET with the staff token; the console's own address is /scadmin/documents/{id}. */
  url: z.string(),
});

/** An item as it was before the registrant corrected it. */
const ZReviewEarlierVersion = z.object({
  /** When it was replaced (an ISO instant). */
  replacedAt: z.string(),
  /** What it said then, and why it was rejected. */
  summary: z.string(),
  document: ZReviewDocument.nullable(),
});

/** A reviewed item's decision, its document and the versions it replaced. */
const ZReviewItemDecision = ZItemDecision.extend({
  document: ZReviewDocument.nullable(),
  earlierVersions: z.array(ZReviewEarlierVersion),
  /** These values are a renewal waiting beside the item: accepting it replaces the item. */
  renewal: z.boolean(),
});

export const ZAdminReviewResponse = z.object({
  /** The registration's id. */
  id: z.number().int(),
  /** The review version a decision must name (optimistic check). */
  version: z.number().int(),
  state: z.enum(REVIEW_STATES),
  /** ISO instants: in the queue since, and registered. */
  queuedAt: z.string(),
  registeredAt: z.string(),
  resubmitted: z.boolean(),
  /** Sent from the registrant's account (My registrations): a renewed or added item. */
  fromAccount: z.boolean(),
  /** Its person registered again for the organization's next period. */
  reregistered: z.boolean(),
  userId: z.number().int(),
  userType: z.enum(USER_TYPES),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  organizationId: z.number().int(),
  organizationName: z.string(),
  companyName: z.string().nullable(),
  /** A registration back in the queue keeps its standing (a lapsed one re-registering). */
  standing: z.enum(STANDINGS),
  /** One record (not a queue row) also carries the whole review. */
  phone: z.string().optional(),
  enrolled: z.boolean().optional(),
  reviewedAt: z.string().nullable().optional(),
  rejectionReason: z.enum(REGISTRATION_REJECTION_REASONS).nullable().optional(),
  rejectionNote: z.string().nullable().optional(),
  company: z
    .object({
      id: z.number().int(),
      name: z.string(),
      phone: z.string(),
      address1: z.string(),
      address2: z.string(),
      city: z.string(),
      state: z.string(),
      zip: z.string(),
      /** On file before this registration (matched), not created by it; null when unknown. */
      matched: z.boolean().nullable(),
    })
    .nullable()
    .optional(),
  certifications: z
    .array(
      ZCertificationFacts.extend({
        /** How the expiry compares with today in the program's time zone. */
        expiry: z.enum(['expired', 'expiring', 'valid']),
        ...ZReviewItemDecision.shape,
      }),
    )
    .optional(),
  /** The submission's test kits: every registration of it reviews the same ones. */
  testKits: z.array(ZTestKitFacts.extend(ZReviewItemDecision.shape)).optional(),
  /** The registration's credentials (a company's is copied to each registration of it). */
  credentials: z
    .array(
      ZCredentialFacts.extend({
        /** As certifications' expiry; null for a type that does not expire. */
        expiry: z.enum(['expired', 'expiring', 'valid']).nullable(),
        ...ZReviewItemDecision.shape,
      }),
    )
    .optional(),
  history: z.array(ZReviewHistoryEntry).optional(),
});
export type TAdminReviewResponse = z.infer<typeof ZAdminReviewResponse>;

/**
 * A row of the Expiring view: a certification (id = its id × 3), a test kit's calibration
 * (id × 3 + 1) or a credential (id × 3 + 2) of an active registration, with its due date and
 * last reminder.
 */
export const ZAdminExpiringResponse = z.object({
  id: z.number().int(),
  kind: z.enum(EXPIRING_ITEM_KINDS),
  /** The certification's, test kit's or credential's own id. */
  itemId: z.number().int(),
  /** YYYY-MM-DD: the certification's or credential's expiry, or the kit's next calibration. */
  dueOn: z.string(),
  /** Days from today (program time zone) to dueOn; negative once expired. */
  daysLeft: z.number().int(),
  status: z.enum(EXPIRY_STATUSES),
  userId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  companyName: z.string().nullable(),
  organizationId: z.number().int(),
  organizationName: z.string(),
  /** A certification's or credential's number. */
  number: z.string().nullable(),
  agency: z.string().nullable(),
  /** A certification's type, or a credential's type name. */
  type: z.string().nullable(),
  serial: z.string().nullable(),
  manufacturer: z.string().nullable(),
  model: z.string().nullable(),
  /** A credential's issuer. */
  issuer: z.string().nullable(),
  /** An ISO instant: the last reminder sent about this item and date, if any. */
  lastReminderAt: z.string().nullable(),
  /** That reminder's threshold (60, 30, 7 or 0 days before). */
  lastReminderDays: z.number().int().nullable(),
});
export type TAdminExpiringResponse = z.infer<typeof ZAdminExpiringResponse>;
