import { z } from 'zod';
import { CREDENTIAL_TYPE_MESSAGES } from './credential-types.js';
import { MAX_DATABASE_ID } from './registration.js';
import {
  parseCoverage,
  type TCredentialFact,
  type TCredentialRequirement,
  type TCredentialType,
} from './requirements.js';
import { REGISTRATION_VALIDITIES } from './standing.js';

// An organization's own requirements as staff set them on its form (issue 27): how long an
// approved registration stays valid, whether a registration is suspended when a required item
// expires, and the credential types it requires or accepts when given. The same rules on both
// staff faces (/api/sc and /api/admin) and in the console.

export const ORGANIZATION_REQUIREMENT_MESSAGES = {
  validityInvalid: 'Please choose how long a registration is valid.',
  suspendInvalid: 'Suspend automatically must be yes or no.',
  twoFactorInvalid: 'Require two-step sign-in of its people must be yes or no.',
  requirementsInvalid: 'Credential requirements must be a list of credential types.',
  typeRequired: 'Please choose a credential type.',
  typeUnknown: CREDENTIAL_TYPE_MESSAGES.notFound,
  typeTwice: 'Each credential type can be listed once.',
  requiredInvalid: 'Please choose Required or Accepted when given.',
  coverageInvalid:
    'Minimum coverage must be whole US dollars from $1 to $999,999,999,999, such as $1,000,000.',
  coverageNotCarried: 'Only a credential type with a coverage amount can have a minimum coverage.',
  additionalInsuredInvalid: 'Additional insured required must be yes or no.',
  additionalInsuredNotCarried:
    'Only a credential type that names the organization as additional insured can require it.',
} as const;
const MESSAGES = ORGANIZATION_REQUIREMENT_MESSAGES;

export const SUSPEND_ON_EXPIRY_LABEL =
  'Suspend automatically when a required certification or credential expires';

/** The most a minimum coverage can be: 12 digits of whole dollars, as a coverage is typed. */
export const MAX_MINIMUM_COVERAGE = 999_999_999_999;

/** What an organization asks of one credential type, as staff write and read it. */
export const ZCredentialRequirementRecord = z.object({
  credentialTypeId: z.number().int(),
  required: z.boolean(),
  /** Whole US dollars; null: any amount. */
  minimumCoverage: z.number().int().nullable(),
  additionalInsured: z.boolean(),
});
export type TOrganizationCredentialRequirement = z.output<typeof ZCredentialRequirementRecord>;

/** A requirement with its credential type: what the wizard, review and standing work from. */
export type TCredentialTypeRequirement = { id: number } & TCredentialType & TCredentialRequirement;

/** Typed as people write it ("$1,000,000") or a number; blank or null: no minimum. */
const ZMinimumCoverage = z
  .union([z.number(), z.string(), z.null()], { error: MESSAGES.coverageInvalid })
  .transform((value) => {
    if (typeof value !== 'string') return value;
    return value.trim() === '' ? null : (parseCoverage(value) ?? Number.NaN);
  })
  .refine(
    (amount) =>
      amount === null ||
      (Number.isSafeInteger(amount) && amount >= 1 && amount <= MAX_MINIMUM_COVERAGE),
    MESSAGES.coverageInvalid,
  );

const ZCredentialTypeId = z
  .union([z.number(), z.string()], { error: MESSAGES.typeRequired })
  .transform(Number)
  .pipe(
    z
      .number()
      .int(MESSAGES.typeRequired)
      .positive(MESSAGES.typeRequired)
      .max(MAX_DATABASE_ID, MESSAGES.typeUnknown),
  );

const ZCredentialRequirementInput = z.object({
  credentialTypeId: ZCredentialTypeId,
  required: z.boolean({ error: MESSAGES.requiredInvalid }).default(true),
  minimumCoverage: ZMinimumCoverage.default(null),
  additionalInsured: z.boolean({ error: MESSAGES.additionalInsuredInvalid }).default(false),
});

/** The credential types an organization asks for, each listed once. */
export const ZCredentialRequirements = z
  .array(ZCredentialRequirementInput, { error: MESSAGES.requirementsInvalid })
  .superRefine((requirements, context) => {
    const listed = new Set<number>();
    requirements.forEach((requirement, index) => {
      if (listed.has(requirement.credentialTypeId)) {
        context.addIssue({
          code: 'custom',
          message: MESSAGES.typeTwice,
          path: [index, 'credentialTypeId'],
        });
      }
      listed.add(requirement.credentialTypeId);
    });
  });

const ZRegistrationValidity = z.enum(REGISTRATION_VALIDITIES, { error: MESSAGES.validityInvalid });
const ZSuspendOnExpiry = z.boolean({ error: MESSAGES.suspendInvalid });
/** On: the organization's own people must use two-step sign-in to work in it. */
const ZRequireTwoFactor = z.boolean({ error: MESSAGES.twoFactorInvalid });

/** The requirement fields of a create, with their defaults (today's behaviour, nothing asked). */
export const ZOrganizationRequirementsOnCreate = z.object({
  registrationValidity: ZRegistrationValidity.optional().default('untilWithdrawn'),
  suspendOnExpiry: ZSuspendOnExpiry.optional().default(false),
  requireTwoFactor: ZRequireTwoFactor.optional().default(false),
  credentialRequirements: ZCredentialRequirements.optional().default([]),
});
/** The requirement fields of an edit: absent ones keep their value; a list replaces the list. */
export const ZOrganizationRequirementsOnEdit = z.object({
  registrationValidity: ZRegistrationValidity.optional(),
  suspendOnExpiry: ZSuspendOnExpiry.optional(),
  requireTwoFactor: ZRequireTwoFactor.optional(),
  credentialRequirements: ZCredentialRequirements.optional(),
});

/** The requirement fields of one organization as staff read it (both faces). */
export const ZOrganizationRequirementsRecord = z.object({
  registrationValidity: z.enum(REGISTRATION_VALIDITIES),
  suspendOnExpiry: z.boolean(),
  requireTwoFactor: z.boolean(),
  credentialRequirements: z.array(ZCredentialRequirementRecord),
});

type TRequirementField = keyof TOrganizationCredentialRequirement;
/** A requirement's field as an error names it: credentialRequirements.{index}.{field}. */
export const requirementErrorField = (index: number, field: TRequirementField) =>
  `credentialRequirements.${index}.${field}`;

/**
 * What the chosen credential types make wrong in a list the schema accepted, by field: a type
 * that does not exist, a minimum coverage for a type without a coverage amount, additional
 * insured for a type that does not carry it. Empty when nothing.
 */
export function credentialRequirementProblems(
  requirements: readonly TOrganizationCredentialRequirement[],
  factsOfType: ReadonlyMap<number, readonly TCredentialFact[]>,
): Record<string, string> {
  const problems: Record<string, string> = {};
  requirements.forEach((requirement, index) => {
    const facts = factsOfType.get(requirement.credentialTypeId);
    if (!facts) {
      problems[requirementErrorField(index, 'credentialTypeId')] = MESSAGES.typeUnknown;
      return;
    }
    if (requirement.minimumCoverage !== null && !facts.includes('coverage')) {
      problems[requirementErrorField(index, 'minimumCoverage')] = MESSAGES.coverageNotCarried;
    }
    if (requirement.additionalInsured && !facts.includes('additionalInsured')) {
      problems[requirementErrorField(index, 'additionalInsured')] =
        MESSAGES.additionalInsuredNotCarried;
    }
  });
  return problems;
}
