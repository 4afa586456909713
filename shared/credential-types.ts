import { z } from 'zod';
import { LIMITS } from './constants.js';
import { CREDENTIAL_FACTS, CREDENTIAL_HOLDERS } from './requirements.js';

// The console's credential types (issue 27): what staff may write and what the API answers.

export const CREDENTIAL_TYPE_MESSAGES = {
  nameRequired: "Please enter the credential type's name.",
  nameTooLong: 'The name must be 255 characters or less.',
  exists: 'A credential type with this name already exists.',
  notFound: 'This credential type no longer exists.',
  holderInvalid: 'Please choose who holds it: the company or each tester.',
  expiresInvalid: 'Please say whether it expires.',
  factsInvalid: 'Please choose its facts from the list.',
} as const;

/** The console's words for a credential's facts and holders. */
export const CREDENTIAL_FACT_LABELS: Record<(typeof CREDENTIAL_FACTS)[number], string> = {
  issuer: 'Issuer',
  number: 'Number',
  coverage: 'Coverage amount (US dollars)',
  additionalInsured: 'Names the organization as additional insured',
};
export const CREDENTIAL_HOLDER_LABELS: Record<(typeof CREDENTIAL_HOLDERS)[number], string> = {
  company: 'The company',
  tester: 'Each tester',
};

const ZName = z
  .string({ error: CREDENTIAL_TYPE_MESSAGES.nameRequired })
  .trim()
  .min(1, CREDENTIAL_TYPE_MESSAGES.nameRequired)
  .max(LIMITS.longText, CREDENTIAL_TYPE_MESSAGES.nameTooLong);

/** Facts from the fixed set, each once, kept in the set's order. */
const ZFacts = z
  .array(z.enum(CREDENTIAL_FACTS, { error: CREDENTIAL_TYPE_MESSAGES.factsInvalid }), {
    error: CREDENTIAL_TYPE_MESSAGES.factsInvalid,
  })
  .transform((facts) => CREDENTIAL_FACTS.filter((fact) => facts.includes(fact)));

export const ZAdminCredentialTypeCreate = z.object({
  name: ZName,
  holder: z.enum(CREDENTIAL_HOLDERS, { error: CREDENTIAL_TYPE_MESSAGES.holderInvalid }),
  expires: z.boolean({ error: CREDENTIAL_TYPE_MESSAGES.expiresInvalid }),
  facts: ZFacts.default([]),
});
export const ZAdminCredentialTypeUpdate = z.object({
  name: ZName.optional(),
  holder: z.enum(CREDENTIAL_HOLDERS, { error: CREDENTIAL_TYPE_MESSAGES.holderInvalid }).optional(),
  expires: z.boolean({ error: CREDENTIAL_TYPE_MESSAGES.expiresInvalid }).optional(),
  facts: ZFacts.optional(),
});
export type TCredentialTypeChanges = z.output<typeof ZAdminCredentialTypeUpdate>;

export const ZAdminCredentialTypeResponse = z.object({
  id: z.number().int(),
  name: z.string(),
  holder: z.enum(CREDENTIAL_HOLDERS),
  expires: z.boolean(),
  facts: z.array(z.enum(CREDENTIAL_FACTS)),
});
export type TCredentialTypeRecord = z.output<typeof ZAdminCredentialTypeResponse>;
