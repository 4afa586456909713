import type { EntityManager } from '@mikro-orm/postgresql';
import { deleteAbandonedUploads } from './queries.js';
import type { DocumentStorage } from './storage.js';

/** Uploads no submit attached within this time are abandoned wizard runs. */
const UNATTACHED_UPLOAD_MAX_AGE_MS = 24 * 60 * 60 * 1000;
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
    const keys = await deleteAbandonedUploads(em, {
      createdBefore: cutoff,
      batchSize: BATCH_SIZE,
    });
    for (const key of keys) await storage.remove(key);
    removed += keys.length;
    if (keys.length < BATCH_SIZE) return removed;
  }
}
