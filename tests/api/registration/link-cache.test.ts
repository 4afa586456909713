import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { signIn, staffClient } from '../staff/helpers.js';
import { createOrganization, randomAddress, upload } from './fixtures.js';

// Each process keeps what a registration link shows for ORGINFO_CACHE_SECONDS. Staff changes
// through this process show at once; a change this process did not make shows within that time.

let t: TestApp;
let call: ReturnType<typeof staffClient>;
beforeAll(async () => {
  t = await createTestApp({ env: { ORGINFO_CACHE_SECONDS: '1' } });
  call = staffClient(t.app, (await signIn(t)).token);
});
afterAll(() => t.close());

const banner = async (hash: string) => {
  const response = await t.app.inject({
    url: `/api/tr/get/orginfo/${hash}`,
    remoteAddress: randomAddress(),
  });
  return response.statusCode === 200
    ? response.json().message.orgInfo.org_banner
    : response.json().code;
};

describe('what a registration link shows, kept for a moment', () => {
  it('shows a staff edit made through this process on the very next lookup', async () => {
    const organization = await createOrganization(t.app.orm.em.fork());
    expect(await banner(organization.hash)).toBe('Have your documents ready.');
    const edit = (orgInfo: Record<string, unknown>) =>
      call('PUT', `/api/sc/submit/editorganization/${encodeURIComponent(organization.name)}`, {
        orgName: organization.name,
        orgInfo: { orgID: organization.id, numOfCerts: 1, ...orgInfo },
      });
    const edited = await edit({ orgEndDate: '2034-12-31', orgBanner: 'Bring your gauge.' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await banner(organization.hash)).toBe('Bring your gauge.');
    expect((await edit({ orgEndDate: '2020-01-31' })).statusCode).toBe(200);
    expect(await banner(organization.hash)).toBe('ORG URL EXPIRED');
  });

  it('shows a change made elsewhere within the cache time', async () => {
    const organization = await createOrganization(t.app.orm.em.fork());
    expect(await banner(organization.hash)).toBe('Have your documents ready.');
    await t.app.orm.em
      .fork()
      .execute('update organizations set form_banner = ? where form_hash = ?', [
        'Changed by another server.',
        organization.hash,
      ]);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await banner(organization.hash)).toBe('Changed by another server.');
  });

  it('does not keep a failed lookup', async () => {
    const organization = await createOrganization(t.app.orm.em.fork());
    const cache = t.app.linkCache;
    await expect(
      cache.get(organization.hash, () => Promise.reject(new Error('connection lost'))),
    ).rejects.toThrow('connection lost');
    expect(await banner(organization.hash)).toBe('Have your documents ready.');
  });

  it('refuses an upload for an organization deleted elsewhere while its link was kept', async () => {
    const organization = await createOrganization(t.app.orm.em.fork());
    expect((await upload(t.app, organization.hash)).statusCode).toBe(200);
    const em = t.app.orm.em.fork();
    await em.execute('delete from organizations where id = ?', [organization.id]);
    const [before] = await em.execute<{ count: number }[]>(
      'select count(*)::int as count from documents',
    );
    const files = async () =>
      (await readdir(t.config.uploadsDir, { recursive: true, withFileTypes: true })).filter(
        (entry) => entry.isFile(),
      ).length;
    const filesBefore = await files();
    const refused = await upload(t.app, organization.hash);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().code).toBe('ORG URL INVALID');
    const [after] = await em.execute<{ count: number }[]>(
      'select count(*)::int as count from documents',
    );
    expect(after?.count).toBe(before?.count);
    expect(await files()).toBe(filesBefore);
  });
});
