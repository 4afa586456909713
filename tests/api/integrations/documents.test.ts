import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  documentLink,
  documentLinkKey,
} from '../../../api/src/modules/integrations/document-links.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { bearer, signIn } from '../staff/helpers.js';
import { apiGet, makeKey, organizationData } from './helpers.js';

// Documents through the read API: five-minute signed links for keys allowed to fetch them, on
// the API's own address, refused once expired, altered or their key revoked.

let t: TestApp;
let adminToken: string;
let a: Awaited<ReturnType<typeof organizationData>>;
let b: Awaited<ReturnType<typeof organizationData>>;
beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await signIn(t, 'administrator')).token;
  a = await organizationData(t);
  b = await organizationData(t);
});
afterAll(() => t.close());

/** The link's path on this server (the URL names the public address). */
const pathOf = (url: string) => new URL(url).pathname;

describe('document links', () => {
  it('gives a five-minute link on the API’s address that streams the file without the key', async () => {
    const { secret } = await makeKey(t, adminToken, {
      organization_id: a.organization.id,
      can_fetch_documents: true,
    });
    for (const { document, bytes } of [a.certificate, a.calibration]) {
      const before = Date.now();
      const answer = await apiGet(t, secret, `/api/v1/documents/${document.id}/link`);
      expect(answer.statusCode, answer.body).toBe(200);
      const { url, expires_at } = answer.json();
      expect(url.startsWith(`${t.config.publicUrl}/api/v1/document-files/`)).toBe(true);
      expect(url).not.toContain('/scadmin');
      expect(url).not.toContain('/api/documents/');
      const lifetime = Date.parse(expires_at) - before;
      expect(lifetime).toBeGreaterThan(4 * 60_000);
      expect(lifetime).toBeLessThanOrEqual(5 * 60_000 + 1_000);

      const file = await t.app.inject({ url: pathOf(url) });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(bytes)).toBe(true);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.headers['cache-control']).toBe('no-store');
    }
  });

  it('answers 404 to keys without the right, and for documents of another organization', async () => {
    const plain = await makeKey(t, adminToken, { can_fetch_documents: false });
    const answer = await apiGet(
      t,
      plain.secret,
      `/api/v1/documents/${a.certificate.document.id}/link`,
    );
    expect(answer.statusCode).toBe(404);
    expect(answer.json().code).toBe('not_found');

    const keyA = await makeKey(t, adminToken, {
      organization_id: a.organization.id,
      can_fetch_documents: true,
    });
    for (const { document } of [b.certificate, b.calibration]) {
      const other = await apiGet(t, keyA.secret, `/api/v1/documents/${document.id}/link`);
      expect(other.statusCode).toBe(404);
    }
    const all = await makeKey(t, adminToken, { can_fetch_documents: true });
    const anyOrganization = await apiGet(
      t,
      all.secret,
      `/api/v1/documents/${b.certificate.document.id}/link`,
    );
    expect(anyOrganization.statusCode).toBe(200);
  });

  it('refuses an altered link, and a link whose key was revoked since', async () => {
    const { id, secret } = await makeKey(t, adminToken, { can_fetch_documents: true });
    const { url } = (
      await apiGet(t, secret, `/api/v1/documents/${a.certificate.document.id}/link`)
    ).json();
    const path = pathOf(url);
    const token = Buffer.from(path.split('/').at(-1) as string, 'base64url');
    const altered = (change: (bytes: Buffer) => void) => {
      const bytes = Buffer.from(token);
      change(bytes);
      return `/api/v1/document-files/${bytes.toString('base64url')}`;
    };
    // Another document, another key, a later expiry, a changed signature: each refused.
    const otherDocument = Buffer.from(b.certificate.document.id.replaceAll('-', ''), 'hex');
    for (const forged of [
      altered((bytes) => otherDocument.copy(bytes, 0)),
      altered((bytes) => bytes.writeUInt32BE(bytes.readUInt32BE(16) + 1, 16)),
      altered((bytes) => bytes.writeUInt32BE(bytes.readUInt32BE(20) + 3600, 20)),
      altered((bytes) => bytes.writeUInt8(bytes.readUInt8(30) ^ 1, 30)),
    ]) {
      const refused = await t.app.inject({ url: forged });
      expect(refused.statusCode).toBe(404);
      expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
    expect((await t.app.inject({ url: '/api/v1/document-files/short' })).statusCode).toBe(404);

    expect((await t.app.inject({ url: path })).statusCode).toBe(200);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/api-keys/${id}`,
      headers: bearer(adminToken),
    });
    expect((await t.app.inject({ url: path })).statusCode).toBe(404);
  });

  it('refuses a link after its five minutes', async () => {
    const { id } = await makeKey(t, adminToken, { can_fetch_documents: true });
    const em = t.app.orm.em.fork();
    const linkMadeAgo = (minutes: number) =>
      documentLink(
        em,
        {
          key: { id, organizationId: null, canFetchDocuments: true },
          documentId: a.certificate.document.id,
          signingKey: documentLinkKey(t.config.integrations.webhookSecretKey),
          publicUrl: t.config.publicUrl,
        },
        new Date(Date.now() - minutes * 60_000),
      );
    const current = await linkMadeAgo(4);
    expect((await t.app.inject({ url: pathOf(current.url) })).statusCode).toBe(200);
    const expired = await linkMadeAgo(6);
    const refused = await t.app.inject({ url: pathOf(expired.url) });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().code).toBe('not_found');
  });
});
