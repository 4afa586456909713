import {
  DEFAULT_FORM_BANNER,
  LIMITS,
  ORGANIZATION_DEFAULTS,
  type TEmailFrequency,
} from '../../../shared/constants';
import type { TCredentialTypeRecord } from '../../../shared/credential-types';
import {
  credentialRequirementProblems,
  ZCredentialRequirements,
} from '../../../shared/organization-requirements';
import { formatDollars } from '../../../shared/requirements';
import { ZOrganizationCreateInfo, ZOrganizationEditInfo } from '../../../shared/staff';
import type { TRegistrationValidity } from '../../../shared/standing';
import type { AgencyEntry, OrganizationPayload, OrgInfo } from '../providers/types';

/** The organization form in the console's words; the wire names live in toPayload/fromOrgInfo. */
export interface OrganizationValues {
  name: string;
  primaryEmail: string;
  /** Additional notification emails: one shown at start, at most 3. */
  extraEmails: string[];
  reportFrequency: TEmailFrequency | string;
  /** YYYY-MM-DD, or '' when cleared. */
  allowedUntil: string;
  requiredCertifications: string;
  agencyIds: string[];
  homeBanner: string;
  formBanner: string;
  internalNotes: string;
  /** The sites that may embed the form, one per line; empty: any https site. */
  embedOrigins: string;
  /** Whole months, as typed. */
  calibrationIntervalMonths: string;
  acceptExpiredCertifications: boolean;
  /** The organization's own people must use two-step sign-in to work in it. */
  requireTwoFactor: boolean;
  registrationValidity: TRegistrationValidity;
  suspendOnExpiry: boolean;
  credentialRequirements: RequirementValues[];
  directoryEnabled: boolean;
  /** As typed; '' for none (given from the name when the directory is saved enabled). */
  directorySlug: string;
  directoryIntro: string;
  /** '' for the product's own words. */
  directoryDisclaimer: string;
  directoryNoindex: boolean;
}

/** One credential type the organization asks for, as the form holds it. */
export interface RequirementValues {
  /** The type's id, or '' until one is chosen. */
  credentialTypeId: string;
  required: boolean;
  /** As typed ("$1,000,000"); '' for no minimum. */
  minimumCoverage: string;
  additionalInsured: boolean;
}
export type RequirementErrorKey = `credentialRequirements.${number}.${keyof RequirementValues}`;

export type OrganizationErrors = Partial<
  Record<keyof OrganizationValues | `extraEmails.${number}` | RequirementErrorKey, string>
>;

export const NEW_REQUIREMENT: RequirementValues = {
  credentialTypeId: '',
  required: true,
  minimumCoverage: '',
  additionalInsured: false,
};

export const MAX_EXTRA_EMAILS = LIMITS.maxExtraOrgEmails;

/** Create defaults (spec section 9): AWWA, ABPA and ASSE pre-checked once agencies load. */
export function createDefaults(agencies: Record<string, AgencyEntry>): OrganizationValues {
  const defaultNames: readonly string[] = ORGANIZATION_DEFAULTS.agencies;
  return {
    name: '',
    primaryEmail: '',
    extraEmails: [''],
    reportFrequency: ORGANIZATION_DEFAULTS.emailFrequency,
    allowedUntil: ORGANIZATION_DEFAULTS.allowedUntil,
    requiredCertifications: String(ORGANIZATION_DEFAULTS.requiredCertifications),
    agencyIds: Object.entries(agencies)
      .filter(([, entry]) => defaultNames.includes(entry.agency))
      .map(([id]) => id),
    homeBanner: '',
    formBanner: DEFAULT_FORM_BANNER,
    internalNotes: '',
    embedOrigins: '',
    calibrationIntervalMonths: String(ORGANIZATION_DEFAULTS.calibrationIntervalMonths),
    acceptExpiredCertifications: false,
    requireTwoFactor: false,
    registrationValidity: 'untilWithdrawn',
    suspendOnExpiry: false,
    credentialRequirements: [],
    directoryEnabled: false,
    directorySlug: '',
    directoryIntro: '',
    directoryDisclaimer: '',
    directoryNoindex: false,
  };
}

export function fromOrgInfo(org: OrgInfo): OrganizationValues {
  const emails = (org.emails ?? []).filter((email) => email.trim() !== '');
  return {
    name: org.org_name,
    primaryEmail: org.swiftcomply_email ?? '',
    extraEmails: emails.length > 0 ? emails.slice(0, MAX_EXTRA_EMAILS) : [''],
    reportFrequency: org.emailReportFreq ?? ORGANIZATION_DEFAULTS.emailFrequency,
    allowedUntil: (org.allowedUntil ?? '').slice(0, 10),
    requiredCertifications: String(org.number_of_certs ?? ''),
    agencyIds: Object.keys(org.org_associated_certs ?? {}),
    homeBanner: org.homePageBanner ?? '',
    formBanner: org.org_banner ?? '',
    internalNotes: org.internalNotes ?? '',
    embedOrigins: (org.allowedEmbedOrigins ?? []).join('\n'),
    calibrationIntervalMonths: String(
      org.calibrationIntervalMonths ?? ORGANIZATION_DEFAULTS.calibrationIntervalMonths,
    ),
    acceptExpiredCertifications: org.acceptExpiredCerts ?? false,
    requireTwoFactor: org.requireTwoFactor,
    registrationValidity: org.registrationValidity,
    suspendOnExpiry: org.suspendOnExpiry,
    credentialRequirements: org.credentialRequirements.map((requirement) => ({
      credentialTypeId: String(requirement.credentialTypeId),
      required: requirement.required,
      minimumCoverage:
        requirement.minimumCoverage === null ? '' : formatDollars(requirement.minimumCoverage),
      additionalInsured: requirement.additionalInsured,
    })),
    directoryEnabled: org.directoryEnabled,
    directorySlug: org.directorySlug ?? '',
    directoryIntro: org.directoryIntro ?? '',
    directoryDisclaimer: org.directoryDisclaimer ?? '',
    directoryNoindex: org.directoryNoindex,
  };
}

export function toPayload(values: OrganizationValues): OrganizationPayload {
  return {
    orgEndDate: values.allowedUntil,
    swiftcomplyEmail: values.primaryEmail.trim(),
    orgEmails: values.extraEmails
      .map((email) => email.trim())
      .filter((email) => email !== '')
      .map((email) => ({ email })),
    orgEmailFreq: values.reportFrequency,
    orgBanner: values.formBanner,
    numOfCerts: values.requiredCertifications.trim(),
    orgHomePageBanner: values.homeBanner,
    orgInternalNotes: values.internalNotes,
    associatedAgencies: values.agencyIds.map(Number),
    allowedEmbedOrigins: values.embedOrigins.split('\n'),
    calibrationIntervalMonths: values.calibrationIntervalMonths.trim(),
    acceptExpiredCerts: values.acceptExpiredCertifications,
    requireTwoFactor: values.requireTwoFactor,
    registrationValidity: values.registrationValidity,
    suspendOnExpiry: values.suspendOnExpiry,
    credentialRequirements: values.credentialRequirements,
    directoryEnabled: values.directoryEnabled,
    directorySlug: values.directorySlug,
    directoryIntro: values.directoryIntro,
    directoryDisclaimer: values.directoryDisclaimer,
    directoryNoindex: values.directoryNoindex,
  };
}

/** Wire field (as the schema or the server names it) → form field. */
const FIELD_OF: Record<string, keyof OrganizationValues> = {
  orgURL: 'name',
  orgName: 'name',
  name: 'name',
  orgEndDate: 'allowedUntil',
  allowedUntil: 'allowedUntil',
  swiftcomplyEmail: 'primaryEmail',
  primaryEmail: 'primaryEmail',
  orgEmails: 'extraEmails',
  extraEmails: 'extraEmails',
  orgEmailFreq: 'reportFrequency',
  reportFrequency: 'reportFrequency',
  numOfCerts: 'requiredCertifications',
  requiredCertifications: 'requiredCertifications',
  orgBanner: 'formBanner',
  formBanner: 'formBanner',
  orgHomePageBanner: 'homeBanner',
  homeBanner: 'homeBanner',
  orgInternalNotes: 'internalNotes',
  internalNotes: 'internalNotes',
  associatedAgencies: 'agencyIds',
  agencyIds: 'agencyIds',
  allowedEmbedOrigins: 'embedOrigins',
  embedOrigins: 'embedOrigins',
  calibrationIntervalMonths: 'calibrationIntervalMonths',
  acceptExpiredCerts: 'acceptExpiredCertifications',
  acceptExpiredCertifications: 'acceptExpiredCertifications',
  requireTwoFactor: 'requireTwoFactor',
  registrationValidity: 'registrationValidity',
  suspendOnExpiry: 'suspendOnExpiry',
  credentialRequirements: 'credentialRequirements',
  directoryEnabled: 'directoryEnabled',
  directorySlug: 'directorySlug',
  directoryIntro: 'directoryIntro',
  directoryDisclaimer: 'directoryDisclaimer',
  directoryNoindex: 'directoryNoindex',
};

const REQUIREMENT_FIELDS: readonly string[] = Object.keys(NEW_REQUIREMENT);

/** Maps a field path ('orgInfo.orgEmails.1', ['orgEndDate']) to the form's error key. */
export function errorKeyOf(
  path: readonly (string | number | symbol)[],
): keyof OrganizationErrors | undefined {
  const parts = path.map(String).filter((part) => part !== 'orgInfo');
  const field = parts[0] ? FIELD_OF[parts[0]] : undefined;
  if (!field) return undefined;
  const position = parts[1] !== undefined && /^\d+$/.test(parts[1]) ? Number(parts[1]) : undefined;
  if (field === 'extraEmails' && position !== undefined) return `extraEmails.${position}`;
  const requirementField = parts[2];
  if (
    field === 'credentialRequirements' &&
    position !== undefined &&
    requirementField !== undefined &&
    REQUIREMENT_FIELDS.includes(requirementField)
  ) {
    return `credentialRequirements.${position}.${requirementField as keyof RequirementValues}`;
  }
  return field;
}

/**
 * Client validation with the shared rules (shared/staff.ts, shared/organization-requirements.ts,
 * the credential types as loaded); messages keyed by form field.
 */
export function validateOrganization(
  values: OrganizationValues,
  mode: 'create' | 'edit',
  credentialTypes: readonly TCredentialTypeRecord[],
): OrganizationErrors {
  const payload = toPayload(values);
  const errors: OrganizationErrors = {};
  const result =
    mode === 'create'
      ? ZOrganizationCreateInfo.safeParse({ orgURL: values.name, ...payload })
      : ZOrganizationEditInfo.safeParse(payload);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const key = errorKeyOf(issue.path);
      // Positions in the parsed list skip blanks; each email is checked at its own place below.
      if (key && !key.startsWith('extraEmails.') && !errors[key]) errors[key] = issue.message;
    }
  }
  // Blank emails are dropped before the payload, so a bad one is checked at its own position.
  values.extraEmails.forEach((email, index) => {
    const check = ZOrganizationEditInfo.shape.orgEmails.safeParse([{ email }]);
    if (!check.success) errors[`extraEmails.${index}`] ??= check.error.issues[0]?.message;
  });
  const requirements = ZCredentialRequirements.safeParse(payload.credentialRequirements);
  if (requirements.success) {
    const factsOfType = new Map(credentialTypes.map((type) => [type.id, type.facts]));
    const problems = credentialRequirementProblems(requirements.data, factsOfType);
    // The shared check names fields as the server's answer does.
    Object.assign(errors, serverErrors(problems));
  }
  return errors;
}

/** Server field errors (400 {errors: {field: message}}) in the form's keys. */
export function serverErrors(fieldErrors: Record<string, string>): OrganizationErrors {
  const errors: OrganizationErrors = {};
  for (const [path, message] of Object.entries(fieldErrors)) {
    const key = errorKeyOf(path.split('.'));
    if (key) errors[key] = message;
  }
  return errors;
}
