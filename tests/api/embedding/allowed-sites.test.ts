import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBED_MESSAGES } from '../../../shared/embedding.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { orgCreatePayload, signIn, staffClient, unique } from '../staff/helpers.js';

let t: TestApp;
let call: ReturnType<typeof staffClient>;
beforeAll(async () => {
  t = await createTestApp();
  call = staffClient(t.app, (await signIn(t)).token);
});
afterAll(() => t.close());

async function createOrganization(allowedEmbedOrigins?: string[]) {
  const name = `Embedding Water ${unique()}`;
  const response = await call(
    'POST',
    `/api/sc/submit/organization/${encodeURIComponent(name)}`,
    orgCreatePayload(name, allowedEmbedOrigins ? { allowedEmbedOrigins } : {}),
  );
  expect(response.statusCode).toBe(201);
  const info = response.json().orgInfo;
  return { name, id: info.org_id as number, hash: String(info.orgURL).split('/form/')[1] ?? '' };
}

const frameAncestorsOf = async (path: string) => {
  const page = await t.app.inject({ url: path, headers: { accept: 'text/html' } });
  expect(page.statusCode).toBe(200);
  return /frame-ancestors ([^;]*)/.exec(String(page.headers['content-security-policy']))?.[1];
};

const allowed = async (hash: string, origin: string) => {
  const response = await t.app.inject({
    url: `/api/tr/get/embedding/${hash}?origin=${encodeURIComponent(origin)}`,
  });
  expect(response.statusCode).toBe(200);
  return response.json().message.allowed as boolean;
};

describe("an organization's allowed embedding sites", () => {
  it('let any https site (and local pages outside production) frame a form that names none', async () => {
    const organization = await createOrganization();
    expect(await frameAncestorsOf(`/form/${organization.hash}`)).toBe(
      'https: http://localhost:* http://127.0.0.1:*',
    );
    expect(await allowed(organization.hash, 'https://any.example.org')).toBe(true);
    expect(await allowed(organization.hash, 'http://plain.example.org')).toBe(false);
  });

  it('frame the form, its later pages and its resume link only on the named sites', async () => {
    const organization = await createOrganization(['https://www.city.gov/', 'https://city.gov']);
    const detail = await call(
      'GET',
      `/api/sc/get/orginfo/${encodeURIComponent(organization.name)}`,
    );
    expect(detail.json().message.orgInfo.allowedEmbedOrigins).toEqual([
      'https://www.city.gov',
      'https://city.gov',
    ]);
    for (const path of ['', '/step/3', '/resume']) {
      expect(await frameAncestorsOf(`/form/${organization.hash}${path}`)).toBe(
        "'self' https://www.city.gov https://city.gov",
      );
    }
    expect(await allowed(organization.hash, 'https://www.city.gov')).toBe(true);
    expect(await allowed(organization.hash, 'https://evil.example')).toBe(false);
  });

  it('follow an edit at once and show in the REST record', async () => {
    const organization = await createOrganization(['https://www.city.gov']);
    expect(await allowed(organization.hash, 'https://water.city.gov')).toBe(false);
    const edited = await call(
      'PUT',
      `/api/sc/submit/editorganization/${encodeURIComponent(organization.name)}`,
      {
        orgName: organization.name,
        orgInfo: {
          orgEndDate: '2034-12-31',
          numOfCerts: 1,
          allowedEmbedOrigins: ['https://water.city.gov'],
        },
      },
    );
    expect(edited.statusCode).toBe(200);
    expect(await allowed(organization.hash, 'https://water.city.gov')).toBe(true);
    expect(await frameAncestorsOf(`/form/${organization.hash}`)).toBe(
      "'self' https://water.city.gov",
    );
    const record = await call('GET', `/api/admin/organizations/${organization.id}`);
    expect(record.json().embedOrigins).toEqual(['https://water.city.gov']);
  });

  it('refuses an address that is not a site, and changes nothing', async () => {
    const organization = await createOrganization(['https://www.city.gov']);
    const refused = await call(
      'PUT',
      `/api/sc/submit/editorganization/${encodeURIComponent(organization.name)}`,
      {
        orgName: organization.name,
        orgInfo: {
          orgEndDate: '2034-12-31',
          numOfCerts: 1,
          allowedEmbedOrigins: ['www.city.gov/register'],
        },
      },
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(EMBED_MESSAGES.originInvalid);
    expect(await allowed(organization.hash, 'https://www.city.gov')).toBe(true);
  });

  it('answers for a link that opens no form without revealing anything', async () => {
    expect(await allowed('no-such-form-link', 'https://any.example.org')).toBe(true);
  });
});
