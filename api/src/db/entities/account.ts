import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { User } from './user.js';

/**
 * A registrant's one-time sign-in link to My registrations: only the SHA-256 of its random
 * token is kept. It works once, until expiresAt; a newer link of the same person replaces it
 * (one row per person, users unique).
 */
export const AccountSignInLink = defineEntity({
  name: 'AccountSignInLink',
  tableName: 'account_sign_in_links',
  properties: {
    id: p.integer().primary().autoincrement(),
    user: () => p.manyToOne(User).deleteRule('cascade').unique('account_sign_in_links_user_unique'),
    tokenHash: p.string().length(64).unique('account_sign_in_links_token_hash_unique'),
    createdAt: p
      .datetime()
      .onCreate(() => new Date())
      .defaultRaw('now()'),
    expiresAt: p.datetime(),
  },
});
export type TAccountSignInLink = InferEntity<typeof AccountSignInLink>;

/**
 * A registrant's signed-in session: the cookie holds a random token, only its SHA-256 is kept.
 * It ends when idle too long (lastSeenAt, moved at most once a minute), at expiresAt whatever
 * happens, on Sign out and when the person's email changes (the row is deleted).
 */
export const AccountSession = defineEntity({
  name: 'AccountSession',
  tableName: 'account_sessions',
  properties: {
    id: p.integer().primary().autoincrement(),
    user: () => p.manyToOne(User).deleteRule('cascade'),
    tokenHash: p.string().length(64).unique('account_sessions_token_hash_unique'),
    createdAt: p
      .datetime()
      .onCreate(() => new Date())
      .defaultRaw('now()'),
    lastSeenAt: p.datetime(),
    expiresAt: p.datetime(),
  },
  indexes: [{ name: 'account_sessions_user_idx', properties: ['user'] }],
});
export type TAccountSession = InferEntity<typeof AccountSession>;

/**
 * A registrant's change of email waiting for confirmation from the new address: only the
 * SHA-256 of the link's token is kept; one per person (a newer request replaces it).
 */
export const AccountEmailChange = defineEntity({
  name: 'AccountEmailChange',
  tableName: 'account_email_changes',
  properties: {
    id: p.integer().primary().autoincrement(),
    user: () => p.manyToOne(User).deleteRule('cascade').unique('account_email_changes_user_unique'),
    newEmail: p.string().length(255),
    tokenHash: p.string().length(64).unique('account_email_changes_token_hash_unique'),
    createdAt: p
      .datetime()
      .onCreate(() => new Date())
      .defaultRaw('now()'),
    expiresAt: p.datetime(),
  },
});
export type TAccountEmailChange = InferEntity<typeof AccountEmailChange>;
