import { TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AuditEntry,
  OrganizationMembership,
  OutboxEmail,
  StaffAccount,
  StaffSession,
  type TOrganization,
} from '../../../api/src/db/entities/index.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { makeOrganization } from '../../helpers/fixtures.js';
import {
  bearer,
  login,
  signIn,
  signInOrganizationPerson,
  staffClient,
  unique,
  uniqueIp,
} from './helpers.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signIn>>;
let asAdmin: ReturnType<typeof staffClient>;
let alpha: TOrganization;
let bravo: TOrganization;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t);
  asAdmin = staffClient(t.app, admin.token);
  const em = t.app.orm.em.fork();
  alpha = await makeOrganization(em, { name: `Alpha Water ${unique()}` });
  bravo = await makeOrganization(em, { name: `Bravo Utility ${unique()}` });
});
afterAll(() => t.close());

/** The newest email to this address of the kinds given. */
async function lastEmailTo(email: string, kinds: string[]) {
  const messages = await t.app.orm.em
    .fork()
    .find(OutboxEmail, { kind: { $in: kinds } }, { orderBy: { id: 'DESC' } });
  return messages.find((message) => message.recipients.includes(email));
}

async function setPasswordFromEmail(email: string) {
  const message = await lastEmailTo(email, ['staff-invite', 'staff-password-reset']);
  const token = /#token=([A-Za-z0-9_-]+)/.exec(message?.textBody ?? '')?.[1];
  if (!token) throw new Error(`no link for ${email}`);
  const password = `pw-${unique()}-${unique()}`;
  const set = await t.app.inject({
    method: 'POST',
    url: '/api/sc/session/set-password',
    remoteAddress: uniqueIp(),
    payload: { token, password },
  });
  expect(set.statusCode, set.body).toBe(200);
  return password;
}

async function signInWith(email: string, password: string): Promise<string> {
  const response = await login(t.app, email, password);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().verified;
}

const account = (token: string) => t.app.inject({ url: '/api/sc/account', headers: bearer(token) });

describe("an organization's people", () => {
  it('are invited by a provider Administrator: the email names the role and the organization, and the link signs them in to it', async () => {
    const email = `manager-${unique()}@alpha.example.gov`;
    const invited = await asAdmin('POST', '/api/admin/organization-people', {
      organizationId: alpha.id,
      email,
      name: 'Maya Manager',
      role: 'program_manager',
    });
    expect(invited.statusCode, invited.body).toBe(201);
    expect(invited.json()).toMatchObject({
      organizationId: alpha.id,
      email,
      name: 'Maya Manager',
      role: 'program_manager',
      status: 'invited',
      twoFactorEnabled: false,
      lastSignInAt: null,
    });
    const message = await lastEmailTo(email, ['staff-invite']);
    expect(message?.textBody).toContain(`as Program manager of ${alpha.name}.`);
    expect(message?.textBody).not.toContain(bravo.name);

    const token = await signInWith(email, await setPasswordFromEmail(email));
    const me = (await account(token)).json();
    expect(me).toMatchObject({
      email,
      role: null,
      access: { kind: 'organization', role: 'program_manager', organizationId: alpha.id },
      organizations: [{ id: alpha.id, name: alpha.name, role: 'program_manager' }],
    });
    // Not one of the provider's staff: the Staff screen neither lists nor opens them.
    const staff = await asAdmin(
      'GET',
      `/api/admin/staff?filter=${encodeURIComponent(JSON.stringify({ q: email }))}`,
    );
    expect(staff.json()).toEqual([]);
    expect((await asAdmin('GET', `/api/admin/staff/${me.id}`)).statusCode).toBe(404);

    const entry = await t.app.orm.em.fork().findOne(AuditEntry, {
      entityType: 'organization_membership',
      entityId: String(invited.json().id),
    });
    expect(entry).toMatchObject({
      action: 'invite',
      staffEmail: admin.email,
      staffRole: 'administrator',
      organizationId: alpha.id,
      after: { email, role: 'program_manager' },
    });
  });

  it("are invited by the organization's Program manager, only to their own organization, and audited in that role", async () => {
    const manager = await signInOrganizationPerson(t, [
      { organizationId: alpha.id, role: 'program_manager' },
    ]);
    const asManager = staffClient(t.app, manager.token);
    const email = `reviewer-${unique()}@alpha.example.gov`;
    // Naming no organization: theirs.
    const invited = await asManager('POST', '/api/admin/organization-people', {
      email,
      role: 'reviewer',
    });
    expect(invited.statusCode, invited.body).toBe(201);
    expect(invited.json()).toMatchObject({ organizationId: alpha.id, role: 'reviewer' });
    const entry = await t.app.orm.em.fork().findOne(AuditEntry, {
      entityType: 'organization_membership',
      entityId: String(invited.json().id),
    });
    expect(entry).toMatchObject({
      staffEmail: manager.email,
      staffRole: 'program_manager',
      organizationId: alpha.id,
    });

    // Another organization: as if it did not exist, and nothing is written.
    const elsewhere = await asManager('POST', '/api/admin/organization-people', {
      organizationId: bravo.id,
      email: `elsewhere-${unique()}@example.org`,
      role: 'viewer',
    });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.body).not.toContain(bravo.name);
    expect(
      await t.app.orm.em.fork().count(OrganizationMembership, { organization: bravo.id }),
    ).toBe(0);

    // Their people list is their organization's; a filter naming another answers 404.
    const listed = await asManager('GET', '/api/admin/organization-people');
    expect(listed.statusCode).toBe(200);
    expect(
      listed.json().every((row: { organizationId: number }) => row.organizationId === alpha.id),
    ).toBe(true);
    const other = await asManager(
      'GET',
      `/api/admin/organization-people?filter=${encodeURIComponent(JSON.stringify({ organization: bravo.id }))}`,
    );
    expect(other.statusCode).toBe(404);

    // The provider's staff narrow the audit log to one organization.
    const auditOf = async (organizationId: number) => {
      const filter = encodeURIComponent(JSON.stringify({ organization: organizationId }));
      const answer = await asAdmin('GET', `/api/admin/audit?filter=${filter}&range=[0,99]`);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json() as { entityId: string; organizationId: number | null }[];
    };
    const ofAlpha = await auditOf(alpha.id);
    expect(ofAlpha.map((row) => row.entityId)).toContain(String(invited.json().id));
    expect(ofAlpha.every((row) => row.organizationId === alpha.id)).toBe(true);
    expect((await auditOf(bravo.id)).map((row) => row.entityId)).not.toContain(
      String(invited.json().id),
    );
  });

  it("refuses one of the provider's staff and a second role in the same organization, writing nothing", async () => {
    const provider = await asAdmin('POST', '/api/admin/organization-people', {
      organizationId: alpha.id,
      email: admin.email.toUpperCase(),
      role: 'viewer',
    });
    expect(provider.statusCode).toBe(409);
    expect(provider.json().errors.email).toBe(
      "This email belongs to one of the provider's staff, who already reach every organization.",
    );
    const email = `twice-${unique()}@example.org`;
    expect(
      (
        await asAdmin('POST', '/api/admin/organization-people', {
          organizationId: alpha.id,
          email,
          role: 'viewer',
        })
      ).statusCode,
    ).toBe(201);
    const again = await asAdmin('POST', '/api/admin/organization-people', {
      organizationId: alpha.id,
      email,
      role: 'reviewer',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors.email).toBe('This person already has a role in this organization.');
    const bad = await asAdmin('POST', '/api/admin/organization-people', {
      organizationId: alpha.id,
      email: `bad-${unique()}@example.org`,
      role: 'owner',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.role).toBe('Please choose Program manager, Reviewer or Viewer.');
  });

  it('give a person of another organization a second role: an email says so, and they switch without signing in again', async () => {
    const person = await signInOrganizationPerson(t, [
      { organizationId: bravo.id, role: 'viewer' },
    ]);
    const added = await asAdmin('POST', '/api/admin/organization-people', {
      organizationId: alpha.id,
      email: person.email,
      role: 'reviewer',
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().status).toBe('active');
    const notice = await lastEmailTo(person.email, ['organization-role']);
    expect(notice?.subject).toBe(
      `You are now Reviewer of ${alpha.name} in the Backflow Admin Console`,
    );
    // No set-password link: they already have a password.
    expect(await lastEmailTo(person.email, ['staff-invite'])).toBeUndefined();

    const me = (await account(person.token)).json();
    expect(me.access).toEqual({ kind: 'organization', role: 'viewer', organizationId: bravo.id });
    expect(me.organizations.map((o: { id: number }) => o.id).sort()).toEqual(
      [alpha.id, bravo.id].sort(),
    );
    const asPerson = staffClient(t.app, person.token);
    const switched = await asPerson('POST', '/api/sc/account/organization', {
      organizationId: alpha.id,
    });
    expect(switched.statusCode, switched.body).toBe(200);
    expect((await account(person.token)).json().access).toEqual({
      kind: 'organization',
      role: 'reviewer',
      organizationId: alpha.id,
    });
    // An organization they hold no role in: 404, and the session stays where it was.
    const stranger = await makeOrganization(t.app.orm.em.fork());
    const refused = await asPerson('POST', '/api/sc/account/organization', {
      organizationId: stranger.id,
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.body).not.toContain(stranger.name);
    expect((await account(person.token)).json().access.organizationId).toBe(alpha.id);
  });

  it('take a role change at once and lose the organization at once when removed; removed from the last, the person is deactivated', async () => {
    const person = await signInOrganizationPerson(t, [
      { organizationId: alpha.id, role: 'reviewer' },
      { organizationId: bravo.id, role: 'viewer' },
    ]);
    const [alphaId, bravoId] = person.membershipIds;
    const asPerson = staffClient(t.app, person.token);
    // Their session began in the first of their organizations by name: Alpha.
    const suspend = () =>
      asPerson('POST', '/api/admin/registrations/987654/suspend', { reason: 'x', until: null });
    expect((await suspend()).statusCode).toBe(404);

    const demoted = await asAdmin('PUT', `/api/admin/organization-people/${alphaId}`, {
      role: 'viewer',
    });
    expect(demoted.statusCode, demoted.body).toBe(200);
    expect(demoted.json().role).toBe('viewer');
    expect((await suspend()).statusCode).toBe(403);

    const removed = await asAdmin('DELETE', `/api/admin/organization-people/${alphaId}`);
    expect(removed.statusCode).toBe(200);
    // The session now works in Bravo, the one organization left.
    const me = await account(person.token);
    expect(me.statusCode).toBe(200);
    expect(me.json().access).toEqual({
      kind: 'organization',
      role: 'viewer',
      organizationId: bravo.id,
    });

    expect((await asAdmin('DELETE', `/api/admin/organization-people/${bravoId}`)).statusCode).toBe(
      200,
    );
    expect((await account(person.token)).statusCode).toBe(401);
    const stored = await t.app.orm.em.fork().findOneOrFail(StaffAccount, { id: person.id });
    expect(stored.active).toBe(false);
    expect(
      await t.app.orm.em.fork().count(StaffSession, { staff: person.id, revokedAt: null }),
    ).toBe(0);
    expect((await login(t.app, person.email, person.password)).statusCode).toBe(401);

    // Invited again later: active again, with a link to choose a password once more.
    const back = await asAdmin('POST', '/api/admin/organization-people', {
      organizationId: alpha.id,
      email: person.email,
      role: 'viewer',
    });
    expect(back.statusCode, back.body).toBe(201);
    expect(back.json().status).toBe('active');
    expect(await lastEmailTo(person.email, ['staff-password-reset'])).toBeDefined();
  });

  it("cannot change or remove one's own role, so a Program manager never locks the organization out by a slip", async () => {
    const organization = await makeOrganization(t.app.orm.em.fork(), {
      name: `Own Role Water ${unique()}`,
    });
    const manager = await signInOrganizationPerson(t, [
      { organizationId: organization.id, role: 'program_manager' },
    ]);
    const [ownId] = manager.membershipIds;
    const asManager = staffClient(t.app, manager.token);
    const demote = await asManager('PUT', `/api/admin/organization-people/${ownId}`, {
      role: 'viewer',
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toBe(
      "You cannot change or remove your own role: another Program manager or the provider's Administrator can.",
    );
    expect((await asManager('DELETE', `/api/admin/organization-people/${ownId}`)).statusCode).toBe(
      409,
    );
    const kept = await t.app.orm.em.fork().findOneOrFail(OrganizationMembership, { id: ownId });
    expect(kept.role).toBe('program_manager');
    expect(
      await t.app.orm.em
        .fork()
        .count(AuditEntry, { entityType: 'organization_membership', entityId: String(ownId) }),
    ).toBe(0);

    // A second Program manager may change the first; the provider's Administrator may too.
    const second = await signInOrganizationPerson(t, [
      { organizationId: organization.id, role: 'program_manager' },
    ]);
    const bySecond = await staffClient(t.app, second.token)(
      'PUT',
      `/api/admin/organization-people/${ownId}`,
      { role: 'reviewer' },
    );
    expect(bySecond.statusCode, bySecond.body).toBe(200);
    expect(bySecond.json().role).toBe('reviewer');
    const [secondId] = second.membershipIds;
    expect((await asAdmin('DELETE', `/api/admin/organization-people/${secondId}`)).statusCode).toBe(
      200,
    );
  });

  it('can be required by their organization to use two-step sign-in, and cannot turn it off while it is', async () => {
    const organization = await makeOrganization(t.app.orm.em.fork(), { requireTwoFactor: true });
    const person = await signInOrganizationPerson(t, [
      { organizationId: organization.id, role: 'viewer' },
    ]);
    const me = (await account(person.token)).json();
    expect(me).toMatchObject({ twoFactorRequired: true, mustEnrollTwoFactor: true });
    const asPerson = staffClient(t.app, person.token);
    const refused = await asPerson('GET', '/api/admin/users');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('TWO FACTOR REQUIRED');

    const setup = await asPerson('POST', '/api/sc/account/two-factor/setup');
    expect(setup.statusCode).toBe(200);
    const totp = new TOTP({ secret: setup.json().secret });
    const confirmed = await asPerson('POST', '/api/sc/account/two-factor/confirm', {
      code: totp.generate(),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await asPerson('GET', '/api/admin/users')).statusCode).toBe(200);
    const off = await asPerson('POST', '/api/sc/account/two-factor/disable', {
      code: confirmed.json().recoveryCodes[0],
    });
    expect(off.statusCode).toBe(409);
  });

  it('are sent a set-password link again, and never reach the provider-only routes', async () => {
    const manager = await signInOrganizationPerson(t, [
      { organizationId: alpha.id, role: 'program_manager' },
    ]);
    const asManager = staffClient(t.app, manager.token);
    const email = `link-${unique()}@alpha.example.gov`;
    const invited = (
      await asManager('POST', '/api/admin/organization-people', { email, role: 'viewer' })
    ).json();
    const resent = await asManager(
      'POST',
      `/api/admin/organization-people/${invited.id}/password-link`,
    );
    expect(resent.statusCode, resent.body).toBe(200);
    expect((await lastEmailTo(email, ['staff-invite']))?.textBody).toContain(
      `as Viewer of ${alpha.name}.`,
    );
    for (const [method, url] of [
      ['GET', '/api/admin/staff'],
      ['POST', '/api/admin/organizations'],
      ['DELETE', `/api/admin/organizations/${alpha.id}`],
      ['POST', '/api/admin/agencies'],
      ['POST', '/api/admin/users'],
      ['GET', '/api/sc/get/testing_route'],
    ] as const) {
      const response = await asManager(
        method,
        url,
        method === 'GET' || method === 'DELETE' ? undefined : {},
      );
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
  });
});
