import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { storedDocumentsPage } from './queries.js';
import { DocumentMissingError, type StorageDriver } from './storage.js';

// Moving documents from one storage to another (a folder to a bucket, when an installation
// scales out): every document row's object is copied under the same key, read back from the
// target and checked against the sha256 recorded at upload. Nothing is deleted from the source;
// running it again copies everything again, so it can be repeated until it reports no problem.

const BATCH_SIZE = 200;

export interface MoveReport {
  /** Copied and read back with the recorded sha256. */
  copied: number;
  /** Rows whose object the source does not have. */
  missing: string[];
  /** The bytes do not have the recorded sha256 (no copy is kept). */
  mismatched: string[];
}

async function sha256Of(stream: AsyncIterable<Buffer>): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk);
  return hash.digest('hex');
}

export async function moveDocuments(
  em: EntityManager,
  from: StorageDriver,
  to: StorageDriver,
  onDocument: (key: string, outcome: 'copied' | 'missing' | 'mismatched') => void = () => {},
): Promise<MoveReport> {
  const report: MoveReport = { copied: 0, missing: [], mismatched: [] };
  let afterKey = '';
  for (;;) {
    const page = await storedDocumentsPage(em, { afterKey, batchSize: BATCH_SIZE });
    for (const document of page) {
      const key = document.storageKey;
      let outcome: 'copied' | 'missing' | 'mismatched';
      try {
        await to.write(key, await from.open(key), document.contentType);
        const readBack = await sha256Of(await to.open(key));
        outcome = readBack === document.sha256 ? 'copied' : 'mismatched';
        // The target keeps verified copies only.
        if (outcome === 'mismatched') await to.remove(key);
      } catch (error) {
        if (!(error instanceof DocumentMissingError)) throw error;
        outcome = 'missing';
      }
      if (outcome === 'copied') report.copied++;
      else report[outcome].push(key);
      onDocument(key, outcome);
    }
    const last = page.at(-1);
    if (!last || page.length < BATCH_SIZE) return report;
    afterKey = last.storageKey;
  }
}
