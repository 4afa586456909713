import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '../../../shared/codes.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import {
  acceptedCertification,
  companyInput,
  createOrganization,
  type OrganizationFixture,
  person,
  submit,
  uploadedLink,
} from '../registration/fixtures.js';
import { accountCalls, registerTester } from './helpers.js';

// The choices My registrations' add forms offer: the agencies (and their types) that the
// person's organizations accept, or for a company admin their company's.

let t: TestApp;
let awwaOnly: OrganizationFixture;
let asseOnly: OrganizationFixture;
let abpaOnly: OrganizationFixture;
beforeAll(async () => {
  t = await createTestApp();
  awwaOnly = await createOrganization(t.app.orm.em.fork(), { agencies: ['AWWA'] });
  asseOnly = await createOrganization(t.app.orm.em.fork(), { agencies: ['ASSE'] });
  abpaOnly = await createOrganization(t.app.orm.em.fork(), { agencies: ['ABPA'] });
});
afterAll(() => t.close());

const { sql, get, signIn } = accountCalls(() => t);

/** The agencies' names, each with its types' names, as the answer gives them. */
function named(agencies: Record<string, { agency: string; associatedTypes: object }>) {
  return Object.fromEntries(
    Object.values(agencies).map((a) => [a.agency, Object.values(a.associatedTypes).sort()]),
  );
}

/** The same names from an organization fixture. */
const fixtureNames = (...organizations: OrganizationFixture[]) =>
  Object.fromEntries(
    organizations.flatMap((o) =>
      Object.values(o.agencies).map((a) => [a.name, Object.values(a.types).sort()]),
    ),
  );

describe('the certification choices of My registrations', () => {
  it('are the agencies and types any of the person’s organizations accepts, keyed by id', async () => {
    const tester = await registerTester(t, [awwaOnly, asseOnly]);
    const answer = await get('/certification-options', await signIn(tester.email));
    expect(answer.statusCode, answer.body).toBe(200);
    const { code, message } = answer.json();
    expect(code).toBe(CODES.success);
    expect(named(message.agencies)).toEqual(fixtureNames(awwaOnly, asseOnly));
    expect(Object.keys(message.agencies).sort()).toEqual(
      [...Object.keys(awwaOnly.agencies), ...Object.keys(asseOnly.agencies)].sort(),
    );
    const [asseId, asse] = Object.entries(asseOnly.agencies)[0] ?? [];
    expect(message.agencies[asseId as string].associatedTypes).toEqual(asse?.types);
  });

  it('leave out an organization that rejected the person', async () => {
    const tester = await registerTester(t, [awwaOnly, asseOnly]);
    await sql(
      `update registrations set review_state = 'rejected'
        where organization_id = ? and user_id = (select id from users where email = ?)`,
      [asseOnly.id, tester.email],
    );
    const answer = await get('/certification-options', await signIn(tester.email));
    expect(named(answer.json().message.agencies)).toEqual(fixtureNames(awwaOnly));
  });

  it('for a company admin, add the organizations the company’s people are registered with', async () => {
    const admin = person({ userType: 'admin' });
    const first = await submit(t.app, {
      hashValue: awwaOnly.hash,
      companyInfo: [companyInput()],
      userInfo: [admin],
      testKitInfo: [],
    });
    expect(first.statusCode, first.body).toBe(200);
    const [company] = await sql<{ company_id: number }>(
      `select uc.company_id from user_companies uc join users u on u.id = uc.user_id
        where u.email = ?`,
      [admin.userEmail],
    );
    const tester = person({ userType: 'tester' });
    const second = await submit(t.app, {
      hashValue: abpaOnly.hash,
      companyInfo: [companyInput({ companyID: company?.company_id })],
      userInfo: [
        {
          ...tester,
          userCerts: [
            {
              certNum: `AB-${Date.now()}`,
              certExp: '2031-01-31',
              ...acceptedCertification(abpaOnly),
              certDocLink: await uploadedLink(t.app, abpaOnly.hash),
            },
          ],
        },
      ],
      testKitInfo: [],
    });
    expect(second.statusCode, second.body).toBe(200);
    const asAdmin = await get('/certification-options', await signIn(admin.userEmail as string));
    expect(named(asAdmin.json().message.agencies)).toEqual(fixtureNames(awwaOnly, abpaOnly));
    // The tester sees only their own organization's.
    const asTester = await get('/certification-options', await signIn(tester.userEmail as string));
    expect(named(asTester.json().message.agencies)).toEqual(fixtureNames(abpaOnly));
  });

  it('need a session', async () => {
    const answer = await get('/certification-options');
    expect(answer.statusCode).toBe(401);
    expect(answer.json().code).toBe(CODES.unauthorized);
  });
});
