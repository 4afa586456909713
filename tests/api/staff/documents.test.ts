import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Document } from '../../../api/src/db/entities/index.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { bearer, signIn } from './helpers.js';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await signIn(t)).token;
});
afterAll(() => t.close());

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

async function storedDocument(content: Buffer, contentType: string) {
  const saved = await t.app.documentStorage.save(Readable.from([content]));
  const em = t.app.orm.em.fork();
  const document = em.create(Document, {
    organization: null,
    storageKey: saved.key,
    originalName: '<script>evil</script>.html',
    contentType,
    size: saved.size,
    sha256: saved.sha256,
    attachedAt: new Date(),
  });
  await em.flush();
  return { id: document.id, key: saved.key };
}

describe('GET /api/documents/{id}', () => {
  it('sends the file as a download with a server-chosen name and no caching', async () => {
    const { id } = await storedDocument(PDF, 'application/pdf');
    const response = await t.app.inject({ url: `/api/documents/${id}`, headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(PDF)).toBe(true);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="document-${id.slice(0, 8)}.pdf"`,
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-length']).toBe(String(PDF.length));
  });

  it('is for staff only', async () => {
    const { id } = await storedDocument(PDF, 'application/pdf');
    const response = await t.app.inject({ url: `/api/documents/${id}` });
    expect(response.statusCode).toBe(401);
    expect(response.body).not.toContain('%PDF');
  });

  it('answers 404 for an unknown id or a missing file, and 400 for a malformed id', async () => {
    const unknown = await t.app.inject({
      url: '/api/documents/00000000-0000-4000-8000-000000000000',
      headers: bearer(token),
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Document not found.');
    const { id, key } = await storedDocument(PDF, 'application/pdf');
    await t.app.documentStorage.remove(key);
    const gone = await t.app.inject({ url: `/api/documents/${id}`, headers: bearer(token) });
    expect(gone.statusCode).toBe(404);
    const malformed = await t.app.inject({
      url: '/api/documents/..%2F..%2Fetc',
      headers: bearer(token),
    });
    expect(malformed.statusCode).toBe(400);
  });

  it('never serves a stored type it does not recognise as itself', async () => {
    const { id } = await storedDocument(Buffer.from('<html>hi</html>'), 'text/html');
    const response = await t.app.inject({ url: `/api/documents/${id}`, headers: bearer(token) });
    expect(response.headers['content-type']).toBe('application/octet-stream');
    expect(response.headers['content-disposition']).toMatch(/\.bin"$/);
  });
});
