import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Registration, User } from '../../../api/src/db/entities/index.js';
import { normalizeEmail } from '../../../shared/registration.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import {
  certificationFor,
  companyInput,
  createOrganization,
  email,
  type OrganizationFixture,
  person,
  submit,
} from './fixtures.js';

let t: TestApp;
let organization: OrganizationFixture;
let other: OrganizationFixture;
beforeAll(async () => {
  t = await createTestApp();
  organization = await createOrganization(t.app.orm.em.fork());
  other = await createOrganization(t.app.orm.em.fork());
});
afterAll(() => t.close());

describe('simultaneous final submits', () => {
  it('50 parallel submits, a tenth sharing emails in another case: one user per email, no 5xx', async () => {
    const shared = Array.from({ length: 5 }, () => email('shared'));
    const bodies = [];
    for (let i = 0; i < 50; i++) {
      // Submits 0-4 and 5-9 use the same five emails (different case), for the same organization.
      const address =
        i < 5 ? shared[i] : i < 10 ? (shared[i - 5] ?? '').toUpperCase() : email('solo');
      // Half testers with a certificate, half admins; shared emails always as testers.
      const tester = i < 10 || i % 2 === 0;
      bodies.push({
        hashValue: organization.hash,
        companyInfo: [companyInput()],
        userInfo: [
          tester
            ? person({
                userType: 'tester',
                userEmail: address,
                userCerts: [await certificationFor(t.app, organization)],
              })
            : person({ userType: 'admin', userEmail: address }),
        ],
        testKitInfo: [],
      });
    }
    const responses = await Promise.all(bodies.map((body) => submit(t.app, body)));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(statuses.filter((status) => status === 200)).toHaveLength(45);
    const refused = responses.filter((response) => response.statusCode === 422);
    expect(refused).toHaveLength(5);
    for (const response of refused) {
      expect(response.json().code).toBe('FINAL ERRORS');
      expect(Object.values(response.json().message.userErrors)).toHaveLength(1);
    }

    const rows = await t.app.orm.em
      .fork()
      .getConnection()
      .execute<{ email: string; users: number }[]>(
        `select lower(email) as email, count(*)::int as users from users
          where lower(email) in (?) group by lower(email)`,
        [shared.map(normalizeEmail)],
      );
    expect(rows).toHaveLength(5);
    expect(rows.every((row) => row.users === 1)).toBe(true);
  });

  it('the same new person registering for two organizations at once is one user with two registrations', async () => {
    const address = email('twice');
    const [a, b] = await Promise.all(
      [organization, other].map((target) =>
        submit(t.app, {
          hashValue: target.hash,
          companyInfo: [companyInput()],
          userInfo: [person({ userType: 'admin', userEmail: address })],
          testKitInfo: [],
        }),
      ),
    );
    expect([a?.statusCode, b?.statusCode]).toEqual([200, 200]);
    const em = t.app.orm.em.fork();
    const user = await em.findOneOrFail(User, { email: address });
    expect(await em.count(User, { email: address })).toBe(1);
    expect(await em.count(Registration, { user })).toBe(2);
  });
});
