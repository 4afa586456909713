import { createHash, randomUUID } from 'node:crypto';
import { type Readable, Transform } from 'node:stream';
import type { StorageConfig } from '../../config.js';
import { createFolderStorage } from './folder-storage.js';
import { createS3Storage } from './s3-storage.js';

// Everything that reads or writes uploaded documents goes through DocumentStorage: the public
// upload, the console's download, the IE bundle (downloaded or emailed), the sweeps and the
// move from a folder to a bucket. Two drivers implement it, chosen by STORAGE_URL.

/** What a write measured on the way through. */
export interface WrittenContent {
  size: number;
  sha256: string;
}

/** A stored object, as a listing sees it. */
export interface StoredObject {
  key: string;
  modifiedAt: Date;
}

/** One place documents are kept. Keys are the documents table's storage_key. */
export interface StorageDriver {
  readonly driver: StorageConfig['driver'];
  /** A readable description of where (a folder, or s3://bucket/prefix), for logs and commands. */
  readonly location: string;
  /**
   * Streams the content under `key` and measures it. If the content fails (a refused upload)
   * nothing is left under the key, and the content's own error is thrown.
   */
  write(key: string, content: Readable, contentType?: string): Promise<WrittenContent>;
  /** The stored bytes, streamed; rejects with DocumentMissingError when there are none. */
  open(key: string): Promise<Readable>;
  /** Removes the object; a missing one is not an error. */
  remove(key: string): Promise<void>;
  /** Every complete object, in no particular order. */
  list(): AsyncIterable<StoredObject>;
  close(): void;
}

export interface DocumentStorage extends StorageDriver {
  /** Streams the content to a new, server-named object: its key, size and sha256. */
  save(content: Readable, contentType?: string): Promise<WrittenContent & { key: string }>;
}

/** No stored bytes under the key (or a key that could never name any). */
export class DocumentMissingError extends Error {
  override name = 'DocumentMissingError';
}

const KEY_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Keys come from the database, but a path or object name is never built from an unchecked one. */
export function checkedKey(key: string): string {
  if (!KEY_PATTERN.test(key)) throw new DocumentMissingError('invalid storage key');
  return key;
}

/** A pass-through that counts and hashes what flows through it. */
export function measuring(): { stream: Transform; measured: () => WrittenContent } {
  const hash = createHash('sha256');
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  return { stream, measured: () => ({ size, sha256: hash.digest('hex') }) };
}

/** Adds server-named saves to a driver. */
export function documentStorage(driver: StorageDriver): DocumentStorage {
  return {
    ...driver,
    async save(content, contentType) {
      const key = randomUUID();
      return { key, ...(await driver.write(key, content, contentType)) };
    },
  };
}

/** The storage STORAGE_URL names. */
export function createDocumentStorage(config: StorageConfig): DocumentStorage {
  return documentStorage(
    config.driver === 'folder' ? createFolderStorage(config.dir) : createS3Storage(config),
  );
}
