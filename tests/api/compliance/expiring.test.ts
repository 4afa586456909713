import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runReminders } from '../../../api/src/modules/compliance/reminders.js';
import { addDays, todayInProgramZone } from '../../../shared/program-zone.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { makeOrganization } from '../../helpers/fixtures.js';
import { signIn, staffClient } from '../staff/helpers.js';
import { registeredTester } from './helpers.js';

// The Expiring view: expired or due within 30/60/90 days, one organization or all, by due date,
// with the last reminder; and the same rows as a formula-safe CSV.

let t: TestApp;
let call: ReturnType<typeof staffClient>;
let organizationId: number;
let soonUserId: number;
const today = todayInProgramZone();
beforeAll(async () => {
  t = await createTestApp();
  call = staffClient(t.app, (await signIn(t, 'viewer')).token);
  const em = t.app.orm.em.fork();
  const organization = await makeOrganization(em, { name: `Expiring Water ${Date.now()}` });
  organizationId = organization.id;
  const organizations = [organization];
  await registeredTester(em, { expiresOn: addDays(today, -3), organizations, number: 'OLD-1' });
  soonUserId = (
    await registeredTester(em, { expiresOn: addDays(today, 10), organizations, number: 'SOON-1' })
  ).userId;
  await registeredTester(em, { expiresOn: addDays(today, 45), organizations, number: 'MID-1' });
  await registeredTester(em, {
    expiresOn: addDays(today, 80),
    organizations,
    number: '=HYPERLINK(1)',
  });
  await registeredTester(em, { expiresOn: addDays(today, 200), organizations, number: 'FAR-1' });
  const ended = await makeOrganization(em, { allowedUntil: addDays(today, -1) });
  await registeredTester(em, {
    expiresOn: addDays(today, 5),
    organizations: [ended],
    number: 'ENDED-1',
  });
  await runReminders(t.app.orm.em.fork(), {
    now: new Date(),
    publicUrl: 'http://localhost:3000',
    supportUrl: 'mailto:help@example.com',
  });
});
afterAll(() => t.close());

const list = (filter: Record<string, unknown>, sort = ['dueOn', 'ASC'], range = [0, 24]) =>
  call(
    'GET',
    `/api/admin/expiring?filter=${encodeURIComponent(JSON.stringify({ organization: organizationId, ...filter }))}&sort=${encodeURIComponent(JSON.stringify(sort))}&range=${encodeURIComponent(JSON.stringify(range))}`,
  );

describe('the Expiring view', () => {
  it('lists expired and due within 30 days by date, with days left and the last reminder', async () => {
    const response = await list({});
    expect(response.statusCode).toBe(200);
    const rows = response.json();
    expect(rows.map((row: { number: string }) => row.number)).toEqual(['OLD-1', 'SOON-1']);
    expect(rows[0]).toMatchObject({ status: 'expired', daysLeft: -3, kind: 'certification' });
    expect(rows[1]).toMatchObject({
      status: 'expiring',
      daysLeft: 10,
      dueOn: addDays(today, 10),
      lastReminderDays: 30,
      organizationId,
    });
    expect(rows[1].lastReminderAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(rows[0].lastReminderAt).toBeNull();
    expect(response.headers['content-range']).toBe('expiring 0-1/2');
  });

  it('widens to 60 and 90 days, narrows to the expired, and sorts either way', async () => {
    const numbers = async (filter: Record<string, unknown>, order = 'ASC') =>
      (await list(filter, ['dueOn', order])).json().map((row: { number: string }) => row.number);
    expect(await numbers({ within: '60' })).toEqual(['OLD-1', 'SOON-1', 'MID-1']);
    expect(await numbers({ within: '90' }, 'DESC')).toEqual([
      '=HYPERLINK(1)',
      'MID-1',
      'SOON-1',
      'OLD-1',
    ]);
    expect(await numbers({ within: 'expired' })).toEqual(['OLD-1']);
    expect(await numbers({ within: '90', kind: 'calibration' })).toEqual([]);
  });

  it('pages on the server', async () => {
    const second = await list({ within: '90' }, ['dueOn', 'ASC'], [2, 3]);
    expect(second.json().map((row: { number: string }) => row.number)).toEqual([
      'MID-1',
      '=HYPERLINK(1)',
    ]);
    expect(second.headers['content-range']).toBe('expiring 2-3/4');
  });

  it('leaves out organizations whose access has ended, across all organizations', async () => {
    const response = await call(
      'GET',
      `/api/admin/expiring?filter=${encodeURIComponent(JSON.stringify({ within: '90' }))}&range=[0,999]`,
    );
    const numbers = response.json().map((row: { number: string }) => row.number);
    expect(numbers).toContain('SOON-1');
    expect(numbers).not.toContain('ENDED-1');
  });

  it('reads one row by its id', async () => {
    const [row] = (await list({})).json();
    const one = await call('GET', `/api/admin/expiring/${row.id}`);
    expect(one.json()).toMatchObject({ id: row.id, number: 'OLD-1' });
  });

  it('refuses an unknown window', async () => {
    expect((await list({ within: '45' })).statusCode).toBe(400);
  });

  it('downloads the same rows as a CSV with formula-like cells made safe', async () => {
    const filter = encodeURIComponent(
      JSON.stringify({ organization: organizationId, within: '90' }),
    );
    const response = await call('GET', `/api/admin/expiring.csv?filter=${filter}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Organization,First Name,Last Name,Email,Company,Item,Number or Serial,Agency or Manufacturer,Type or Model,Due Date,Days Left,Status,Last Reminder Sent',
    );
    expect(lines).toHaveLength(5);
    expect(lines[1]).toContain(',OLD-1,AWWA,Tester,');
    expect(lines[1]).toContain(',-3,Expired,');
    expect(lines[4]).toContain(",'=HYPERLINK(1),");
  });

  it("shows each certification's status and the reminders sent in User Info", async () => {
    const user = (await call('GET', `/api/admin/users/${soonUserId}`)).json();
    expect(user.certifications).toMatchObject([
      { number: 'SOON-1', status: 'expiring', daysLeft: 10 },
    ]);
    expect(user.testKits).toEqual([]);
    expect(user.reminders).toMatchObject([
      {
        kind: 'certification',
        item: 'Certification SOON-1 (AWWA, Tester)',
        dueOn: addDays(today, 10),
        thresholdDays: 30,
      },
    ]);
  });

  it('answers 401 without a token', async () => {
    expect((await t.app.inject({ url: '/api/admin/expiring' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/admin/expiring.csv' })).statusCode).toBe(401);
  });
});
