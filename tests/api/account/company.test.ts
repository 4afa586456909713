import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES, MESSAGES } from '../../../shared/codes.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import {
  acceptedCertification,
  companyInput,
  createOrganization,
  email,
  type OrganizationFixture,
  person,
  submit,
  uploadedLink,
} from '../registration/fixtures.js';
import { accountCalls, registerCompany, registerTester } from './helpers.js';

// A company admin's people from My registrations: add a tester or an admin (registered, for
// review, with every organization the company is registered with, and emailed a sign-in link),
// remove one; nobody else can.

let t: TestApp;
let springfield: OrganizationFixture;
let shelbyville: OrganizationFixture;
beforeAll(async () => {
  t = await createTestApp();
  springfield = await createOrganization(t.app.orm.em.fork());
  shelbyville = await createOrganization(t.app.orm.em.fork());
});
afterAll(() => t.close());

const { sql, post, get, signIn, upload, linkToken } = accountCalls(() => t);

/** A company registered with both organizations: its admin and one tester. */
const company = () => registerCompany(t, [springfield, shelbyville]);

async function newTester(cookie: Record<string, string>, overrides: Record<string, unknown> = {}) {
  return {
    ...person({ userType: 'tester', userEmail: email('hired') }),
    userCerts: [
      {
        certNum: `H-${Date.now()}`,
        certExp: '2031-03-31',
        ...acceptedCertification(springfield),
        certDocLink: await upload(cookie),
      },
    ],
    ...overrides,
  };
}

describe('a company admin’s people', () => {
  it('lists the company’s people to its admin, not to a tester', async () => {
    const c = await company();
    const view = (await get('/me', await signIn(c.admin))).json().message;
    expect(view.companyPeople.map((p: { email: string }) => p.email).sort()).toEqual(
      [c.admin, c.tester].sort(),
    );
    const testerView = (await get('/me', await signIn(c.tester))).json().message;
    expect(testerView.companyPeople).toEqual([]);
  });

  it('adds a tester: registered for review with both organizations and emailed a sign-in link that works', async () => {
    const c = await company();
    const cookie = await signIn(c.admin);
    const hired = await newTester(cookie);
    const added = await post('/company/people', hired, cookie);
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().message.sentTo.sort()).toEqual([springfield.name, shelbyville.name].sort());
    const registrations = await sql<{ review_state: string; company_id: number; certs: number }>(
      `select r.review_state, r.company_id,
              (select count(*)::int from certifications c where c.registration_id = r.id) as certs
         from registrations r join users u on u.id = r.user_id where u.email = ?`,
      [hired.userEmail],
    );
    expect(registrations).toEqual([
      { review_state: 'pending', company_id: c.companyId, certs: 1 },
      { review_state: 'pending', company_id: c.companyId, certs: 1 },
    ]);
    const [audit] = await sql<{ staff_email: string }>(
      `select staff_email from audit_log where action = 'create' and entity_type = 'user'
        and entity_id = (select id::text from users where email = ?)`,
      [hired.userEmail],
    );
    expect(audit?.staff_email).toBe(c.admin);
    // The new person's own way in.
    const started = await post('/session', { token: await linkToken(hired.userEmail) });
    expect(started.statusCode).toBe(200);
    const cookieOfHired = started.cookies.find((k) => k.name === 'bf_account');
    const own = (await get('/me', { cookie: `bf_account=${cookieOfHired?.value}` })).json().message;
    expect(own.person.email).toBe(hired.userEmail);
    expect(own.registrations).toHaveLength(2);
  });

  it('refuses an email that is already registered, and a document the admin did not upload', async () => {
    const c = await company();
    const cookie = await signIn(c.admin);
    const taken = await post(
      '/company/people',
      await newTester(cookie, { userEmail: c.tester }),
      cookie,
    );
    expect(taken.statusCode).toBe(422);
    expect(taken.json().message.fieldErrors).toEqual({ userEmail: MESSAGES.accountPersonExists });
    const foreign = await newTester(cookie);
    foreign.userCerts[0] = {
      ...(foreign.userCerts[0] as object),
      certDocLink: await uploadedLink(t.app, springfield.hash),
    } as (typeof foreign.userCerts)[0];
    const answer = await post('/company/people', foreign, cookie);
    expect(answer.statusCode).toBe(422);
    const [none] = await sql<{ count: number }>(
      'select count(*)::int as count from users where email = ?',
      [foreign.userEmail],
    );
    expect(none?.count).toBe(0);
  });

  it('is the admin’s alone: a tester is refused, and so is an admin after leaving the company', async () => {
    const c = await company();
    const testerCookie = await signIn(c.tester);
    const asTester = await post('/company/people', await newTester(testerCookie), testerCookie);
    expect(asTester.statusCode).toBe(403);
    expect(asTester.json()).toEqual({ code: CODES.forbidden, message: MESSAGES.accountAdminsOnly });
    const tester = await registerTester(t, [springfield]);
    const other = (await get('/me', await signIn(tester.email))).json().message;
    expect(other.companyPeople).toEqual([]);

    const adminCookie = await signIn(c.admin);
    await sql(
      'delete from user_companies where company_id = ? and user_id = (select id from users where email = ?)',
      [c.companyId, c.admin],
    );
    const afterLeaving = await post('/company/people', await newTester(adminCookie), adminCookie);
    expect(afterLeaving.statusCode).toBe(403);
    const [testerId] = await sql<{ id: number }>('select id from users where email = ?', [
      c.tester,
    ]);
    const removal = await post('/company/people/remove', { personId: testerId?.id }, adminCookie);
    expect(removal.statusCode).toBe(403);
  });

  it('removes a person from the company: the link ends, their registrations stay', async () => {
    const c = await company();
    const cookie = await signIn(c.admin);
    const [tester] = await sql<{ id: number }>('select id from users where email = ?', [c.tester]);
    const removed = await post('/company/people/remove', { personId: tester?.id }, cookie);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().message).toBe(MESSAGES.accountPersonRemoved);
    const view = (await get('/me', cookie)).json().message;
    expect(view.companyPeople.map((p: { email: string }) => p.email)).toEqual([c.admin]);
    const [kept] = await sql<{ count: number }>(
      'select count(*)::int as count from registrations where user_id = ?',
      [tester?.id],
    );
    expect(kept?.count).toBe(2);
    const again = await post('/company/people/remove', { personId: tester?.id }, cookie);
    expect(again.statusCode).toBe(404);
    // Another company's person is not theirs to remove.
    const other = await company();
    const [foreign] = await sql<{ id: number }>('select id from users where email = ?', [
      other.tester,
    ]);
    const foreignRemoval = await post('/company/people/remove', { personId: foreign?.id }, cookie);
    expect(foreignRemoval.statusCode).toBe(404);
    expect(foreignRemoval.json().message).toBe(MESSAGES.accountPersonNotInCompany);
    const [stillLinked] = await sql<{ count: number }>(
      'select count(*)::int as count from user_companies where user_id = ?',
      [foreign?.id],
    );
    expect(stillLinked?.count).toBe(1);
    const [self] = await sql<{ id: number }>('select id from users where email = ?', [c.admin]);
    const selfRemoval = await post('/company/people/remove', { personId: self?.id }, cookie);
    expect(selfRemoval.statusCode).toBe(400);
    expect(selfRemoval.json().message).toBe(MESSAGES.accountCannotRemoveSelf);
  });
});

describe('a company admin’s test kits', () => {
  it('shows every kit of the company, and the admin can retire one a tester registered alone', async () => {
    const c = await company();
    // A tester of the same company who registered on their own, with a test kit.
    const loner = person({ userType: 'tester' });
    const kitSerial = `LONE-${Date.now()}`;
    const answer = await submit(t.app, {
      hashValue: springfield.hash,
      companyInfo: [companyInput({ companyID: c.companyId })],
      userInfo: [
        {
          ...loner,
          userCerts: [
            {
              certNum: `L-${loner.userEmail}`,
              certExp: '2030-06-30',
              ...acceptedCertification(springfield),
              certDocLink: await uploadedLink(t.app, springfield.hash),
            },
          ],
        },
      ],
      testKitInfo: [
        {
          kitSerial,
          kitMfr: 'Watts',
          kitModel: 'TK-99',
          kitCalibDate: '2026-01-15',
          kitCalibDocLink: await uploadedLink(t.app, springfield.hash),
        },
      ],
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const adminCookie = await signIn(c.admin);
    const view = (await get('/me', adminCookie)).json().message;
    const kit = view.testKits.find((k: { serial: string }) => k.serial === kitSerial);
    expect(kit?.organizations).toEqual([springfield.name]);
    // The admin sends the kit's new calibration: it goes to the tester's own registration for
    // review, and the tester sees it waiting.
    const calibrated = await post(
      '/test-kits/calibration',
      { key: kit.key, kitCalibDate: '2026-10-01', kitCalibDocLink: await upload(adminCookie) },
      adminCookie,
    );
    expect(calibrated.statusCode, calibrated.body).toBe(200);
    expect(calibrated.json().message.sentTo).toEqual([springfield.name]);
    const lonerCookie = await signIn(loner.userEmail as string);
    const waiting = (await get('/me', lonerCookie)).json().message.testKits;
    expect(waiting.find((k: { serial: string }) => k.serial === kitSerial)?.status).toBe(
      'renewalWaiting',
    );
    const retired = await post('/test-kits/retire', { key: kit.key }, adminCookie);
    expect(retired.statusCode, retired.body).toBe(200);
    const lonerView = (await get('/me', lonerCookie)).json().message;
    expect(lonerView.testKits.map((k: { serial: string }) => k.serial)).not.toContain(kitSerial);
    // A tester of another company sees none of it.
    const stranger = await registerTester(t, [springfield]);
    const strangerView = (await get('/me', await signIn(stranger.email))).json().message;
    expect(JSON.stringify(strangerView)).not.toContain(kitSerial);
  });
});
