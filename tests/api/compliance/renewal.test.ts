import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Certification,
  OutboxEmail,
  Registration,
  Reminder,
  TestKit,
} from '../../../api/src/db/entities/index.js';
import { runReminders } from '../../../api/src/modules/compliance/reminders.js';
import { issueStatusLink } from '../../../api/src/modules/review/status-links.js';
import { MESSAGES } from '../../../shared/codes.js';
import { addDays, todayInProgramZone } from '../../../shared/program-zone.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { uploadedLink } from '../registration/fixtures.js';
import { registrationOf, reviewCalls, submitRegistration } from '../review/helpers.js';
import { signIn, staffClient } from '../staff/helpers.js';

// A renewal: the reminder's personal link opens the status page, where the tester sends the
// renewed certificate; it waits in the Review Queue like a resubmission, and once accepted the
// item's reminders start again from its new date.

let t: TestApp;
let calls: ReturnType<typeof reviewCalls>;
let call: ReturnType<typeof staffClient>;
const today = todayInProgramZone();
beforeAll(async () => {
  t = await createTestApp();
  call = staffClient(t.app, (await signIn(t)).token);
  calls = reviewCalls(call);
});
afterAll(() => t.close());

/** An approved tester whose certification expires in `days`, and the reminder's status link. */
async function remindedTester(days: number) {
  const submitted = await submitRegistration(t.app, { certExp: addDays(today, days) });
  const id = registrationOf(submitted, submitted.testerEmail);
  await calls.acceptAll(id);
  const approved = await calls.current(id, 'approve');
  expect(approved.statusCode).toBe(200);
  await runReminders(t.app.orm.em.fork(), {
    now: new Date(),
    publicUrl: 'http://localhost:3000',
    supportUrl: 'mailto:help@example.com',
  });
  const [message] = await t.app.orm.em.fork().find(OutboxEmail, {
    recipients: { $contains: [submitted.testerEmail] },
    kind: 'compliance_reminder',
  });
  const found = /\/form\/([^/\s]+)\/status\/([A-Za-z0-9_-]{43})/.exec(message?.textBody ?? '');
  if (!found?.[1] || !found[2]) throw new Error('no renewal link in the reminder');
  return { submitted, id, hash: found[1], token: found[2] };
}

const view = (hash: string, token: string) =>
  t.app.inject({ url: `/api/tr/status/${hash}/${token}` });
const send = (hash: string, token: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/tr/status/${hash}/${token}`, payload });

describe('renewal through the status page and review', () => {
  it('renews an expiring certificate, reviews it, and restarts its reminders from the new date', async () => {
    const { submitted, id, hash, token } = await remindedTester(20);
    const status = (await view(hash, token)).json().message.status;
    expect(status.state).toBe('approved');
    const [certification] = status.certifications;
    expect(status.renewable).toEqual({
      certifications: [certification.id],
      testKits: [],
      credentials: [],
    });

    const renewed = addDays(today, 3 * 365);
    const response = await send(hash, token, {
      certifications: [
        {
          id: certification.id,
          certNum: certification.number,
          certExp: renewed,
          certAgency: certification.agencyId,
          certType: certification.typeId,
          certDocLink: await uploadedLink(t.app, submitted.organization.hash),
        },
      ],
    });
    expect(response.statusCode).toBe(200);

    // In the queue like a resubmission, with the earlier certificate in its history.
    const queued = await call(
      'GET',
      `/api/admin/review?filter=${encodeURIComponent(JSON.stringify({ organization: submitted.organization.id }))}`,
    );
    expect(queued.json()).toMatchObject([{ id, resubmitted: true }]);
    const record = await calls.review(id);
    expect(record.certifications[0]).toMatchObject({
      expiresOn: renewed,
      decision: 'pending',
      renewal: true,
    });
    expect(record.certifications[0].earlierVersions[0].summary).toContain(addDays(today, 20));
    // Until it is accepted the renewal waits beside the item: the item on file keeps its date
    // and document, and the person who renewed is not reminded again meanwhile.
    const onFile = () =>
      t.app.orm.em.fork().findOneOrFail(Certification, certification.id, { refresh: true });
    const waiting = await onFile();
    expect(waiting.expiresOn).toBe(addDays(today, 20));
    expect(waiting.renewal).toMatchObject({ expiresOn: renewed });
    const earlierDocument = waiting.document?.id;
    const remindersWhileWaiting = await t.app.orm.em.fork().count(Reminder, {
      user: waiting.user.id,
    });
    await runReminders(t.app.orm.em.fork(), {
      now: new Date(Date.now() + 14 * 86_400_000),
      publicUrl: 'http://localhost:3000',
      supportUrl: 'mailto:help@example.com',
    });
    expect(await t.app.orm.em.fork().count(Reminder, { user: waiting.user.id })).toBe(
      remindersWhileWaiting,
    );

    await calls.acceptAll(id);
    expect((await calls.review(id)).certifications[0].renewal).toBe(false);
    const accepted = await onFile();
    expect(accepted.expiresOn).toBe(renewed);
    expect(accepted.renewal).toBeNull();
    expect(accepted.document?.id).not.toBe(earlierDocument);
    expect((await calls.current(id, 'approve')).statusCode).toBe(200);
    const registration = await t.app.orm.em.fork().findOneOrFail(Registration, id);
    expect(registration.reviewState).toBe('approved');
    expect(registration.enrolled).toBe(true);

    // The old date's reminder stays on record; nothing is due for the new date yet.
    const userId = registration.user.id;
    const before = await t.app.orm.em.fork().count(Reminder, { user: userId });
    await runReminders(t.app.orm.em.fork(), {
      now: new Date(),
      publicUrl: 'http://localhost:3000',
      supportUrl: 'mailto:help@example.com',
    });
    expect(await t.app.orm.em.fork().count(Reminder, { user: userId })).toBe(before);
    // 30 days before the new date, its reminders start again.
    const [year, month, day] = addDays(renewed, -30).split('-').map(Number) as number[];
    await runReminders(t.app.orm.em.fork(), {
      now: new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1, 14)),
      publicUrl: 'http://localhost:3000',
      supportUrl: 'mailto:help@example.com',
    });
    const reminders = await t.app.orm.em
      .fork()
      .find(Reminder, { user: userId }, { orderBy: { id: 'asc' } });
    expect(reminders.map((reminder) => [reminder.dueOn, reminder.thresholdDays])).toEqual([
      [addDays(today, 20), 30],
      [renewed, 30],
    ]);
  });

  it('keeps the item on file when a renewal is rejected, and takes its correction beside it', async () => {
    const { submitted, id, hash, token } = await remindedTester(10);
    const [certification] = (await view(hash, token)).json().message.status.certifications;
    const first = addDays(today, 2 * 365);
    const renewal = (certExp: string, certDocLink?: string) => ({
      certifications: [
        {
          id: certification.id,
          certNum: `${certification.number}-R`,
          certExp,
          certAgency: certification.agencyId,
          certType: certification.typeId,
          ...(certDocLink ? { certDocLink } : {}),
        },
      ],
    });
    const link = await uploadedLink(t.app, submitted.organization.hash);
    expect((await send(hash, token, renewal(first, link))).statusCode).toBe(200);
    await calls.document(id, 'certification', certification.id, 'rejected', {
      reason: 'mismatch',
    });
    expect((await calls.current(id, 'request_changes')).statusCode).toBe(200);
    const onFile = () =>
      t.app.orm.em.fork().findOneOrFail(Certification, certification.id, { refresh: true });
    expect((await onFile()).expiresOn).toBe(addDays(today, 10));

    // The changes-requested link shows the renewal and takes its correction (same document).
    const [message] = await t.app.orm.em
      .fork()
      .find(
        OutboxEmail,
        { recipients: { $contains: [submitted.testerEmail] }, kind: 'review_changes_requested' },
        { orderBy: { id: 'desc' } },
      );
    // The email names the rejected renewal as it was sent.
    expect(message?.textBody).toContain(`- Certification ${certification.number}-R (`);
    const [, fixHash, fixToken] =
      /\/form\/([^/\s]+)\/status\/([A-Za-z0-9_-]{43})/.exec(message?.textBody ?? '') ?? [];
    const shown = (await view(fixHash ?? '', fixToken ?? '')).json().message.status;
    expect(shown.certifications[0]).toMatchObject({
      number: `${certification.number}-R`,
      expiresOn: first,
      decision: 'rejected',
    });
    const corrected = addDays(today, 2 * 365 + 1);
    expect((await send(fixHash ?? '', fixToken ?? '', renewal(corrected))).statusCode).toBe(200);
    const waiting = await onFile();
    expect(waiting.expiresOn).toBe(addDays(today, 10));
    expect(waiting.renewal).toMatchObject({ expiresOn: corrected, documentId: link });

    await calls.acceptAll(id);
    const accepted = await onFile();
    expect(accepted.number).toBe(`${certification.number}-R`);
    expect(accepted.expiresOn).toBe(corrected);
    expect(accepted.document?.id).toBe(link);
    expect(accepted.renewal).toBeNull();
  });

  it("renews a kit's calibration: the kit keeps its dates until the renewal is accepted", async () => {
    const submitted = await submitRegistration(t.app, { withKit: true });
    const id = registrationOf(submitted, submitted.testerEmail);
    await calls.acceptAll(id);
    expect((await calls.current(id, 'approve')).statusCode).toBe(200);
    const em = t.app.orm.em.fork();
    const issued = issueStatusLink(
      em,
      { id, formHash: submitted.organization.hash },
      'http://localhost:3000',
    );
    await em.flush();
    const [, hash = '', token = ''] = /\/form\/([^/]+)\/status\/(.+)$/.exec(issued.url) ?? [];
    const status = (await view(hash, token)).json().message.status;
    const [kit] = status.testKits;
    expect(status.renewable.testKits).toEqual([kit.id]);
    const document = await uploadedLink(t.app, submitted.organization.hash);
    const sent = await send(hash, token, {
      testKits: [
        {
          id: kit.id,
          kitSerial: kit.serial,
          kitMfr: kit.manufacturer,
          kitModel: kit.model,
          kitCalibDate: today,
          kitCalibDocLink: document,
        },
      ],
    });
    expect(sent.statusCode).toBe(200);
    const onFile = () => t.app.orm.em.fork().findOneOrFail(TestKit, kit.id, { refresh: true });
    const waiting = await onFile();
    expect(waiting.calibratedOn).toBe(kit.calibratedOn);
    expect(waiting.renewal).toMatchObject({ calibratedOn: today, documentId: document });

    await calls.acceptAll(id);
    const accepted = await onFile();
    expect(accepted.calibratedOn).toBe(today);
    expect(accepted.document?.id).toBe(document);
    expect(accepted.renewal).toBeNull();
    // The next calibration's date follows the new one (the organization's 12 months).
    expect(accepted.calibrationDueOn?.slice(0, 4)).toBe(String(Number(today.slice(0, 4)) + 1));
  });

  it('refuses a renewal without a later date or a new document, and changes nothing', async () => {
    const { hash, token } = await remindedTester(5);
    const [certification] = (await view(hash, token)).json().message.status.certifications;
    const base = {
      id: certification.id,
      certNum: certification.number,
      certAgency: certification.agencyId,
      certType: certification.typeId,
    };
    const earlier = await send(hash, token, {
      certifications: [{ ...base, certExp: addDays(today, 5) }],
    });
    expect(earlier.statusCode).toBe(422);
    expect(earlier.json().message.fieldErrors).toEqual({
      [`certifications.${certification.id}.certExp`]: MESSAGES.renewalDateNotLater,
      [`certifications.${certification.id}.certDocLink`]: MESSAGES.renewalDocumentRequired,
    });
    const none = await send(hash, token, {});
    expect(none.json().message.generalErrors).toEqual([MESSAGES.renewalsMissing]);
    expect((await view(hash, token)).json().message.status.state).toBe('approved');
  });

  it('offers nothing to renew while an item is more than 60 days from its date', async () => {
    const submitted = await submitRegistration(t.app, { certExp: addDays(today, 61) });
    const id = registrationOf(submitted, submitted.testerEmail);
    await calls.acceptAll(id);
    await calls.current(id, 'approve');
    const em = t.app.orm.em.fork();
    const link = issueStatusLink(
      em,
      { id, formHash: submitted.organization.hash },
      'http://localhost:3000',
    );
    await em.flush();
    const [, hash, token] = /\/form\/([^/]+)\/status\/(.+)$/.exec(link.url) ?? [];
    const status = (await view(hash ?? '', token ?? '')).json().message.status;
    expect(status.renewable).toEqual({ certifications: [], testKits: [], credentials: [] });
    const [certification] = status.certifications;
    const refused = await send(hash ?? '', token ?? '', {
      certifications: [
        {
          id: certification.id,
          certNum: certification.number,
          certExp: addDays(today, 800),
          certAgency: certification.agencyId,
          certType: certification.typeId,
          certDocLink: await uploadedLink(t.app, submitted.organization.hash),
        },
      ],
    });
    expect(refused.json().message.generalErrors).toEqual([
      MESSAGES.renewalNotNeeded,
      MESSAGES.renewalsMissing,
    ]);
  });
});
