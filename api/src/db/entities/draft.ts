import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { baseProperties } from './base.js';
import { Document } from './document.js';
import { Organization } from './organization.js';

/**
 * A registration saved to finish later: what the wizard holds, tied to one organization and to
 * the wizard run that saved it (a run saves over its own draft). Only the sha256 of its emailed
 * link's token is kept. It is no registration: nothing reads it but the link that opens it.
 */
export const Draft = defineEntity({
  name: 'Draft',
  tableName: 'drafts',
  properties: {
    ...baseProperties(),
    organization: () => p.manyToOne(Organization).deleteRule('cascade'),
    runId: p.uuid().unique('drafts_run_id_unique'),
    tokenHash: p.string().length(64).unique('drafts_token_hash_unique'),
    email: p.string().length(255),
    language: p.string().length(8),
    data: p.json<Record<string, unknown>>(),
    expiresAt: p.datetime(),
  },
  indexes: [{ name: 'drafts_expires_at_idx', properties: ['expiresAt'] }],
});
export type TDraft = InferEntity<typeof Draft>;

/** An uploaded document a draft refers to: kept from the unattached-upload sweep while it lives. */
export const DraftDocument = defineEntity({
  name: 'DraftDocument',
  tableName: 'draft_documents',
  properties: {
    draft: () => p.manyToOne(Draft).primary().deleteRule('cascade'),
    document: () => p.manyToOne(Document).primary().deleteRule('cascade'),
  },
  indexes: [{ name: 'draft_documents_document_idx', properties: ['document'] }],
});
export type TDraftDocument = InferEntity<typeof DraftDocument>;
