import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { Company } from './company.js';
import { Organization } from './organization.js';

/**
 * One accepted final submit, kept for audit and idempotent replay: a retry with the same
 * Idempotency-Key and body hash gets the stored answer back.
 */
export const Submission = defineEntity({
  name: 'Submission',
  tableName: 'submissions',
  properties: {
    id: p.integer().primary().autoincrement(),
    idempotencyKey: p.string().length(100).nullable().unique('submissions_idempotency_key_unique'),
    requestHash: p.string().length(64),
    organization: () => p.manyToOne(Organization).deleteRule('cascade'),
    company: () => p.manyToOne(Company).nullable().deleteRule('set null'),
    receivedAt: p
      .datetime()
      .onCreate(() => new Date())
      .defaultRaw('now()'),
    payload: p.json<Record<string, unknown>>(),
    response: p.json<Record<string, unknown>>(),
  },
  indexes: [
    { name: 'submissions_organization_received_idx', properties: ['organization', 'receivedAt'] },
  ],
});
export type TSubmission = InferEntity<typeof Submission>;
