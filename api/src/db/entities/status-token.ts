import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { Registration } from './user.js';

/**
 * A registrant's personal status link for one registration: only the sha256 of the token is
 * kept. It works until expiresAt; sending corrections through it marks it used.
 */
export const StatusToken = defineEntity({
  name: 'StatusToken',
  tableName: 'registration_status_tokens',
  properties: {
    id: p.integer().primary().autoincrement(),
    registration: () => p.manyToOne(Registration).deleteRule('cascade'),
    tokenHash: p.string().length(64).unique('registration_status_tokens_token_hash_unique'),
    createdAt: p
      .datetime()
      .onCreate(() => new Date())
      .defaultRaw('now()'),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
  },
  indexes: [{ name: 'registration_status_tokens_registration_idx', properties: ['registration'] }],
});
export type TStatusToken = InferEntity<typeof StatusToken>;
