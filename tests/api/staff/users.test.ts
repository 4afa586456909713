import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AuditEntry,
  Certification,
  Company,
  Document,
  Organization,
  Registration,
  User,
  UserCompany,
} from '../../../api/src/db/entities/index.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { orgCreatePayload, signIn, staffClient, unique } from './helpers.js';

let t: TestApp;
let call: ReturnType<typeof staffClient>;
beforeAll(async () => {
  t = await createTestApp();
  call = staffClient(t.app, (await signIn(t)).token);
});
afterAll(() => t.close());

async function newOrganization(): Promise<number> {
  const name = `Users Org ${unique()}`;
  const response = await call(
    'POST',
    `/api/sc/submit/organization/${encodeURIComponent(name)}`,
    orgCreatePayload(name),
  );
  return response.json().orgInfo.org_id;
}

/** People registered for an organization, written as the registration module would. */
async function register(
  organizationId: number,
  people: { firstName: string; lastName: string; enrolled?: boolean }[],
) {
  const em = t.app.orm.em.fork();
  const users = people.map((person) => {
    const user = em.create(User, {
      type: 'tester',
      firstName: person.firstName,
      lastName: person.lastName,
      email: `${person.firstName.toLowerCase()}-${unique()}@example.org`,
      phone: '555-0100',
    });
    em.create(Registration, {
      user,
      organization: organizationId,
      enrolled: person.enrolled ?? false,
    });
    return user;
  });
  await em.flush();
  return users.map((user) => ({ id: user.id, email: user.email }));
}

const usersList = (body: unknown) => call('POST', '/api/sc/get/users_list', body);

describe('Find Users', () => {
  it('pages 25 users at a time by last name, with one finalPage beside the message', async () => {
    const organizationId = await newOrganization();
    const tag = unique();
    await register(
      organizationId,
      Array.from({ length: 27 }, (_, index) => ({
        firstName: `P${tag}`,
        lastName: `L${String(index).padStart(2, '0')}`,
      })),
    );
    const first = await usersList({ orgId: organizationId, page: 1, searchQuery: '' });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.code).toBe('SUCCESS');
    expect(body.message.usersInfo).toHaveLength(25);
    expect(body.finalPage).toBe(2);
    expect(body.message).not.toHaveProperty('finalPage');
    expect(body.message.usersInfo[0]).toMatchObject({
      userFirstName: `P${tag}`,
      userLastName: 'L00',
      userPhone: '555-0100',
      userType: 'tester',
      userEnrolled: false,
    });
    const second = (await usersList({ orgId: String(organizationId), page: '2' })).json();
    expect(second.message.usersInfo.map((u: { userLastName: string }) => u.userLastName)).toEqual([
      'L25',
      'L26',
    ]);
  });

  it('searches by name or email across organizations, without userEnrolled', async () => {
    const organizationId = await newOrganization();
    const tag = unique();
    const [ann] = await register(organizationId, [{ firstName: `Ann${tag}`, lastName: 'Lee' }]);
    const byName = (await usersList({ searchQuery: `ann${tag} lee` })).json();
    expect(byName.message.usersInfo).toHaveLength(1);
    expect(byName.message.usersInfo[0].userEnrolled).toBeUndefined();
    const byEmail = (
      await usersList({ orgId: '', page: 1, searchQuery: ann?.email.toUpperCase() })
    ).json();
    expect(byEmail.message.usersInfo.map((u: { userId: number }) => u.userId)).toEqual([ann?.id]);
    const none = (await usersList({ searchQuery: `zz${tag}%_` })).json();
    expect(none.message.usersInfo).toEqual([]);
    expect(none.finalPage).toBe(1);
  });

  it('refuses a bad page and an unknown organization', async () => {
    const badPage = await usersList({ page: 0 });
    expect(badPage.statusCode).toBe(400);
    expect(badPage.json().message).toBe('Page must be a whole number of 1 or more.');
    expect((await usersList({ orgId: 999999 })).statusCode).toBe(404);
  });
});

describe('User Info', () => {
  it('shows organizations, service providers and certifications with document links', async () => {
    const organizationId = await newOrganization();
    const [person] = await register(organizationId, [
      { firstName: 'Cert', lastName: 'Holder', enrolled: true },
    ]);
    const em = t.app.orm.em.fork();
    const company = em.create(Company, {
      name: 'Acme Testing',
      address1: '1 Main St',
      city: 'Springfield',
      state: 'IL',
      zip: '62701',
      nameKey: 'acme testing',
      addressKey: '1 main st',
      cityKey: 'springfield',
      zip5: '62701',
    });
    em.create(UserCompany, { user: person?.id as number, company });
    const document = em.create(Document, {
      organization: organizationId,
      storageKey: crypto.randomUUID(),
      originalName: 'cert.pdf',
      contentType: 'application/pdf',
      size: 10,
      sha256: 'a'.repeat(64),
      attachedAt: new Date(),
    });
    em.create(Certification, {
      user: person?.id as number,
      number: 'C-123',
      expiresOn: '2027-06-30',
      agencyName: 'AWWA',
      typeName: 'Backflow Prevention Assembly Tester',
      document,
    });
    await em.flush();

    const response = await call('GET', `/api/sc/get/user/${person?.id}`);
    expect(response.statusCode).toBe(200);
    const info = response.json().message.userInfo;
    expect(info).toMatchObject({
      userId: person?.id,
      userFirstName: 'Cert',
      userLastName: 'Holder',
      userType: 'tester',
      userEmail: person?.email,
    });
    const organization = await em.findOneOrFail(Organization, { id: organizationId });
    expect(info.userOrgs).toEqual({
      [String(organizationId)]: { name: organization.name, enrolled: true },
    });
    expect(info.userServiceProviders).toEqual({ [String(company.id)]: 'Acme Testing' });
    expect(Object.values(info.userCerts)).toEqual([
      expect.objectContaining({
        certNum: 'C-123',
        certExp: '2027-06-30',
        certAgency: 'AWWA',
        certType: 'Backflow Prevention Assembly Tester',
        certDocLink: `/api/documents/${document.id}`,
      }),
    ]);
    expect((await call('GET', '/api/sc/get/user/999999')).statusCode).toBe(404);
  });

  it('edits a user with the registration rules and keeps emails unique', async () => {
    const organizationId = await newOrganization();
    const [first, second] = await register(organizationId, [
      { firstName: 'Edit', lastName: 'Me' },
      { firstName: 'Other', lastName: 'Person' },
    ]);
    const url = `/api/sc/submit/user/${first?.id}`;
    const valid = {
      userType: 'admin',
      userFirstName: ' Edited ',
      userLastName: 'Person',
      userEmail: `edited-${unique()}@example.org`,
      userPhone: '555-0199',
    };
    const saved = await call('PUT', url, valid);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().userInfo).toMatchObject({ userFirstName: 'Edited', userType: 'admin' });

    const cases: [Record<string, unknown>, number, string][] = [
      [{ userType: '' }, 400, 'User Type is required.'],
      [{ userType: 'owner' }, 400, 'Please Select Admin or Tester.'],
      [{ userFirstName: '' }, 400, 'First Name is required.'],
      [{ userLastName: undefined }, 400, 'Last Name is required.'],
      [{ userEmail: ' ' }, 400, 'Email is required.'],
      [{ userEmail: 'not-an-email' }, 400, 'Invalid email.'],
      [{ userFirstName: 'x'.repeat(51) }, 400, 'First name must be 50 characters or less.'],
      [{ userPhone: '1'.repeat(51) }, 400, 'Phone must be 50 characters or less.'],
      [
        { userEmail: second?.email.toUpperCase() },
        409,
        'This email is already used by another user.',
      ],
    ];
    for (const [change, status, message] of cases) {
      const response = await call('PUT', url, { ...valid, ...change });
      expect(response.statusCode, message).toBe(status);
      expect(response.json().message).toBe(message);
      expect(response.json().errors).toBeDefined();
    }
    const audit = await t.app.orm.em
      .fork()
      .find(AuditEntry, { entityType: 'user', entityId: String(first?.id) });
    expect(audit).toHaveLength(1);
    expect(audit[0]?.before).toMatchObject({ firstName: 'Edit', type: 'tester' });
    expect(audit[0]?.after).toMatchObject({ firstName: 'Edited', type: 'admin' });
  });

  it('adds a user from the dialog, naming each missing field', async () => {
    const missing = await call('POST', '/api/sc/submit/user', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('User Type is required.');
    expect(missing.json().errors).toEqual({
      userType: 'User Type is required.',
      userFirstName: 'First Name is required.',
      userLastName: 'Last Name is required.',
      userEmail: 'Email is required.',
    });
    const email = `added-${unique()}@example.org`;
    const added = await call('POST', '/api/sc/submit/user', {
      userType: 'tester',
      userFirstName: 'New',
      userLastName: 'Person',
      userEmail: email,
    });
    expect(added.statusCode).toBe(201);
    expect(added.json().userInfo).toMatchObject({ userEmail: email, userPhone: '', userOrgs: {} });
    const duplicate = await call('POST', '/api/sc/submit/user', {
      userType: 'admin',
      userFirstName: 'Dup',
      userLastName: 'Person',
      userEmail: email.toUpperCase(),
    });
    expect(duplicate.statusCode).toBe(409);
  });
});

describe('enrollment', () => {
  it('sets one registration enrolled and back, and 404s a person not registered there', async () => {
    const organizationId = await newOrganization();
    const [person] = await register(organizationId, [{ firstName: 'Enrol', lastName: 'One' }]);
    const url = `/api/sc/submit/enroll/${organizationId}/${person?.id}`;
    const on = await call('POST', url, { enrolled: true });
    expect(on.json()).toEqual({
      code: 'SUCCESS',
      message: { orgId: organizationId, userId: person?.id, enrolled: true },
    });
    const listed = (await usersList({ orgId: organizationId })).json().message.usersInfo;
    expect(listed[0].userEnrolled).toBe(true);
    expect((await call('POST', url, { enrolled: 'false' })).json().message.enrolled).toBe(false);
    const other = await newOrganization();
    const stranger = await call('POST', `/api/sc/submit/enroll/${other}/${person?.id}`, {
      enrolled: true,
    });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().message).toBe('This user is not registered with this organization.');
    expect((await call('POST', url, {})).statusCode).toBe(400);
    const audit = await t.app.orm.em
      .fork()
      .count(AuditEntry, { entityType: 'registration', action: 'enroll' });
    expect(audit).toBeGreaterThanOrEqual(2);
  });

  it('enrolls all of an organization, or only those matching the search', async () => {
    const organizationId = await newOrganization();
    const tag = unique();
    await register(organizationId, [
      { firstName: `Match${tag}`, lastName: 'A' },
      { firstName: `Match${tag}`, lastName: 'B' },
      { firstName: 'Else', lastName: 'C' },
    ]);
    const some = await call('POST', `/api/sc/submit/enroll_all/${organizationId}`, {
      searchQuery: `match${tag}`,
    });
    expect(some.json().message.enrolled).toBe(2);
    const rest = await call('POST', `/api/sc/submit/enroll_all/${organizationId}`);
    expect(rest.json().message.enrolled).toBe(1);
    const enrolled = await t.app.orm.em
      .fork()
      .count(Registration, { organization: organizationId, enrolled: true });
    expect(enrolled).toBe(3);
    expect((await call('POST', '/api/sc/submit/enroll_all/999999')).statusCode).toBe(404);
  });
});
