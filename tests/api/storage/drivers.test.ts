import { createHash, randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempFolder } from '../../../api/src/db/embedded-postgres.js';
import {
  createDocumentStorage,
  DocumentMissingError,
  type DocumentStorage,
} from '../../../api/src/modules/uploads/storage.js';
import { type S3Server, startS3Server } from '../../helpers/s3.js';
import { readAll } from '../../helpers/streams.js';

// The same contract on both drivers: a folder, and a bucket of a real S3-protocol server.

let s3: S3Server;
let folder: string;
const drivers: Record<'folder' | 's3', () => DocumentStorage> = {
  folder: () => createDocumentStorage({ driver: 'folder', dir: folder }),
  s3: () => createDocumentStorage(s3.storage('drivers', 'documents/')),
};

beforeAll(async () => {
  [s3, folder] = await Promise.all([
    startS3Server(['drivers']),
    makeTempFolder('backflow-storage-'),
  ]);
});
afterAll(async () => {
  await s3?.close();
  await rm(folder, { recursive: true, force: true });
});

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** `size` bytes in 64 KiB chunks, produced as they are read; fails after them when asked. */
function content(size: number, failure?: Error): Readable {
  return Readable.from(
    (async function* () {
      for (let offset = 0; offset < size; offset += 65_536) {
        yield Buffer.alloc(Math.min(65_536, size - offset), offset % 251);
      }
      if (failure) throw failure;
    })(),
  );
}

async function keysOf(storage: DocumentStorage): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of storage.list()) keys.push(object.key);
  return keys.sort();
}

describe.each(['folder', 's3'] as const)('document storage on the %s driver', (driver) => {
  let storage: DocumentStorage;
  beforeAll(() => {
    storage = drivers[driver]();
  });
  afterAll(() => storage.close());

  it('saves under a server-made key, measures size and sha256, and streams the bytes back', async () => {
    const bytes = Buffer.from(`%PDF-1.4 ${randomUUID()}`);
    const saved = await storage.save(Readable.from([bytes]), 'application/pdf');
    expect(saved.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(saved).toMatchObject({ size: bytes.length, sha256: sha256(bytes) });
    expect((await readAll(await storage.open(saved.key))).equals(bytes)).toBe(true);
    expect(await keysOf(storage)).toContain(saved.key);
  });

  it('streams a 12 MiB document in both directions (a multipart upload on S3)', async () => {
    const size = 12 * 1024 * 1024;
    const saved = await storage.save(content(size));
    const back = await readAll(await storage.open(saved.key));
    expect(back.length).toBe(size);
    expect(sha256(back)).toBe(saved.sha256);
  });

  it.each([
    ['a small', 100_000],
    ['a multipart-sized', 6 * 1024 * 1024],
  ])(
    'keeps nothing of %s content that fails before its end, and throws its error',
    async (_label, size) => {
      const before = await keysOf(storage);
      const refusal = new Error('refused by the reader');
      await expect(storage.save(content(size, refusal))).rejects.toBe(refusal);
      expect(await keysOf(storage)).toEqual(before);
    },
  );

  it('answers DocumentMissingError for a removed, unknown or malformed key; removing twice is fine', async () => {
    const saved = await storage.save(Readable.from([Buffer.from('%PDF-1.4 gone')]));
    await storage.remove(saved.key);
    await storage.remove(saved.key);
    await expect(storage.open(saved.key)).rejects.toBeInstanceOf(DocumentMissingError);
    await expect(storage.open(randomUUID())).rejects.toBeInstanceOf(DocumentMissingError);
    await expect(storage.open('../../etc/passwd')).rejects.toBeInstanceOf(DocumentMissingError);
    expect(await keysOf(storage)).not.toContain(saved.key);
  });

  it('writes under a given key (moving documents between drivers keeps their keys)', async () => {
    const key = randomUUID();
    const bytes = Buffer.from('%PDF-1.4 moved');
    expect(await storage.write(key, Readable.from([bytes]))).toEqual({
      size: bytes.length,
      sha256: sha256(bytes),
    });
    expect((await readAll(await storage.open(key))).equals(bytes)).toBe(true);
  });
});

describe('the S3 driver', () => {
  it('names objects prefix + key in the bucket', async () => {
    const storage = drivers.s3();
    try {
      const saved = await storage.save(Readable.from([Buffer.from('%PDF-1.4 named')]));
      expect(await s3.keys('drivers')).toContain(`documents/${saved.key}`);
      expect(storage.location).toBe('s3://drivers/documents/');
    } finally {
      storage.close();
    }
  });
});
