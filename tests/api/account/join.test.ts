import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES, MESSAGES } from '../../../shared/codes.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { createOrganization, type OrganizationFixture } from '../registration/fixtures.js';
import { accountCalls, registerTester } from './helpers.js';

// Registering with another organization from My registrations: nothing typed again, documents
// reused, and the new registration waits for that organization's review.

let t: TestApp;
let springfield: OrganizationFixture;
let shelbyville: OrganizationFixture;
beforeAll(async () => {
  t = await createTestApp();
  springfield = await createOrganization(t.app.orm.em.fork());
  shelbyville = await createOrganization(t.app.orm.em.fork());
});
afterAll(() => t.close());

const { sql, post, get, signIn } = accountCalls(() => t);

describe('registering with another organization from the record', () => {
  it('sends the company, the certification and the test kit with their documents, for review', async () => {
    const tester = await registerTester(t, [springfield]);
    const cookie = await signIn(tester.email);
    const joined = await post('/registrations', { hashValue: shelbyville.hash }, cookie);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json()).toEqual({
      code: CODES.success,
      message: { organizationName: shelbyville.name, certifications: 1, testKits: 1 },
    });
    const rows = await sql<{
      organization_id: number;
      review_state: string;
      company_id: number;
      cert_document: string;
      kit_document: string;
    }>(
      `select r.organization_id, r.review_state, r.company_id,
              (select c.document_id::text from certifications c where c.registration_id = r.id)
                as cert_document,
              (select k.document_id::text from test_kits k
                where k.submission_id = r.submission_id and k.organization_id = r.organization_id)
                as kit_document
         from registrations r join users u on u.id = r.user_id
        where u.email = ? order by r.id`,
      [tester.email],
    );
    expect(rows).toHaveLength(2);
    const [first, second] = rows;
    expect(second).toMatchObject({
      organization_id: shelbyville.id,
      review_state: 'pending',
      company_id: first?.company_id,
      cert_document: first?.cert_document,
      kit_document: first?.kit_document,
    });
    const view = (await get('/me', cookie)).json().message;
    expect(view.certifications).toHaveLength(1);
    expect(view.certifications[0].organizations.sort()).toEqual(
      [springfield.name, shelbyville.name].sort(),
    );
    const [notice] = await sql<{ subject: string }>(
      `select subject from email_outbox where kind = 'signup_notification' and ? = any(recipients)
        order by id desc limit 1`,
      [shelbyville.primaryEmail],
    );
    expect(notice?.subject).toBe(`New registration for ${shelbyville.name}`);
    const again = await post('/registrations', { hashValue: shelbyville.hash }, cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MESSAGES.emailAlreadyRegisteredHere);
  });

  it('says what the organization needs beyond the record, and registers nothing', async () => {
    const asseOnly = await createOrganization(t.app.orm.em.fork(), { agencies: ['ASSE'] });
    // The fixture's certification is the first agency the organization accepts: AWWA.
    const tester = await registerTester(t, [springfield]);
    const cookie = await signIn(tester.email);
    const answer = await post('/registrations', { hashValue: asseOnly.hash }, cookie);
    expect(answer.statusCode).toBe(409);
    expect(answer.json().message).toBe(
      MESSAGES.accountJoinNeedsCertifications
        .replace('{organization}', asseOnly.name)
        .replace('{count}', '1'),
    );
    const [count] = await sql<{ n: number }>(
      'select count(*)::int as n from registrations where organization_id = ?',
      [asseOnly.id],
    );
    expect(count?.n).toBe(0);
  });

  it('refuses a link that is not an organization’s, and a call without a session', async () => {
    const tester = await registerTester(t, [springfield]);
    const cookie = await signIn(tester.email);
    const unknown = await post('/registrations', { hashValue: 'A'.repeat(43) }, cookie);
    expect(unknown.json().code).toBe(CODES.orgUrlInvalid);
    expect((await post('/registrations', { hashValue: shelbyville.hash })).statusCode).toBe(401);
  });
});
