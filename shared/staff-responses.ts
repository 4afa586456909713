import { z } from 'zod';
import { ZAdminReviewResponse } from './admin-responses.js';
import { CODES } from './codes.js';
import { USER_TYPES } from './constants.js';
import { ZErrorResponse } from './error-answers.js';
import { ZOrganizationDirectoryRecord } from './organization-directory.js';
import { ZOrganizationRequirementsRecord } from './organization-requirements.js';
import { ORGANIZATION_ROLES } from './organization-roles.js';
import { ZOrgInfo } from './registration.js';
import { ORGANIZATION_STATUSES, ZEmailFrequency } from './staff.js';
import { SIGN_IN_METHODS, STAFF_ROLES } from './staff-roles.js';

// What the staff calls answer (/api/sc and /api/documents), in the spec's wire names. The API
// declares each as its route's response schema (so an answer that drifts fails loudly and the
// OpenAPI shows it) and the console takes its types from them. A key's place in its object is
// its place in the JSON: keep the order the answers have always had.

/** A route's answers: its own for success, the common error shape for every 4xx and 5xx. */
export function withErrorResponses<T extends Record<number, unknown>>(answers: T) {
  return { ...answers, '4xx': ZErrorResponse, '5xx': ZErrorResponse };
}

const success = <M extends z.ZodType>(message: M) =>
  z.object({ code: z.literal(CODES.success), message });

/** SUCCESS and a sentence for the person (sign-out, organization deleted). */
export const ZSuccessResponse = success(z.string());
export type TSuccessResponse = z.infer<typeof ZSuccessResponse>;

// ---- session ----

/**
 * Both sign-in calls: the bearer token (`verified`), or, for an account with two-step sign-in,
 * `twoFactorRequired` and the challenge to send back with the code.
 */
export const ZLoginResponse = z.object({
  verified: z.string().optional(),
  twoFactorRequired: z.literal(true).optional(),
  /** Good for a few minutes, and never a session token. */
  challenge: z.string().optional(),
});
/** The code of two-step sign-in: the bearer token. */
export const ZTwoFactorLoginResponse = z.object({ verified: z.string() });

/** Whom a password link is for, so the page can say it. */
export const ZPasswordLinkResponse = z.object({
  email: z.string(),
  purpose: z.enum(['invite', 'reset']),
});

// ---- the signed-in person's own account ----

/** An organization an organization's person holds a role in. */
export const ZAccountOrganization = z.object({
  id: z.number().int(),
  name: z.string(),
  role: z.enum(ORGANIZATION_ROLES),
});

export const ZAccountResponse = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  /** The provider's staff role; null for an organization's person. */
  role: z.enum(STAFF_ROLES).nullable(),
  /** Who the session acts as (shared/staff-roles.ts TStaffAccess). */
  access: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('provider'), role: z.enum(STAFF_ROLES) }),
    z.object({
      kind: z.literal('organization'),
      role: z.enum(ORGANIZATION_ROLES),
      organizationId: z.number().int(),
    }),
  ]),
  /** An organization's person's organizations, by name (the session's among them); else []. */
  organizations: z.array(ZAccountOrganization),
  signInMethods: z.array(z.enum(SIGN_IN_METHODS)),
  hasPassword: z.boolean(),
  twoFactorEnabled: z.boolean(),
  /** Their role (REQUIRE_2FA_FOR), or one of their organizations, requires two-step sign-in. */
  twoFactorRequired: z.boolean(),
  /** Required but not set up: nothing but this account page answers until it is. */
  mustEnrollTwoFactor: z.boolean(),
});
export type TAccountResponse = z.infer<typeof ZAccountResponse>;

export const ZTwoFactorSetupResponse = z.object({
  /** The secret in base32, for typing into an app that cannot scan. */
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as a QR code: an SVG data URL. */
  qrCode: z.string(),
});
export type TTwoFactorSetupResponse = z.infer<typeof ZTwoFactorSetupResponse>;

/** Two-step sign-in turned on: the one-time recovery codes, shown this once. */
export const ZRecoveryCodesResponse = z.object({
  code: z.literal(CODES.success),
  message: z.string(),
  recoveryCodes: z.array(z.string()),
});
export type TRecoveryCodesResponse = z.infer<typeof ZRecoveryCodesResponse>;

export const ZConsoleConfigResponse = z.object({
  googleClientId: z.string(),
  production: z.boolean(),
  /** The IANA zone every date decision is made in (PROGRAM_TIME_ZONE). */
  programTimeZone: z.string(),
});
export type TConsoleConfigResponse = z.infer<typeof ZConsoleConfigResponse>;

export const ZVerifyAuthResponse = z.object({
  code: z.literal(CODES.verified),
  message: z.string(),
});

export const ZTestingRouteResponse = success(z.object({ staff: z.string(), env: z.string() }));
export type TTestingRouteResponse = z.infer<typeof ZTestingRouteResponse>;

// ---- organizations ----

/** Agency id → {agency, associatedTypes: type id → name}: the public form's own shape. */
const ZAssociatedAgencies = ZOrgInfo.shape.org_associated_certs;
export type TAssociatedAgency = z.infer<typeof ZAssociatedAgencies>[string];

/** The internal organization detail of spec section 3 (orgInfo). */
const ZOrganizationDetail = z.object({
  org_id: z.number().int(),
  org_name: ZOrgInfo.shape.org_name,
  swiftcomply_email: z.string(),
  emails: z.array(z.string()),
  emailReportFreq: ZEmailFrequency,
  /** YYYY-MM-DD (UTC). */
  allowedUntil: z.string(),
  number_of_certs: ZOrgInfo.shape.number_of_certs,
  org_banner: ZOrgInfo.shape.org_banner,
  homePageBanner: ZOrgInfo.shape.homePageBanner,
  internalNotes: z.string(),
  /** The public form link. */
  orgURL: z.string(),
  org_associated_certs: ZAssociatedAgencies,
  /** Origins of the sites that may embed the form; empty: any https site. */
  allowedEmbedOrigins: z.array(z.string()),
  /** Months from a test kit's calibration to the next one. */
  calibrationIntervalMonths: z.number().int(),
  /** Off: a certification expired before today is refused at registration. */
  acceptExpiredCerts: z.boolean(),
  ...ZOrganizationRequirementsRecord.shape,
  ...ZOrganizationDirectoryRecord.shape,
  status: z.enum(ORGANIZATION_STATUSES),
  /** YYYY-MM-DD (UTC). */
  created_on: z.string(),
});
export type TOrganizationDetail = z.infer<typeof ZOrganizationDetail>;

export const ZOrganizationDetailResponse = z.object({
  code: z.literal(CODES.validUrl),
  message: z.object({ orgInfo: ZOrganizationDetail }),
});
export type TOrganizationDetailResponse = z.infer<typeof ZOrganizationDetailResponse>;

/** Create (201) and edit (200). */
export const ZOrganizationSavedResponse = ZSuccessResponse.extend({ orgInfo: ZOrganizationDetail });
export type TOrganizationSavedResponse = z.infer<typeof ZOrganizationSavedResponse>;

const ZOrganizationMatch = z.object({ id: z.number().int(), name: z.string() });
export type TOrganizationMatch = z.infer<typeof ZOrganizationMatch>;
/** A bare list, not a {code, message} answer (spec section 7). */
export const ZOrganizationSearchResponse = z.array(ZOrganizationMatch);
export type TOrganizationSearchResponse = z.infer<typeof ZOrganizationSearchResponse>;

export const ZOrganizationStatusListResponse = z.array(
  z.object({
    id: z.number().int(),
    name: z.string(),
    created_on: z.string(),
    allowed_access: z.string(),
  }),
);

export const ZOrganizationSignupsResponse = success(
  z.object({ orgId: z.number().int(), orgName: z.string(), signups: z.number().int() }),
);
export type TOrganizationSignupsResponse = z.infer<typeof ZOrganizationSignupsResponse>;

/** Organization id → name. */
export const ZReportOrganizationsResponse = success(z.record(z.string(), z.string()));

// ---- certification agencies and types ----

export const ZCertificationAgenciesResponse = success(ZAssociatedAgencies);
export type TCertificationAgenciesResponse = z.infer<typeof ZCertificationAgenciesResponse>;
/** Type id → name. */
export const ZCertificationTypesResponse = success(z.record(z.string(), z.string()));
export type TCertificationTypesResponse = z.infer<typeof ZCertificationTypesResponse>;
export const ZAgencyChangeResponse = success(
  z.object({ id: z.number().int(), agency: z.string() }),
);
export const ZTypeChangeResponse = success(z.object({ id: z.number().int(), type: z.string() }));
export type TCertificationChangeResponse =
  | z.infer<typeof ZAgencyChangeResponse>
  | z.infer<typeof ZTypeChangeResponse>;
export const ZCertificationLinkResponse = success(
  z.object({ agencyID: z.number().int(), typeID: z.number().int(), enabled: z.boolean() }),
);
export type TCertificationLinkResponse = z.infer<typeof ZCertificationLinkResponse>;

// ---- users ----

const ZUsersListRow = z.object({
  userId: z.number().int(),
  userType: z.enum(USER_TYPES),
  userFirstName: z.string(),
  userLastName: z.string(),
  userEmail: z.string(),
  userPhone: z.string(),
  /** Only when the list is of one organization: the enrollment there. */
  userEnrolled: z.boolean().optional(),
});
export type TUsersListRow = z.infer<typeof ZUsersListRow>;

export const ZUsersListResponse = z.object({
  code: z.literal(CODES.success),
  message: z.object({
    usersInfo: z.array(ZUsersListRow),
    page: z.number().int(),
    total: z.number().int(),
  }),
  finalPage: z.number().int(),
});
export type TUsersListResponse = z.infer<typeof ZUsersListResponse>;

const ZUserCertification = z.object({
  certNum: z.string(),
  certExp: z.string(),
  /** The agency's and the type's names, then their ids (null once deleted). */
  certAgency: z.string(),
  certAgencyID: z.number().int().nullable(),
  certType: z.string(),
  certTypeID: z.number().int().nullable(),
  /** A staff-only /api/documents/{id} address; null without a document. */
  certDocLink: z.string().nullable(),
});

/** The User Info page's data: the row plus organizations, service providers and certifications. */
const ZUserInfo = ZUsersListRow.extend({
  userOrgs: z.record(z.string(), z.object({ name: z.string(), enrolled: z.boolean() })),
  userServiceProviders: z.record(z.string(), z.string()),
  userCerts: z.record(z.string(), ZUserCertification),
});
export type TUserInfo = z.infer<typeof ZUserInfo>;

export const ZUserInfoResponse = success(z.object({ userInfo: ZUserInfo }));
export type TUserInfoResponse = z.infer<typeof ZUserInfoResponse>;

/** Edit (200) and add (201). */
export const ZUserSavedResponse = ZSuccessResponse.extend({ userInfo: ZUserInfo });
export type TUserSavedResponse = z.infer<typeof ZUserSavedResponse>;

export const ZEnrollResponse = success(
  z.object({ orgId: z.number().int(), userId: z.number().int(), enrolled: z.boolean() }),
);
export type TEnrollResponse = z.infer<typeof ZEnrollResponse>;
/** enrolled: how many registrations changed. */
export const ZEnrollAllResponse = success(
  z.object({ orgId: z.number().int(), enrolled: z.number().int() }),
);
export type TEnrollAllResponse = z.infer<typeof ZEnrollAllResponse>;

// ---- review and approval ----

/** A decision's answer: the registration's review as it now stands (with its new version). */
export const ZReviewDecisionResponse = success(ZAdminReviewResponse);
export type TReviewDecisionResponse = z.infer<typeof ZReviewDecisionResponse>;

// ---- reports ----

/** An emailed report: the sentence to show while it is made and sent. */
export const ZReportEmailResponse = z.object({ emailMessage: z.string() });

/** A refused report request (422): the first problem, and one message per field. */
export const ZReportErrorResponse = z.object({
  message: z.string(),
  // Fields without a problem are left out of the JSON.
  errors: z.record(z.string(), z.string().optional()),
});

/**
 * A file answer (a document, a report): the bytes themselves, streamed as they are (never
 * serialized), so any value passes; the OpenAPI shows a binary string.
 */
const ZFileResponse = z.unknown().meta({ type: 'string', format: 'binary' });

/** The content of a file answer in any of these media types. */
export function fileContent(mediaTypes: readonly string[]) {
  return Object.fromEntries(mediaTypes.map((mediaType) => [mediaType, { schema: ZFileResponse }]));
}

/**
 * The admin home's compliance picture (GET /api/sc/get/compliance_summary): counts stop past
 * 10,000 (null: more than that).
 */
export const ZComplianceSummaryResponse = z.object({
  /** Today in the program's time zone. */
  today: z.string(),
  waitingForReview: z.number().int().nullable(),
  /** Certifications of active registrations expiring today or within 30 days. */
  expiringIn30Days: z.number().int().nullable(),
  /** Certifications of active registrations already expired. */
  expired: z.number().int().nullable(),
  /** Registrations Suspended and Lapsed (issue 27's standing). */
  suspended: z.number().int().nullable(),
  lapsed: z.number().int().nullable(),
  /**
   * Weeks (starting Monday) from 26 weeks back to 13 ahead: registrations up to this week,
   * certifications due from this week on (null where a series does not reach).
   */
  weeks: z.array(
    z.object({
      weekOf: z.string(),
      registrations: z.number().int().nullable(),
      expirationsDue: z.number().int().nullable(),
    }),
  ),
});
export type TComplianceSummaryResponse = z.infer<typeof ZComplianceSummaryResponse>;
