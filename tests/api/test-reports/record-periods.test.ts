import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Registration } from '../../../api/src/db/entities/index.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { accountCalls, registerTester } from '../account/helpers.js';
import { createOrganization, type OrganizationFixture } from '../registration/fixtures.js';
import { reviewCalls } from '../review/helpers.js';
import { staffClient, signIn as staffSignIn } from '../staff/helpers.js';

// The record as it stood on a day (issue 39): the triggers on certifications, test kits,
// credentials and registrations keep each accepted period and each change of activity, through
// the product's own review, renewal and standing flows.

let t: TestApp;
let springfield: OrganizationFixture;
let review: ReturnType<typeof reviewCalls>;
let call: ReturnType<typeof staffClient>;
beforeAll(async () => {
  t = await createTestApp();
  springfield = await createOrganization(t.app.orm.em.fork());
  call = staffClient(t.app, (await staffSignIn(t)).token);
  review = reviewCalls(call);
});
afterAll(() => t.close());

const { sql, post, get, signIn, upload } = accountCalls(() => t);

async function approvedTester({ approve = true } = {}) {
  const tester = await registerTester(t, [springfield]);
  const registration = await t.app.orm.em
    .fork()
    .findOneOrFail(Registration, { user: { email: tester.email } });
  await review.acceptAll(registration.id);
  if (approve) {
    const approved = await review.current(registration.id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
  }
  const cookie = await signIn(tester.email);
  return { ...tester, cookie, registrationId: registration.id };
}

type TPeriodRow = {
  through: string | null;
  from: string | null;
  withdrawn: boolean;
  accepted_at: string;
};

const certificationPeriods = (registrationId: number) =>
  sql<TPeriodRow>(
    `select to_char(p.valid_through, 'YYYY-MM-DD') as through, null as from,
            p.withdrawn_at is not null as withdrawn, p.accepted_at
       from certification_periods p join certifications c on c.id = p.certification_id
      where c.registration_id = ? order by p.id`,
    [registrationId],
  );
const calibrationPeriods = (registrationId: number) =>
  sql<TPeriodRow>(
    `select to_char(p.calibrated_on, 'YYYY-MM-DD') as from,
            to_char(p.due_on, 'YYYY-MM-DD') as through,
            p.withdrawn_at is not null as withdrawn, p.accepted_at
       from calibration_periods p
       join test_kits k on k.id = p.test_kit_id
       join registrations r on r.submission_id = k.submission_id
      where r.id = ? order by p.id`,
    [registrationId],
  );
const activity = (registrationId: number) =>
  sql<{ active: boolean }>(
    'select active from registration_activity where registration_id = ? order by id',
    [registrationId],
  ).then((rows) => rows.map((row) => row.active));

describe("the record's periods", () => {
  it('keep the period a renewal replaces, and start the renewed one when it is accepted', async () => {
    const tester = await approvedTester();
    const [first] = await certificationPeriods(tester.registrationId);
    expect(first).toMatchObject({ through: '2030-06-30', withdrawn: false });

    const key = (await get('/me', tester.cookie)).json().message.certifications[0].key;
    const sent = await post(
      '/certifications/renewal',
      { key, certExp: '2032-06-30', certDocLink: await upload(tester.cookie) },
      tester.cookie,
    );
    expect(sent.statusCode, sent.body).toBe(200);
    // Waiting for review, the values on file stand: their period is unchanged.
    expect(await certificationPeriods(tester.registrationId)).toEqual([first]);

    const record = await review.review(tester.registrationId);
    const accepted = await review.document(
      tester.registrationId,
      'certification',
      record.certifications[0].id,
      'accepted',
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    const periods = await certificationPeriods(tester.registrationId);
    expect(periods.map(({ through, withdrawn }) => ({ through, withdrawn }))).toEqual([
      { through: '2030-06-30', withdrawn: false },
      { through: '2032-06-30', withdrawn: false },
    ]);
    expect(Date.parse(periods[1]?.accepted_at ?? '')).toBeGreaterThan(
      Date.parse(first?.accepted_at ?? ''),
    );
  });

  it("keep each calibration of a kit with its due date, the renewed one's from its acceptance", async () => {
    const tester = await approvedTester();
    const [first] = await calibrationPeriods(tester.registrationId);
    expect(first).toMatchObject({ withdrawn: false });
    expect(first?.through).not.toBeNull();

    const kit = (await get('/me', tester.cookie)).json().message.testKits[0];
    const renewed = await post(
      '/test-kits/calibration',
      {
        key: kit.key,
        kitCalibDate: '2026-11-02',
        kitCalibDocLink: await upload(tester.cookie),
      },
      tester.cookie,
    );
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(await calibrationPeriods(tester.registrationId)).toEqual([first]);
    await review.acceptAll(tester.registrationId);
    const periods = await calibrationPeriods(tester.registrationId);
    expect(periods.map(({ from, through }) => ({ from, through }))).toEqual([
      { from: first?.from, through: first?.through },
      { from: '2026-11-02', through: '2027-11-02' },
    ]);
  });

  it('withdraw the period of values whose acceptance is taken back, and bring it back unchanged', async () => {
    // Still in review: a reviewer changes their mind on an item.
    const tester = await approvedTester({ approve: false });
    const [before] = await certificationPeriods(tester.registrationId);
    const record = await review.review(tester.registrationId);
    const certificationId = record.certifications[0].id;
    const rejected = await review.document(
      tester.registrationId,
      'certification',
      certificationId,
      'rejected',
      { reason: 'expired', note: 'The card on file is out of date.' },
    );
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await certificationPeriods(tester.registrationId)).toEqual([
      { ...before, withdrawn: true },
    ]);
    const again = await review.document(
      tester.registrationId,
      'certification',
      certificationId,
      'accepted',
    );
    expect(again.statusCode, again.body).toBe(200);
    // The same values accepted again: the same period, from its first acceptance.
    expect(await certificationPeriods(tester.registrationId)).toEqual([before]);
  });

  it("keep a credential's periods, one that never expires included, each once", async () => {
    const tester = await approvedTester({ approve: false });
    const [credential] = await sql<{ id: number }>(
      `insert into credentials (registration_id, type_name, holder, expires_on, review_decision)
       values (?, 'Backflow training', 'tester', null, 'pending') returning id`,
      [tester.registrationId],
    );
    const periods = () =>
      sql<{ through: string | null; withdrawn: boolean }>(
        `select to_char(valid_through, 'YYYY-MM-DD') as through, withdrawn_at is not null as withdrawn
           from credential_periods where credential_id = ? order by id`,
        [credential?.id],
      );
    expect(await periods()).toEqual([]);
    const decide = (decision: string) =>
      sql('update credentials set review_decision = ? where id = ?', [decision, credential?.id]);
    await decide('accepted');
    await decide('pending');
    await decide('accepted');
    expect(await periods()).toEqual([{ through: null, withdrawn: false }]);
    await sql(`update credentials set expires_on = '2027-05-31' where id = ?`, [credential?.id]);
    expect(await periods()).toEqual([
      { through: null, withdrawn: true },
      { through: '2027-05-31', withdrawn: false },
    ]);
  });

  it("record each change of a registration's activity: approved, suspended, reinstated", async () => {
    const tester = await approvedTester();
    expect(await activity(tester.registrationId)).toEqual([false, true]);
    const suspended = await call(
      'POST',
      `/api/admin/registrations/${tester.registrationId}/suspend`,
      {
        reason: 'Insurance certificate withdrawn by the insurer.',
      },
    );
    expect(suspended.statusCode, suspended.body).toBe(200);
    const reinstated = await call(
      'POST',
      `/api/admin/registrations/${tester.registrationId}/reinstate`,
      { reason: 'A new certificate was accepted.' },
    );
    expect(reinstated.statusCode, reinstated.body).toBe(200);
    expect(await activity(tester.registrationId)).toEqual([false, true, false, true]);
  });
});
