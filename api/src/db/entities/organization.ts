import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { DEFAULT_TESTING_RULES, type TTestingRules } from '../../../../shared/assembly-due.js';
import { EMAIL_FREQUENCY_KEYS } from '../../../../shared/constants.js';
import { REGISTRATION_VALIDITIES } from '../../../../shared/standing.js';
import type { TStoredTestReportSettings } from '../../../../shared/test-report-settings.js';
import { baseProperties } from './base.js';
import { CertificationAgency } from './certification.js';
import { CredentialType } from './credential.js';

/**
 * A city or water authority running a registration program. Active while allowedUntil is today
 * or later in the program's time zone. The name is unique case-insensitively (index organizations_name_lower_unique)
 * and searched by word prefix through nameWords, its words as stored by PostgreSQL (index
 * organizations_name_words_idx).
 */
export const Organization = defineEntity({
  name: 'Organization',
  tableName: 'organizations',
  properties: {
    ...baseProperties(),
    name: p.string().length(255),
    /** The public form link's secret: 256 random bits, base64url. */
    formHash: p.string().length(64).unique('organizations_form_hash_unique'),
    primaryEmail: p.string().length(255),
    extraEmails: p.array().columnType('text[]').defaultRaw("'{}'"),
    reportFrequency: p.enum([...EMAIL_FREQUENCY_KEYS]).columnType('text'),
    allowedUntil: p.date(),
    requiredCertifications: p.integer().default(1),
    formBanner: p.text().default(''),
    homeBanner: p.text().default(''),
    internalNotes: p.text().default(''),
    /** Origins of the sites that may embed the form; empty: any https site. */
    embedOrigins: p.array().columnType('text[]').defaultRaw("'{}'"),
    /** Months from a test kit's calibration date to its next calibration. */
    calibrationIntervalMonths: p.integer().default(12),
    /** Off: a certification expired before today is refused at registration. */
    acceptExpiredCertifications: p.boolean().default(false),
    /**
     * How long an approval keeps a registration valid (shared/standing.ts); registrations'
     * valid_through follows it by trigger when it changes.
     */
    registrationValidity: p
      .enum([...REGISTRATION_VALIDITIES])
      .columnType('text')
      .default('untilWithdrawn'),
    /** On: a registration is suspended the day a required certification or credential expires. */
    suspendOnExpiry: p.boolean().default(false),
    /** On: the public directory of approved testers answers at /testers/{directorySlug}. */
    directoryEnabled: p.boolean().default(false),
    /**
     * The directory's address: lower-case words and hyphens (shared/directory.ts), unique, given
     * from the name when first enabled and editable by staff; never derived from formHash. Checks
     * hold its form and that an enabled directory has one.
     */
    directorySlug: p.string().length(80).nullable(),
    /** Staff's introduction above the list. */
    directoryIntro: p.text().nullable(),
    /** Staff's own disclaimer; null: the product's words (catalogue directory.defaultDisclaimer). */
    directoryDisclaimer: p.text().nullable(),
    /** On: the directory's pages ask search engines not to index them. */
    directoryNoindex: p.boolean().default(false),
    /**
     * When its assemblies are due for their tests (shared/assembly-due.ts TTestingRules):
     * interval per hazard, anniversary or season, early window, month-end rounding.
     */
    testingRules: p.json<TTestingRules>().default(JSON.stringify(DEFAULT_TESTING_RULES)),
    /** Its rules for test reports (filing window, admins filing, thresholds): defaults when null. */
    testReportRules: p.json<TStoredTestReportSettings>().nullable(),
    /** The columns of its last inventory import, by field: the next import starts from them. */
    inventoryImportMapping: p.json<Record<string, string>>().nullable(),
    /** On: the organization's own people must use two-step sign-in to work in it. */
    requireTwoFactor: p.boolean().default(false),
    /** Registrations up to this instant have been sent in a scheduled report. */
    lastReportSentAt: p.datetime().nullable(),
    /**
     * to_tsvector('simple', name), kept by PostgreSQL: a search reads it instead of parsing
     * every name it looks at. Never serialized.
     */
    nameWords: p
      .string()
      .columnType('tsvector')
      .generated("(to_tsvector('simple', name)) stored")
      .nullable()
      .default(null)
      .hidden(),
  },
  uniques: [
    { name: 'organizations_directory_slug_unique', properties: ['directorySlug'] },
    {
      name: 'organizations_name_lower_unique',
      expression:
        'create unique index "organizations_name_lower_unique" on "organizations" (lower("name"))',
    },
  ],
  indexes: [
    { name: 'organizations_changes_idx', properties: ['updatedAt', 'id'] },
    {
      name: 'organizations_name_words_idx',
      expression:
        'create index "organizations_name_words_idx" on "organizations" using gin ("name_words")',
    },
    { name: 'organizations_allowed_until_idx', properties: ['allowedUntil'] },
  ],
  checks: [
    {
      name: 'organizations_directory_slug_check',
      property: 'directorySlug',
      expression: "directory_slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'::text",
    },
    {
      name: 'organizations_directory_enabled_slug_check',
      property: 'directoryEnabled',
      expression: '(NOT directory_enabled) OR (directory_slug IS NOT NULL)',
    },
  ],
});
export type TOrganization = InferEntity<typeof Organization>;

/** A certification agency an organization accepts on its form. */
export const OrganizationAgency = defineEntity({
  name: 'OrganizationAgency',
  tableName: 'organization_agencies',
  properties: {
    organization: () => p.manyToOne(Organization).primary().deleteRule('cascade'),
    agency: () => p.manyToOne(CertificationAgency).primary().deleteRule('cascade'),
  },
});
export type TOrganizationAgency = InferEntity<typeof OrganizationAgency>;

/**
 * A credential type an organization asks for: required, or accepted when given; the least
 * coverage it takes (whole US dollars) where the type carries coverage; whether the certificate
 * must name the organization as additional insured.
 */
export const OrganizationCredentialRequirement = defineEntity({
  name: 'OrganizationCredentialRequirement',
  tableName: 'organization_credential_requirements',
  properties: {
    organization: () => p.manyToOne(Organization).primary().deleteRule('cascade'),
    credentialType: () => p.manyToOne(CredentialType).primary().deleteRule('cascade'),
    required: p.boolean().default(true),
    minimumCoverage: p.bigint('number').nullable(),
    additionalInsured: p.boolean().default(false),
  },
});
export type TOrganizationCredentialRequirement = InferEntity<
  typeof OrganizationCredentialRequirement
>;
