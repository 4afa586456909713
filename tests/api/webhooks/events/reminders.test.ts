import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Certification,
  Registration,
  Reminder,
  Submission,
  TestKit,
} from '../../../../api/src/db/entities/index.js';
import { runReminders } from '../../../../api/src/modules/compliance/reminders.js';
import { createTestApp, type TestApp } from '../../../helpers/app.js';
import {
  makeCompany,
  makeOrganization,
  makeRegistration,
  unique,
} from '../../../helpers/fixtures.js';
import { eightAm } from '../../../helpers/program-days.js';
import { registeredTester } from '../../compliance/helpers.js';
import { eventsNaming } from './helpers.js';

// The reminders' events: certification.expiring and test_kit.calibration_due at each threshold,
// recorded with the reminder, once however often the run runs or however many people it reminds.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const em = () => t.app.orm.em.fork();

const run = (day: string) =>
  runReminders(em(), {
    now: eightAm(day),
    publicUrl: 'http://localhost:3000',
    supportUrl: 'mailto:help@example.com',
  });

describe('certification.expiring', () => {
  it('records one event per certification at each threshold, each to its own organization', async () => {
    const db = em();
    const organizations = [await makeOrganization(db), await makeOrganization(db)];
    const due = '2027-08-31';
    const person = await registeredTester(db, { expiresOn: due, organizations });
    const certifications = await em().find(
      Certification,
      { user: person.userId },
      { populate: ['registration'], orderBy: { id: 'asc' } },
    );
    expect(certifications).toHaveLength(2);
    const [lastName] = (
      await db
        .getConnection()
        .execute<{ last_name: string }[]>('select last_name from users where id = ?', [
          person.userId,
        ])
    ).map((row) => row.last_name);

    await run('2027-07-02');
    await run('2027-07-02');
    await run('2027-08-01');
    await run('2027-08-02');
    for (const certification of certifications) {
      const registration = certification.registration;
      if (!registration) throw new Error('a certification without its registration');
      const organizationId = registration.organization.id;
      const events = await eventsNaming(
        t,
        'certification.expiring',
        'certification_id',
        certification.id,
      );
      expect(events).toEqual([
        {
          type: 'certification.expiring',
          organization_ids: [organizationId],
          dedupe_key: `certification.expiring:${certification.id}:${due}:60`,
          data: {
            certification_id: certification.id,
            registration_id: registration.id,
            person_id: person.userId,
            organization_id: organizationId,
            expires_on: due,
            days_left: 60,
            threshold_days: 60,
            summary: `Tess ${lastName}'s AWWA Tester certification expires in 60 days, on ${due}.`,
          },
        },
        expect.objectContaining({
          dedupe_key: `certification.expiring:${certification.id}:${due}:30`,
          data: expect.objectContaining({ days_left: 30, threshold_days: 30 }),
        }),
      ]);
    }
    // The reminders themselves: one per threshold for the person.
    expect(await em().count(Reminder, { user: person.userId })).toBe(2);
  });
});

describe('test_kit.calibration_due', () => {
  it("records one event per kit and threshold, however many of the submission's testers are reminded", async () => {
    const db = em();
    const organization = await makeOrganization(db, { calibrationIntervalMonths: 12 });
    const company = await makeCompany(db);
    const submission = db.create(Submission, {
      requestHash: unique(),
      organization,
      company,
      payload: {},
      response: {},
    });
    await db.flush();
    const testers = [];
    for (let i = 0; i < 2; i++) {
      const made = await makeRegistration(db, {
        organization,
        company,
        certifications: [
          {
            number: `AW-${unique()}`,
            agencyName: 'AWWA',
            typeName: 'Tester',
            expiresOn: '2099-01-01',
          },
        ],
      });
      await db.nativeUpdate(Registration, { id: made.registration.id }, { submission });
      testers.push(made.user.id);
    }
    const kit = db.create(TestKit, {
      company,
      organization,
      submission,
      serial: `SN-${unique()}`,
      manufacturer: 'Watts',
      model: 'TK-99',
      calibratedOn: '2026-10-15',
    });
    await db.flush();
    const due = '2027-10-15';

    await run('2027-10-08');
    await run('2027-10-08');
    const reminded = await em().count(Reminder, {
      user: { $in: testers },
      itemKind: 'calibration',
    });
    expect(reminded).toBe(2);
    expect(await eventsNaming(t, 'test_kit.calibration_due', 'test_kit_id', kit.id)).toEqual([
      {
        type: 'test_kit.calibration_due',
        organization_ids: [organization.id],
        dedupe_key: `test_kit.calibration_due:${kit.id}:${due}:7`,
        data: {
          test_kit_id: kit.id,
          organization_id: organization.id,
          company_id: company.id,
          calibration_due_on: due,
          days_left: 7,
          threshold_days: 7,
          summary: `Test kit Watts TK-99, serial ${kit.serial}, is due for calibration in 7 days, on ${due}.`,
        },
      },
    ]);
  });
});
