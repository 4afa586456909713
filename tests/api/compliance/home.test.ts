import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Registration } from '../../../api/src/db/entities/index.js';
import { addDays, todayInProgramZone } from '../../../shared/program-zone.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { makeOrganization } from '../../helpers/fixtures.js';
import { signIn, staffClient } from '../staff/helpers.js';
import { registeredTester } from './helpers.js';

// The admin home's compliance summary: counts, and registrations per week beside expirations due.

let t: TestApp;
let call: ReturnType<typeof staffClient>;
let organizationId: number;
const today = todayInProgramZone();
beforeAll(async () => {
  t = await createTestApp();
  call = staffClient(t.app, (await signIn(t, 'viewer')).token);
  const em = t.app.orm.em.fork();
  const organization = await makeOrganization(em);
  organizationId = organization.id;
  const organizations = [organization];
  await registeredTester(em, { expiresOn: addDays(today, -10), organizations });
  await registeredTester(em, { expiresOn: addDays(today, 3), organizations });
  const late = await registeredTester(em, { expiresOn: addDays(today, 40), organizations });
  // One registered ten weeks ago, and already approved.
  await em.nativeUpdate(
    Registration,
    { user: late.userId },
    { registeredAt: new Date(Date.now() - 70 * 86_400_000), reviewState: 'approved' },
  );
});
afterAll(() => t.close());

describe('the compliance summary', () => {
  it('counts what waits, what expires within 30 days and what has expired, for one organization', async () => {
    const response = await call(
      'GET',
      `/api/sc/get/compliance_summary?organization=${organizationId}`,
    );
    expect(response.statusCode).toBe(200);
    const summary = response.json();
    expect(summary).toMatchObject({ today, waitingForReview: 2, expiringIn30Days: 1, expired: 1 });
    expect(summary.weeks).toHaveLength(26 + 13);
    const thisWeek = summary.weeks[25];
    expect(thisWeek.registrations).toBe(2);
    expect(
      summary.weeks.reduce(
        (sum: number, w: { registrations: number | null }) => sum + (w.registrations ?? 0),
        0,
      ),
    ).toBe(3);
    const due = summary.weeks.reduce(
      (sum: number, w: { expirationsDue: number | null }) => sum + (w.expirationsDue ?? 0),
      0,
    );
    expect(due).toBe(2);
    expect(summary.weeks[0].expirationsDue).toBeNull();
    expect(summary.weeks.at(-1).registrations).toBeNull();
    for (const week of summary.weeks) {
      expect(new Date(`${week.weekOf}T00:00:00Z`).getUTCDay()).toBe(1);
    }
  });

  it('covers every organization without one', async () => {
    const response = await call('GET', '/api/sc/get/compliance_summary');
    expect(response.json().waitingForReview).toBeGreaterThanOrEqual(2);
  });

  it('answers 401 without a token', async () => {
    expect((await t.app.inject({ url: '/api/sc/get/compliance_summary' })).statusCode).toBe(401);
  });
});
