import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { Organization } from './organization.js';
import { User } from './user.js';

/**
 * An uploaded certificate or calibration document. The id is the opaque reference clients
 * send back; the file lives in storage under storageKey, never under a public path.
 * attachedAt stays null until a submit attaches it; unattached uploads are swept after 24 h.
 */
export const Document = defineEntity({
  name: 'Document',
  tableName: 'documents',
  properties: {
    id: p.uuid().primary().defaultRaw('gen_random_uuid()'),
    organization: () => p.manyToOne(Organization).nullable().deleteRule('set null'),
    storageKey: p.string().length(255).unique('documents_storage_key_unique'),
    originalName: p.string().length(255),
    contentType: p.string().length(100),
    size: p.bigint('number'),
    sha256: p.string().length(64),
    attachedAt: p.datetime().nullable(),
    /** Uploaded by a signed-in registrant through My registrations (only they can attach it). */
    uploadedBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
    createdAt: p
      .datetime()
      .onCreate(() => new Date())
      .defaultRaw('now()'),
  },
  indexes: [
    {
      name: 'documents_unattached_created_idx',
      expression:
        'create index "documents_unattached_created_idx" on "documents" ("created_at") where "attached_at" is null',
    },
  ],
});
export type TDocument = InferEntity<typeof Document>;
