import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditEntry, Organization } from '../../../api/src/db/entities/index.js';
import { ORGANIZATION_DIRECTORY_MESSAGES as M } from '../../../shared/organization-directory.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { orgCreatePayload, signIn, staffClient, unique } from './helpers.js';

// Each organization's public directory settings on its console form (issue 28): published or
// not, its address (given from the name, editable, unique, never carrying the form link's hash),
// the introduction, the disclaimer and noindex, on both staff faces, audited.

let t: TestApp;
let editor: ReturnType<typeof staffClient>;
let viewer: ReturnType<typeof staffClient>;

beforeAll(async () => {
  t = await createTestApp();
  editor = staffClient(t.app, (await signIn(t, 'editor')).token);
  viewer = staffClient(t.app, (await signIn(t, 'viewer')).token);
});
afterAll(() => t.close());

const createSc = (name: string, overrides: Record<string, unknown> = {}) =>
  editor(
    'POST',
    `/api/sc/submit/organization/${encodeURIComponent(name)}`,
    orgCreatePayload(name, overrides),
  );
const editSc = (
  client: ReturnType<typeof staffClient>,
  name: string,
  orgInfo: Record<string, unknown>,
) =>
  client('PUT', `/api/sc/submit/editorganization/${encodeURIComponent(name)}`, {
    orgName: name,
    orgInfo: { orgEndDate: '2034-12-31', numOfCerts: 1, ...orgInfo },
  });
const readSc = async (name: string) =>
  (await viewer('GET', `/api/sc/get/orginfo/${encodeURIComponent(name)}`)).json().message.orgInfo;

async function stored(organizationId: number) {
  const organization = await t.app.orm.em
    .fork()
    .findOneOrFail(Organization, { id: organizationId });
  return {
    directoryEnabled: organization.directoryEnabled,
    directorySlug: organization.directorySlug,
    directoryIntro: organization.directoryIntro,
    directoryDisclaimer: organization.directoryDisclaimer,
    directoryNoindex: organization.directoryNoindex,
  };
}

/** A name whose slug no other test's organization has: "Directory Water 1a2b3c" and so on. */
const uniqueName = (words: string) => `${words} ${unique().replace(/[^a-z0-9]/gi, '')}`;
const slugOf = (name: string) => name.toLowerCase().replace(/ /g, '-');

describe("an organization's directory settings through the console's calls (/api/sc)", () => {
  it('starts off, without an address, with the answer carrying the settings', async () => {
    const name = uniqueName('Quiet Water');
    const created = await createSc(name);
    expect(created.statusCode).toBe(201);
    expect(created.json().orgInfo).toMatchObject({
      directoryEnabled: false,
      directorySlug: null,
      directoryIntro: null,
      directoryDisclaimer: null,
      directoryNoindex: false,
      directoryUrl: null,
    });
  });

  it('gives an address from the name when the directory is enabled without one', async () => {
    const name = uniqueName('Springfield Utility Board');
    const id = (await createSc(name)).json().orgInfo.org_id as number;

    const edited = await editSc(editor, name, {
      directoryEnabled: true,
      directoryIntro: '  Hire any tester below.  ',
    });
    expect(edited.statusCode).toBe(200);
    const slug = slugOf(name);
    expect(edited.json().orgInfo).toMatchObject({
      directoryEnabled: true,
      directorySlug: slug,
      directoryIntro: 'Hire any tester below.',
      directoryDisclaimer: null,
      directoryUrl: `${t.app.config.publicUrl}/testers/${slug}`,
    });
    expect(await stored(id)).toMatchObject({ directoryEnabled: true, directorySlug: slug });
    expect((await readSc(name)).directoryUrl).toBe(`${t.app.config.publicUrl}/testers/${slug}`);
  });

  it("numbers a name's address another directory already has, and keeps one staff typed", async () => {
    const first = uniqueName('Twin Water');
    const second = `${first}.`;
    await createSc(first, { directoryEnabled: true });
    const created = await createSc(second, { directoryEnabled: true });
    expect(created.json().orgInfo.directorySlug).toBe(`${slugOf(first)}-2`);

    const typed = await editSc(editor, second, { directorySlug: ` ${slugOf(first)}-Testers ` });
    expect(typed.statusCode).toBe(200);
    expect(typed.json().orgInfo.directorySlug).toBe(`${slugOf(first)}-testers`);
  });

  it('refuses an address another directory has with a conflict on the field, keeping its own', async () => {
    const taken = uniqueName('Taken Water');
    await createSc(taken, { directoryEnabled: true });
    const name = uniqueName('Other Water');
    const id = (await createSc(name, { directoryEnabled: true })).json().orgInfo.org_id as number;
    const before = await stored(id);

    const refused = await editSc(editor, name, { directorySlug: slugOf(taken) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors).toEqual({ directorySlug: M.slugTaken });
    expect(await stored(id)).toEqual(before);

    const onCreate = await createSc(uniqueName('Third Water'), { directorySlug: slugOf(taken) });
    expect(onCreate.statusCode).toBe(409);
    expect(onCreate.json().errors).toEqual({ directorySlug: M.slugTaken });
  });

  it.each([
    ['spaces', 'springfield water', M.slugInvalid],
    ['a double hyphen', 'springfield--water', M.slugInvalid],
    ['a trailing hyphen', 'springfield-', M.slugInvalid],
    ['an accent', 'peñasco', M.slugInvalid],
    ['81 characters', 'a'.repeat(81), M.slugTooLong],
    ['a true enable flag as text', undefined, M.enabledInvalid],
  ])('refuses an address with %s and writes nothing', async (_case, slug, message) => {
    const name = uniqueName('Careful Water');
    const id = (await createSc(name)).json().orgInfo.org_id as number;
    const before = await stored(id);
    const body =
      slug === undefined
        ? { directoryEnabled: 'yes' }
        : { directoryEnabled: true, directorySlug: slug };
    const refused = await editSc(editor, name, body);
    expect(refused.statusCode).toBe(400);
    const field = slug === undefined ? 'directoryEnabled' : 'directorySlug';
    // The body's own problems are named by their place in it, as every /api/sc refusal.
    expect(refused.json().errors).toEqual({ [`orgInfo.${field}`]: message });
    expect(await stored(id)).toEqual(before);
  });

  it("refuses an address carrying a piece of the registration link's hash", async () => {
    const name = uniqueName('Secret Water');
    const created = (await createSc(name)).json().orgInfo;
    const hash = (created.orgURL as string).split('/form/')[1] as string;
    const piece = hash
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')
      .slice(0, 20);

    const refused = await editSc(editor, name, {
      directoryEnabled: true,
      directorySlug: `water-${piece}`,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ directorySlug: M.slugRevealsFormHash });
    expect((await stored(created.org_id)).directoryEnabled).toBe(false);
  });

  it('refuses an introduction or a disclaimer over 2,000 characters; blank is the default words', async () => {
    const name = uniqueName('Wordy Water');
    const id = (
      await createSc(name, { directoryEnabled: true, directoryDisclaimer: 'Our own words.' })
    ).json().orgInfo.org_id as number;
    const refused = await editSc(editor, name, { directoryIntro: 'x'.repeat(2_001) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ 'orgInfo.directoryIntro': M.introTooLong });

    expect((await editSc(editor, name, { directoryDisclaimer: '   ' })).statusCode).toBe(200);
    expect((await stored(id)).directoryDisclaimer).toBeNull();
  });

  it('keeps the address when the directory is turned off, and a save without the keys answers as before', async () => {
    const name = uniqueName('Steady Water');
    const created = await createSc(name, {
      directoryEnabled: true,
      directoryIntro: 'Intro',
      directoryDisclaimer: 'Disclaimer',
      directoryNoindex: true,
    });
    const id = created.json().orgInfo.org_id as number;
    const read = await readSc(name);

    const plain = await editSc(editor, name, {
      swiftcomplyEmail: 'ops@example.org',
      orgEmails: [{ email: 'one@example.org' }],
      orgEmailFreq: 'weekly',
      orgBanner: 'Form banner',
      orgHomePageBanner: 'Home banner',
      orgInternalNotes: 'Notes',
    });
    expect(plain.statusCode).toBe(200);
    expect(plain.json().orgInfo).toEqual(read);
    expect(await readSc(name)).toEqual(read);

    expect((await editSc(editor, name, { directoryEnabled: false })).statusCode).toBe(200);
    expect(await stored(id)).toEqual({
      directoryEnabled: false,
      directorySlug: slugOf(name),
      directoryIntro: 'Intro',
      directoryDisclaimer: 'Disclaimer',
      directoryNoindex: true,
    });
  });

  it('audits a change with the settings before and after', async () => {
    const name = uniqueName('Audited Water');
    const id = (await createSc(name)).json().orgInfo.org_id as number;
    await editSc(editor, name, { directoryEnabled: true, directoryNoindex: true });
    const [entry] = await t.app.orm.em
      .fork()
      .find(AuditEntry, { entityType: 'organization', entityId: String(id), action: 'update' });
    expect(entry?.before).toMatchObject({
      directoryEnabled: false,
      directorySlug: null,
      directoryNoindex: false,
    });
    expect(entry?.after).toMatchObject({
      directoryEnabled: true,
      directorySlug: slugOf(name),
      directoryNoindex: true,
    });
  });

  it('lets a Viewer read the settings and refuses a Viewer changing them', async () => {
    const name = uniqueName('Viewed Water');
    const id = (await createSc(name)).json().orgInfo.org_id as number;
    expect((await readSc(name)).directoryEnabled).toBe(false);
    const refused = await editSc(viewer, name, { directoryEnabled: true });
    expect(refused.statusCode).toBe(403);
    const rest = await viewer('PUT', `/api/admin/organizations/${id}`, { directoryEnabled: true });
    expect(rest.statusCode).toBe(403);
    expect((await stored(id)).directoryEnabled).toBe(false);
  });
});

describe("an organization's directory settings through the REST resource (/api/admin)", () => {
  it('creates, reads and updates them, with the same rules', async () => {
    const name = uniqueName('Rest Water');
    const created = await editor('POST', '/api/admin/organizations', {
      name,
      allowedUntil: '2034-12-31',
      directoryEnabled: true,
    });
    expect(created.statusCode).toBe(201);
    const record = created.json();
    expect(record).toMatchObject({
      directoryEnabled: true,
      directorySlug: slugOf(name),
      directoryUrl: `${t.app.config.publicUrl}/testers/${slugOf(name)}`,
    });
    expect((await viewer('GET', `/api/admin/organizations/${record.id}`)).json()).toEqual(record);

    const updated = await editor('PUT', `/api/admin/organizations/${record.id}`, {
      directorySlug: `${slugOf(name)}-testers`,
      directoryDisclaimer: 'We endorse no one.',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      directorySlug: `${slugOf(name)}-testers`,
      directoryDisclaimer: 'We endorse no one.',
    });

    const refused = await editor('PUT', `/api/admin/organizations/${record.id}`, {
      directorySlug: 'Not A Slug',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ directorySlug: M.slugInvalid });
  });
});
