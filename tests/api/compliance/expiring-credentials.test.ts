import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runReminders } from '../../../api/src/modules/compliance/reminders.js';
import { addDays, todayInProgramZone } from '../../../shared/program-zone.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { makeCompany, makeOrganization, makeRegistration } from '../../helpers/fixtures.js';
import {
  certificationFor,
  companyInput,
  createOrganization,
  email,
  type OrganizationFixture,
  person,
  requireCredentials,
  submit,
  uploadedLink,
} from '../registration/fixtures.js';
import { signIn, staffClient } from '../staff/helpers.js';

// Credentials in the Expiring view and User Info (issue 27): a company's insurance, copied to
// every registration of its submission, is one row per organization under the submission's
// admin; a tester's driver's license is the tester's row.

const INSURANCE = 'General liability insurance';
const DRIVER = "Driver's license";

let t: TestApp;
let call: ReturnType<typeof staffClient>;
let organization: OrganizationFixture;
let adminEmail: string;
let testerEmail: string;
let licenseNumber: string;
const today = todayInProgramZone();

const sql = <T extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
  t.app.orm.em.fork().getConnection().execute<T[]>(text, params);

beforeAll(async () => {
  t = await createTestApp();
  call = staffClient(t.app, (await signIn(t, 'viewer')).token);
  organization = await createOrganization(t.app.orm.em.fork());
  const types = await requireCredentials(t.app.orm.em.fork(), organization.id, [
    { type: INSURANCE, minimumCoverage: 1_000_000 },
    { type: DRIVER },
  ]);
  adminEmail = email('admin');
  testerEmail = email('tester');
  licenseNumber = `=DL-${Date.now()}`;
  const response = await submit(t.app, {
    hashValue: organization.hash,
    companyInfo: [companyInput()],
    companyCredentials: {
      [String(types[INSURANCE])]: {
        issuer: 'Prairie Mutual',
        coverage: '$1,000,000',
        expirationDate: addDays(today, 20),
        documentLink: await uploadedLink(t.app, organization.hash),
      },
    },
    userInfo: [
      person({ userType: 'admin', userEmail: adminEmail }),
      person({
        userType: 'tester',
        userEmail: testerEmail,
        userCerts: [await certificationFor(t.app, organization, { certExp: addDays(today, 50) })],
        userCredentials: {
          [String(types[DRIVER])]: {
            number: licenseNumber,
            expirationDate: addDays(today, 40),
            documentLink: await uploadedLink(t.app, organization.hash),
          },
        },
      }),
    ],
    testKitInfo: [],
  });
  expect(response.json().code, response.body).toBe('SUCCESS');
  await runReminders(t.app.orm.em.fork(), {
    now: new Date(),
    publicUrl: 'http://localhost:3000',
    supportUrl: 'mailto:help@example.com',
  });
});
afterAll(() => t.close());

const list = (filter: Record<string, unknown>) =>
  call(
    'GET',
    `/api/admin/expiring?filter=${encodeURIComponent(JSON.stringify({ organization: organization.id, ...filter }))}&range=[0,24]`,
  );

const userId = async (address: string) =>
  (await sql<{ id: number }>('select id from users where email = ?', [address]))[0]?.id;

describe('credentials in the Expiring view', () => {
  it("lists a company's credential once, under its admin, with its type, issuer and last reminder", async () => {
    const rows = (await list({ kind: 'credential' })).json();
    expect(rows).toHaveLength(1);
    const [insurance] = rows;
    expect(insurance).toMatchObject({
      kind: 'credential',
      type: INSURANCE,
      issuer: 'Prairie Mutual',
      number: null,
      agency: null,
      dueOn: addDays(today, 20),
      daysLeft: 20,
      status: 'expiring',
      email: adminEmail,
      userId: await userId(adminEmail),
      organizationId: organization.id,
      lastReminderDays: 30,
    });
    expect(insurance.id).toBe(insurance.itemId * 3 + 2);
  });

  it("takes the tester's own credential into the 60-day window, not the 30-day one", async () => {
    const within = async (window: string) =>
      (await list({ within: window, kind: 'credential' }))
        .json()
        .map((row: { type: string; email: string }) => `${row.type} ${row.email}`);
    expect(await within('30')).toEqual([`${INSURANCE} ${adminEmail}`]);
    expect(await within('60')).toEqual([`${INSURANCE} ${adminEmail}`, `${DRIVER} ${testerEmail}`]);
    expect(await within('expired')).toEqual([]);
    const all = (await list({ within: '60' })).json();
    expect(all.map((row: { kind: string }) => row.kind)).toEqual([
      'credential',
      'credential',
      'certification',
    ]);
    expect((await list({ within: '60', kind: 'certification' })).json()).toHaveLength(1);
  });

  it('lists the copies once across all organizations too', async () => {
    const filter = encodeURIComponent(JSON.stringify({ within: '90', kind: 'credential' }));
    const rows = (await call('GET', `/api/admin/expiring?filter=${filter}&range=[0,999]`)).json();
    expect(
      rows
        .filter((row: { organizationId: number }) => row.organizationId === organization.id)
        .map((row: { type: string; email: string }) => `${row.type} ${row.email}`),
    ).toEqual([`${INSURANCE} ${adminEmail}`, `${DRIVER} ${testerEmail}`]);
  });

  it("refuses the kind 'registration', which the view does not list", async () => {
    const response = await list({ kind: 'registration' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'filter.kind must be one of certification, calibration, credential.',
    );
  });

  it("reads one credential's row by its id, and not a copy the list does not show", async () => {
    const [insurance] = (await list({ kind: 'credential' })).json();
    const one = await call('GET', `/api/admin/expiring/${insurance.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(insurance);
    const [copy] = await sql<{ id: number }>(
      `select d.id from credentials d join registrations r on r.id = d.registration_id
        join users u on u.id = r.user_id where u.email = ? and d.holder = 'company'`,
      [testerEmail],
    );
    expect(copy?.id).not.toBe(insurance.itemId);
    expect((await call('GET', `/api/admin/expiring/${(copy?.id ?? 0) * 3 + 2}`)).statusCode).toBe(
      404,
    );
  });

  it('carries them in the CSV, the issuer under Agency or Manufacturer, cells made safe', async () => {
    const filter = encodeURIComponent(
      JSON.stringify({ organization: organization.id, within: '60', kind: 'credential' }),
    );
    const response = await call('GET', `/api/admin/expiring.csv?filter=${filter}`);
    expect(response.statusCode).toBe(200);
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`,${adminEmail},`);
    expect(lines[1]).toContain(
      `,Credential,"",Prairie Mutual,${INSURANCE},${addDays(today, 20)},20,Expiring,`,
    );
    expect(lines[2]).toContain(
      `,Credential,'${licenseNumber},"",${DRIVER},${addDays(today, 40)},40,`,
    );
  });
});

describe('credentials in User Info', () => {
  it("lists the person's credentials by organization with their status and documents", async () => {
    const tester = (await call('GET', `/api/admin/users/${await userId(testerEmail)}`)).json();
    expect(tester.credentials).toMatchObject([
      {
        organizationId: organization.id,
        typeName: INSURANCE,
        holder: 'company',
        issuer: 'Prairie Mutual',
        coverage: 1_000_000,
        expiresOn: addDays(today, 20),
        status: 'expiring',
        daysLeft: 20,
      },
      {
        typeName: DRIVER,
        holder: 'tester',
        number: licenseNumber,
        issuer: null,
        coverage: null,
        expiresOn: addDays(today, 40),
        status: 'expiring',
        daysLeft: 40,
      },
    ]);
    for (const credential of tester.credentials) {
      expect(credential.documentUrl).toMatch(/^\/api\/documents\/[0-9a-f-]{36}$/);
    }
    expect(tester.reminders).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'credential',
          dueOn: addDays(today, 40),
          thresholdDays: 60,
        }),
      ]),
    );
    const admin = (await call('GET', `/api/admin/users/${await userId(adminEmail)}`)).json();
    expect(admin.credentials).toMatchObject([{ typeName: INSURANCE, holder: 'company' }]);
    expect(admin.reminders).toMatchObject([
      { kind: 'credential', dueOn: addDays(today, 20), thresholdDays: 30 },
    ]);
  });
});

describe('the count', () => {
  it('adds the kinds up to 1,000 and answers "more than" past it', async () => {
    const em = t.app.orm.em.fork();
    const other = await makeOrganization(em);
    const { registration, user } = await makeRegistration(em, {
      organization: other,
      company: await makeCompany(em),
    });
    const add = async (certifications: number, credentials: number) => {
      await sql(
        `insert into certifications (user_id, registration_id, number, expires_on, agency_name, type_name)
         select ?, ?, 'N-' || n, ?::date, 'AWWA', 'Tester' from generate_series(1, ?) n`,
        [user.id, registration.id, addDays(today, 5), certifications],
      );
      await sql(
        `insert into credentials (registration_id, type_name, holder, number, expires_on)
         select ?, 'Training', 'tester', 'T-' || n, ?::date from generate_series(1, ?) n`,
        [registration.id, addDays(today, 6), credentials],
      );
    };
    const range = async () =>
      (
        await call(
          'GET',
          `/api/admin/expiring?filter=${encodeURIComponent(JSON.stringify({ organization: other.id }))}&range=[0,24]`,
        )
      ).headers['content-range'];
    await add(400, 500);
    expect(await range()).toBe('expiring 0-24/900');
    await add(100, 1);
    expect(await range()).toBe('expiring 0-24/*');
  });
});

describe('which registrations count', () => {
  it("moves a company's credential to the tester once the admin's registration is rejected, and drops it with the organization's access", async () => {
    await sql(
      `update registrations set review_state = 'rejected'
        where user_id = (select id from users where email = ?)`,
      [adminEmail],
    );
    const rows = (await list({ kind: 'credential' })).json();
    expect(rows).toMatchObject([{ type: INSURANCE, email: testerEmail }]);
    const [moved] = rows;
    expect((await call('GET', `/api/admin/expiring/${moved.id}`)).json()).toEqual(moved);
    await sql('update organizations set allowed_until = ? where id = ?', [
      addDays(today, -1),
      organization.id,
    ]);
    expect((await list({ within: '90' })).json()).toEqual([]);
  });
});
