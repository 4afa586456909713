import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditEntry } from '../../../api/src/db/entities/index.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { makeOrganization } from '../../helpers/fixtures.js';
import { bearer, signIn } from '../staff/helpers.js';
import { apiGet, makeKey } from './helpers.js';

// Issue 29's API keys: Administrators make them on the Integrations screen, see the secret once,
// and revoke them; the database keeps only the secret's hash.

let t: TestApp;
let admin: { token: string; email: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, 'administrator');
});
afterAll(() => t.close());

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('API keys', () => {
  it('shows the secret once, with its prefix, and keeps only its SHA-256', async () => {
    const organization = await makeOrganization(t.app.orm.em.fork());
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/api-keys',
      headers: bearer(admin.token),
      payload: { name: 'Billing', organization_id: organization.id, can_fetch_documents: true },
    });
    expect(created.statusCode).toBe(201);
    expect(created.headers['cache-control']).toBe('no-store');
    const key = created.json();
    expect(key.secret).toMatch(/^bfk_live_[A-Za-z0-9_-]{43}$/);
    expect(key).toMatchObject({
      name: 'Billing',
      organization_id: organization.id,
      organization_name: organization.name,
      can_fetch_documents: true,
      hint: `${key.secret.slice(0, 15)}…`,
      created_by: admin.email,
      last_used_at: null,
      revoked_at: null,
    });

    const [row] = await t.app.orm.em
      .fork()
      .getConnection()
      .execute<Record<string, unknown>[]>('select * from api_keys where id = ?', [key.id]);
    expect(row?.secret_hash).toBe(sha256(key.secret));
    expect(JSON.stringify(row)).not.toContain(key.secret.slice(15));

    const shown = await t.app.inject({
      url: `/api/admin/api-keys/${key.id}`,
      headers: bearer(admin.token),
    });
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).not.toHaveProperty('secret');
    expect(shown.body).not.toContain(key.secret.slice(15));
    const list = await t.app.inject({ url: '/api/admin/api-keys', headers: bearer(admin.token) });
    expect(list.body).not.toContain(key.secret.slice(15));
    expect(list.headers['content-range']).toMatch(/^api-keys 0-\d+\/\d+$/);

    const audit = await t.app.orm.em
      .fork()
      .find(AuditEntry, { entityType: 'api_key', entityId: String(key.id) });
    expect(audit.map((entry) => entry.action)).toEqual(['create']);
    expect(audit[0]?.staffEmail).toBe(admin.email);
    expect(JSON.stringify(audit)).not.toContain(key.secret.slice(15));
  });

  it('refuses an organization that does not exist and a blank name', async () => {
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/admin/api-keys',
      headers: bearer(admin.token),
      payload: { name: 'X', organization_id: 987654, can_fetch_documents: false },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toHaveProperty('organization_id');
    const blank = await t.app.inject({
      method: 'POST',
      url: '/api/admin/api-keys',
      headers: bearer(admin.token),
      payload: { name: '  ', organization_id: null, can_fetch_documents: false },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toHaveProperty('name');
  });

  it('revokes at once: the next request answers 401, the key stays listed, audited', async () => {
    const { id, secret } = await makeKey(t, admin.token);
    expect((await apiGet(t, secret, '/api/v1/organizations')).statusCode).toBe(200);

    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/api-keys/${id}`,
      headers: bearer(admin.token),
    });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().revoked_at).toEqual(expect.any(String));

    const refused = await apiGet(t, secret, '/api/v1/organizations');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('invalid_api_key');

    const listed = await t.app.inject({
      url: `/api/admin/api-keys?filter=${encodeURIComponent(JSON.stringify({ revoked: true }))}`,
      headers: bearer(admin.token),
    });
    expect(listed.json().map((key: { id: number }) => key.id)).toContain(id);
    const live = await t.app.inject({
      url: `/api/admin/api-keys?filter=${encodeURIComponent(JSON.stringify({ revoked: false }))}`,
      headers: bearer(admin.token),
    });
    expect(live.json().map((key: { id: number }) => key.id)).not.toContain(id);

    const audit = await t.app.orm.em
      .fork()
      .find(
        AuditEntry,
        { entityType: 'api_key', entityId: String(id) },
        { orderBy: { id: 'asc' } },
      );
    expect(audit.map((entry) => entry.action)).toEqual(['create', 'revoke']);
    expect(audit[1]?.after).toMatchObject({ revokedAt: expect.any(String) });
  });

  it('a second instance refuses a key revoked through the first at its next request', async () => {
    const second = await createTestApp({ database: t.database });
    try {
      const { id, secret } = await makeKey(t, admin.token);
      expect((await apiGet(second, secret, '/api/v1/people')).statusCode).toBe(200);
      await t.app.inject({
        method: 'DELETE',
        url: `/api/admin/api-keys/${id}`,
        headers: bearer(admin.token),
      });
      expect((await apiGet(second, secret, '/api/v1/people')).statusCode).toBe(401);
    } finally {
      await second.close();
    }
  });

  it('writes last use at most once a minute', async () => {
    const { id, secret } = await makeKey(t, admin.token);
    const lastUsed = async () => {
      const response = await t.app.inject({
        url: `/api/admin/api-keys/${id}`,
        headers: bearer(admin.token),
      });
      return response.json().last_used_at as string | null;
    };
    await apiGet(t, secret, '/api/v1/people');
    const first = await lastUsed();
    expect(first).not.toBeNull();
    await apiGet(t, secret, '/api/v1/people');
    expect(await lastUsed()).toBe(first);
    await t.app.orm.em
      .fork()
      .getConnection()
      .execute(`update api_keys set last_used_at = now() - interval '2 minutes' where id = ?`, [
        id,
      ]);
    const stale = await lastUsed();
    await apiGet(t, secret, '/api/v1/people');
    expect(Date.parse((await lastUsed()) as string)).toBeGreaterThan(Date.parse(stale as string));
  });

  it('is for Administrators only: Viewers and Editors get 403', async () => {
    for (const role of ['viewer', 'editor'] as const) {
      const { token } = await signIn(t, role);
      const requests = [
        { method: 'GET' as const, url: '/api/admin/api-keys' },
        { method: 'GET' as const, url: '/api/admin/api-keys/1' },
        { method: 'DELETE' as const, url: '/api/admin/api-keys/1' },
        {
          method: 'POST' as const,
          url: '/api/admin/api-keys',
          payload: { name: 'X', organization_id: null, can_fetch_documents: false },
        },
      ];
      for (const request of requests) {
        const response = await t.app.inject({ ...request, headers: bearer(token) });
        expect(response.statusCode, `${role} ${request.method} ${request.url}`).toBe(403);
      }
    }
  });
});
