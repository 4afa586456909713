import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import { type FileHandle, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { checkedKey, DocumentMissingError, measuring, type StorageDriver } from './storage.js';

const PARTIAL = '.partial';

/**
 * Files under `dir` (outside any web root), in two-character shards so no folder grows huge.
 * A file is written under a temporary name and renamed when complete, so a crash or a refused
 * upload never leaves a file that looks finished.
 */
export function createFolderStorage(dir: string): StorageDriver {
  const fileFor = (key: string) => path.join(dir, key.slice(0, 2), checkedKey(key));

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
    driver: 'folder',
    location: dir,
    async write(key, content) {
      const target = fileFor(key);
      const partial = `${target}${PARTIAL}`;
      const file = await createFile(partial);
      const { stream, measured } = measuring();
      try {
        await pipeline(content, stream, file.createWriteStream());
        await rename(partial, target);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      return measured();
    },
    async open(key) {
      const stream = createReadStream(fileFor(key));
      try {
        // Open before answering, so a missing file is known before any byte is sent.
        await once(stream, 'ready');
      } catch (error) {
        if ((error as { code?: unknown }).code === 'ENOENT') throw new DocumentMissingError();
        throw error;
      }
      return stream;
    },
    async remove(key) {
      await rm(fileFor(key), { force: true });
    },
    async *list() {
      const shards = await readdir(dir).catch(() => [] as string[]);
      for (const shard of shards) {
        const names = await readdir(path.join(dir, shard)).catch(() => [] as string[]);
        for (const name of names) {
          if (name.endsWith(PARTIAL)) continue;
          const info = await stat(path.join(dir, shard, name)).catch(() => undefined);
          if (info?.isFile()) yield { key: name, modifiedAt: info.mtime };
        }
      }
    },
    close() {},
  };
}
