import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AuditEntry,
  CertificationAgency,
  Organization,
  Registration,
  User,
} from '../../../api/src/db/entities/index.js';
import { addDays, todayInProgramZone } from '../../../shared/program-zone.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { orgCreatePayload, signIn, staffClient, unique } from './helpers.js';

let t: TestApp;
let call: ReturnType<typeof staffClient>;
let staffEmail: string;
beforeAll(async () => {
  t = await createTestApp();
  const staff = await signIn(t);
  staffEmail = staff.email;
  call = staffClient(t.app, staff.token);
});
afterAll(() => t.close());

const create = (name: string, overrides: Record<string, unknown> = {}) =>
  call(
    'POST',
    `/api/sc/submit/organization/${encodeURIComponent(name)}`,
    orgCreatePayload(name, overrides),
  );

async function agencyIds(...names: string[]) {
  const agencies = await t.app.orm.em.fork().find(CertificationAgency, { name: { $in: names } });
  return agencies.map((agency) => agency.id).sort((a, b) => a - b);
}

describe('creating an organization', () => {
  it('creates it with the defaults, a 43-character form link and the default agencies', async () => {
    const name = `Springfield Water ${unique()}`;
    const response = await call('POST', `/api/sc/submit/organization/${encodeURIComponent(name)}`, {
      orgInfo: {
        orgURL: name,
        orgEndDate: '2034-12-31',
        orgEmails: [{ email: '' }, { email: ' two@example.org ' }, { email: '' }],
      },
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.code).toBe('SUCCESS');
    expect(body.message).toBe('Organization successfully created!');
    const info = body.orgInfo;
    expect(info.org_name).toBe(name);
    expect(info.emails).toEqual(['two@example.org']);
    expect(info.number_of_certs).toBe(1);
    expect(info.emailReportFreq).toBe('weekly');
    expect(info.allowedUntil).toBe('2034-12-31');
    expect(info.org_banner).toMatch(/^Please have your company information/);
    expect(info.orgURL).toMatch(/^http:\/\/localhost:3000\/form\/[A-Za-z0-9_-]{43}$/);
    expect(
      Object.values(info.org_associated_certs)
        .map((a) => (a as { agency: string }).agency)
        .sort(),
    ).toEqual(['ABPA', 'ASSE', 'AWWA']);
    const awwa = Object.values(info.org_associated_certs).find(
      (a) => (a as { agency: string }).agency === 'AWWA',
    ) as { associatedTypes: Record<string, string> };
    expect(Object.values(awwa.associatedTypes)).toContain('Backflow Prevention Assembly Tester');
  });

  it.each([
    [{ orgURL: '  ' }, 'Organization Name is required.'],
    [{ orgURL: undefined }, 'Organization Name is required.'],
    [{ orgEndDate: '' }, 'Allowed Access Until is required.'],
    [{ orgEndDate: undefined }, 'Allowed Access Until is required.'],
    [{ orgEndDate: '2034-02-30' }, 'Allowed Access Until must be a date (YYYY-MM-DD).'],
    [{ numOfCerts: 0 }, 'Required Certifications must be at least 1.'],
    [{ numOfCerts: '0' }, 'Required Certifications must be at least 1.'],
    [{ numOfCerts: 1.5 }, 'Required Certifications must be a whole number.'],
    [
      {
        orgEmails: [
          { email: 'a@example.org' },
          { email: 'b@example.org' },
          { email: 'c@example.org' },
          { email: 'd@example.org' },
        ],
      },
      'At most 3 additional emails are allowed.',
    ],
    [{ orgEmails: [{ email: 'not-an-email' }] }, 'Invalid email.'],
    [{ swiftcomplyEmail: 'nope' }, 'Invalid email.'],
    [{ orgEmailFreq: 'hourly' }, 'Please select an email report frequency.'],
    [{ associatedAgencies: [999999] }, 'One or more selected certification agencies do not exist.'],
    [{ orgURL: 'x'.repeat(256) }, 'Organization Name must be 255 characters or less.'],
  ])('refuses %j with "%s"', async (overrides, message) => {
    const name = `Refused ${unique()}`;
    const response = await create(name, overrides);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(Object.values(response.json().errors)).toContain(message);
    expect(await t.app.orm.em.fork().count(Organization, { name })).toBe(0);
  });

  it('keeps three extra emails once blanks are dropped', async () => {
    const name = `Three Emails ${unique()}`;
    const response = await create(name, {
      orgEmails: [
        { email: 'a@example.org' },
        { email: '' },
        { email: 'b@example.org' },
        { email: 'c@example.org' },
      ],
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().orgInfo.emails).toEqual([
      'a@example.org',
      'b@example.org',
      'c@example.org',
    ]);
  });

  it('refuses a name already used, whatever its case, with 409 and no 500', async () => {
    const name = `Shelbyville Utilities ${unique()}`;
    expect((await create(name)).statusCode).toBe(201);
    const again = await create(name.toUpperCase());
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('An organization with this name already exists.');
    expect(again.json().errors).toEqual({ name: 'An organization with this name already exists.' });
  });

  it('answers the same unique-name refusal when two creates race', async () => {
    const name = `Race City ${unique()}`;
    const answers = await Promise.all([create(name), create(name), create(name)]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409]);
  });

  it('records the creation in the audit log with who and what', async () => {
    const name = `Audited Org ${unique()}`;
    const id = (await create(name)).json().orgInfo.org_id;
    const entry = await t.app.orm.em
      .fork()
      .findOneOrFail(AuditEntry, { entityType: 'organization', entityId: String(id) });
    expect(entry.action).toBe('create');
    expect(entry.staffEmail).toBe(staffEmail);
    expect(entry.before).toBeNull();
    expect(entry.after).toMatchObject({ name, requiredCertifications: 1 });
  });
});

describe('reading, editing and deleting an organization', () => {
  it('reads the detail by name, case-insensitively, and 404s an unknown name', async () => {
    const name = `Capital City ${unique()}`;
    await create(name);
    const response = await call(
      'GET',
      `/api/sc/get/orginfo/${encodeURIComponent(name.toLowerCase())}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().code).toBe('VALID URL');
    const info = response.json().message.orgInfo;
    expect(info).toMatchObject({
      org_name: name,
      swiftcomply_email: 'ops@example.org',
      emails: ['one@example.org'],
      emailReportFreq: 'weekly',
      allowedUntil: '2034-12-31',
      number_of_certs: 1,
      org_banner: 'Form banner',
      homePageBanner: 'Home banner',
      internalNotes: 'Notes',
      status: 'active',
    });
    expect(typeof info.org_id).toBe('number');
    const missing = await call('GET', `/api/sc/get/orginfo/No%20Such%20Org%20${unique()}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Organization not found.');
  });

  it('saves edits, keeps the name, and allows 0 required certifications on edit', async () => {
    const name = `Edit Town ${unique()}`;
    const created = (await create(name)).json().orgInfo;
    const [awwa] = await agencyIds('AWWA');
    const response = await call(
      'PUT',
      `/api/sc/submit/editorganization/${encodeURIComponent(name)}`,
      {
        orgName: name,
        orgInfo: {
          orgID: created.org_id,
          orgEndDate: '2020-01-31',
          swiftcomplyEmail: 'new@example.org',
          orgEmails: [{ email: 'x@example.org' }, { email: '' }],
          orgEmailFreq: 'monthly',
          orgBanner: 'New form banner',
          numOfCerts: 0,
          orgHomePageBanner: 'New home',
          orgInternalNotes: 'New notes',
          associatedAgencies: [awwa],
        },
      },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Organization successfully edited!');
    const info = response.json().orgInfo;
    expect(info).toMatchObject({
      org_name: name,
      swiftcomply_email: 'new@example.org',
      emails: ['x@example.org'],
      emailReportFreq: 'monthly',
      allowedUntil: '2020-01-31',
      number_of_certs: 0,
      status: 'inactive',
      orgURL: created.orgURL,
    });
    expect(Object.keys(info.org_associated_certs)).toEqual([String(awwa)]);
    const audit = await t.app.orm.em.fork().find(AuditEntry, {
      entityType: 'organization',
      entityId: String(created.org_id),
      action: 'update',
    });
    expect(audit).toHaveLength(1);
    expect(audit[0]?.before).toMatchObject({ allowedUntil: '2034-12-31' });
    expect(audit[0]?.after).toMatchObject({ allowedUntil: '2020-01-31' });
  });

  it('refuses to rename, a missing date, a negative count and a wrong orgID', async () => {
    const name = `Fixed Name ${unique()}`;
    const created = (await create(name)).json().orgInfo;
    const url = `/api/sc/submit/editorganization/${encodeURIComponent(name)}`;
    const base = { orgID: created.org_id, orgEndDate: '2030-01-01', numOfCerts: 1 };
    const cases: [unknown, number, string][] = [
      [
        { orgName: `${name} Renamed`, orgInfo: base },
        400,
        'The organization name cannot be changed.',
      ],
      [{ orgInfo: { ...base, orgEndDate: '' } }, 400, 'Allowed Access Until is required.'],
      [
        { orgInfo: { ...base, numOfCerts: -1 } },
        400,
        'Required Certifications cannot be negative.',
      ],
      [
        { orgInfo: { ...base, numOfCerts: undefined } },
        400,
        'Required Certifications is required.',
      ],
      [
        { orgInfo: { ...base, orgID: created.org_id + 1000 } },
        400,
        'The organization id does not match this organization.',
      ],
    ];
    for (const [payload, status, message] of cases) {
      const response = await call('PUT', url, payload);
      expect(response.statusCode, message).toBe(status);
      expect(response.json().message).toBe(message);
    }
    const missing = await call('PUT', `/api/sc/submit/editorganization/Nope${unique()}`, {
      orgInfo: base,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('deletes only when the typed name and the id both match exactly', async () => {
    const name = `Doomed Village ${unique()}`;
    const created = (await create(name)).json().orgInfo;
    const url = `/api/sc/submit/delete_organization/${encodeURIComponent(name)}`;
    for (const body of [
      { orgName: name.toLowerCase(), orgID: created.org_id },
      { orgName: `${name} `, orgID: created.org_id },
      { orgName: name, orgID: created.org_id + 1 },
      { orgName: name },
    ]) {
      const refused = await call('DELETE', url, body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe('Org name incorrect. Please enter the exact org name.');
    }
    expect(await t.app.orm.em.fork().count(Organization, { id: created.org_id })).toBe(1);
    const deleted = await call('DELETE', url, { orgName: name, orgID: String(created.org_id) });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({
      code: 'SUCCESS',
      message: 'Organization successfully deleted.',
    });
    expect(await t.app.orm.em.fork().count(Organization, { id: created.org_id })).toBe(0);
    const entry = await t.app.orm.em.fork().findOneOrFail(AuditEntry, {
      entityType: 'organization',
      entityId: String(created.org_id),
      action: 'delete',
    });
    expect(entry.before).toMatchObject({ name });
    expect(entry.after).toBeNull();
  });
});

describe('finding organizations', () => {
  const tag = unique();
  const names = [
    `North ${tag} Water District`,
    `Lake ${tag}-Side Authority`,
    `${tag}ville Utilities`,
  ];
  beforeAll(async () => {
    for (const name of names) await create(name);
  });

  it('matches the start of any word, case-insensitively', async () => {
    const search = async (q: string) =>
      (await call('GET', `/api/sc/get/search-org?q=${encodeURIComponent(q)}`)).json() as {
        id: number;
        name: string;
      }[];
    expect((await search(tag.toUpperCase())).map((row) => row.name).sort()).toEqual(
      [...names].sort(),
    );
    expect((await search(`wat ${tag}`)).map((row) => row.name)).toEqual([names[0]]);
    expect((await search(`side ${tag}`)).map((row) => row.name)).toEqual([names[1]]);
    // "ater" is inside a word, not at its start.
    expect(await search(`ater ${tag}`)).toEqual([]);
    expect(await search('')).toEqual([]);
    // Quoted as data: its words (or, zq) start no word of any name (tags are hex digits).
    expect(await search("%' or 'zq'='zq' --")).toEqual([]);
    const [first] = await search(`north ${tag}`);
    expect(Object.keys(first ?? {}).sort()).toEqual(['id', 'name']);
  });

  it('pages a word search alike whichever plan serves it (walking the name order or not)', async () => {
    // 2,400 names that sort first; a word in every third (met early by a walk of the name
    // order) and a word in twenty of the last ones (beyond the walk, read through the index).
    const key = tag.toLowerCase().replace(/[^a-z0-9]/g, '');
    const nameOf = (i: number) =>
      `${String(i).padStart(4, '0')} ${i % 3 === 0 ? `dn${key} ` : ''}` +
      `${i >= 2100 && i % 15 === 0 ? `sp${key} ` : ''}Harbor ${key}`;
    await t.app.orm.em.fork().execute(
      `insert into organizations (name, form_hash, primary_email, report_frequency, allowed_until)
       select lpad(i::text, 4, '0') || ' '
              || case when i % 3 = 0 then 'dn' || ? || ' ' else '' end
              || case when i >= 2100 and i % 15 = 0 then 'sp' || ? || ' ' else '' end
              || 'Harbor ' || ?,
              ? || '-' || i, 'ops@example.org', 'weekly', '2034-12-31'
         from generate_series(0, 2399) i`,
      [key, key, key, `search-${key}`],
    );
    const all = Array.from({ length: 2400 }, (_, i) => nameOf(i));
    const matching = (word: string) =>
      all.filter((name) => name.split(' ').some((part) => part.startsWith(word))).sort();

    const search = async (q: string) =>
      ((await call('GET', `/api/sc/get/search-org?q=${q}`)).json() as { name: string }[]).map(
        (row) => row.name,
      );
    expect(await search(`dn${key}`)).toEqual(matching(`dn${key}`).slice(0, 50));
    expect(await search(`sp${key}`)).toEqual(matching(`sp${key}`));

    const list = async (range: [number, number], order = 'ASC') => {
      const response = await call(
        'GET',
        `/api/admin/organizations?filter=${encodeURIComponent(JSON.stringify({ q: `dn${key}` }))}` +
          `&range=${encodeURIComponent(JSON.stringify(range))}` +
          `&sort=${encodeURIComponent(JSON.stringify(['name', order]))}`,
      );
      return {
        names: (response.json() as { name: string }[]).map((row) => row.name),
        range: response.headers['content-range'],
      };
    };
    const dense = matching(`dn${key}`);
    expect(await list([25, 49])).toEqual({
      names: dense.slice(25, 50),
      range: `organizations 25-49/${dense.length}`,
    });
    expect((await list([775, 799])).names).toEqual(dense.slice(775, 800));
    expect((await list([0, 24], 'DESC')).names).toEqual([...dense].reverse().slice(0, 25));
  });

  it('lists active and inactive organizations with dates as YYYY-MM-DD', async () => {
    // Days of the program's zone, as the server judges them (UTC's would be tomorrow in the
    // evening in New York).
    const today = todayInProgramZone();
    const yesterday = addDays(today, -1);
    const activeName = `Today Ends ${unique()}`;
    const inactiveName = `Yesterday Ended ${unique()}`;
    await create(activeName, { orgEndDate: today });
    await create(inactiveName, { orgEndDate: yesterday });
    const active = (await call('GET', '/api/sc/get/org_status/active')).json();
    const inactive = (await call('GET', '/api/sc/get/org_status/inactive')).json();
    const row = active.find((r: { name: string }) => r.name === activeName);
    // created_on is the UTC day the row was written (the list's only date not judged in the
    // program's zone).
    expect(row).toMatchObject({
      allowed_access: today,
      created_on: new Date().toISOString().slice(0, 10),
    });
    expect(Object.keys(row).sort()).toEqual(['allowed_access', 'created_on', 'id', 'name']);
    expect(active.some((r: { name: string }) => r.name === inactiveName)).toBe(false);
    expect(inactive.find((r: { name: string }) => r.name === inactiveName)).toMatchObject({
      allowed_access: yesterday,
    });
    const invalid = await call('GET', '/api/sc/get/org_status/pending');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().code).toBe('INVALID');
  });

  it('counts sign-ups and maps ids to names for reports', async () => {
    const name = `Counted ${unique()}`;
    const created = (await create(name)).json().orgInfo;
    const em = t.app.orm.em.fork();
    for (let index = 0; index < 3; index += 1) {
      const user = em.create(User, {
        type: 'tester',
        firstName: 'Sign',
        lastName: `Up${index}`,
        email: `signup-${unique()}@example.org`,
        phone: '',
      });
      em.create(Registration, { user, organization: created.org_id, enrolled: false });
    }
    await em.flush();
    const byId = await call('GET', `/api/sc/get/orgsignups/${created.org_id}`);
    expect(byId.json()).toEqual({
      code: 'SUCCESS',
      message: { orgId: created.org_id, orgName: name, signups: 3 },
    });
    const byName = await call('GET', `/api/sc/get/orgsignups/${encodeURIComponent(name)}`);
    expect(byName.json().message.signups).toBe(3);
    expect((await call('GET', `/api/sc/get/orgsignups/nothing-${unique()}`)).statusCode).toBe(404);
    const names = (await call('GET', '/api/sc/get/report_orgs')).json();
    expect(names.code).toBe('SUCCESS');
    expect(names.message[String(created.org_id)]).toBe(name);
  });
});
