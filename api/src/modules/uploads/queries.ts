import type { EntityManager } from '@mikro-orm/postgresql';
import { query, sql } from '../../db/sql.js';

type NewDocument = {
  id: string;
  organizationId: number | null;
  uploadedBy: number | null;
  storageKey: string;
  originalName: string;
  contentType: string;
  size: number;
  sha256: string;
};

/** One statement, no transaction: the document row is the upload's only write. */
const INSERT_DOCUMENT = sql<NewDocument>(
  'insert-document',
  `insert into documents (id, organization_id, uploaded_by_id, storage_key, original_name,
                          content_type, size, sha256, attached_at, created_at)
   values (:id, :organizationId, :uploadedBy, :storageKey, :originalName, :contentType, :size,
           :sha256, null, now())`,
);

/** Records an uploaded file as an unattached document of its organization or registrant. */
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

type StoredDocumentsPage = { afterKey: string; batchSize: number };

export interface StoredDocument {
  storageKey: string;
  sha256: string;
  contentType: string;
}

/** Documents in storage-key order after `afterKey`: the move between drivers walks them. */
const STORED_DOCUMENTS_PAGE = sql<StoredDocumentsPage>(
  'stored-documents-page',
  `select storage_key as "storageKey", sha256, content_type as "contentType"
     from documents
    where storage_key > :afterKey
    order by storage_key
    limit :batchSize`,
);

export function storedDocumentsPage(
  em: EntityManager,
  page: StoredDocumentsPage,
): Promise<StoredDocument[]> {
  return query<StoredDocument, StoredDocumentsPage>(em, STORED_DOCUMENTS_PAGE, page);
}

type StorageKeys = { storageKeys: string[] };

/** Of the given storage keys (at least one), those a document row names. */
const KNOWN_STORAGE_KEYS = sql<StorageKeys>(
  'known-storage-keys',
  `select storage_key from documents where storage_key in (:storageKeys)
   union all
   select storage_key from inventory_imports where storage_key in (:storageKeys)`,
);

export async function knownStorageKeys(
  em: EntityManager,
  storageKeys: string[],
): Promise<Set<string>> {
  const rows = await query<{ storage_key: string }, StorageKeys>(em, KNOWN_STORAGE_KEYS, {
    storageKeys,
  });
  return new Set(rows.map((row) => row.storage_key));
}
