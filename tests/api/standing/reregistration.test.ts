import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Organization, Registration } from '../../../api/src/db/entities/index.js';
import { newStatusLink } from '../../../api/src/modules/review/status-links.js';
import { MESSAGES } from '../../../shared/codes.js';
import { fillMessage } from '../../../shared/fill-message.js';
import { addDays, todayInProgramZone } from '../../../shared/program-zone.js';
import { validThrough } from '../../../shared/requirements.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { accountCalls, registerTester } from '../account/helpers.js';
import { createOrganization, type OrganizationFixture } from '../registration/fixtures.js';
import { reviewCalls } from '../review/helpers.js';
import { staffClient, signIn as staffSignIn } from '../staff/helpers.js';

// Registering again for a new period: from My registrations or a period reminder's status link,
// one confirmation of what is on file, refused while something has expired; the approval
// starts the next period and makes a lapsed registration Active again.

let t: TestApp;
let review: ReturnType<typeof reviewCalls>;
const calls = accountCalls(() => t);
beforeAll(async () => {
  t = await createTestApp();
  const staff = await staffSignIn(t);
  review = reviewCalls(staffClient(t.app, staff.token));
});
afterAll(() => t.close());

const em = () => t.app.orm.em.fork();
const today = () => todayInProgramZone();

/** An organization whose registrations are valid for 12 months. */
async function yearlyOrganization(): Promise<OrganizationFixture> {
  const organization = await createOrganization(em());
  await em().nativeUpdate(
    Organization,
    { id: organization.id },
    { registrationValidity: 'twelveMonths' },
  );
  return organization;
}

/** A tester registered and approved with `organization`, their period started on `approvedOn`. */
async function approvedTester(
  organization: OrganizationFixture,
  approvedOn: string,
  certExp?: string,
) {
  const tester = await registerTester(t, [organization], { certExp });
  const [row] = await calls.sql<{ id: number }>(
    `select r.id from registrations r join users u on u.id = r.user_id where lower(u.email) = lower(?)`,
    [tester.email],
  );
  const id = row?.id as number;
  await review.acceptAll(id);
  const approved = await review.current(id, 'approve');
  expect(approved.statusCode, approved.body).toBe(200);
  await em().nativeUpdate(Registration, { id }, { approvedOn });
  return { id, email: tester.email };
}

const stateOf = async (id: number) => {
  const row = await em().findOneOrFail(Registration, id, { refresh: true });
  return {
    state: row.reviewState,
    standing: row.standing,
    approvedOn: row.approvedOn,
    validThrough: row.validThrough,
    reregistered: row.reregisteredAt !== null,
    enrolled: row.enrolled,
  };
};

describe('registering again from My registrations', () => {
  it('sends a lapsed registration for review; its approval makes it Active for a new year', async () => {
    const organization = await yearlyOrganization();
    const person = await approvedTester(organization, addDays(today(), -400));
    await em().nativeUpdate(
      Registration,
      { id: person.id },
      { standing: 'lapsed', enrolled: false },
    );
    const cookie = await calls.signIn(person.email);

    const sent = await calls.post(`/registrations/${person.id}/reregister`, {}, cookie);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().message).toBe(
      fillMessage(MESSAGES.reregistrationSent, { organization: organization.name }),
    );
    expect(await stateOf(person.id)).toMatchObject({ state: 'pending', reregistered: true });
    // The Review Queue says what it is.
    expect(await review.review(person.id)).toMatchObject({ state: 'pending', reregistered: true });
    const again = await calls.post(`/registrations/${person.id}/reregister`, {}, cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MESSAGES.reregistrationWaiting);

    const approved = await review.current(person.id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await stateOf(person.id)).toEqual({
      state: 'approved',
      standing: 'active',
      approvedOn: today(),
      validThrough: validThrough(today(), 'twelveMonths'),
      reregistered: false,
      enrolled: true,
    });
  });

  it('runs an early re-registration from the day after the current period', async () => {
    const organization = await yearlyOrganization();
    // The period ends in 20 days.
    const person = await approvedTester(organization, addDays(today(), -345));
    const before = await stateOf(person.id);
    expect(before.validThrough).toBe(addDays(today(), 19));
    const cookie = await calls.signIn(person.email);
    expect(
      (await calls.post(`/registrations/${person.id}/reregister`, {}, cookie)).statusCode,
    ).toBe(200);
    // Still Active while it waits.
    expect((await stateOf(person.id)).standing).toBe('active');
    expect((await review.current(person.id, 'approve')).statusCode).toBe(200);
    const start = addDays(before.validThrough as string, 1);
    expect(await stateOf(person.id)).toMatchObject({
      approvedOn: start,
      validThrough: validThrough(start, 'twelveMonths'),
    });
  });

  it('is not open before the last 60 days, nor where registration is valid until withdrawn', async () => {
    const yearly = await yearlyOrganization();
    const early = await approvedTester(yearly, addDays(today(), -200));
    const cookie = await calls.signIn(early.email);
    const refused = await calls.post(`/registrations/${early.id}/reregister`, {}, cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(MESSAGES.reregistrationNotOpen);
    expect(await stateOf(early.id)).toMatchObject({ state: 'approved', reregistered: false });

    const standing = await approvedTester(await createOrganization(em()), addDays(today(), -900));
    const other = await calls.signIn(standing.email);
    expect(
      (await calls.post(`/registrations/${standing.id}/reregister`, {}, other)).statusCode,
    ).toBe(409);
  });

  it('names what has expired since, and changes nothing', async () => {
    const organization = await yearlyOrganization();
    const person = await approvedTester(organization, addDays(today(), -400), addDays(today(), 90));
    await calls.sql(`update certifications set expires_on = ? where registration_id = ?`, [
      addDays(today(), -1),
      person.id,
    ]);
    await em().nativeUpdate(Registration, { id: person.id }, { standing: 'lapsed' });
    const cookie = await calls.signIn(person.email);
    const refused = await calls.post(`/registrations/${person.id}/reregister`, {}, cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(
      new RegExp(
        `^Before registering again with ${organization.name}, renew or add in My registrations: .+\\.$`,
      ),
    );
    expect(await stateOf(person.id)).toMatchObject({ state: 'approved', reregistered: false });
  });

  it("answers 404 for another person's registration", async () => {
    const organization = await yearlyOrganization();
    const owner = await approvedTester(organization, addDays(today(), -400));
    const stranger = await approvedTester(organization, addDays(today(), -400));
    const cookie = await calls.signIn(stranger.email);
    const answer = await calls.post(`/registrations/${owner.id}/reregister`, {}, cookie);
    expect(answer.statusCode).toBe(404);
    expect(await stateOf(owner.id)).toMatchObject({ state: 'approved', reregistered: false });
  });
});

describe('registering again through a status link', () => {
  it('works once: the link is used up', async () => {
    const organization = await yearlyOrganization();
    const person = await approvedTester(organization, addDays(today(), -400));
    const link = newStatusLink({ id: person.id, formHash: organization.hash }, 'http://localhost');
    await calls.sql(
      `insert into registration_status_tokens (registration_id, token_hash, expires_at) values (?, ?, ?)`,
      [link.row.registrationId, link.row.tokenHash, link.row.expiresAt],
    );
    const path = new URL(link.url).pathname.replace(/^\/form\//, '').split('/');
    const [hash, , token] = path;
    const send = () =>
      t.app.inject({ method: 'POST', url: `/api/tr/status/${hash}/${token}/reregister` });
    const first = await send();
    expect(first.statusCode, first.body).toBe(200);
    expect(await stateOf(person.id)).toMatchObject({ state: 'pending', reregistered: true });
    expect((await send()).statusCode).toBe(404);
  });
});
