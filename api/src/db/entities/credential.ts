import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { CREDENTIAL_HOLDERS } from '../../../../shared/requirements.js';
import { baseProperties, documentReviewProperties } from './base.js';
import { Company } from './company.js';
import { Document } from './document.js';
import { Registration } from './user.js';

/**
 * A kind of credential an organization can ask for beyond certifications (insurance, a licence,
 * training): who holds it, whether it expires, and which facts it carries (shared/requirements.ts).
 * Names unique case-insensitively.
 */
export const CredentialType = defineEntity({
  name: 'CredentialType',
  tableName: 'credential_types',
  properties: {
    ...baseProperties(),
    name: p.string().length(255),
    holder: p.enum([...CREDENTIAL_HOLDERS]).columnType('text'),
    expires: p.boolean(),
    facts: p.array().columnType('text[]').defaultRaw("'{}'"),
  },
  uniques: [
    {
      name: 'credential_types_name_lower_unique',
      expression:
        'create unique index "credential_types_name_lower_unique" on "credential_types" (lower("name"))',
    },
  ],
});
export type TCredentialTypeRow = InferEntity<typeof CredentialType>;

/** A credential's values as a registrant sends them (submit, and a renewal waiting for review). */
export interface TCredentialValues {
  issuer: string | null;
  number: string | null;
  coverage: number | null;
  additionalInsured: boolean | null;
  expiresOn: string | null;
  documentId: string;
}

/**
 * A credential as recorded for one registration, like a certification: a company's is copied to
 * each registration of its submission (the copies share the document, and a decision on one is
 * made on all), a tester's belongs to their registration. The type's name and holder are kept
 * beside the reference so history survives a rename.
 */
export const Credential = defineEntity({
  name: 'Credential',
  tableName: 'credentials',
  properties: {
    ...baseProperties(),
    registration: () => p.manyToOne(Registration).deleteRule('cascade'),
    /** The company holding it (company credentials only). */
    company: () => p.manyToOne(Company).nullable().deleteRule('set null'),
    credentialType: () => p.manyToOne(CredentialType).nullable().deleteRule('set null'),
    typeName: p.string().length(255),
    holder: p.enum([...CREDENTIAL_HOLDERS]).columnType('text'),
    issuer: p.string().length(255).nullable(),
    number: p.string().length(255).nullable(),
    coverage: p.bigint('number').nullable(),
    additionalInsured: p.boolean().nullable(),
    /** Null for a type that does not expire. */
    expiresOn: p.date().nullable(),
    document: () => p.manyToOne(Document).nullable().deleteRule('set null'),
    /** A renewal waiting for review: it replaces the values above once accepted. */
    renewal: p.json<TCredentialValues>().nullable(),
    ...documentReviewProperties(),
  },
  indexes: [
    { name: 'credentials_registration_idx', properties: ['registration'] },
    {
      name: 'credentials_expires_idx',
      expression:
        'create index "credentials_expires_idx" on "credentials" ("expires_on", "id") where "expires_on" is not null',
    },
  ],
});
export type TCredential = InferEntity<typeof Credential>;
