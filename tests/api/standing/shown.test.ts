import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Registration, type TOrganization } from '../../../api/src/db/entities/index.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { makeOrganization, unique } from '../../helpers/fixtures.js';
import { signIn, staffClient } from '../staff/helpers.js';
import { registrationWithStanding, type StandingFixture } from './helpers.js';

// A registration's standing where staff look: Find Users (a column and a filter with an
// organization), User Info, the registrations resource, the Review Queue and the admin home.

let t: TestApp;
let editor: ReturnType<typeof staffClient>;
let viewer: ReturnType<typeof staffClient>;
let organization: TOrganization;
const lastName = `Standing${unique()}`;
const people = {} as Record<'active' | 'suspended' | 'lapsed' | 'waiting', StandingFixture>;

const filter = (value: Record<string, unknown>) =>
  `filter=${encodeURIComponent(JSON.stringify(value))}`;
const emails = (rows: { email: string }[]) => rows.map((row) => row.email).sort();

beforeAll(async () => {
  t = await createTestApp();
  editor = staffClient(t.app, (await signIn(t, 'editor')).token);
  viewer = staffClient(t.app, (await signIn(t, 'viewer')).token);
  organization = await makeOrganization(t.app.orm.em.fork());
  const made = { organization, lastName };
  people.active = await registrationWithStanding(t.app, made);
  people.suspended = await registrationWithStanding(t.app, made);
  people.lapsed = await registrationWithStanding(t.app, { ...made, standing: 'lapsed' });
  // Approved, then back in the queue with an item sent from My registrations.
  people.waiting = await registrationWithStanding(t.app, made);
  await t.app.orm.em
    .fork()
    .nativeUpdate(
      Registration,
      { id: people.waiting.registrationId },
      { reviewState: 'pending', resumeState: 'approved', accountChangeAt: new Date() },
    );
  const suspended = await editor(
    'POST',
    `/api/admin/registrations/${people.suspended.registrationId}/suspend`,
    { reason: 'Gauge not calibrated', until: '2099-12-31' },
  );
  expect(suspended.statusCode).toBe(200);
  // Suspendable while it waits: it was approved.
  const waiting = await editor(
    'POST',
    `/api/admin/registrations/${people.waiting.registrationId}/suspend`,
    { reason: 'Under investigation' },
  );
  expect(waiting.statusCode).toBe(200);
});
afterAll(() => t.close());

describe('Find Users', () => {
  it("shows each person's standing with the organization and filters by it", async () => {
    const all = await viewer(
      'GET',
      `/api/admin/users?${filter({ organization: organization.id })}`,
    );
    expect(all.statusCode).toBe(200);
    const standingOf = new Map(
      all.json().map((row: { email: string; standing: string }) => [row.email, row.standing]),
    );
    expect(standingOf.get(people.active.email)).toBe('active');
    expect(standingOf.get(people.suspended.email)).toBe('suspended');
    expect(standingOf.get(people.lapsed.email)).toBe('lapsed');

    const suspended = await viewer(
      'GET',
      `/api/admin/users?${filter({ organization: organization.id, standing: 'suspended' })}`,
    );
    expect(emails(suspended.json())).toEqual([people.suspended.email, people.waiting.email].sort());
    expect(suspended.headers['content-range']).toBe('users 0-1/2');
    // With a name search, the same filter through the search's statement.
    const searched = await viewer(
      'GET',
      `/api/admin/users?${filter({ organization: organization.id, standing: 'lapsed', q: lastName })}`,
    );
    expect(emails(searched.json())).toEqual([people.lapsed.email]);
    const active = await viewer(
      'GET',
      `/api/admin/users?${filter({ organization: organization.id, standing: 'active', q: lastName })}`,
    );
    expect(emails(active.json())).toEqual([people.active.email]);
  });

  it('refuses a standing filter without an organization, or an unknown standing', async () => {
    const alone = await viewer('GET', `/api/admin/users?${filter({ standing: 'lapsed' })}`);
    expect(alone.statusCode).toBe(400);
    expect(alone.json().message).toBe('filter.standing needs filter.organization.');
    const unknown = await viewer(
      'GET',
      `/api/admin/users?${filter({ organization: organization.id, standing: 'banned' })}`,
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(
      'filter.standing must be one of active, suspended, lapsed.',
    );
  });

  it("keeps the spec's users_list answer as it was", async () => {
    const response = await viewer('POST', '/api/sc/get/users_list', {
      orgId: organization.id,
      page: 1,
      searchQuery: lastName,
    });
    const [row] = response.json().message.usersInfo;
    expect(Object.keys(row).sort()).toEqual(
      [
        'userEmail',
        'userEnrolled',
        'userFirstName',
        'userId',
        'userLastName',
        'userPhone',
        'userType',
      ].sort(),
    );
  });
});

describe('User Info', () => {
  it('gives each organization its standing, reason, date and last day, and tells the history', async () => {
    const response = await viewer('GET', `/api/admin/users/${people.suspended.userId}`);
    const [row] = response.json().organizations;
    expect(row).toMatchObject({
      registrationId: people.suspended.registrationId,
      approved: true,
      standing: 'suspended',
      standingReason: 'Gauge not calibrated',
      suspendedUntil: '2099-12-31',
      suspendedAutomatically: false,
    });
    expect(Date.parse(row.standingChangedAt)).toBeGreaterThan(Date.now() - 3_600_000);
    const history = response.json().reviewHistory;
    expect(history.at(-1)).toMatchObject({
      action: 'suspend',
      summary: 'Suspended through 2099-12-31: Gauge not calibrated',
    });
    const waiting = await viewer('GET', `/api/admin/users/${people.waiting.userId}`);
    expect(waiting.json().organizations[0]).toMatchObject({
      reviewState: 'pending',
      approved: true,
    });
    const pending = await registrationWithStanding(t.app, { state: 'pending' });
    const unapproved = await viewer('GET', `/api/admin/users/${pending.userId}`);
    expect(unapproved.json().organizations[0]).toMatchObject({ approved: false });
    const fresh = await viewer('GET', `/api/admin/users/${people.active.userId}`);
    expect(fresh.json().organizations[0]).toMatchObject({
      standing: 'active',
      standingReason: null,
      standingChangedAt: null,
      suspendedUntil: null,
    });
  });
});

describe('the registrations resource', () => {
  it('carries the standing and filters by it', async () => {
    const response = await viewer(
      'GET',
      `/api/admin/registrations?${filter({ organization: organization.id, standing: 'lapsed' })}`,
    );
    expect(response.json()).toEqual([
      expect.objectContaining({
        id: people.lapsed.registrationId,
        standing: 'lapsed',
        standingReason: null,
      }),
    ]);
  });
});

describe('the Review Queue', () => {
  it('shows the standing of a registration waiting again and filters by it', async () => {
    const all = await viewer(
      'GET',
      `/api/admin/review?${filter({ organization: organization.id })}`,
    );
    expect(all.json()).toEqual([
      expect.objectContaining({ id: people.waiting.registrationId, standing: 'suspended' }),
    ]);
    const active = await viewer(
      'GET',
      `/api/admin/review?${filter({ organization: organization.id, standing: 'active' })}`,
    );
    expect(active.json()).toEqual([]);
    expect(active.headers['content-range']).toBe('review */0');
    const one = await viewer('GET', `/api/admin/review/${people.waiting.registrationId}`);
    expect(one.json().standing).toBe('suspended');
  });
});

describe('the admin home', () => {
  it('counts the registrations suspended and lapsed, for one organization and for all', async () => {
    const one = await viewer(
      'GET',
      `/api/sc/get/compliance_summary?organization=${organization.id}`,
    );
    expect(one.json()).toMatchObject({ suspended: 2, lapsed: 1 });
    const other = await makeOrganization(t.app.orm.em.fork());
    await registrationWithStanding(t.app, { organization: other, standing: 'lapsed' });
    const all = (await viewer('GET', '/api/sc/get/compliance_summary')).json();
    expect(all.suspended).toBeGreaterThanOrEqual(2);
    expect(all.lapsed).toBeGreaterThanOrEqual(2);
    const empty = await viewer('GET', `/api/sc/get/compliance_summary?organization=${other.id}`);
    expect(empty.json()).toMatchObject({ suspended: 0, lapsed: 1 });
  });
});
