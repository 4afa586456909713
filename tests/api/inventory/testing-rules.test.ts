import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Assembly,
  AuditEntry,
  Organization,
  type TOrganization,
} from '../../../api/src/db/entities/index.js';
import { DEFAULT_TESTING_RULES } from '../../../shared/assembly-due.js';
import { TESTING_RULES_MESSAGES } from '../../../shared/testing-rules.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { makeOrganization } from '../../helpers/fixtures.js';
import { signIn, signInOrganizationPerson, staffClient, unique } from '../staff/helpers.js';

// An organization's testing rules: read by its people, changed by its Program managers and the
// provider's Editors; a change computes again the next test due of its tested assemblies, in
// the same transaction, and nothing when refused.

let t: TestApp;
let alpha: TOrganization;
let bravo: TOrganization;
let asManager: ReturnType<typeof staffClient>;
let asReviewer: ReturnType<typeof staffClient>;
let tested: number;
let untested: number;

const em = () => t.app.orm.em.fork();
const rules = (changes: Record<string, unknown> = {}) => ({ ...DEFAULT_TESTING_RULES, ...changes });

beforeAll(async () => {
  t = await createTestApp();
  alpha = await makeOrganization(em(), { name: `Alpha Water ${unique()}` });
  bravo = await makeOrganization(em(), { name: `Bravo Utility ${unique()}` });
  const manager = await signInOrganizationPerson(t, [
    { organizationId: alpha.id, role: 'program_manager' },
  ]);
  asManager = staffClient(t.app, manager.token);
  const reviewer = await signInOrganizationPerson(t, [
    { organizationId: alpha.id, role: 'reviewer' },
  ]);
  asReviewer = staffClient(t.app, reviewer.token);
  const location = await asManager('POST', '/api/admin/locations', {
    accountNumber: 'R-1',
    address1: '1 Rule Road',
    city: 'Springfield',
  });
  const add = async (fields: Record<string, unknown>) => {
    const answer = await asManager('POST', '/api/admin/assemblies', {
      locationId: location.json().id,
      type: 'RP',
      hazard: 'high',
      service: 'domestic',
      ...fields,
    });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json();
  };
  const first = await add({ assemblyId: 'T-1', lastTestedOn: '2026-03-10', lastResult: 'pass' });
  expect(first.nextDueOn).toBe('2027-03-10');
  tested = first.id;
  untested = (await add({ assemblyId: 'T-2', hazard: 'low', nextDueOn: '2027-02-01' })).id;
});
afterAll(() => t.close());

const dueOf = async (id: number) =>
  (await em().findOneOrFail(Assembly, { id }, { refresh: true })).nextDueOn;

describe("an organization's testing rules", () => {
  it('are changed by its Program manager, computing its tested assemblies due again, audited', async () => {
    const read = await asReviewer('GET', `/api/admin/testing-rules/${alpha.id}`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual({ id: alpha.id, ...DEFAULT_TESTING_RULES, recomputed: 0 });

    const saved = await asManager(
      'PUT',
      `/api/admin/testing-rules/${alpha.id}`,
      rules({ intervalMonths: { high: 6, low: 12 }, endOfMonth: true }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ intervalMonths: { high: 6, low: 12 }, recomputed: 1 });
    expect(String(await dueOf(tested)).slice(0, 10)).toBe('2026-09-30');
    // Never tested here: the utility's own due date stays.
    expect(String(await dueOf(untested)).slice(0, 10)).toBe('2027-02-01');
    const entry = await em().findOneOrFail(
      AuditEntry,
      { entityType: 'organization', entityId: String(alpha.id), action: 'update' },
      { orderBy: { id: 'DESC' } },
    );
    expect(entry.after).toMatchObject({ dueDatesComputedAgain: 1 });
    expect(entry.staffRole).toBe('program_manager');

    // A season each year, January 1 to May 31: due at the end of the season a year on.
    const season = await asManager(
      'PUT',
      `/api/admin/testing-rules/${alpha.id}`,
      rules({
        mode: 'season',
        season: { start: { month: 1, day: 1 }, end: { month: 5, day: 31 } },
      }),
    );
    expect(season.statusCode, season.body).toBe(200);
    expect(String(await dueOf(tested)).slice(0, 10)).toBe('2027-05-31');
    // The same rules again change nothing.
    const again = await asManager(
      'PUT',
      `/api/admin/testing-rules/${alpha.id}`,
      rules({
        mode: 'season',
        season: { start: { month: 1, day: 1 }, end: { month: 5, day: 31 } },
      }),
    );
    expect(again.json().recomputed).toBe(0);
  });

  it("refuse bad rules in the product's words and change nothing; others may not change them", async () => {
    const before = (await em().findOneOrFail(Organization, { id: alpha.id })).testingRules;
    const refused = async (body: Record<string, unknown>, field: string, message: string) => {
      const answer = await asManager('PUT', `/api/admin/testing-rules/${alpha.id}`, body);
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json().errors?.[field], answer.body).toBe(message);
    };
    await refused(
      rules({ intervalMonths: { high: 0, low: 12 } }),
      'intervalMonths.high',
      TESTING_RULES_MESSAGES.intervalInvalid,
    );
    await refused(rules({ earlyDays: 400 }), 'earlyDays', TESTING_RULES_MESSAGES.earlyDaysInvalid);
    await refused(
      rules({ mode: 'season', season: null }),
      'season',
      TESTING_RULES_MESSAGES.seasonRequired,
    );
    await refused(
      rules({
        mode: 'season',
        season: { start: { month: 2, day: 30 }, end: { month: 5, day: 31 } },
      }),
      'season.start',
      TESTING_RULES_MESSAGES.dayInvalid,
    );
    expect((await em().findOneOrFail(Organization, { id: alpha.id })).testingRules).toEqual(before);

    expect(
      (await asReviewer('PUT', `/api/admin/testing-rules/${alpha.id}`, rules())).statusCode,
    ).toBe(403);
    expect((await asManager('GET', `/api/admin/testing-rules/${bravo.id}`)).statusCode).toBe(404);
    expect(
      (await asManager('PUT', `/api/admin/testing-rules/${bravo.id}`, rules())).statusCode,
    ).toBe(404);
    const editor = staffClient(t.app, (await signIn(t, 'editor')).token);
    const byEditor = await editor(
      'PUT',
      `/api/admin/testing-rules/${bravo.id}`,
      rules({ earlyDays: 30 }),
    );
    expect(byEditor.statusCode, byEditor.body).toBe(200);
    const viewer = staffClient(t.app, (await signIn(t, 'viewer')).token);
    expect((await viewer('PUT', `/api/admin/testing-rules/${bravo.id}`, rules())).statusCode).toBe(
      403,
    );
  });
});
