import type { EntityManager } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Certification,
  Credential,
  CredentialType,
  OrganizationCredentialRequirement,
  OutboxEmail,
  Registration,
  type TOrganization,
} from '../../../api/src/db/entities/index.js';
import { liftSatisfiedSuspensions, runStandings } from '../../../api/src/modules/standing/run.js';
import { addDays } from '../../../shared/program-zone.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { makeCompany, makeOrganization, makeRegistration, unique } from '../../helpers/fixtures.js';
import { justAfterMidnight } from '../../helpers/program-days.js';

// The daily standing run: lapses at the end of a registration's period, staff suspensions past
// their last day, automatic suspensions the first day a needed item has expired and their lift
// once the replacement is accepted; each change once, its email once, across crashes and reruns.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const em = () => t.app.orm.em.fork();

const run = (day: string, options: { windowIds?: number; afterPage?: () => void } = {}) =>
  runStandings(em(), { now: justAfterMidnight(day), ...options });

/** An approved tester with one accepted certification (and optionally a company credential). */
async function approvedTester(
  db: EntityManager,
  organization: TOrganization,
  options: { expiresOn: string; approvedOn?: string; email?: string },
) {
  const company = await makeCompany(db);
  const made = await makeRegistration(db, {
    organization,
    company,
    email: options.email ?? `tess-${unique()}@example.com`,
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
  await db.nativeUpdate(
    Certification,
    { registration: made.registration.id },
    { reviewDecision: 'accepted' },
  );
  if (options.approvedOn) {
    await db.nativeUpdate(
      Registration,
      { id: made.registration.id },
      { approvedOn: options.approvedOn },
    );
  }
  return { registrationId: made.registration.id, email: made.user.email, company };
}

async function standingOf(registrationId: number) {
  const row = await em().findOneOrFail(Registration, registrationId, { refresh: true });
  return {
    standing: row.standing,
    automatic: row.suspendedAutomatically,
    enrolled: row.enrolled,
    reason: row.standingReason,
  };
}

const emailsTo = (email: string) =>
  em().find(OutboxEmail, { recipients: { $contains: [email] } }, { orderBy: { id: 'asc' } });

describe('the end of a registration period', () => {
  it('lapses a 12-month registration the day after its last day, once, and unenrolls it', async () => {
    const db = em();
    const organization = await makeOrganization(db, { registrationValidity: 'twelveMonths' });
    const person = await approvedTester(db, organization, {
      expiresOn: '2099-01-01',
      approvedOn: '2027-03-01',
    });
    await db.nativeUpdate(Registration, { id: person.registrationId }, { enrolled: true });
    const row = await em().findOneOrFail(Registration, person.registrationId);
    expect(row.validThrough).toBe('2028-02-29');

    await run('2028-02-29');
    expect((await standingOf(person.registrationId)).standing).toBe('active');
    const first = await run('2028-03-01');
    const second = await run('2028-03-01');
    expect(first.lapsed).toBeGreaterThanOrEqual(1);
    expect(second.lapsed).toBe(0);
    expect(await standingOf(person.registrationId)).toMatchObject({
      standing: 'lapsed',
      enrolled: false,
    });
    expect(await emailsTo(person.email)).toHaveLength(1);
  });

  it('lapses a calendar-year registration on January 1 in New York, not at midnight UTC', async () => {
    const db = em();
    const organization = await makeOrganization(db, { registrationValidity: 'calendarYear' });
    const person = await approvedTester(db, organization, {
      expiresOn: '2099-01-01',
      approvedOn: '2027-06-15',
    });
    // 03:00 UTC on January 1 is still December 31 in New York.
    await runStandings(em(), { now: new Date('2028-01-01T03:00:00Z') });
    expect((await standingOf(person.registrationId)).standing).toBe('active');
    await runStandings(em(), { now: new Date('2028-01-01T05:30:00Z') });
    expect((await standingOf(person.registrationId)).standing).toBe('lapsed');
  });

  it("says the product's reason in the person's language", async () => {
    const db = em();
    const organization = await makeOrganization(db, { registrationValidity: 'calendarYear' });
    const person = await approvedTester(db, organization, {
      expiresOn: '2099-01-01',
      approvedOn: '2029-03-01',
    });
    await db.nativeUpdate(Registration, { id: person.registrationId }, { language: 'es' });
    await run('2030-01-01');
    const [email] = await emailsTo(person.email);
    expect(email?.textBody).toContain('El registro era válido hasta el 2029-12-31.');
    expect((await standingOf(person.registrationId)).reason).toBe(
      'The registration was valid through 2029-12-31.',
    );
  });

  it('leaves registrations valid until withdrawn alone', async () => {
    const db = em();
    const organization = await makeOrganization(db);
    const person = await approvedTester(db, organization, {
      expiresOn: '2099-01-01',
      approvedOn: '2001-01-01',
    });
    await run('2040-01-01');
    expect((await standingOf(person.registrationId)).standing).toBe('active');
  });
});

describe('staff suspensions with a last day', () => {
  it('lift the day after the last day', async () => {
    const db = em();
    const organization = await makeOrganization(db);
    const person = await approvedTester(db, organization, { expiresOn: '2099-01-01' });
    await db.nativeUpdate(
      Registration,
      { id: person.registrationId },
      { standing: 'suspended', suspendedUntil: '2027-04-10', standingReason: 'Audit' },
    );
    await run('2027-04-10');
    expect((await standingOf(person.registrationId)).standing).toBe('suspended');
    await run('2027-04-11');
    expect((await standingOf(person.registrationId)).standing).toBe('active');
  });
});

describe('automatic suspension on expiry', () => {
  it('suspends the first day after a required certification expired, never the day itself', async () => {
    const db = em();
    const organization = await makeOrganization(db, { suspendOnExpiry: true });
    const person = await approvedTester(db, organization, { expiresOn: '2027-05-20' });
    await run('2027-05-20');
    expect((await standingOf(person.registrationId)).standing).toBe('active');
    await run('2027-05-21');
    await run('2027-05-21');
    const after = await standingOf(person.registrationId);
    expect(after).toMatchObject({ standing: 'suspended', automatic: true });
    expect(after.reason).toContain('AWWA Tester');
    expect(await emailsTo(person.email)).toHaveLength(1);
  });

  it('does not suspend where the organization has not asked for it', async () => {
    const db = em();
    const organization = await makeOrganization(db);
    const person = await approvedTester(db, organization, { expiresOn: '2027-05-20' });
    await run('2027-06-01');
    expect((await standingOf(person.registrationId)).standing).toBe('active');
  });

  it('suspends for an expired required credential, not for a requirement never given', async () => {
    const db = em();
    const organization = await makeOrganization(db, { suspendOnExpiry: true });
    const type = await db.findOneOrFail(CredentialType, { name: 'General liability insurance' });
    db.create(OrganizationCredentialRequirement, {
      organization,
      credentialType: type,
      required: true,
      minimumCoverage: 1_000_000,
      additionalInsured: true,
    });
    await db.flush();
    const insured = await approvedTester(db, organization, { expiresOn: '2099-01-01' });
    const never = await approvedTester(db, organization, { expiresOn: '2099-01-01' });
    db.create(Credential, {
      registration: insured.registrationId,
      company: insured.company,
      credentialType: type,
      typeName: type.name,
      holder: 'company',
      issuer: 'Acme Mutual',
      coverage: 1_000_000,
      additionalInsured: true,
      expiresOn: '2027-08-31',
      reviewDecision: 'accepted',
    });
    await db.flush();
    await run('2027-09-01');
    expect((await standingOf(insured.registrationId)).standing).toBe('suspended');
    expect((await standingOf(never.registrationId)).standing).toBe('active');
  });

  it('lifts at once when the replacement is accepted, and the run lifts one accepted elsewhere', async () => {
    const db = em();
    const organization = await makeOrganization(db, { suspendOnExpiry: true });
    const first = await approvedTester(db, organization, { expiresOn: '2027-05-20' });
    const second = await approvedTester(db, organization, { expiresOn: '2027-05-20' });
    await run('2027-05-22');
    expect((await standingOf(first.registrationId)).standing).toBe('suspended');

    // The renewal accepted: the certification's date moves on.
    const renewedOn = addDays('2027-05-22', 700);
    await db.nativeUpdate(
      Certification,
      { registration: { $in: [first.registrationId, second.registrationId] } },
      { expiresOn: renewedOn },
    );
    const lifted = await em().transactional((tx) =>
      liftSatisfiedSuspensions(tx, [first.registrationId], justAfterMidnight('2027-05-23')),
    );
    expect(lifted).toEqual([first.registrationId]);
    expect(await standingOf(first.registrationId)).toMatchObject({
      standing: 'active',
      automatic: false,
    });
    expect((await standingOf(second.registrationId)).standing).toBe('suspended');
    await run('2027-05-24');
    expect((await standingOf(second.registrationId)).standing).toBe('active');
    // Suspended, then active again: two emails each.
    expect(await emailsTo(first.email)).toHaveLength(2);
    expect(await emailsTo(second.email)).toHaveLength(2);
  });
});

describe('faults', () => {
  it('a run stopped after its first page changes the rest on the next run, none twice', async () => {
    const db = em();
    const organization = await makeOrganization(db, { registrationValidity: 'twelveMonths' });
    const people = [];
    for (let i = 0; i < 5; i += 1) {
      people.push(
        await approvedTester(db, organization, {
          expiresOn: '2099-01-01',
          approvedOn: '2025-01-10',
        }),
      );
    }
    let pages = 0;
    await expect(
      run('2026-01-10', {
        windowIds: 1,
        afterPage: () => {
          pages += 1;
          if (pages === 1) throw new Error('instance killed');
        },
      }),
    ).rejects.toThrow('instance killed');
    const lapsedAfterCrash = (
      await Promise.all(people.map((person) => standingOf(person.registrationId)))
    ).filter((row) => row.standing === 'lapsed').length;
    expect(lapsedAfterCrash).toBe(1);
    await run('2026-01-10');
    for (const person of people) {
      expect((await standingOf(person.registrationId)).standing).toBe('lapsed');
      expect(await emailsTo(person.email)).toHaveLength(1);
    }
  });
});
