import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { ORGANIZATION_ROLES } from '../../../../shared/organization-roles.js';
import { STAFF_ROLES } from '../../../../shared/staff-roles.js';
import { baseProperties } from './base.js';
import { Organization } from './organization.js';

/**
 * A person who signs in to the console: one of the provider's staff (a role over every
 * organization) or an organization's own person (no staff role; a role in each organization of
 * their memberships). Emails unique case-insensitively. An account with neither a password nor a
 * Google identity is an invitation not yet taken up.
 */
export const StaffAccount = defineEntity({
  name: 'StaffAccount',
  tableName: 'staff_accounts',
  properties: {
    ...baseProperties(),
    email: p.string().length(255),
    name: p.string().length(100).default(''),
    /** The provider's staff role; null for an organization's person. */
    role: p
      .enum([...STAFF_ROLES])
      .columnType('text')
      .nullable(),
    /** argon2id hash; null for accounts that only sign in with Google. */
    passwordHash: p.string().length(255).nullable(),
    googleSubject: p.string().length(255).nullable().unique('staff_accounts_google_subject_unique'),
    active: p.boolean().default(true),
    lastLoginAt: p.datetime().nullable(),
    /** The authenticator app's secret (base32); set at enrolment, in use once confirmed. */
    totpSecret: p.string().length(64).nullable(),
    totpEnabledAt: p.datetime().nullable(),
    /** The last 30-second step whose code was accepted: a code is never accepted twice. */
    totpLastStep: p.integer().nullable(),
  },
  uniques: [
    {
      name: 'staff_accounts_email_lower_unique',
      expression:
        'create unique index "staff_accounts_email_lower_unique" on "staff_accounts" (lower("email"))',
    },
  ],
});
export type TStaffAccount = InferEntity<typeof StaffAccount>;

/** An organization's person's role in one organization; a person can hold several. */
export const OrganizationMembership = defineEntity({
  name: 'OrganizationMembership',
  tableName: 'organization_memberships',
  properties: {
    ...baseProperties(),
    staff: () => p.manyToOne(StaffAccount).deleteRule('cascade'),
    organization: () => p.manyToOne(Organization).deleteRule('cascade'),
    role: p.enum([...ORGANIZATION_ROLES]).columnType('text'),
  },
  uniques: [
    {
      name: 'organization_memberships_staff_organization_unique',
      properties: ['staff', 'organization'],
    },
  ],
  indexes: [{ name: 'organization_memberships_organization_idx', properties: ['organization'] }],
});
export type TOrganizationMembership = InferEntity<typeof OrganizationMembership>;

/** An issued console token (its jti), so logout can revoke it before it expires. */
export const StaffSession = defineEntity({
  name: 'StaffSession',
  tableName: 'staff_sessions',
  properties: {
    id: p.uuid().primary(),
    staff: () => p.manyToOne(StaffAccount).deleteRule('cascade'),
    issuedAt: p.datetime(),
    expiresAt: p.datetime(),
    revokedAt: p.datetime().nullable(),
    /** Moved forward at most once a minute by the requests the session makes. */
    lastSeenAt: p.datetime(),
    ipAddress: p.string().length(64).default(''),
    userAgent: p.string().length(255).default(''),
    /**
     * The organization an organization's person works in during this session (one of their
     * memberships; they switch without signing in again); null for the provider's staff.
     */
    organization: () => p.manyToOne(Organization).nullable().deleteRule('set null'),
  },
  indexes: [{ name: 'staff_sessions_staff_idx', properties: ['staff'] }],
});
export type TStaffSession = InferEntity<typeof StaffSession>;

/**
 * An invitation or password-reset link: only the SHA-256 of its random token is kept; it works
 * once, until it expires, and a newer link of the same account replaces it.
 */
export const StaffPasswordLink = defineEntity({
  name: 'StaffPasswordLink',
  tableName: 'staff_password_links',
  properties: {
    ...baseProperties(),
    staff: () => p.manyToOne(StaffAccount).deleteRule('cascade'),
    purpose: p.enum(['invite', 'reset']).columnType('text'),
    tokenHash: p.string().length(64).unique('staff_password_links_token_hash_unique'),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
  },
  indexes: [{ name: 'staff_password_links_staff_idx', properties: ['staff'] }],
});
export type TStaffPasswordLink = InferEntity<typeof StaffPasswordLink>;

/** A one-time recovery code of two-step sign-in, kept as its SHA-256. */
export const StaffRecoveryCode = defineEntity({
  name: 'StaffRecoveryCode',
  tableName: 'staff_recovery_codes',
  properties: {
    id: p.integer().primary().autoincrement(),
    staff: () => p.manyToOne(StaffAccount).deleteRule('cascade'),
    codeHash: p.string().length(64),
    usedAt: p.datetime().nullable(),
  },
  indexes: [{ name: 'staff_recovery_codes_staff_idx', properties: ['staff'] }],
});
export type TStaffRecoveryCode = InferEntity<typeof StaffRecoveryCode>;

/**
 * Who changed what and when in the console: before and after, written in the same transaction,
 * with the role the person acted in and the organization the change concerns (null: the
 * provider's own records, or a person shared by several organizations). A trigger fills the
 * organization from the record when the writer names none (organization, registration, API key,
 * webhook endpoint, membership), so no caller has to remember it; it is never a foreign key, so
 * an organization's deletion keeps its entries.
 */
export const AuditEntry = defineEntity({
  name: 'AuditEntry',
  tableName: 'audit_log',
  properties: {
    id: p.integer().primary().autoincrement(),
    staff: () => p.manyToOne(StaffAccount).nullable().deleteRule('set null'),
    staffEmail: p.string().length(255),
    action: p.string().length(50),
    entityType: p.string().length(50),
    entityId: p.string().length(100),
    before: p.json<Record<string, unknown>>().nullable(),
    after: p.json<Record<string, unknown>>().nullable(),
    /** 'administrator', 'editor', 'viewer' (provider), an organization role, or null (not staff). */
    staffRole: p.string().length(30).nullable(),
    organizationId: p.integer().nullable(),
    createdAt: p
      .datetime()
      .onCreate(() => new Date())
      .defaultRaw('now()'),
  },
  indexes: [
    {
      // An organization's audit log, newest first.
      name: 'audit_log_organization_created_idx',
      expression:
        'create index "audit_log_organization_created_idx" on "audit_log" ("organization_id", "created_at", "id") where "organization_id" is not null',
    },
    { name: 'audit_log_entity_idx', properties: ['entityType', 'entityId'] },
    { name: 'audit_log_created_idx', properties: ['createdAt'] },
    { name: 'audit_log_action_created_idx', properties: ['action', 'createdAt'] },
    {
      name: 'audit_log_staff_email_created_idx',
      expression:
        'create index "audit_log_staff_email_created_idx" on "audit_log" (lower("staff_email"), "created_at")',
    },
  ],
});
export type TAuditEntry = InferEntity<typeof AuditEntry>;
