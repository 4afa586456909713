import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { baseProperties } from './base.js';

/** A provider staff member who signs in to the console; emails unique case-insensitively. */
export const StaffAccount = defineEntity({
  name: 'StaffAccount',
  tableName: 'staff_accounts',
  properties: {
    ...baseProperties(),
    email: p.string().length(255),
    /** argon2id hash; null for accounts that only sign in with Google. */
    passwordHash: p.string().length(255).nullable(),
    googleSubject: p.string().length(255).nullable().unique('staff_accounts_google_subject_unique'),
    active: p.boolean().default(true),
    lastLoginAt: p.datetime().nullable(),
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
  },
  indexes: [{ name: 'staff_sessions_staff_idx', properties: ['staff'] }],
});
export type TStaffSession = InferEntity<typeof StaffSession>;

/** Who changed what and when in the console: before and after, written in the same transaction. */
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
    createdAt: p
      .datetime()
      .onCreate(() => new Date())
      .defaultRaw('now()'),
  },
  indexes: [
    { name: 'audit_log_entity_idx', properties: ['entityType', 'entityId'] },
    { name: 'audit_log_created_idx', properties: ['createdAt'] },
  ],
});
export type TAuditEntry = InferEntity<typeof AuditEntry>;
