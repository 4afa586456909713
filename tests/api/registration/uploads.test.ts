import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm, truncate, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Document } from '../../../api/src/db/entities/index.js';
import { displayName } from '../../../api/src/modules/uploads/receive.js';
import { sweepUnattachedUploads } from '../../../api/src/modules/uploads/sweep.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import {
  createOrganization,
  isoDay,
  JPEG,
  multipartBody,
  type OrganizationFixture,
  PDF,
  PNG,
  randomAddress,
  upload,
} from './fixtures.js';

let t: TestApp;
let organization: OrganizationFixture;
let scratch: string;
beforeAll(async () => {
  t = await createTestApp();
  organization = await createOrganization(t.app.orm.em.fork());
  scratch = await mkdtemp(path.join(os.tmpdir(), 'upload-files-'));
});
afterAll(async () => {
  await t.close();
  await rm(scratch, { recursive: true, force: true });
});

/** Every stored file under the uploads folder. */
async function storedFiles(): Promise<string[]> {
  const entries = await readdir(t.config.uploadsDir, {
    recursive: true,
    withFileTypes: true,
  }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

const documentCount = () => t.app.orm.em.fork().count(Document, {});

/** A PDF of exactly `size` bytes, written to disk (a sparse tail after a real PDF header). */
async function pdfOfSize(size: number): Promise<string> {
  const file = path.join(scratch, `doc-${size}-${Math.random().toString(36).slice(2)}.pdf`);
  await writeFile(file, PDF);
  await truncate(file, size);
  return file;
}

describe('POST /api/uploads/docUpload', () => {
  it.each([
    ['png', PNG, 'image/png'],
    ['pdf', PDF, 'application/pdf'],
    ['jpeg', JPEG, 'image/jpeg'],
  ])('accepts a %s and records it unattached with its sha256', async (_kind, content, mime) => {
    const response = await upload(t.app, organization.hash, {
      content,
      filename: '../../etc/My Cert.bin',
    });
    expect(response.statusCode).toBe(200);
    const { code, message } = response.json();
    expect(code).toBe('SUCCESS');
    expect(message.url).toMatch(/^[0-9a-f-]{36}$/);
    const document = await t.app.orm.em.fork().findOneOrFail(Document, { id: message.url });
    expect(document.contentType).toBe(mime);
    expect(document.size).toBe(content.length);
    expect(document.sha256).toBe(createHash('sha256').update(content).digest('hex'));
    expect(document.attachedAt).toBeNull();
    expect(document.originalName).toBe('My Cert.bin');
    // Stored under a server-generated name, never the client's.
    expect(document.storageKey).not.toContain('Cert');
    const chunks: Buffer[] = [];
    for await (const chunk of await t.app.documentStorage.open(document.storageKey)) {
      chunks.push(chunk);
    }
    expect(Buffer.concat(chunks).equals(content)).toBe(true);
  });

  it.each([
    ['PNG bytes named .pdf', PNG, 'certificate.pdf'],
    ['PDF bytes named .jpg', PDF, 'scan.JPG'],
    ['JPEG bytes named .png', JPEG, 'photo.png'],
  ])('refuses %s: the name contradicts the content', async (_label, content, filename) => {
    const filesBefore = await storedFiles();
    const response = await upload(t.app, organization.hash, { content, filename });
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBe('File type not supported.');
    expect(await storedFiles()).toEqual(filesBefore);
  });

  it('judges other names by content alone (a JPEG saved as .jfif)', async () => {
    const response = await upload(t.app, organization.hash, {
      content: JPEG,
      filename: 'scan.jfif',
    });
    expect(response.statusCode).toBe(200);
  });

  it('accepts exactly 10,000,000 bytes streamed from disk', async () => {
    const file = await pdfOfSize(10_000_000);
    const response = await upload(t.app, organization.hash, {
      content: { path: file },
      filename: 'big.pdf',
    });
    expect(response.statusCode).toBe(200);
    const document = await t.app.orm.em
      .fork()
      .findOneOrFail(Document, { id: response.json().message.url });
    expect(document.size).toBe(10_000_000);
  });

  it('refuses a 10,000,001-byte upload and keeps nothing', async () => {
    const file = await pdfOfSize(10_000_001);
    const filesBefore = await storedFiles();
    const rowsBefore = await documentCount();
    const response = await upload(t.app, organization.hash, {
      content: { path: file },
      filename: 'too-big.pdf',
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      code: 'PAYLOAD TOO LARGE',
      message: 'File must be under 10mb.',
    });
    expect(await storedFiles()).toEqual(filesBefore);
    expect(await documentCount()).toBe(rowsBefore);
  });

  it.each([
    [
      'an HTML page renamed .pdf',
      Buffer.from('<!doctype html><html><script>alert(1)</script></html>'),
    ],
    [
      'a Windows executable renamed .pdf',
      Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]),
    ],
    ['plain text', Buffer.from('just some text in a file')],
    ['a GIF image', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;')],
  ])('refuses %s by its content and keeps nothing', async (_label, content) => {
    const filesBefore = await storedFiles();
    const response = await upload(t.app, organization.hash, {
      content,
      filename: 'certificate.pdf',
      contentType: 'application/pdf',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      code: 'UNSUPPORTED MEDIA TYPE',
      message: 'File type not supported.',
    });
    expect(await storedFiles()).toEqual(filesBefore);
  });

  it('refuses an empty file and a request without a file', async () => {
    const empty = await upload(t.app, organization.hash, { content: Buffer.alloc(0) });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('The file is empty.');
    const body = multipartBody([{ name: 'orgHash', value: organization.hash }]);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/docUpload',
      headers: body.headers,
      payload: body.payload,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Please choose a file to upload.');
  });

  it('refuses a second file in the same request and keeps neither', async () => {
    const filesBefore = await storedFiles();
    const body = multipartBody([
      { name: 'orgHash', value: organization.hash },
      { name: 'file', filename: 'a.png', content: PNG },
      { name: 'file', filename: 'b.png', content: PNG },
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/docUpload',
      headers: body.headers,
      payload: body.payload,
    });
    expect(response.statusCode).toBe(400);
    expect(await storedFiles()).toEqual(filesBefore);
  });

  it('refuses unknown and expired links, with the hash before or after the file', async () => {
    const expired = await createOrganization(t.app.orm.em.fork(), { allowedUntil: isoDay(-1) });
    const filesBefore = await storedFiles();
    const unknown = await upload(t.app, 'no-such-organization-hash');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('ORG URL INVALID');
    const late = await upload(t.app, expired.hash);
    expect(late.statusCode).toBe(410);
    expect(late.json().code).toBe('ORG URL EXPIRED');
    const fileFirst = multipartBody([
      { name: 'file', filename: 'a.png', content: PNG },
      { name: 'orgHash', value: 'no-such-organization-hash' },
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/docUpload',
      headers: fileFirst.headers,
      payload: fileFirst.payload,
    });
    expect(response.statusCode).toBe(404);
    expect(await storedFiles()).toEqual(filesBefore);
  });

  it('accepts the hash after the file', async () => {
    const body = multipartBody([
      { name: 'file', filename: 'a.png', content: PNG },
      { name: 'orgHash', value: organization.hash },
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/docUpload',
      headers: body.headers,
      payload: body.payload,
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a body that is not multipart', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/docUpload',
      payload: { file: 'x', orgHash: organization.hash },
    });
    expect(response.statusCode).toBe(415);
  });

  it('rate-limits uploads per client address', async () => {
    const address = randomAddress();
    for (let i = 0; i < t.config.rateLimits.uploadsPerMinute; i++) {
      const response = await upload(t.app, 'unknown-hash-rate-limit', { content: PNG }, address);
      expect(response.statusCode).toBe(404);
    }
    const limited = await upload(t.app, 'unknown-hash-rate-limit', { content: PNG }, address);
    expect(limited.statusCode).toBe(429);
  });

  it('streams 20 concurrent 10 MB uploads without holding them in memory', async () => {
    const file = await pdfOfSize(10_000_000);
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    try {
      const responses = await Promise.all(
        Array.from({ length: 20 }, () =>
          upload(t.app, organization.hash, { content: { path: file }, filename: 'big.pdf' }),
        ),
      );
      expect(responses.map((response) => response.statusCode)).toEqual(Array(20).fill(200));
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, process.memoryUsage().rss);
    expect(peak - before).toBeLessThan(100 * 1024 * 1024);
  });
});

describe('displayName', () => {
  it('keeps only a clean base name as a label', () => {
    expect(displayName('C:\\Users\\ann\\cert.pdf')).toBe('cert.pdf');
    expect(displayName('a\u0000b\nc.png')).toBe('abc.png');
    expect(displayName('')).toBe('document');
    expect(displayName('x'.repeat(300))).toHaveLength(255);
  });
});

describe('the sweep of unattached uploads', () => {
  it('deletes unattached uploads older than 24 hours, rows and files, and keeps the rest', async () => {
    const em = t.app.orm.em.fork();
    const old = (await upload(t.app, organization.hash)).json().message.url as string;
    const recent = (await upload(t.app, organization.hash)).json().message.url as string;
    const attached = (await upload(t.app, organization.hash)).json().message.url as string;
    await em
      .getConnection()
      .execute(`update documents set created_at = now() - interval '25 hours' where id in (?)`, [
        [old, attached],
      ]);
    await em
      .getConnection()
      .execute(`update documents set attached_at = now() where id = ?`, [attached]);
    const oldKey = (await em.findOneOrFail(Document, { id: old })).storageKey;

    const removed = await sweepUnattachedUploads(t.app.orm.em.fork(), t.app.documentStorage);
    expect(removed).toBeGreaterThanOrEqual(1);
    const remaining = await t.app.orm.em
      .fork()
      .find(Document, { id: { $in: [old, recent, attached] } });
    expect(remaining.map((document) => document.id).sort()).toEqual([attached, recent].sort());
    expect(await storedFiles()).not.toContain(oldKey);
  });
});
