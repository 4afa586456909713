import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Registration, type TRegistration } from '../../../api/src/db/entities/index.js';
import { ACCOUNT_CODES } from '../../../shared/account.js';
import { MESSAGES } from '../../../shared/codes.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import {
  createOrganization,
  type OrganizationFixture,
  uploadedLink,
} from '../registration/fixtures.js';
import { reviewCalls } from '../review/helpers.js';
import { staffClient, signIn as staffSignIn } from '../staff/helpers.js';
import { accountCalls, registerTester } from './helpers.js';

// Items sent from My registrations: each goes to every registration that can take it, waits for
// review, and one acceptance applies to every organization.

let t: TestApp;
let springfield: OrganizationFixture;
let shelbyville: OrganizationFixture;
let review: ReturnType<typeof reviewCalls>;
let call: ReturnType<typeof staffClient>;
beforeAll(async () => {
  t = await createTestApp();
  springfield = await createOrganization(t.app.orm.em.fork());
  shelbyville = await createOrganization(t.app.orm.em.fork());
  const staff = await staffSignIn(t);
  call = staffClient(t.app, staff.token);
  review = reviewCalls(call);
});
afterAll(() => t.close());

const { sql, post, get, signIn, upload } = accountCalls(() => t);

const registrationsOf = (email: string) =>
  t.app.orm.em
    .fork()
    .find(Registration, { user: { email } }, { orderBy: { id: 'asc' }, refresh: true });

/** A tester registered with both organizations, approved by staff in both, and signed in. */
async function approvedTester() {
  const tester = await registerTester(t, [springfield, shelbyville]);
  for (const registration of await registrationsOf(tester.email)) {
    await review.acceptAll(registration.id);
    const approved = await review.current(registration.id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
  }
  const cookie = await signIn(tester.email);
  const view = (await get('/me', cookie)).json().message;
  return { ...tester, cookie, view };
}

const send = (url: string, body: object, cookie: Record<string, string>) => post(url, body, cookie);

describe('renewing a certification from My registrations', () => {
  it('sends it to both organizations, and one acceptance renews it in both and approves both again', async () => {
    const tester = await approvedTester();
    const document = await upload(tester.cookie);
    const key = tester.view.certifications[0].key;
    const sent = await send(
      '/certifications/renewal',
      { key, certExp: '2032-06-30', certDocLink: document },
      tester.cookie,
    );
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().message.sentTo.sort()).toEqual([springfield.name, shelbyville.name].sort());

    const [first, second] = (await registrationsOf(tester.email)) as [TRegistration, TRegistration];
    for (const registration of [first, second]) {
      expect(registration).toMatchObject({ reviewState: 'pending', resumeState: 'approved' });
      expect(registration.accountChangeAt).not.toBeNull();
      const record = await review.review(registration.id);
      expect(record.fromAccount).toBe(true);
      expect(record.history.at(-1).summary).toContain('Sent from My registrations');
    }
    const waiting = (await get('/me', tester.cookie)).json().message;
    expect(waiting.certifications[0]).toMatchObject({
      status: 'renewalWaiting',
      expiresOn: '2030-06-30',
    });

    const record = await review.review(first.id);
    const accepted = await review.document(
      first.id,
      'certification',
      record.certifications[0].id,
      'accepted',
    );
    expect(accepted.statusCode, accepted.body).toBe(200);

    for (const registration of await registrationsOf(tester.email)) {
      expect(registration).toMatchObject({
        reviewState: 'approved',
        resumeState: null,
        accountChangeAt: null,
      });
    }
    const [dates] = await sql<{ expires: string[]; documents: string[] }>(
      `select array_agg(to_char(expires_on, 'YYYY-MM-DD')) as expires,
              array_agg(document_id::text) as documents
         from certifications where user_id = (select id from users where email = ?)`,
      [tester.email],
    );
    expect(dates?.expires).toEqual(['2032-06-30', '2032-06-30']);
    expect(new Set(dates?.documents)).toEqual(new Set([document]));
    const renewed = (await get('/me', tester.cookie)).json().message;
    expect(renewed.certifications).toHaveLength(1);
    expect(renewed.certifications[0]).toMatchObject({ expiresOn: '2032-06-30', status: 'valid' });
    const other = await review.review(second.id);
    expect(other.history.map((h: { summary: string }) => h.summary)).toContain(
      'Approved again: every item sent from My registrations was accepted',
    );
  });

  it('refuses a date not later than the one on file and a document not theirs, changing nothing', async () => {
    const tester = await approvedTester();
    const other = await approvedTester();
    const key = tester.view.certifications[0].key;
    const notLater = await send(
      '/certifications/renewal',
      { key, certExp: '2030-06-30', certDocLink: await upload(tester.cookie) },
      tester.cookie,
    );
    expect(notLater.statusCode).toBe(422);
    expect(notLater.json()).toEqual({
      code: ACCOUNT_CODES.accountErrors,
      message: { fieldErrors: { certExp: MESSAGES.renewalDateNotLater } },
    });
    for (const foreign of [
      await upload(other.cookie),
      await uploadedLink(t.app, springfield.hash),
    ]) {
      const answer = await send(
        '/certifications/renewal',
        { key, certExp: '2033-01-31', certDocLink: foreign },
        tester.cookie,
      );
      expect(answer.statusCode).toBe(422);
      expect(answer.json().message.fieldErrors).toEqual({
        certDocLink: MESSAGES.documentLinkInvalid,
      });
    }
    for (const registration of await registrationsOf(tester.email)) {
      expect(registration.reviewState).toBe('approved');
    }
    const [waiting] = await sql<{ count: number }>(
      `select count(*)::int as count from certifications
        where renewal is not null and user_id = (select id from users where email = ?)`,
      [tester.email],
    );
    expect(waiting?.count).toBe(0);
  });

  it('cannot reach another person’s certification', async () => {
    const tester = await approvedTester();
    const other = await approvedTester();
    const answer = await send(
      '/certifications/renewal',
      {
        key: other.view.certifications[0].key,
        certExp: '2033-01-31',
        certDocLink: await upload(tester.cookie),
      },
      tester.cookie,
    );
    expect(answer.statusCode).toBe(404);
    expect(answer.json().message).toBe(MESSAGES.accountItemNotFound);
  });
});

describe('adding a certification', () => {
  it('goes to each organization that accepts its agency and says which refused it', async () => {
    const awwaOnly = await createOrganization(t.app.orm.em.fork(), { agencies: ['AWWA'] });
    const tester = await registerTester(t, [springfield, awwaOnly]);
    const cookie = await signIn(tester.email);
    const [asseId, asse] = Object.entries(springfield.agencies).find(
      ([, agency]) => agency.name === 'ASSE',
    ) as [string, { types: Record<string, string> }];
    const added = await send(
      '/certifications',
      {
        certNum: 'ASSE-77',
        certExp: '2031-01-31',
        certAgency: asseId,
        certType: Object.keys(asse.types)[0],
        certDocLink: await upload(cookie),
      },
      cookie,
    );
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().message).toEqual({
      sentTo: [springfield.name],
      refusedBy: [{ organizationName: awwaOnly.name, message: MESSAGES.certAgencyNotAccepted }],
    });
    const view = (await get('/me', cookie)).json().message;
    const asseCertification = view.certifications.find(
      (c: { number: string }) => c.number === 'ASSE-77',
    );
    expect(asseCertification.organizations).toEqual([springfield.name]);
    const again = await send(
      '/certifications',
      {
        certNum: ' asse-77 ',
        certExp: '2031-01-31',
        certAgency: asseId,
        certType: Object.keys(asse.types)[0],
        certDocLink: await upload(cookie),
      },
      cookie,
    );
    expect(again.statusCode).toBe(422);
    expect(again.json().message.fieldErrors).toEqual({
      certNum: MESSAGES.accountCertificationOnFile,
    });
  });
});

describe('test kits', () => {
  it('adds a kit to both organizations and one acceptance of its calibration applies to both', async () => {
    const tester = await approvedTester();
    const added = await send(
      '/test-kits',
      {
        kitSerial: 'NEW-1',
        kitMfr: 'Watts',
        kitModel: 'TK-1',
        kitCalibDate: '2026-09-01',
        kitCalibDocLink: await upload(tester.cookie),
      },
      tester.cookie,
    );
    expect(added.statusCode, added.body).toBe(200);
    const view = (await get('/me', tester.cookie)).json().message;
    const kit = view.testKits.find((k: { serial: string }) => k.serial === 'NEW-1');
    expect(kit.organizations.sort()).toEqual([springfield.name, shelbyville.name].sort());
    expect(kit.status).toBe('reviewWaiting');

    const [first] = (await registrationsOf(tester.email)) as [TRegistration];
    const record = await review.review(first.id);
    const newKit = record.testKits.find((k: { serial: string }) => k.serial === 'NEW-1');
    expect((await review.document(first.id, 'testKit', newKit.id, 'accepted')).statusCode).toBe(
      200,
    );
    for (const registration of await registrationsOf(tester.email)) {
      expect(registration.reviewState).toBe('approved');
    }

    const calibrated = await send(
      '/test-kits/calibration',
      { key: kit.key, kitCalibDate: '2026-10-01', kitCalibDocLink: await upload(tester.cookie) },
      tester.cookie,
    );
    expect(calibrated.statusCode, calibrated.body).toBe(200);
    const again = await review.review(first.id);
    const renewedKit = again.testKits.find((k: { serial: string }) => k.serial === 'NEW-1');
    await review.document(first.id, 'testKit', renewedKit.id, 'accepted');
    const [dates] = await sql<{ dates: string[] }>(
      `select array_agg(to_char(calibrated_on, 'YYYY-MM-DD')) as dates from test_kits
        where serial = 'NEW-1' and submission_id in (
          select submission_id from registrations
           where user_id = (select id from users where email = ?))`,
      [tester.email],
    );
    expect(dates?.dates).toEqual(['2026-10-01', '2026-10-01']);
    for (const registration of await registrationsOf(tester.email)) {
      expect(registration.reviewState).toBe('approved');
    }
  });

  it('retires a kit: it leaves the record, the Expiring view and the test kits report; its rows stay', async () => {
    const tester = await approvedTester();
    const [kit] = tester.view.testKits;
    // Calibrated 2025-04-01: its next calibration is overdue, so Expiring lists it.
    const expiring = async () =>
      (
        await call(
          'GET',
          `/api/admin/expiring?filter=${encodeURIComponent(JSON.stringify({ within: '90', kind: 'calibration', organization: springfield.id }))}&range=[0,999]`,
        )
      )
        .json()
        .map((row: { serial: string }) => row.serial);
    const kitsReport = async () =>
      (
        await call('POST', `/api/sc/get/get_reports/${springfield.id}`, {
          range: 'All Time',
          deliveryMethod: 'Download',
          reportType: 'Test Kits',
        })
      ).body;
    expect(await expiring()).toContain(kit.serial);
    expect(await kitsReport()).toContain(kit.serial);
    const retired = await send('/test-kits/retire', { key: kit.key }, tester.cookie);
    expect(retired.statusCode, retired.body).toBe(200);
    expect(retired.json().message).toBe(MESSAGES.accountTestKitRetired);
    expect((await get('/me', tester.cookie)).json().message.testKits).toEqual([]);
    expect(await expiring()).not.toContain(kit.serial);
    expect(await kitsReport()).not.toContain(kit.serial);
    const [rows] = await sql<{ retired: number }>(
      `select count(*)::int as retired from test_kits where serial = ? and retired_at is not null`,
      [kit.serial],
    );
    expect(rows?.retired).toBe(2);
    const again = await send('/test-kits/retire', { key: kit.key }, tester.cookie);
    expect(again.statusCode).toBe(404);
  });
});

describe('what staff see of changes made from My registrations', () => {
  it('shows the person’s own changes and the items they sent on User Info', async () => {
    const tester = await approvedTester();
    await send('/phone', { phone: '555-0142' }, tester.cookie);
    await send(
      '/certifications/renewal',
      {
        key: tester.view.certifications[0].key,
        certExp: '2033-03-31',
        certDocLink: await upload(tester.cookie),
      },
      tester.cookie,
    );
    const [person] = await sql<{ id: number }>('select id from users where email = ?', [
      tester.email,
    ]);
    const user = (await call('GET', `/api/admin/users/${person?.id}`)).json();
    const summaries = user.reviewHistory.map((entry: { summary: string }) => entry.summary);
    expect(summaries).toContain(
      'Changed from My registrations: phone from “555-0100” to “555-0142”',
    );
    expect(
      summaries.filter((summary: string) => summary.startsWith('Sent from My registrations')),
    ).toHaveLength(2);
    const byPerson = user.reviewHistory.filter(
      (entry: { by: string; action: string }) => entry.action === 'account_update',
    );
    expect(byPerson.every((entry: { by: string }) => entry.by === tester.email)).toBe(true);
  });
});
