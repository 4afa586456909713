import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { type FileHandle, mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Where uploaded documents live. Keys are generated here; clients never name files. */
export interface DocumentStorage {
  /** Streams the content to a new, server-named file and reports its key, size and sha256. */
  save(stream: Readable): Promise<{ key: string; size: number; sha256: string }>;
  open(key: string): Readable;
  /** Removes the file; a missing file is not an error. */
  remove(key: string): Promise<void>;
}

const KEY_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

class InvalidStorageKeyError extends Error {
  override name = 'InvalidStorageKeyError';
}

/**
 * Files under `dir` (outside any web root), in two-character shards so no folder grows huge.
 * A file is written under a temporary name and renamed when complete, so a crash or a refused
 * upload never leaves a file that looks finished.
 */
export function createLocalStorage(dir: string): DocumentStorage {
  const fileFor = (key: string) => {
    // Keys come from the database, but a path is never built from an unchecked string.
    if (!KEY_PATTERN.test(key)) throw new InvalidStorageKeyError('invalid storage key');
    return path.join(dir, key.slice(0, 2), key);
  };

  /** A new file; its shard folder is made the first time it is missing. */
  const createFile = async (file: string): Promise<FileHandle> => {
    try {
      return await open(file, 'wx', 0o640);
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'ENOENT') throw error;
      await mkdir(path.dirname(file), { recursive: true, mode: 0o750 });
      return open(file, 'wx', 0o640);
    }
  };

  return {
    async save(stream) {
      const key = randomUUID();
      const target = fileFor(key);
      const partial = `${target}.partial`;
      const file = await createFile(partial);
      const hash = createHash('sha256');
      let size = 0;
      const measure = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.length;
          hash.update(chunk);
          callback(null, chunk);
        },
      });
      try {
        await pipeline(stream, measure, file.createWriteStream());
        await rename(partial, target);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      return { key, size, sha256: hash.digest('hex') };
    },
    open(key) {
      return createReadStream(fileFor(key));
    },
    async remove(key) {
      await rm(fileFor(key), { force: true });
    },
  };
}
