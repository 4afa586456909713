import type { EntityManager } from '@mikro-orm/postgresql';
import { query, sql } from '../../db/sql.js';

type NewDocument = {
  id: string;
  organizationId: number;
  storageKey: string;
  originalName: string;
  contentType: string;
  size: number;
  sha256: string;
};

/** One statement, no transaction: the document row is the upload's only write. */
const INSERT_DOCUMENT = sql<NewDocument>(
  'insert-document',
  `insert into documents (id, organization_id, storage_key, original_name, content_type, size,
                          sha256, attached_at, created_at)
   values (:id, :organizationId, :storageKey, :originalName, :contentType, :size, :sha256, null,
           now())`,
);

/** Records an uploaded file as an unattached document of the organization. */
export async function insertDocument(em: EntityManager, document: NewDocument): Promise<void> {
  await query<never, NewDocument>(em, INSERT_DOCUMENT, document);
}

type AbandonedUploads = { createdBefore: Date; batchSize: number };

/**
 * Deletes up to batchSize unattached documents created before the cutoff, oldest first: each
 * row only while still unattached, so a submit attaching it at the same moment wins. A document
 * a saved registration (draft) refers to is kept while the draft lives.
 */
const DELETE_ABANDONED_UPLOADS = sql<AbandonedUploads>(
  'delete-abandoned-uploads',
  `delete from documents
    where id in (
      select id from documents
       where attached_at is null and created_at < :createdBefore
         and not exists (select 1 from draft_documents k where k.document_id = documents.id)
       order by created_at
       limit :batchSize
       for update skip locked)
      and attached_at is null
  returning storage_key`,
);

/** The storage keys of the deleted documents, whose files are the caller's to remove. */
export async function deleteAbandonedUploads(
  em: EntityManager,
  batch: AbandonedUploads,
): Promise<string[]> {
  const rows = await query<{ storage_key: string }, AbandonedUploads>(
    em,
    DELETE_ABANDONED_UPLOADS,
    batch,
  );
  return rows.map((row) => row.storage_key);
}
