import type { EntityManager } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Certification,
  Registration,
  Submission,
  TestKit,
  type TOrganization,
} from '../../../../api/src/db/entities/index.js';
import { runStandings } from '../../../../api/src/modules/standing/run.js';
import { createTestApp, type TestApp } from '../../../helpers/app.js';
import {
  makeCompany,
  makeOrganization,
  makeRegistration,
  makeTestKit,
  unique,
} from '../../../helpers/fixtures.js';
import { justAfterMidnight } from '../../../helpers/program-days.js';
import { signIn, staffClient } from '../../staff/helpers.js';
import { registrationWithStanding } from '../../standing/helpers.js';
import { eventsNaming, eventsOfRegistration } from './helpers.js';

// The standing's events, from staff decisions and the night's run, and the night's expiries:
// each change recorded once, however often the night runs.

let t: TestApp;
let editor: ReturnType<typeof staffClient>;
beforeAll(async () => {
  t = await createTestApp();
  editor = staffClient(t.app, (await signIn(t)).token);
});
afterAll(() => t.close());

const em = () => t.app.orm.em.fork();

const night = (day: string) => runStandings(em(), { now: justAfterMidnight(day) });

/** An approved tester with one accepted certification, on a submission with one test kit. */
async function approvedTester(
  db: EntityManager,
  organization: TOrganization,
  options: { expiresOn: string; approvedOn?: string; calibratedOn?: string },
) {
  const company = await makeCompany(db);
  const made = await makeRegistration(db, {
    organization,
    company,
    firstName: 'Ann',
    lastName: `Lee${unique()}`,
    review: { state: 'approved', reviewedAt: new Date() },
    certifications: [
      {
        number: `AW-${unique()}`,
        agencyName: 'AWWA',
        typeName: 'Tester',
        expiresOn: options.expiresOn,
      },
    ],
  });
  const submission = db.create(Submission, {
    idempotencyKey: null,
    requestHash: unique().padEnd(64, '0'),
    organization,
    company,
    payload: {},
    response: {},
  });
  await db.flush();
  await db.nativeUpdate(
    Registration,
    { id: made.registration.id },
    {
      submission: submission.id,
      ...(options.approvedOn ? { approvedOn: options.approvedOn } : {}),
    },
  );
  await db.nativeUpdate(
    Certification,
    { registration: made.registration.id },
    { reviewDecision: 'accepted' },
  );
  const kit = await makeTestKit(db, { organization, company, serial: `SN-${unique()}` });
  await db.nativeUpdate(
    TestKit,
    { id: kit.id },
    {
      submission: submission.id,
      reviewDecision: 'accepted',
      ...(options.calibratedOn ? { calibratedOn: options.calibratedOn } : {}),
    },
  );
  const certification = await db.findOneOrFail(Certification, {
    registration: made.registration.id,
  });
  const kitRow = await em().findOneOrFail(TestKit, kit.id, { refresh: true });
  return {
    registrationId: made.registration.id,
    userId: made.user.id,
    name: `${made.user.firstName} ${made.user.lastName}`,
    companyId: company.id,
    certificationId: certification.id,
    kit: kitRow,
  };
}

describe('staff decisions on standing', () => {
  it('records registration.suspended and registration.reinstated once each', async () => {
    const person = await registrationWithStanding(t.app, { lastName: 'Lee' });
    const id = person.registrationId;
    const reason = 'Insurance certificate withdrawn by the insurer.';
    const suspended = await editor('POST', `/api/admin/registrations/${id}/suspend`, { reason });
    expect(suspended.statusCode, suspended.body).toBe(200);
    const refused = await editor('POST', `/api/admin/registrations/${id}/suspend`, { reason });
    expect(refused.statusCode).toBe(409);
    const reinstated = await editor('POST', `/api/admin/registrations/${id}/reinstate`, {
      reason: 'Insurance restored.',
    });
    expect(reinstated.statusCode, reinstated.body).toBe(200);

    const events = await eventsOfRegistration(t, id);
    expect(events.map((event) => event.type)).toEqual([
      'registration.suspended',
      'registration.reinstated',
    ]);
    const [suspension, reinstatement] = events;
    expect(suspension).toMatchObject({
      organization_ids: [person.organization.id],
      dedupe_key: `registration.suspended:${id}:first`,
      data: {
        registration_id: id,
        person_id: person.userId,
        organization_id: person.organization.id,
        standing: 'suspended',
        automatic: false,
        reason,
        until: null,
        summary: `${person.firstName} Lee's registration with ${person.organization.name} was suspended.`,
      },
    });
    expect(reinstatement?.data).toMatchObject({
      standing: 'active',
      automatic: false,
      reason: 'Insurance restored.',
      summary: `${person.firstName} Lee's registration with ${person.organization.name} was reinstated.`,
    });
    expect(reinstatement?.dedupe_key).toMatch(
      new RegExp(`^registration\\.reinstated:${id}:\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z$`),
    );
  });
});

describe("the night's run", () => {
  it('records a lapse once, however often the night runs', async () => {
    const db = em();
    const organization = await makeOrganization(db, { registrationValidity: 'twelveMonths' });
    const person = await approvedTester(db, organization, {
      expiresOn: '2099-01-01',
      approvedOn: '2027-03-01',
    });
    await night('2028-03-01');
    await night('2028-03-01');
    await night('2028-03-02');
    const events = await eventsOfRegistration(t, person.registrationId);
    expect(events).toEqual([
      {
        type: 'registration.lapsed',
        organization_ids: [organization.id],
        dedupe_key: `registration.lapsed:${person.registrationId}:2028-02-29`,
        data: {
          registration_id: person.registrationId,
          person_id: person.userId,
          organization_id: organization.id,
          company_id: person.companyId,
          standing: 'lapsed',
          automatic: true,
          valid_through: '2028-02-29',
          summary: `${person.name}'s registration with ${organization.name} lapsed: its period ended on 2028-02-29.`,
        },
      },
    ]);
  });

  it('records an automatic suspension, an expired certification and an expired calibration once each', async () => {
    const db = em();
    const organization = await makeOrganization(db, { suspendOnExpiry: true });
    const person = await approvedTester(db, organization, {
      expiresOn: '2029-05-10',
      calibratedOn: '2028-05-10',
    });
    const dueOn = person.kit.calibrationDueOn as string;
    expect(dueOn > '2029-01-01').toBe(true);
    await night('2029-05-10');
    expect(
      await eventsNaming(t, 'certification.expired', 'certification_id', person.certificationId),
    ).toEqual([]);
    await night('2029-05-11');
    await night('2029-05-11');
    await night('2029-05-12');

    expect(await eventsOfRegistration(t, person.registrationId)).toMatchObject([
      {
        type: 'registration.suspended',
        dedupe_key: `registration.suspended:${person.registrationId}:first`,
        data: { standing: 'suspended', automatic: true },
      },
      {
        type: 'certification.expired',
        organization_ids: [organization.id],
        dedupe_key: `certification.expired:${person.certificationId}:2029-05-10`,
        data: {
          certification_id: person.certificationId,
          registration_id: person.registrationId,
          person_id: person.userId,
          organization_id: organization.id,
          expires_on: '2029-05-10',
          summary: `${person.name}'s AWWA Tester certification expired on 2029-05-10.`,
        },
      },
    ]);

    const dayAfter = new Date(Date.parse(`${dueOn}T00:00:00Z`) + 86_400_000)
      .toISOString()
      .slice(0, 10);
    await night(dayAfter);
    await night(dayAfter);
    const calibrations = await eventsNaming(
      t,
      'test_kit.calibration_expired',
      'test_kit_id',
      person.kit.id,
    );
    expect(calibrations).toEqual([
      {
        type: 'test_kit.calibration_expired',
        organization_ids: [organization.id],
        dedupe_key: `test_kit.calibration_expired:${person.kit.id}:${dueOn}`,
        data: {
          test_kit_id: person.kit.id,
          organization_id: organization.id,
          company_id: person.companyId,
          calibration_due_on: dueOn,
          summary: `Test kit Watts TK-99, serial ${person.kit.serial}, is past its calibration due date, ${dueOn}.`,
        },
      },
    ]);
  });
});
