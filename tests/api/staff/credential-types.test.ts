import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditEntry } from '../../../api/src/db/entities/index.js';
import { CREDENTIAL_TYPE_MESSAGES } from '../../../shared/credential-types.js';
import { SEED_CREDENTIAL_TYPES } from '../../../shared/requirements.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { signIn, staffClient, unique } from './helpers.js';

// Credential types on the console (issue 27): seeded, listed to every role, kept by Editors and
// Administrators, names unique case-insensitively, every change audited.

let t: TestApp;
let editor: ReturnType<typeof staffClient>;
let viewer: ReturnType<typeof staffClient>;
let editorEmail: string;

beforeAll(async () => {
  t = await createTestApp();
  const login = await signIn(t, 'editor');
  editorEmail = login.email;
  editor = staffClient(t.app, login.token);
  viewer = staffClient(t.app, (await signIn(t, 'viewer')).token);
});
afterAll(() => t.close());

const PATH = '/api/admin/credential-types';

describe('credential types', () => {
  it('starts with the seeded types, as the shared list describes them', async () => {
    const response = await viewer('GET', `${PATH}?sort=["name","ASC"]&range=[0,99]`);
    expect(response.statusCode).toBe(200);
    const listed = response.json() as {
      name: string;
      holder: string;
      expires: boolean;
      facts: string[];
    }[];
    for (const seeded of SEED_CREDENTIAL_TYPES) {
      expect(listed).toContainEqual(
        expect.objectContaining({ ...seeded, facts: [...seeded.facts] }),
      );
    }
    expect(response.headers['content-range']).toMatch(/^credential-types 0-\d+\/\d+$/);
  });

  it('lets an Editor add and change one, audited before and after, and a Viewer only read', async () => {
    const name = `Backflow licence ${unique()}`;
    const created = await editor('POST', PATH, {
      name: `  ${name}  `,
      holder: 'tester',
      expires: true,
      facts: ['number', 'issuer', 'number'],
    });
    expect(created.statusCode).toBe(201);
    const record = created.json() as { id: number };
    // Facts once each, in the set's order; the name trimmed.
    expect(record).toEqual({
      id: record.id,
      name,
      holder: 'tester',
      expires: true,
      facts: ['issuer', 'number'],
    });

    const changed = await editor('PUT', `${PATH}/${record.id}`, { holder: 'company', facts: [] });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({
      id: record.id,
      name,
      holder: 'company',
      expires: true,
      facts: [],
    });

    const entries = await t.app.orm.em
      .fork()
      .find(
        AuditEntry,
        { entityType: 'credential_type', entityId: String(record.id) },
        { orderBy: { id: 'asc' } },
      );
    expect(entries.map((entry) => [entry.action, entry.staffEmail])).toEqual([
      ['create', editorEmail],
      ['update', editorEmail],
    ]);
    expect(entries[1]?.before).toMatchObject({ holder: 'tester', facts: ['issuer', 'number'] });
    expect(entries[1]?.after).toMatchObject({ holder: 'company', facts: [] });

    expect(
      (await viewer('POST', PATH, { name: `${name} 2`, holder: 'tester', expires: false }))
        .statusCode,
    ).toBe(403);
    expect((await viewer('PUT', `${PATH}/${record.id}`, { expires: false })).statusCode).toBe(403);
    expect((await viewer('GET', `${PATH}/${record.id}`)).json()).toMatchObject({
      holder: 'company',
    });
  });

  it('refuses a name another type has (in any case), and bad values, in its own words, changing nothing', async () => {
    const taken = await editor('POST', PATH, {
      name: 'GENERAL LIABILITY INSURANCE',
      holder: 'company',
      expires: true,
    });
    expect(taken.statusCode).toBe(409);
    expect(JSON.stringify(taken.json())).toContain(CREDENTIAL_TYPE_MESSAGES.exists);

    const bad = await editor('POST', PATH, {
      name: ' ',
      holder: 'everyone',
      expires: 'yes',
      facts: ['colour'],
    });
    expect(bad.statusCode).toBe(400);
    const text = JSON.stringify(bad.json());
    for (const message of [
      CREDENTIAL_TYPE_MESSAGES.nameRequired,
      CREDENTIAL_TYPE_MESSAGES.holderInvalid,
      CREDENTIAL_TYPE_MESSAGES.expiresInvalid,
      CREDENTIAL_TYPE_MESSAGES.factsInvalid,
    ]) {
      expect(text).toContain(message);
    }

    const list = await editor('GET', `${PATH}?filter={"q":"driver"}`);
    const [driver] = list.json() as { id: number }[];
    if (!driver) throw new Error('no seeded driver licence');
    const renamed = await editor('PUT', `${PATH}/${driver.id}`, { name: 'business LICENSE' });
    expect(renamed.statusCode).toBe(409);
    expect((await editor('GET', `${PATH}/${driver.id}`)).json()).toMatchObject({
      name: "Driver's license",
    });
    expect((await editor('GET', `${PATH}/999999`)).statusCode).toBe(404);
  });
});
