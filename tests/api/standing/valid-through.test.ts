import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Registration } from '../../../api/src/db/entities/index.js';
import { addDays } from '../../../shared/program-zone.js';
import { validThrough } from '../../../shared/requirements.js';
import { REGISTRATION_VALIDITIES } from '../../../shared/standing.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { makeCompany, makeOrganization, makeRegistration } from '../../helpers/fixtures.js';

// valid_through is kept by the database (triggers) from the approval's day and the
// organization's setting; it must be the day shared/requirements.ts computes for the pages.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const em = () => t.app.orm.em.fork();

describe("a registration's last valid day in the database", () => {
  it('is the shared rule for every day of a leap year and the next, for each setting', async () => {
    const days: string[] = [];
    for (let day = '2027-12-01'; day <= '2029-03-31'; day = addDays(day, 1)) days.push(day);
    for (const validity of REGISTRATION_VALIDITIES) {
      const rows = await em().execute<{ approved: string; through: string | null }[]>(
        `select to_char(d, 'YYYY-MM-DD') as approved,
                to_char(registration_valid_through(d::date, ?), 'YYYY-MM-DD') as through
           from generate_series('2027-12-01'::date, '2029-03-31'::date, interval '1 day') d`,
        [validity],
      );
      expect(rows.map((row) => row.approved)).toEqual(days);
      for (const row of rows)
        expect([row.approved, row.through]).toEqual([
          row.approved,
          validThrough(row.approved, validity),
        ]);
    }
  });

  it("follows the approval's day and a change of the organization's setting", async () => {
    const db = em();
    const organization = await makeOrganization(db, { registrationValidity: 'calendarYear' });
    const { registration } = await makeRegistration(db, {
      organization,
      company: await makeCompany(db),
    });
    const through = async () =>
      (await em().findOneOrFail(Registration, registration.id)).validThrough;
    expect(await through()).toBeNull();
    await db.nativeUpdate(Registration, { id: registration.id }, { approvedOn: '2028-02-29' });
    expect(await through()).toBe('2028-12-31');
    organization.registrationValidity = 'twelveMonths';
    await db.flush();
    expect(await through()).toBe('2029-02-28');
    organization.registrationValidity = 'untilWithdrawn';
    await db.flush();
    expect(await through()).toBeNull();
  });
});
