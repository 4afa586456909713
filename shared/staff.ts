import { z } from 'zod';
import { MESSAGES } from './codes.js';
import {
  DEFAULT_FORM_BANNER,
  EMAIL_FREQUENCY_KEYS,
  LIMITS,
  MAX_CALIBRATION_INTERVAL_MONTHS,
  ORGANIZATION_DEFAULTS,
} from './constants.js';
import { ZEmbedOrigins } from './embedding.js';
import {
  ZOrganizationDirectoryOnCreate,
  ZOrganizationDirectoryOnEdit,
} from './organization-directory.js';
import {
  ZOrganizationRequirementsOnCreate,
  ZOrganizationRequirementsOnEdit,
} from './organization-requirements.js';
import { isIsoDate, MAX_DATABASE_ID, ZEmail, ZUser } from './registration.js';
import { SIGN_IN_MESSAGES } from './staff-sign-in.js';

// The staff console's rules and words, shared by the API (/api/sc and /api/admin) and the
// admin console so both check the same things and say them the same way.

export const STAFF_MESSAGES = {
  orgNameRequired: MESSAGES.orgNameRequired,
  allowedUntilRequired: MESSAGES.allowedUntilRequired,
  requiredCertsAtLeastOne: MESSAGES.requiredCertsAtLeastOne,
  deleteNameMismatch: MESSAGES.deleteNameMismatch,
  userTypeRequired: MESSAGES.userTypeIsRequired,
  emailInvalid: MESSAGES.emailInvalid,

  loginEmailRequired: SIGN_IN_MESSAGES.emailRequired,
  loginPasswordRequired: SIGN_IN_MESSAGES.passwordRequired,
  googleTokenRequired: 'A Google sign-in token is required.',
  googleNotConfigured: 'Google sign-in is not configured.',
  loginRateLimited: SIGN_IN_MESSAGES.rateLimited,
  forbidden: 'Your staff role does not allow this. Ask an administrator if you need it.',
  twoFactorEnrollmentRequired:
    'Your role requires two-step sign-in. Set up an authenticator app on your account page first.',
  sessionVerified: 'Session verified.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  sessionInvalid: 'Your session is not valid. Please sign in again.',
  loggedOut: 'Signed out.',
  googleInvalid: 'Google sign-in could not be verified.',
  googleUnverifiedEmail: 'Your Google account email is not verified.',
  staffDisabled: 'This staff account is disabled.',
  googleLinkedElsewhere: 'This staff email is linked to a different Google account.',

  orgNameTooLong: 'Organization Name must be 255 characters or less.',
  orgNameTaken: 'An organization with this name already exists.',
  orgNameImmutable: 'The organization name cannot be changed.',
  orgNotFound: 'Organization not found.',
  orgIdMismatch: 'The organization id does not match this organization.',
  allowedUntilInvalid: 'Allowed Access Until must be a date (YYYY-MM-DD).',
  requiredCertsRequired: 'Required Certifications is required.',
  requiredCertsWhole: 'Required Certifications must be a whole number.',
  requiredCertsNotNegative: 'Required Certifications cannot be negative.',
  requiredCertsTooMany: 'Required Certifications must be 10 or less.',
  calibrationIntervalInvalid: `Calibration Interval must be a whole number of months from 1 to ${MAX_CALIBRATION_INTERVAL_MONTHS}.`,
  acceptExpiredInvalid: 'Accept expired certifications at registration must be yes or no.',
  extraEmailsTooMany: 'At most 3 additional emails are allowed.',
  emailFrequencyInvalid: 'Please select an email report frequency.',
  bannerTooLong: 'Banner and note texts must be 10,000 characters or less.',
  agencyIdsInvalid: 'Certification agencies must be a list of agency ids.',
  unknownAgency: 'One or more selected certification agencies do not exist.',
  orgStatusInvalid: "Status must be 'active' or 'inactive'.",
  orgCreated: 'Organization successfully created!',
  orgEdited: 'Organization successfully edited!',
  orgDeleted: 'Organization successfully deleted.',

  agencyNameRequired: 'Agency name is required.',
  agencyNameTooLong: 'Agency name must be 255 characters or less.',
  agencyExists: 'This certification agency already exists.',
  agencyNotFound: 'Certification agency not found.',
  typeNameRequired: 'Type name is required.',
  typeNameTooLong: 'Type name must be 255 characters or less.',
  typeExists: 'This certification type already exists.',
  typeNotFound: 'Certification type not found.',
  typeIdsInvalid: 'Certification types must be a list of type ids.',
  unknownType: 'One or more selected certification types do not exist.',
  linkEnabledRequired: "enabled must be 'true' or 'false'.",

  firstNameRequired: 'First Name is required.',
  lastNameRequired: 'Last Name is required.',
  emailRequired: 'Email is required.',
  emailTooLong: MESSAGES.emailTooLong,
  userEmailTaken: 'This email is already used by another user.',
  userNotFound: 'User not found.',
  userCreated: 'User successfully added.',
  userEdited: 'User successfully edited.',
  registrationNotFound: 'This user is not registered with this organization.',
  pageInvalid: 'Page must be a whole number of 1 or more.',
  enrolledRequired: 'enrolled must be true or false.',

  staffNotFound: 'Staff account not found.',
  staffEmailTaken: 'A staff account with this email already exists.',
  staffNameTooLong: 'Name must be 100 characters or less.',
  staffRoleInvalid: 'Please select a role.',
  staffInvited: 'Invitation sent.',
  lastAdministrator:
    'This is the last active Administrator: make another person an Administrator first.',
  staffDeactivatedNoLink: 'This account is deactivated. Reactivate it before sending a link.',
  passwordLinkSent: 'A password link was sent.',
  staffDeactivated: 'Account deactivated; every session has ended.',
  staffReactivated: 'Account reactivated.',
  sessionsEnded: 'Every session has ended.',
  sessionNotFound: 'Session not found.',
  currentPasswordIncorrect: 'Your current password is not correct.',
  passwordChanged: 'Password changed; your other sessions have ended.',
  twoFactorAlreadyOn: 'Two-step sign-in is already on.',
  twoFactorNotStarted: 'Start the setup again: no authenticator app is being set up.',
  twoFactorOn: 'Two-step sign-in is on.',
  twoFactorOff: 'Two-step sign-in is off.',
  twoFactorRequiredForRole: 'Your role requires two-step sign-in: it cannot be turned off.',
  tokenRequired: 'The link is incomplete. Open it from the email again.',

  documentNotFound: 'Document not found.',
  reportsUnavailable: 'Reports are not available yet.',
  notAvailableInProduction: 'This route is not available in production.',
} as const;

/** Longest banner or internal-notes text an organization keeps. */
export const MAX_ORGANIZATION_TEXT = 10_000;
/** Most certifications a tester can be asked for (the wizard shows one block per cert). */
export const MAX_REQUIRED_CERTIFICATIONS = 10;

/** A string that must be present and not blank; trimmed. */
function requiredText(required: string, max: number, tooLong: string) {
  return z.string({ error: required }).trim().min(1, required).max(max, tooLong);
}

/** A string that may be absent; trimmed. */
function optionalText(max: number, tooLong: string) {
  return z.string().trim().max(max, tooLong);
}

/** An email that may be blank (blank means none); format as the registration form checks it. */
const ZOptionalEmail = z
  .string()
  .trim()
  .max(LIMITS.longText, STAFF_MESSAGES.emailTooLong)
  .refine((value) => value === '' || ZEmail.safeParse(value).success, STAFF_MESSAGES.emailInvalid);

// Organization fields, once; the /api/sc wire shape and the /api/admin record both use them.
export const ZOrganizationName = requiredText(
  STAFF_MESSAGES.orgNameRequired,
  LIMITS.longText,
  STAFF_MESSAGES.orgNameTooLong,
);

export const ZAllowedUntil = z
  .string({ error: STAFF_MESSAGES.allowedUntilRequired })
  .trim()
  .min(1, STAFF_MESSAGES.allowedUntilRequired)
  // Date pickers may send a full ISO timestamp; the date part is what counts.
  .transform((value) => (/^\d{4}-\d{2}-\d{2}T/.test(value) ? value.slice(0, 10) : value))
  .refine(isIsoDate, STAFF_MESSAGES.allowedUntilInvalid);

/** Whole numbers arrive from form inputs as numbers or numeric strings. */
function certificationCount(minimum: number, belowMinimum: string) {
  return z
    .union([z.number(), z.string()], { error: STAFF_MESSAGES.requiredCertsRequired })
    .transform((value) => (typeof value === 'string' ? value.trim() : value))
    .refine((value) => value !== '', STAFF_MESSAGES.requiredCertsRequired)
    .transform(Number)
    .refine(Number.isInteger, STAFF_MESSAGES.requiredCertsWhole)
    .refine((value) => value >= minimum, belowMinimum)
    .refine((value) => value <= MAX_REQUIRED_CERTIFICATIONS, STAFF_MESSAGES.requiredCertsTooMany);
}
/** Months from a test kit's calibration to its next one: whole months, 1 to 60. */
export const ZCalibrationIntervalMonths = z
  .union([z.number(), z.string()], { error: STAFF_MESSAGES.calibrationIntervalInvalid })
  .transform((value) => (typeof value === 'string' ? value.trim() : value))
  .refine((value) => value !== '', STAFF_MESSAGES.calibrationIntervalInvalid)
  .transform(Number)
  .refine(
    (value) => Number.isInteger(value) && value >= 1 && value <= MAX_CALIBRATION_INTERVAL_MONTHS,
    STAFF_MESSAGES.calibrationIntervalInvalid,
  );

export const ZAcceptExpiredCertifications = z.boolean({
  error: STAFF_MESSAGES.acceptExpiredInvalid,
});

/** On create at least 1 certification is required (spec section 9). */
export const ZRequiredCertificationsOnCreate = certificationCount(
  1,
  STAFF_MESSAGES.requiredCertsAtLeastOne,
);
/** On edit the input's minimum is 0 (spec section 5). */
export const ZRequiredCertificationsOnEdit = certificationCount(
  0,
  STAFF_MESSAGES.requiredCertsNotNegative,
);

/** Up to 3 extra notification emails; blank entries are dropped before counting. */
export const ZExtraEmails = z
  .array(ZOptionalEmail, { error: STAFF_MESSAGES.emailInvalid })
  .transform((emails) => emails.filter((email) => email !== ''))
  .refine((emails) => emails.length <= LIMITS.maxExtraOrgEmails, STAFF_MESSAGES.extraEmailsTooMany);

export const ZEmailFrequency = z.enum(EMAIL_FREQUENCY_KEYS as [string, ...string[]], {
  error: STAFF_MESSAGES.emailFrequencyInvalid,
});

const ZOrganizationText = optionalText(MAX_ORGANIZATION_TEXT, STAFF_MESSAGES.bannerTooLong);

/** A row id, sent as a number or as digits. */
export const ZId = z
  .union([z.number(), z.string()])
  .transform(Number)
  .pipe(z.number().int().positive().max(MAX_DATABASE_ID));
/** A list of numeric ids (numbers or numeric strings). */
function idList(message: string) {
  return z.array(ZId, { error: message }).transform((ids) => [...new Set(ids)]);
}
export const ZAgencyIds = idList(STAFF_MESSAGES.agencyIdsInvalid);
export const ZTypeIds = idList(STAFF_MESSAGES.typeIdsInvalid);

// ---- /api/sc organization payloads (spec section 3 wire names) ----

const ZOrgEmails = z
  .array(z.object({ email: z.string().optional().default('') }), {
    error: STAFF_MESSAGES.emailInvalid,
  })
  .transform((rows) => rows.map((row) => row.email))
  .pipe(ZExtraEmails);

export const ZOrganizationCreateInfo = z.object({
  orgURL: ZOrganizationName,
  orgEndDate: ZAllowedUntil,
  swiftcomplyEmail: ZOptionalEmail.optional().default(''),
  orgEmails: ZOrgEmails.optional().default([]),
  orgEmailFreq: ZEmailFrequency.optional().default('weekly'),
  orgBanner: ZOrganizationText.optional().default(DEFAULT_FORM_BANNER),
  numOfCerts: ZRequiredCertificationsOnCreate.optional().default(1),
  orgHomePageBanner: ZOrganizationText.optional().default(''),
  orgInternalNotes: ZOrganizationText.optional().default(''),
  /** Absent: the default agencies (AWWA, ABPA, ASSE); [] means none. */
  associatedAgencies: ZAgencyIds.optional(),
  /** Sites that may embed the form; empty: any https site. */
  allowedEmbedOrigins: ZEmbedOrigins.optional().default([]),
  calibrationIntervalMonths: ZCalibrationIntervalMonths.optional().default(
    ORGANIZATION_DEFAULTS.calibrationIntervalMonths,
  ),
  acceptExpiredCerts: ZAcceptExpiredCertifications.optional().default(false),
  ...ZOrganizationRequirementsOnCreate.shape,
  ...ZOrganizationDirectoryOnCreate.shape,
});
export const ZOrganizationCreateRequest = z.object({ orgInfo: ZOrganizationCreateInfo });

export const ZOrganizationEditInfo = z.object({
  orgID: ZId.optional(),
  /** The name cannot change; when sent it must equal the current name. */
  orgURL: z.string().optional(),
  orgEndDate: ZAllowedUntil,
  swiftcomplyEmail: ZOptionalEmail.optional(),
  orgEmails: ZOrgEmails.optional(),
  orgEmailFreq: ZEmailFrequency.optional(),
  orgBanner: ZOrganizationText.optional(),
  numOfCerts: ZRequiredCertificationsOnEdit,
  orgHomePageBanner: ZOrganizationText.optional(),
  orgInternalNotes: ZOrganizationText.optional(),
  associatedAgencies: ZAgencyIds.optional(),
  allowedEmbedOrigins: ZEmbedOrigins.optional(),
  calibrationIntervalMonths: ZCalibrationIntervalMonths.optional(),
  acceptExpiredCerts: ZAcceptExpiredCertifications.optional(),
  ...ZOrganizationRequirementsOnEdit.shape,
  ...ZOrganizationDirectoryOnEdit.shape,
});
export const ZOrganizationEditRequest = z.object({
  orgName: z.string().optional(),
  orgInfo: ZOrganizationEditInfo,
});

export const ZOrganizationDeleteRequest = z.object({
  orgName: z.string({ error: STAFF_MESSAGES.deleteNameMismatch }),
  orgID: z.union([z.number(), z.string()], { error: STAFF_MESSAGES.deleteNameMismatch }),
});

export const ORGANIZATION_STATUSES = ['active', 'inactive'] as const;
export type TOrganizationStatus = (typeof ORGANIZATION_STATUSES)[number];

// ---- /api/admin organization record (react-admin field names) ----

export const ZAdminOrganizationCreate = z.object({
  name: ZOrganizationName,
  primaryEmail: ZOptionalEmail.optional().default(''),
  extraEmails: ZExtraEmails.optional().default([]),
  reportFrequency: ZEmailFrequency.optional().default('weekly'),
  allowedUntil: ZAllowedUntil,
  requiredCertifications: ZRequiredCertificationsOnCreate.optional().default(1),
  formBanner: ZOrganizationText.optional().default(DEFAULT_FORM_BANNER),
  homeBanner: ZOrganizationText.optional().default(''),
  internalNotes: ZOrganizationText.optional().default(''),
  agencyIds: ZAgencyIds.optional(),
  embedOrigins: ZEmbedOrigins.optional().default([]),
  calibrationIntervalMonths: ZCalibrationIntervalMonths.optional().default(
    ORGANIZATION_DEFAULTS.calibrationIntervalMonths,
  ),
  acceptExpiredCertifications: ZAcceptExpiredCertifications.optional().default(false),
  ...ZOrganizationRequirementsOnCreate.shape,
  ...ZOrganizationDirectoryOnCreate.shape,
});
export const ZAdminOrganizationUpdate = z.object({
  name: z.string().optional(),
  primaryEmail: ZOptionalEmail.optional(),
  extraEmails: ZExtraEmails.optional(),
  reportFrequency: ZEmailFrequency.optional(),
  allowedUntil: ZAllowedUntil.optional(),
  requiredCertifications: ZRequiredCertificationsOnEdit.optional(),
  formBanner: ZOrganizationText.optional(),
  homeBanner: ZOrganizationText.optional(),
  internalNotes: ZOrganizationText.optional(),
  agencyIds: ZAgencyIds.optional(),
  embedOrigins: ZEmbedOrigins.optional(),
  calibrationIntervalMonths: ZCalibrationIntervalMonths.optional(),
  acceptExpiredCertifications: ZAcceptExpiredCertifications.optional(),
  ...ZOrganizationRequirementsOnEdit.shape,
  ...ZOrganizationDirectoryOnEdit.shape,
});

// ---- certification agencies and types ----

export const ZAgencyName = requiredText(
  STAFF_MESSAGES.agencyNameRequired,
  LIMITS.longText,
  STAFF_MESSAGES.agencyNameTooLong,
);
export const ZTypeName = requiredText(
  STAFF_MESSAGES.typeNameRequired,
  LIMITS.longText,
  STAFF_MESSAGES.typeNameTooLong,
);

/** The association's current state, as the console sends it ('true'/'false' or a boolean). */
export const ZBooleanFlag = z
  .union([z.boolean(), z.enum(['true', 'false'])], { error: STAFF_MESSAGES.linkEnabledRequired })
  .transform((value) => value === true || value === 'true');
export const ZCertificationLinkRequest = z.object({ enabled: ZBooleanFlag });

export const ZAdminAgencyCreate = z.object({ name: ZAgencyName, typeIds: ZTypeIds.optional() });
export const ZAdminAgencyUpdate = z.object({
  name: ZAgencyName.optional(),
  typeIds: ZTypeIds.optional(),
});
export const ZAdminTypeCreate = z.object({ name: ZTypeName });
export const ZAdminTypeUpdate = z.object({ name: ZTypeName.optional() });

// ---- users ----

/**
 * The Add user dialog names each missing field ('User Type is required.' …); every other rule
 * (lengths, email format, phone) is the registration form's own, from shared/registration.ts.
 */
// biome-ignore lint/suspicious/noExplicitAny: zod's own pipe() bound; the rule's input is a string.
export function requiredFirst<T extends z.ZodType<unknown, any>>(message: string, rule: T) {
  return z.string({ error: message }).trim().min(1, message).pipe(rule);
}
const USER_RULES = ZUser.shape;

/** The Add user dialog and the User Info edit (spec wire names). */
export const ZStaffUserRequest = z.object({
  userType: requiredFirst(STAFF_MESSAGES.userTypeRequired, USER_RULES.userType),
  userFirstName: requiredFirst(STAFF_MESSAGES.firstNameRequired, USER_RULES.userFirstName),
  userLastName: requiredFirst(STAFF_MESSAGES.lastNameRequired, USER_RULES.userLastName),
  userEmail: requiredFirst(STAFF_MESSAGES.emailRequired, USER_RULES.userEmail),
  userPhone: USER_RULES.userPhone,
});
export type TStaffUserRequest = z.input<typeof ZStaffUserRequest>;

/** The same rules under the react-admin record's field names. */
export const ZAdminUserCreate = z.object({
  type: ZStaffUserRequest.shape.userType,
  firstName: ZStaffUserRequest.shape.userFirstName,
  lastName: ZStaffUserRequest.shape.userLastName,
  email: ZStaffUserRequest.shape.userEmail,
  phone: ZStaffUserRequest.shape.userPhone,
});
export const ZAdminUserUpdate = ZAdminUserCreate.partial();

export const ZUsersListRequest = z.object({
  /** An organization id; empty or absent means all organizations. */
  orgId: z
    .union([z.number(), z.string(), z.null()])
    .optional()
    .transform((value) =>
      value === null || value === undefined || value === '' ? undefined : value,
    )
    .pipe(ZId.optional()),
  page: z
    .union([z.number(), z.string()], { error: STAFF_MESSAGES.pageInvalid })
    .optional()
    .default(1)
    .transform(Number)
    .pipe(
      z
        .number({ error: STAFF_MESSAGES.pageInvalid })
        .int(STAFF_MESSAGES.pageInvalid)
        .min(1, STAFF_MESSAGES.pageInvalid),
    ),
  searchQuery: z.string().trim().max(LIMITS.longText, MESSAGES.nameTooLong).optional().default(''),
});

export const ZEnrollRequest = z.object({
  enrolled: z
    .union([z.boolean(), z.enum(['true', 'false'])], { error: STAFF_MESSAGES.enrolledRequired })
    .transform((value) => value === true || value === 'true'),
});
