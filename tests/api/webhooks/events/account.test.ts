import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Organization, Registration } from '../../../../api/src/db/entities/index.js';
import { addDays, todayInProgramZone } from '../../../../shared/program-zone.js';
import { createTestApp, type TestApp } from '../../../helpers/app.js';
import { accountCalls, registerCompany, registerTester } from '../../account/helpers.js';
import {
  acceptedCertification,
  createOrganization,
  email,
  type OrganizationFixture,
  person,
} from '../../registration/fixtures.js';
import { reviewCalls } from '../../review/helpers.js';
import { staffClient, signIn as staffSignIn } from '../../staff/helpers.js';
import { eventsOfPerson, eventsOfRegistration, typesOf } from './helpers.js';

// The events of what registrants do from My registrations (joining another organization, a
// company admin adding a person, registering again, renewing, their own details) and of staff
// editing a person.

let t: TestApp;
let springfield: OrganizationFixture;
let shelbyville: OrganizationFixture;
let review: ReturnType<typeof reviewCalls>;
let staff: ReturnType<typeof staffClient>;
beforeAll(async () => {
  t = await createTestApp();
  springfield = await createOrganization(t.app.orm.em.fork());
  shelbyville = await createOrganization(t.app.orm.em.fork());
  staff = staffClient(t.app, (await staffSignIn(t)).token);
  review = reviewCalls(staff);
});
afterAll(() => t.close());

const { sql, post, get, signIn, upload } = accountCalls(() => t);
const em = () => t.app.orm.em.fork();

/** The person's id, name and registrations (oldest first). */
async function personOf(address: string) {
  const [row] = await sql<{ id: number; first_name: string; last_name: string }>(
    'select id, first_name, last_name from users where lower(email) = lower(?)',
    [address],
  );
  if (!row) throw new Error(`no person ${address}`);
  const registrations = await sql<{ id: number; organization_id: number; company_id: number }>(
    'select id, organization_id, company_id from registrations where user_id = ? order by id',
    [row.id],
  );
  return { ...row, name: `${row.first_name} ${row.last_name}`, registrations };
}

async function approveAll(address: string) {
  for (const registration of (await personOf(address)).registrations) {
    await review.acceptAll(registration.id);
    const approved = await review.current(registration.id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
  }
}

describe('registration.submitted from My registrations', () => {
  it('records one for a registration with another organization', async () => {
    const tester = await registerTester(t, [springfield]);
    const joined = await post(
      '/registrations',
      { hashValue: shelbyville.hash },
      await signIn(tester.email),
    );
    expect(joined.statusCode, joined.body).toBe(200);
    const registrant = await personOf(tester.email);
    const joinedRegistration = registrant.registrations[1];
    expect(await eventsOfRegistration(t, joinedRegistration?.id as number)).toEqual([
      {
        type: 'registration.submitted',
        organization_ids: [shelbyville.id],
        dedupe_key: null,
        data: {
          registration_id: joinedRegistration?.id,
          person_id: registrant.id,
          organization_id: shelbyville.id,
          company_id: joinedRegistration?.company_id,
          review_state: 'pending',
          via: 'account',
          summary: `${registrant.name}'s registration with ${shelbyville.name} was submitted for review.`,
        },
      },
    ]);
  });

  it('records one per organization for a person a company admin adds', async () => {
    const company = await registerCompany(t, [springfield, shelbyville]);
    const cookie = await signIn(company.admin);
    const hired = {
      ...person({ userType: 'tester', userEmail: email('hired') }),
      userCerts: [
        {
          certNum: `H-${Date.now()}`,
          certExp: '2031-03-31',
          ...acceptedCertification(springfield),
          certDocLink: await upload(cookie),
        },
      ],
    };
    const added = await post('/company/people', hired, cookie);
    expect(added.statusCode, added.body).toBe(200);
    const registrant = await personOf(hired.userEmail as string);
    expect(registrant.registrations).toHaveLength(2);
    for (const registration of registrant.registrations) {
      const events = await eventsOfRegistration(t, registration.id);
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        type: 'registration.submitted',
        organization_ids: [registration.organization_id],
        data: { person_id: registrant.id, company_id: company.companyId, via: 'company_admin' },
      });
    }
  });

  it('records one when a registration is sent to register again', async () => {
    const organization = await createOrganization(em());
    await em().nativeUpdate(
      Organization,
      { id: organization.id },
      { registrationValidity: 'twelveMonths' },
    );
    const tester = await registerTester(t, [organization]);
    await approveAll(tester.email);
    const [registration] = (await personOf(tester.email)).registrations;
    const id = registration?.id as number;
    await em().nativeUpdate(
      Registration,
      { id },
      { approvedOn: addDays(todayInProgramZone(), -400), standing: 'lapsed', enrolled: false },
    );
    const cookie = await signIn(tester.email);
    expect((await post(`/registrations/${id}/reregister`, {}, cookie)).statusCode).toBe(200);
    expect((await post(`/registrations/${id}/reregister`, {}, cookie)).statusCode).toBe(409);
    const events = await eventsOfRegistration(t, id);
    expect(events.map((event) => event.type)).toEqual([
      'registration.submitted',
      'registration.approved',
      'registration.submitted',
    ]);
    expect(events[2]?.data).toMatchObject({
      via: 'reregistration',
      summary: `${(await personOf(tester.email)).name} registered again with ${organization.name}; the registration waits for review.`,
    });
  });

  it('records submitted for a renewal sent to approved registrations, and approved when accepted', async () => {
    const tester = await registerTester(t, [springfield, shelbyville]);
    await approveAll(tester.email);
    const cookie = await signIn(tester.email);
    const view = (await get('/me', cookie)).json().message;
    const sent = await post(
      '/certifications/renewal',
      { key: view.certifications[0].key, certExp: '2032-06-30', certDocLink: await upload(cookie) },
      cookie,
    );
    expect(sent.statusCode, sent.body).toBe(200);
    const [first, second] = (await personOf(tester.email)).registrations;
    for (const registration of [first, second]) {
      expect(await typesOf(t, registration?.id as number)).toEqual([
        'registration.submitted',
        'registration.approved',
        'registration.submitted',
      ]);
    }
    expect((await eventsOfRegistration(t, first?.id as number))[2]?.data).toMatchObject({
      via: 'renewal',
    });
    const record = await review.review(first?.id as number);
    const accepted = await review.document(
      first?.id as number,
      'certification',
      record.certifications[0].id,
      'accepted',
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    // One acceptance approves both again (the same document): one event each.
    for (const registration of [first, second]) {
      expect(await typesOf(t, registration?.id as number)).toEqual([
        'registration.submitted',
        'registration.approved',
        'registration.submitted',
        'registration.approved',
      ]);
    }
  });
});

describe('person.updated', () => {
  it('records the fields a person changes, to every organization they are registered with', async () => {
    const tester = await registerTester(t, [springfield, shelbyville]);
    const registrant = await personOf(tester.email);
    const cookie = await signIn(tester.email);
    expect((await post('/phone', { phone: '555-0199' }, cookie)).statusCode).toBe(200);
    expect((await post('/phone', { phone: '555-0199' }, cookie)).statusCode).toBe(200);
    expect((await post('/directory', { hidden: true }, cookie)).statusCode).toBe(200);
    const events = await eventsOfPerson(t, registrant.id, 'person.updated');
    expect(events).toEqual([
      {
        type: 'person.updated',
        organization_ids: [springfield.id, shelbyville.id].sort((a, b) => a - b),
        dedupe_key: null,
        data: {
          person_id: registrant.id,
          changed: ['phone'],
          summary: `${registrant.name}'s phone number changed.`,
        },
      },
      expect.objectContaining({ data: expect.objectContaining({ changed: ['directory_hidden'] }) }),
    ]);
    expect(JSON.stringify(events)).not.toContain('555-0199');
  });

  it('records a confirmed email change, and nothing for an unconfirmed one', async () => {
    const tester = await registerTester(t, [springfield]);
    const registrant = await personOf(tester.email);
    const cookie = await signIn(tester.email);
    const next = email('moved');
    expect((await post('/email', { email: next }, cookie)).statusCode).toBe(200);
    expect(await eventsOfPerson(t, registrant.id, 'person.updated')).toEqual([]);
    const [message] = await sql<{ text_body: string }>(
      `select text_body from email_outbox
        where kind = 'account_email_change' and ? = any(recipients) order by id desc limit 1`,
      [next],
    );
    const token = /#([A-Za-z0-9_-]{43})/.exec(message?.text_body ?? '')?.[1];
    const confirmed = await post('/email/confirm', { token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const events = await eventsOfPerson(t, registrant.id, 'person.updated');
    expect(events.map((event) => event.data.changed)).toEqual([['email']]);
    expect(JSON.stringify(events)).not.toContain(next);
  });

  it("records a staff edit's changed fields once, and nothing for an edit that changes nothing", async () => {
    const tester = await registerTester(t, [springfield]);
    const registrant = await personOf(tester.email);
    const edit = (changes: Record<string, string>) =>
      staff('PUT', `/api/sc/submit/user/${registrant.id}`, {
        userType: 'tester',
        userFirstName: registrant.first_name,
        userLastName: registrant.last_name,
        userEmail: tester.email,
        userPhone: '555-0100',
        ...changes,
      });
    const saved = await edit({ userType: 'admin', userLastName: 'Renamed', userPhone: '555-0123' });
    expect(saved.statusCode, saved.body).toBe(200);
    const unchanged = await edit({
      userType: 'admin',
      userLastName: 'Renamed',
      userPhone: '555-0123',
    });
    expect(unchanged.statusCode, unchanged.body).toBe(200);
    const events = await eventsOfPerson(t, registrant.id, 'person.updated');
    expect(events).toEqual([
      {
        type: 'person.updated',
        organization_ids: [springfield.id],
        dedupe_key: null,
        data: {
          person_id: registrant.id,
          changed: ['type', 'last_name', 'phone'],
          summary: `${registrant.first_name} Renamed's user type, last name and phone number changed.`,
        },
      },
    ]);
  });
});
