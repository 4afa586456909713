import type { EntityManager } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OutboxEmail,
  Registration,
  Reminder,
  Submission,
  TestKit,
} from '../../../api/src/db/entities/index.js';
import { runReminders } from '../../../api/src/modules/compliance/reminders.js';
import { addDays, todayInProgramZone } from '../../../shared/program-zone.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { makeCompany, makeOrganization, unique } from '../../helpers/fixtures.js';
import { eightAm } from '../../helpers/program-days.js';
import { registeredTester } from './helpers.js';

// Reminders 60, 30 and 7 days before a certification or calibration is due and on the day, at
// 8:00 in the program's time zone: each (item, threshold) once, one email per person.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const em = () => t.app.orm.em.fork();

const run = (now: Date, options: { pageRows?: number; afterPage?: () => void } = {}) =>
  runReminders(em(), {
    now,
    publicUrl: 'http://localhost:3000',
    supportUrl: 'mailto:help@example.com',
    ...options,
  });

async function remindersOf(userId: number) {
  const rows = await em().find(Reminder, { user: userId }, { orderBy: { id: 'asc' } });
  return rows.map((row) => ({ kind: row.itemKind, due: row.dueOn, days: row.thresholdDays }));
}

const emailsTo = (email: string) =>
  em().find(OutboxEmail, { recipients: { $contains: [email] } }, { orderBy: { id: 'asc' } });

describe('reminder thresholds', () => {
  it('sends 60, 30, 7 and 0 days before, once each, across the spring DST change', async () => {
    const due = '2027-03-14';
    const person = await registeredTester(em(), { expiresOn: due });
    for (const day of ['2027-01-12', '2027-01-13', '2027-01-13', '2027-02-01', '2027-02-12']) {
      await run(eightAm(day));
    }
    for (const day of ['2027-03-07', '2027-03-10', '2027-03-14', '2027-03-14', '2027-03-15']) {
      await run(eightAm(day));
    }
    expect(await remindersOf(person.userId)).toEqual([
      { kind: 'certification', due, days: 60 },
      { kind: 'certification', due, days: 30 },
      { kind: 'certification', due, days: 7 },
      { kind: 'certification', due, days: 0 },
    ]);
    expect(await emailsTo(person.email)).toHaveLength(4);
  });

  it('counts days in the program zone: 23:30 Eastern is still the day before', async () => {
    const due = '2026-12-31';
    const person = await registeredTester(em(), { expiresOn: due });
    // 23:30 on November 30 in New York is 04:30 UTC on December 1, 30 days before.
    await run(new Date('2026-12-01T04:30:00Z'));
    expect(await remindersOf(person.userId)).toEqual([{ kind: 'certification', due, days: 60 }]);
    await run(new Date('2026-12-01T05:00:00Z'));
    expect((await remindersOf(person.userId)).map((row) => row.days)).toEqual([60, 30]);
  });

  it('reaches a leap day across month ends: 60 days before is December 31', async () => {
    const due = '2028-02-29';
    const person = await registeredTester(em(), { expiresOn: due });
    await run(eightAm('2027-12-30'));
    expect(await remindersOf(person.userId)).toEqual([]);
    await run(eightAm('2027-12-31'));
    await run(eightAm('2028-01-30'));
    await run(eightAm('2028-02-22'));
    await run(eightAm('2028-02-29'));
    expect((await remindersOf(person.userId)).map((row) => row.days)).toEqual([60, 30, 7, 0]);
  });

  it('sends the threshold it is at after a missed run, and nothing once the date has passed', async () => {
    const person = await registeredTester(em(), { expiresOn: '2027-05-20' });
    await run(eightAm('2027-05-15'));
    await run(eightAm('2027-05-21'));
    expect((await remindersOf(person.userId)).map((row) => row.days)).toEqual([7]);
  });
});

describe('calibrations', () => {
  it("reminds a submission's tester when a kit is due one interval after its calibration", async () => {
    const db = em();
    const organization = await makeOrganization(db, { calibrationIntervalMonths: 1 });
    const person = await registeredTester(em(), {
      expiresOn: '2099-01-01',
      organizations: [organization],
    });
    const company = await makeCompany(db);
    const submission = db.create(Submission, {
      requestHash: unique(),
      organization,
      company,
      payload: {},
      response: {},
    });
    await db.flush();
    await db.nativeUpdate(Registration, { user: person.userId }, { submission });
    db.create(TestKit, {
      company,
      organization,
      submission,
      serial: `SN-${unique()}`,
      manufacturer: 'Watts',
      model: 'TK-99',
      calibratedOn: '2027-01-31',
    });
    await db.flush();
    const dueOn = async () =>
      (
        await db
          .getConnection()
          .execute(
            `select to_char(calibration_due_on, 'YYYY-MM-DD') as due from test_kits where submission_id = ?`,
            [submission.id],
          )
      )[0]?.due;
    expect(await dueOn()).toBe('2027-02-28');
    await run(eightAm('2027-02-28'));
    expect(await remindersOf(person.userId)).toEqual([
      { kind: 'calibration', due: '2027-02-28', days: 0 },
    ]);
    const [message] = await emailsTo(person.email);
    expect(message?.textBody).toContain('calibration');
    expect(message?.textBody).toContain('Watts TK-99');
    // A longer interval moves every kit of the organization.
    await db
      .getConnection()
      .execute('update organizations set calibration_interval_months = 12 where id = ?', [
        organization.id,
      ]);
    expect(await dueOn()).toBe('2028-01-31');
  });
});

describe('who is reminded', () => {
  it('sends one email listing every organization for an item registered with several', async () => {
    const db = em();
    const organizations = [await makeOrganization(db), await makeOrganization(db)];
    const person = await registeredTester(em(), { expiresOn: '2027-08-31', organizations });
    await run(eightAm('2027-08-24'));
    expect(await remindersOf(person.userId)).toEqual([
      { kind: 'certification', due: '2027-08-31', days: 7 },
    ]);
    const messages = await emailsTo(person.email);
    expect(messages).toHaveLength(1);
    const body = messages[0]?.textBody ?? '';
    for (const organization of organizations) {
      expect(body).toContain(organization.name);
      expect(body).toMatch(
        new RegExp(
          `${organization.name}: http://localhost:3000/form/${organization.formHash}/status/[A-Za-z0-9_-]{43}`,
        ),
      );
    }
    expect(body).toContain(person.number);
    expect(body).toContain('August 31, 2027, in 7 days.');
    expect(body).toContain(
      'Keep your details, certifications and test kits current in My registrations: http://localhost:3000/account',
    );
  });

  it('sends nothing for an organization whose access has ended, or a rejected registration', async () => {
    const db = em();
    const ended = await makeOrganization(db, { allowedUntil: '2027-06-01' });
    const endedPerson = await registeredTester(em(), {
      expiresOn: '2027-06-09',
      organizations: [ended],
    });
    const rejected = await registeredTester(em(), { expiresOn: '2027-06-09' });
    await db.nativeUpdate(Registration, { user: rejected.userId }, { reviewState: 'rejected' });
    await run(eightAm('2027-06-02'));
    expect(await remindersOf(endedPerson.userId)).toEqual([]);
    expect(await remindersOf(rejected.userId)).toEqual([]);
    expect(await emailsTo(endedPerson.email)).toEqual([]);
  });

  it('writes in the language the person registered in', async () => {
    const person = await registeredTester(em(), { expiresOn: '2027-09-30', language: 'es' });
    await run(eightAm('2027-09-30'));
    const [message] = await emailsTo(person.email);
    expect(message?.subject).toBe(
      'Recordatorio: renueve su certificación o la calibración de su kit de prueba',
    );
    expect(message?.textBody).toContain('vence hoy, 30 de septiembre de 2027.');
  });

  it("carries a personal link that opens the registration's status page", async () => {
    const today = todayInProgramZone();
    const person = await registeredTester(em(), { expiresOn: addDays(today, 30) });
    await run(new Date());
    const [message] = await emailsTo(person.email);
    const path = /\/form\/([^/\s]+)\/status\/([A-Za-z0-9_-]{43})/.exec(message?.textBody ?? '');
    expect(path).not.toBeNull();
    const response = await t.app.inject({ url: `/api/tr/status/${path?.[1]}/${path?.[2]}` });
    expect(response.statusCode).toBe(200);
    expect(response.json().message.status.certifications[0].number).toBe(person.number);
  });
});

describe('exactly once', () => {
  async function people(count: number, expiresOn: string) {
    const made = [];
    for (let i = 0; i < count; i++) made.push(await registeredTester(em(), { expiresOn }));
    return made;
  }

  async function sentOnce(made: { userId: number; email: string }[]) {
    for (const person of made) {
      expect(await remindersOf(person.userId)).toHaveLength(1);
      expect(await emailsTo(person.email)).toHaveLength(1);
    }
  }

  it('across two instances running at once on one database', async () => {
    const made = await people(6, '2029-04-30');
    const second = await createTestApp({ database: t.database });
    try {
      const now = eightAm('2029-04-23');
      const other = (target: EntityManager) =>
        runReminders(target, {
          now,
          publicUrl: 'http://localhost:3000',
          supportUrl: 'mailto:help@example.com',
          pageRows: 2,
        });
      const results = await Promise.allSettled([
        other(t.app.orm.em.fork()),
        other(second.app.orm.em.fork()),
      ]);
      // A deadlock between the two is possible and harmless: the queue retries the loser.
      if (results.some((result) => result.status === 'rejected')) await run(now);
      await sentOnce(made);
    } finally {
      await second.close();
    }
  });

  it('across a run that dies after its first page, then runs again', async () => {
    const made = await people(5, '2029-07-31');
    const now = eightAm('2029-07-24');
    let pages = 0;
    await expect(
      run(now, {
        pageRows: 2,
        afterPage: () => {
          pages += 1;
          throw new Error('the worker died');
        },
      }),
    ).rejects.toThrow('the worker died');
    expect(pages).toBe(1);
    const afterCrash = await Promise.all(made.map((person) => remindersOf(person.userId)));
    expect(afterCrash.filter((rows) => rows.length > 0).length).toBeGreaterThan(0);
    expect(afterCrash.filter((rows) => rows.length === 0).length).toBeGreaterThan(0);
    await run(now, { pageRows: 2 });
    await run(now, { pageRows: 2 });
    await sentOnce(made);
  });
});
