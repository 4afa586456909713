import type { EntityManager } from '@mikro-orm/postgresql';
import type { DocumentStorage } from './storage.js';

/** Uploads no submit attached within this time are abandoned wizard runs. */
export const UNATTACHED_UPLOAD_MAX_AGE_MS = 24 * 60 * 60 * 1000;
export const SWEEP_JOB = 'uploads-sweep';
export const SWEEP_CRON = '17 * * * *';
const BATCH_SIZE = 500;

export interface SweepOptions {
  now?: Date;
  maxAgeMs?: number;
}

/**
 * Deletes unattached uploads older than the age limit that no saved draft refers to: the row
 * first (only while still unattached, so a submit attaching it at the same moment wins), then
 * the file. Returns how many were removed.
 */
export async function sweepUnattachedUploads(
  em: EntityManager,
  storage: DocumentStorage,
  { now = new Date(), maxAgeMs = UNATTACHED_UPLOAD_MAX_AGE_MS }: SweepOptions = {},
): Promise<number> {
  const cutoff = new Date(now.getTime() - maxAgeMs);
  let removed = 0;
  for (;;) {
    const rows = await em.getConnection().execute<{ storage_key: string }[]>(
      `delete from documents
        where id in (
          select id from documents
           where attached_at is null and created_at < ?
             and not exists (select 1 from draft_documents k where k.document_id = documents.id)
           order by created_at
           limit ?
           for update skip locked)
          and attached_at is null
      returning storage_key`,
      [cutoff, BATCH_SIZE],
    );
    for (const row of rows) await storage.remove(row.storage_key);
    removed += rows.length;
    if (rows.length < BATCH_SIZE) return removed;
  }
}
