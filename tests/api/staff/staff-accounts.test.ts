import { TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../api/src/app.js';
import {
  AuditEntry,
  OutboxEmail,
  StaffAccount,
  StaffPasswordLink,
} from '../../../api/src/db/entities/index.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { bearer, createStaff, login, signIn, staffClient, unique, uniqueIp } from './helpers.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signIn>>;
let call: ReturnType<typeof staffClient>;
beforeAll(async () => {
  t = await createTestApp({ env: { REQUIRE_2FA_FOR: 'editor' } });
  admin = await signIn(t);
  call = staffClient(t.app, admin.token);
});
afterAll(() => t.close());

const verify = (token: string) =>
  t.app.inject({ url: '/api/sc/get/verify_auth', headers: bearer(token) });

/** The token of the newest password link emailed to this address. */
async function linkTokenFor(email: string): Promise<string> {
  const messages = await t.app.orm.em
    .fork()
    .find(OutboxEmail, { kind: { $like: 'staff-%' } }, { orderBy: { id: 'DESC' } });
  const message = messages.find((candidate) => candidate.recipients.includes(email));
  const token = /#token=([A-Za-z0-9_-]+)/.exec(message?.textBody ?? '')?.[1];
  if (!token) throw new Error(`no password link for ${email}`);
  return token;
}

const setPassword = (token: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/sc/session/set-password',
    remoteAddress: uniqueIp(),
    payload: { token, password },
  });

async function invite(role: 'viewer' | 'editor' | 'administrator' = 'viewer') {
  const email = `invitee-${unique()}@example.org`;
  const response = await call('POST', '/api/admin/staff', { email, name: 'Ivy Invitee', role });
  expect(response.statusCode, response.body).toBe(201);
  return { id: response.json().id as number, email };
}

describe('the Staff screen', () => {
  it('invites someone by email; the link sets their password once, within 72 hours', async () => {
    const { id, email } = await invite('viewer');
    const listed = (await call('GET', `/api/admin/staff/${id}`)).json();
    expect(listed).toMatchObject({ email, role: 'viewer', status: 'invited', lastSignInAt: null });
    const message = (await t.app.orm.em.fork().find(OutboxEmail, { kind: 'staff-invite' })).find(
      (candidate) => candidate.recipients.includes(email),
    );
    expect(message?.subject).toBe('You are invited to the Backflow Admin Console');
    expect(message?.textBody).toContain('as Viewer');
    expect(message?.textBody).toContain('within 72 hours');

    const token = await linkTokenFor(email);
    expect(token.length).toBeGreaterThanOrEqual(43);
    const [stored] = await t.app.orm.em.fork().find(StaffPasswordLink, { staff: id });
    expect(stored?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored?.tokenHash).not.toContain(token);
    const hours =
      ((stored?.expiresAt.getTime() ?? 0) - (stored?.createdAt.getTime() ?? 0)) / 3_600_000;
    expect(Math.round(hours)).toBe(72);

    const described = await t.app.inject({
      url: `/api/sc/session/password-link?token=${token}`,
      remoteAddress: uniqueIp(),
    });
    expect(described.json()).toEqual({ email, purpose: 'invite' });
    expect((await setPassword(token, 'short')).statusCode).toBe(400);
    const common = await setPassword(token, 'qwertyuiop123');
    expect(common.statusCode).toBe(400);
    expect(common.json().errors.password).toBe(
      'This password is too common or too easy to guess. Please choose a longer, less predictable one.',
    );
    const password = `Chosen pass ${unique()}`;
    expect((await setPassword(token, password)).statusCode).toBe(200);
    expect((await setPassword(token, `${password}!`)).statusCode).toBe(404);
    const signedIn = await login(t.app, email, password);
    expect(signedIn.statusCode).toBe(200);
    expect((await call('GET', `/api/admin/staff/${id}`)).json().status).toBe('active');
  });

  it('refuses a second account with the same email', async () => {
    const { email } = await invite();
    const again = await call('POST', '/api/admin/staff', {
      email: email.toUpperCase(),
      role: 'viewer',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors.email).toBe('A staff account with this email already exists.');
  });

  it('changes a role, effective on the next request', async () => {
    const viewer = await signIn(t, 'viewer');
    const asViewer = staffClient(t.app, viewer.token);
    const body = { name: 'Renamed', primaryEmail: '', allowedUntil: '2034-12-31' };
    expect((await asViewer('POST', '/api/admin/organizations', body)).statusCode).toBe(403);
    const changed = await call('PUT', `/api/admin/staff/${viewer.id}`, { role: 'editor' });
    expect(changed.json().role).toBe('editor');
    // REQUIRE_2FA_FOR=editor here: an Editor without two-step sign-in must set it up first.
    const blocked = await asViewer('POST', '/api/admin/organizations', body);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().code).toBe('TWO FACTOR REQUIRED');
    expect((await asViewer('GET', '/api/sc/account')).json().mustEnrollTwoFactor).toBe(true);
    const audit = await call(
      'GET',
      `/api/admin/audit?filter=${encodeURIComponent(JSON.stringify({ action: 'role_change', entityId: String(viewer.id) }))}`,
    );
    expect(audit.json()[0]).toMatchObject({
      staffEmail: admin.email,
      before: { role: 'viewer' },
      after: { role: 'editor' },
    });
  });

  it('deactivation ends every session of the person at once, on every process; reactivation lets them back', async () => {
    const person = await signIn(t, 'viewer');
    const second = (await login(t.app, person.email, person.password)).json().verified;
    const otherProcess = await buildApp(t.config);
    await otherProcess.ready();
    const verifyThere = (token: string) =>
      otherProcess.inject({ url: '/api/sc/get/verify_auth', headers: bearer(token) });
    try {
      expect((await verifyThere(person.token)).statusCode).toBe(200);
      const deactivated = await call('POST', `/api/admin/staff/${person.id}/deactivate`);
      expect(deactivated.json().status).toBe('deactivated');
      for (const token of [person.token, second]) {
        expect((await verify(token)).statusCode).toBe(401);
        expect((await verifyThere(token)).statusCode).toBe(401);
      }
    } finally {
      await otherProcess.close();
    }
    expect((await login(t.app, person.email, person.password)).statusCode).toBe(401);
    expect((await call('POST', `/api/admin/staff/${person.id}/password-link`)).statusCode).toBe(
      409,
    );
    expect((await call('POST', `/api/admin/staff/${person.id}/reactivate`)).json().status).toBe(
      'active',
    );
    expect((await login(t.app, person.email, person.password)).statusCode).toBe(200);
  });

  it('never leaves no active Administrator: the last one can neither demote nor deactivate themselves', async () => {
    const fresh = await createTestApp();
    try {
      const only = await signIn(fresh);
      const asOnly = staffClient(fresh.app, only.token);
      const demote = await asOnly('PUT', `/api/admin/staff/${only.id}`, { role: 'editor' });
      expect(demote.statusCode).toBe(409);
      expect(demote.json().message).toBe(
        'This is the last active Administrator: make another person an Administrator first.',
      );
      expect((await asOnly('POST', `/api/admin/staff/${only.id}/deactivate`)).statusCode).toBe(409);
      const other = await createStaff(fresh.app, { role: 'administrator' });
      expect(
        (await asOnly('PUT', `/api/admin/staff/${only.id}`, { role: 'editor' })).statusCode,
      ).toBe(200);
      expect(
        (await fresh.app.orm.em.fork().findOneOrFail(StaffAccount, { id: other.id })).role,
      ).toBe('administrator');
    } finally {
      await fresh.close();
    }
  });

  it('lists a person’s sessions with address and browser, and signs them out everywhere', async () => {
    const person = await createStaff(t.app, { role: 'viewer' });
    const ip = uniqueIp();
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/sc/session/login',
      remoteAddress: ip,
      headers: { 'user-agent': 'Session Test Browser/1.0' },
      payload: { email: person.email, password: person.password },
    });
    const token = signedIn.json().verified;
    const other = (await login(t.app, person.email, person.password)).json().verified;
    const sessions = (await call('GET', `/api/admin/staff/${person.id}/sessions`)).json();
    expect(sessions).toHaveLength(2);
    const first = sessions.find((session: { ipAddress: string }) => session.ipAddress === ip);
    expect(first).toMatchObject({ userAgent: 'Session Test Browser/1.0', staffId: person.id });
    expect(Date.parse(first.startedAt)).toBeGreaterThan(0);
    expect(Date.parse(first.lastSeenAt)).toBeGreaterThan(0);

    expect(
      (await call('DELETE', `/api/admin/staff/${person.id}/sessions/${first.id}`)).statusCode,
    ).toBe(200);
    expect((await verify(token)).statusCode).toBe(401);
    expect((await verify(other)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/admin/staff/${person.id}/sessions`)).statusCode).toBe(200);
    expect((await verify(other)).statusCode).toBe(401);
    expect((await call('GET', `/api/admin/staff/${person.id}/sessions`)).json()).toEqual([]);
  });

  it('sends a reset link that ends the person’s sessions when used', async () => {
    const person = await signIn(t, 'viewer');
    expect((await call('POST', `/api/admin/staff/${person.id}/password-link`)).statusCode).toBe(
      200,
    );
    const token = await linkTokenFor(person.email);
    const described = await t.app.inject({
      url: `/api/sc/session/password-link?token=${token}`,
      remoteAddress: uniqueIp(),
    });
    expect(described.json().purpose).toBe('reset');
    const password = `Reset pass ${unique()}`;
    expect((await setPassword(token, password)).statusCode).toBe(200);
    expect((await verify(person.token)).statusCode).toBe(401);
    expect((await login(t.app, person.email, person.password)).statusCode).toBe(401);
    expect((await login(t.app, person.email, password)).statusCode).toBe(200);
  });

  it('is for Administrators only', async () => {
    const editor = await signIn(t, 'viewer');
    const response = await t.app.inject({ url: '/api/admin/staff', headers: bearer(editor.token) });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(
      'Your staff role does not allow this. Ask an administrator if you need it.',
    );
  });
});

describe('the own account page', () => {
  it('changes the password, ending the other sessions only', async () => {
    const person = await signIn(t, 'viewer');
    const other = (await login(t.app, person.email, person.password)).json().verified;
    const asPerson = staffClient(t.app, person.token);
    const wrong = await asPerson('POST', '/api/sc/account/password', {
      currentPassword: 'not-it',
      newPassword: `New password ${unique()}`,
    });
    expect(wrong.json().errors.currentPassword).toBe('Your current password is not correct.');
    const newPassword = `New password ${unique()}`;
    const changed = await asPerson('POST', '/api/sc/account/password', {
      currentPassword: person.password,
      newPassword,
    });
    expect(changed.statusCode).toBe(200);
    expect((await verify(person.token)).statusCode).toBe(200);
    expect((await verify(other)).statusCode).toBe(401);
    expect((await login(t.app, person.email, newPassword)).statusCode).toBe(200);
  });

  it('sets up two-step sign-in; sign-in then asks for a code, used once, or a recovery code', async () => {
    const person = await signIn(t, 'editor');
    const asPerson = staffClient(t.app, person.token);
    expect((await asPerson('GET', '/api/admin/organizations')).json().code).toBe(
      'TWO FACTOR REQUIRED',
    );
    const setup = (await asPerson('POST', '/api/sc/account/two-factor/setup')).json();
    expect(setup.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(setup.otpauthUrl).toContain('otpauth://totp/');
    const app = new TOTP({ secret: setup.secret });
    expect(
      (await asPerson('POST', '/api/sc/account/two-factor/confirm', { code: '000000' })).statusCode,
    ).toBe(400);
    // The code is kept: a second generate() in the next 30-second step would be a new code.
    const confirmedCode = app.generate();
    const confirmed = await asPerson('POST', '/api/sc/account/two-factor/confirm', {
      code: confirmedCode,
    });
    const { recoveryCodes } = confirmed.json();
    expect(recoveryCodes).toHaveLength(10);
    expect((await asPerson('GET', '/api/admin/organizations')).statusCode).toBe(200);
    // Required for Editors here: it cannot be turned off.
    expect(
      (await asPerson('POST', '/api/sc/account/two-factor/disable', { code: recoveryCodes[0] }))
        .statusCode,
    ).toBe(409);

    const ip = uniqueIp();
    const first = await login(t.app, person.email, person.password, ip);
    expect(first.json()).toEqual({ twoFactorRequired: true, challenge: expect.any(String) });
    const { challenge } = first.json();
    // A challenge is not a session token.
    expect((await verify(challenge)).statusCode).toBe(401);
    const second = (code: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/sc/session/two-factor',
        remoteAddress: ip,
        payload: { challenge, code },
      });
    expect((await second('123456')).statusCode).toBe(401);
    // The code confirmed at setup was used: the same step is never accepted twice.
    expect((await second(confirmedCode)).statusCode).toBe(401);
    const byRecovery = await second(recoveryCodes[1]);
    expect(byRecovery.statusCode).toBe(200);
    expect((await verify(byRecovery.json().verified)).statusCode).toBe(200);
    expect((await second(recoveryCodes[1])).statusCode).toBe(401);
    const actions = (
      await t.app.orm.em.fork().find(AuditEntry, { staff: person.id }, { orderBy: { id: 'ASC' } })
    ).map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['two_factor_on', 'sign_in', 'sign_in_failed']));
  });

  it('filters the audit log by staff member and by action', async () => {
    const person = await signIn(t, 'viewer');
    await t.app.inject({
      method: 'POST',
      url: '/api/sc/session/user-logout',
      headers: bearer(person.token),
    });
    const filter = encodeURIComponent(JSON.stringify({ staffEmail: person.email.toUpperCase() }));
    const mine = (await call('GET', `/api/admin/audit?filter=${filter}`)).json();
    expect(mine.map((entry: { action: string }) => entry.action).sort()).toEqual([
      'sign_in',
      'sign_out',
    ]);
    const signOuts = encodeURIComponent(
      JSON.stringify({ staffEmail: person.email, action: 'sign_out' }),
    );
    expect((await call('GET', `/api/admin/audit?filter=${signOuts}`)).json()).toHaveLength(1);
  });
});
