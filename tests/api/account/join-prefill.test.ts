import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES, MESSAGES } from '../../../shared/codes.js';
import { fillMessage } from '../../../shared/fill-message.js';
import { addDays, todayInProgramZone } from '../../../shared/program-zone.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import {
  companyInput,
  createOrganization,
  type OrganizationFixture,
  person,
  requireCredentials,
  submit,
  testKitFor,
  unique,
  uploadedLink,
} from '../registration/fixtures.js';
import { accountCalls, registerCompany } from './helpers.js';

// The organization's form opened prefilled for a signed-in person (what registering from the
// record would carry, and what the organization needs beyond it), and the join sent with what
// the person typed for it: checked by the organization's rules, its documents claimed, recorded
// on the new registration only.

const LICENSE = 'Business license';
const DRIVER = "Driver's license";

let t: TestApp;
/** Where testers first register: accepts AWWA and ASSE, one certification. */
let springfield: OrganizationFixture;
beforeAll(async () => {
  t = await createTestApp();
  springfield = await createOrganization(t.app.orm.em.fork());
});
afterAll(() => t.close());

const { sql, post, get, signIn } = accountCalls(() => t);

/** The agency (by name) and its first type, as the organization's ids. */
function agencyOf(organization: OrganizationFixture, name: string) {
  const [agencyId, agency] =
    Object.entries(organization.agencies).find(([, entry]) => entry.name === name) ?? [];
  const [typeId] = Object.keys(agency?.types ?? {});
  if (!agencyId || !typeId) throw new Error(`${organization.name} does not accept ${name}`);
  return { certAgency: agencyId, certType: typeId };
}

/** A certification typed in the organization's form, with its uploaded document. */
function addedCertification(organization: OrganizationFixture, agency: string, document: string) {
  return {
    certNum: `N-${unique()}`,
    certExp: '2031-01-31',
    ...agencyOf(organization, agency),
    certDocLink: document,
  };
}

/** A tester registered with Springfield with an AWWA and an ASSE certification and a test kit. */
async function tester() {
  const registrant = person({ userType: 'tester' });
  const kit = await testKitFor(t.app, springfield);
  const certification = async (agency: string) => ({
    certNum: `C-${unique()}`,
    certExp: '2030-06-30',
    ...agencyOf(springfield, agency),
    certDocLink: await uploadedLink(t.app, springfield.hash),
  });
  const awwa = await certification('AWWA');
  const answer = await submit(t.app, {
    hashValue: springfield.hash,
    companyInfo: [companyInput()],
    userInfo: [{ ...registrant, userCerts: [awwa, await certification('ASSE')] }],
    testKitInfo: [kit],
  });
  expect(answer.statusCode, answer.body).toBe(200);
  const email = registrant.userEmail as string;
  return { email, awwa, kit, cookie: await signIn(email) };
}

/** What a join to the organization may have written. */
async function writtenFor(organization: OrganizationFixture) {
  const [row] = await sql<Record<string, number>>(
    `select (select count(*)::int from registrations where organization_id = ?) as registrations,
            (select count(*)::int from submissions where organization_id = ?) as submissions,
            (select count(*)::int from email_outbox where ? = any(recipients)) as emails`,
    [organization.id, organization.id, organization.primaryEmail],
  );
  return row;
}

/** The certifications of the person's registration with the organization. */
const certificationsAt = (organization: OrganizationFixture, email: string) =>
  sql<{ agency_name: string; number: string; document_id: string | null; attached: boolean }>(
    `select c.agency_name, c.number, c.document_id::text,
            d.attached_at is not null as attached
       from certifications c join registrations r on r.id = c.registration_id
       join users u on u.id = r.user_id left join documents d on d.id = c.document_id
      where r.organization_id = ? and lower(u.email) = lower(?) order by c.id`,
    [organization.id, email],
  );

const attached = async (documentId: string) =>
  (
    await sql<{ attached: boolean }>(
      'select attached_at is not null as attached from documents where id = ?::uuid',
      [documentId],
    )
  )[0]?.attached;

const needsCertifications = (organization: OrganizationFixture, count: number) =>
  fillMessage(MESSAGES.accountJoinNeedsCertifications, {
    organization: organization.name,
    count,
  });

describe('the form prefilled from the record', () => {
  it('carries a tester’s certifications the organization accepts, their test kits, and how many more it needs', async () => {
    const awwaOnly = await createOrganization(t.app.orm.em.fork(), {
      agencies: ['AWWA'],
      requiredCertifications: 2,
    });
    const registrant = await tester();
    const answer = await get(
      `/registrations/prefill?hashValue=${awwaOnly.hash}`,
      registrant.cookie,
    );
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const { code, message } = answer.json();
    expect(code).toBe(CODES.success);
    expect(message).toMatchObject({
      organizationName: awwaOnly.name,
      person: { type: 'tester', email: registrant.email, firstName: 'Ann', lastName: 'Lee' },
      company: { id: expect.any(Number), address2: '', state: 'IL', zip: '62701' },
      // The ASSE certification is not this organization's: it is not carried.
      certifications: [
        {
          agencyId: Number(registrant.awwa.certAgency),
          typeId: Number(registrant.awwa.certType),
          agencyName: 'AWWA',
          typeName: expect.any(String),
          number: registrant.awwa.certNum,
          expiresOn: '2030-06-30',
        },
      ],
      testKits: [
        {
          serial: registrant.kit.kitSerial,
          manufacturer: 'Watts',
          model: 'TK-99',
          calibratedOn: '2025-04-01',
        },
      ],
      credentials: [],
      needs: { certifications: 1, credentials: [] },
    });
    expect(JSON.stringify(message)).not.toContain(registrant.awwa.certDocLink);
    expect(await writtenFor(awwaOnly)).toMatchObject({ registrations: 0, submissions: 0 });
  });

  it('names a required credential type with nothing on file, and says nothing is missing of the company’s admin’s certifications', async () => {
    const asking = await createOrganization(t.app.orm.em.fork());
    const ids = await requireCredentials(t.app.orm.em.fork(), asking.id, [
      { type: LICENSE },
      { type: DRIVER },
    ]);
    const registrant = await tester();
    const forTester = (
      await get(`/registrations/prefill?hashValue=${asking.hash}`, registrant.cookie)
    ).json().message;
    expect(forTester.needs).toEqual({
      certifications: 0,
      credentials: [
        { id: ids[LICENSE], holder: 'company', name: LICENSE },
        { id: ids[DRIVER], holder: 'tester', name: DRIVER },
      ],
    });
    const company = await registerCompany(t, [springfield]);
    const forAdmin = await get(
      `/registrations/prefill?hashValue=${asking.hash}`,
      await signIn(company.admin),
    );
    expect(forAdmin.statusCode, forAdmin.body).toBe(200);
    expect(forAdmin.json().message).toMatchObject({
      person: { type: 'admin' },
      certifications: [],
      needs: { certifications: 0, credentials: [{ id: ids[LICENSE], name: LICENSE }] },
    });
  });

  it('refuses without a session, where the person is registered already, and for an unknown link', async () => {
    const registrant = await tester();
    expect((await get(`/registrations/prefill?hashValue=${springfield.hash}`)).statusCode).toBe(
      401,
    );
    const here = await get(
      `/registrations/prefill?hashValue=${springfield.hash}`,
      registrant.cookie,
    );
    expect(here.statusCode).toBe(409);
    expect(here.json().message).toBe(MESSAGES.emailAlreadyRegisteredHere);
    const unknown = await get(
      `/registrations/prefill?hashValue=${'A'.repeat(43)}`,
      registrant.cookie,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe(CODES.orgUrlInvalid);
  });
});

describe('registering with what the organization needs beyond the record', () => {
  it('takes a certification typed for the organization, its upload claimed, on the new registration only', async () => {
    const awwaOnly = await createOrganization(t.app.orm.em.fork(), {
      agencies: ['AWWA'],
      requiredCertifications: 2,
    });
    const registrant = await tester();
    expect(
      (await post('/registrations', { hashValue: awwaOnly.hash }, registrant.cookie)).statusCode,
    ).toBe(409);
    const document = await uploadedLink(t.app, awwaOnly.hash);
    const added = {
      certNum: `N-${unique()}`,
      certExp: addDays(todayInProgramZone(), 400),
      ...agencyOf(awwaOnly, 'AWWA'),
      certDocLink: document,
    };
    const joined = await post(
      '/registrations',
      { hashValue: awwaOnly.hash, userCerts: [added] },
      registrant.cookie,
    );
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json()).toEqual({
      code: CODES.success,
      message: { organizationName: awwaOnly.name, certifications: 2, testKits: 1 },
    });
    expect(await certificationsAt(awwaOnly, registrant.email)).toEqual([
      {
        agency_name: 'AWWA',
        number: registrant.awwa.certNum,
        document_id: registrant.awwa.certDocLink,
        attached: true,
      },
      { agency_name: 'AWWA', number: added.certNum, document_id: document, attached: true },
    ]);
    // Springfield's registration keeps what it had.
    expect(await certificationsAt(springfield, registrant.email)).toHaveLength(2);
    const [notice] = await sql<{ text_body: string }>(
      `select text_body from email_outbox where kind = 'signup_notification' and ? = any(recipients)`,
      [awwaOnly.primaryEmail],
    );
    expect(notice?.text_body).toContain('tester, 2 certification(s)');
    const [audit] = await sql<{ after: Record<string, unknown> }>(
      `select a.after from audit_log a
        where a.action = 'account_update' and a.entity_type = 'registration'
          and a.entity_id = (select r.id::text from registrations r join users u on u.id = r.user_id
                              where lower(u.email) = lower(?) and r.organization_id = ?)`,
      [registrant.email, awwaOnly.id],
    );
    expect(audit?.after).toMatchObject({
      certifications: 2,
      added: { certifications: 1, credentials: 0 },
    });
  });

  it('refuses a document uploaded for another organization, at its certification, and writes nothing', async () => {
    const awwaOnly = await createOrganization(t.app.orm.em.fork(), {
      agencies: ['AWWA'],
      requiredCertifications: 2,
    });
    const registrant = await tester();
    const elsewhere = await uploadedLink(t.app, springfield.hash);
    const before = await writtenFor(awwaOnly);
    const answer = await post(
      '/registrations',
      {
        hashValue: awwaOnly.hash,
        userCerts: [addedCertification(awwaOnly, 'AWWA', elsewhere)],
      },
      registrant.cookie,
    );
    expect(answer.statusCode, answer.body).toBe(422);
    expect(answer.json().code).toBe(CODES.finalErrors);
    expect(answer.json().message.certErrors).toEqual({
      0: { 0: { certDocLink: MESSAGES.documentLinkInvalid } },
    });
    expect(await writtenFor(awwaOnly)).toEqual(before);
    expect(before?.registrations).toBe(0);
    expect(await attached(elsewhere)).toBe(false);
  });

  it('refuses a certification of an agency the organization does not accept, by the form’s rule', async () => {
    const awwaOnly = await createOrganization(t.app.orm.em.fork(), {
      agencies: ['AWWA'],
      requiredCertifications: 2,
    });
    const registrant = await tester();
    const document = await uploadedLink(t.app, awwaOnly.hash);
    const answer = await post(
      '/registrations',
      {
        hashValue: awwaOnly.hash,
        userCerts: [addedCertification(springfield, 'ASSE', document)],
      },
      registrant.cookie,
    );
    expect(answer.statusCode, answer.body).toBe(422);
    expect(answer.json()).toEqual({
      code: CODES.finalErrors,
      message: {
        userErrors: {},
        certErrors: { 0: { 0: { certAgency: MESSAGES.certAgencyNotAccepted } } },
        company_errors: {},
        testKitErrors: {},
        generalErrors: [],
      },
    });
    expect((await writtenFor(awwaOnly))?.registrations).toBe(0);
    expect(await attached(document)).toBe(false);
  });

  it('takes the company’s and the tester’s required credentials typed for the organization', async () => {
    const asking = await createOrganization(t.app.orm.em.fork());
    const ids = await requireCredentials(t.app.orm.em.fork(), asking.id, [
      { type: LICENSE },
      { type: DRIVER },
    ]);
    const registrant = await tester();
    const expires = addDays(todayInProgramZone(), 200);
    const licenseDocument = await uploadedLink(t.app, asking.hash);
    const driverDocument = await uploadedLink(t.app, asking.hash);
    const body = {
      hashValue: asking.hash,
      companyCredentials: {
        [String(ids[LICENSE])]: {
          number: 'BL-1',
          expirationDate: expires,
          documentLink: licenseDocument,
        },
      },
      userCredentials: {
        [String(ids[DRIVER])]: {
          number: '',
          expirationDate: expires,
          documentLink: driverDocument,
        },
      },
    };
    // The tester's license needs its number: the form's message, at its place.
    const refused = await post('/registrations', body, registrant.cookie);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().message.credentialErrors).toEqual({
      0: { [String(ids[DRIVER])]: { number: MESSAGES.fieldRequired } },
    });
    expect(refused.json().message.companyCredentialErrors).toEqual({});

    const driver = body.userCredentials[String(ids[DRIVER])];
    if (driver) driver.number = 'D-7';
    const joined = await post('/registrations', body, registrant.cookie);
    expect(joined.statusCode, joined.body).toBe(200);
    const rows = await sql<{
      type_name: string;
      holder: string;
      company_id: number | null;
      number: string;
      expires_on: string;
      document_id: string;
    }>(
      `select d.type_name, d.holder, d.company_id, d.number,
              to_char(d.expires_on, 'YYYY-MM-DD') as expires_on, d.document_id::text
         from credentials d join registrations r on r.id = d.registration_id
        where r.organization_id = ? order by d.id`,
      [asking.id],
    );
    expect(rows).toEqual([
      {
        type_name: LICENSE,
        holder: 'company',
        company_id: expect.any(Number),
        number: 'BL-1',
        expires_on: expires,
        document_id: licenseDocument,
      },
      {
        type_name: DRIVER,
        holder: 'tester',
        company_id: null,
        number: 'D-7',
        expires_on: expires,
        document_id: driverDocument,
      },
    ]);
    expect(await attached(licenseDocument)).toBe(true);
    expect(await attached(driverDocument)).toBe(true);
  });

  it('refuses certifications from a company admin', async () => {
    const company = await registerCompany(t, [springfield]);
    const other = await createOrganization(t.app.orm.em.fork());
    const answer = await post(
      '/registrations',
      {
        hashValue: other.hash,
        userCerts: [addedCertification(other, 'AWWA', await uploadedLink(t.app, other.hash))],
      },
      await signIn(company.admin),
    );
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json().message).toBe(MESSAGES.accountTestersOnly);
    expect((await writtenFor(other))?.registrations).toBe(0);
  });

  it('still refuses when what was added is not enough, and keeps the upload unclaimed', async () => {
    const three = await createOrganization(t.app.orm.em.fork(), {
      agencies: ['AWWA'],
      requiredCertifications: 3,
    });
    const registrant = await tester();
    const document = await uploadedLink(t.app, three.hash);
    const answer = await post(
      '/registrations',
      {
        hashValue: three.hash,
        userCerts: [addedCertification(three, 'AWWA', document)],
      },
      registrant.cookie,
    );
    expect(answer.statusCode, answer.body).toBe(409);
    expect(answer.json().message).toBe(needsCertifications(three, 3));
    expect((await writtenFor(three))?.registrations).toBe(0);
    expect(await attached(document)).toBe(false);
  });
});
