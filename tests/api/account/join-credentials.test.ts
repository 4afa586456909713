import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES, MESSAGES } from '../../../shared/codes.js';
import { fillMessage } from '../../../shared/fill-message.js';
import { addDays, todayInProgramZone } from '../../../shared/program-zone.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import {
  createOrganization,
  type OrganizationFixture,
  requireCredentials,
  uploadedLink,
} from '../registration/fixtures.js';
import { accountCalls, registerCompany } from './helpers.js';

// Registering with another organization from My registrations carries the credentials on file
// that its requirements take (issue 27): the company's (a copy per registration, one document)
// and the tester's own, each waiting for that organization's review; a required one missing or
// refused by its rules refuses the whole registration, naming it, and writes nothing.

const INSURANCE = 'General liability insurance';
const LICENSE = 'Business license';
const DRIVER = "Driver's license";
const TRAINING = 'Confined-space training';

let t: TestApp;
/** Where the company first registered: insurance of at least $1,000,000; a driver's license. */
let springfield: OrganizationFixture;
beforeAll(async () => {
  t = await createTestApp();
  springfield = await createOrganization(t.app.orm.em.fork());
  await requireCredentials(t.app.orm.em.fork(), springfield.id, [
    { type: INSURANCE, minimumCoverage: 1_000_000 },
    { type: DRIVER },
  ]);
});
afterAll(() => t.close());

const { sql, post, get, signIn } = accountCalls(() => t);
const today = () => todayInProgramZone();

/** An organization asking for these credentials (none: nothing new). */
async function organizationAsking(
  requirements: Parameters<typeof requireCredentials>[2] = [],
  options: Parameters<typeof createOrganization>[1] = {},
) {
  const organization = await createOrganization(t.app.orm.em.fork(), options);
  await requireCredentials(t.app.orm.em.fork(), organization.id, requirements);
  return organization;
}

/**
 * A company (an admin and a tester) registered with Springfield: its insurance ($2,500,000) and
 * the tester's driver's license, both accepted by staff unless `accepted` is false (written
 * directly: the Review Queue's own tests cover how).
 */
async function company(options: { accepted?: boolean } = {}) {
  const licenseNumber = `D-${randomUUID().slice(0, 8)}`;
  const insuranceExpires = addDays(today(), 300);
  const licenseExpires = addDays(today(), 200);
  const registered = await registerCompany(t, [springfield], {
    body: async (organization) => ({
      companyCredentials: {
        [String(await typeId(INSURANCE))]: {
          issuer: 'Prairie Mutual',
          coverage: '$2,500,000',
          expirationDate: insuranceExpires,
          documentLink: await uploadedLink(t.app, organization.hash),
        },
      },
    }),
    tester: async (organization) => ({
      userCredentials: {
        [String(await typeId(DRIVER))]: {
          number: licenseNumber,
          expirationDate: licenseExpires,
          documentLink: await uploadedLink(t.app, organization.hash),
        },
      },
    }),
  });
  if (options.accepted !== false) {
    await sql(
      `update credentials set review_decision = 'accepted'
        where registration_id in (select id from registrations where company_id = ?)`,
      [registered.companyId],
    );
  }
  const [insurance] = await sql<{ document_id: string }>(
    `select d.document_id::text from credentials d join registrations r on r.id = d.registration_id
      where r.company_id = ? and d.holder = 'company' limit 1`,
    [registered.companyId],
  );
  return {
    ...registered,
    licenseNumber,
    insuranceExpires,
    licenseExpires,
    insuranceDocument: insurance?.document_id,
  };
}

async function typeId(name: string): Promise<number> {
  const [type] = await sql<{ id: number }>('select id from credential_types where name = ?', [
    name,
  ]);
  return type?.id as number;
}

/** The credentials of each registration with the organization, by the person's email. */
const credentialsAt = (organization: OrganizationFixture) =>
  sql<{
    email: string;
    registration_state: string;
    type_name: string;
    holder: string;
    company_id: number | null;
    issuer: string | null;
    number: string | null;
    coverage: string | null;
    additional_insured: boolean | null;
    expires_on: string | null;
    document_id: string | null;
    renewal: Record<string, unknown> | null;
    review_decision: string;
  }>(
    `select lower(u.email) as email, r.review_state as registration_state, d.type_name, d.holder,
            d.company_id, d.issuer, d.number, d.coverage::text, d.additional_insured,
            to_char(d.expires_on, 'YYYY-MM-DD') as expires_on, d.document_id::text, d.renewal,
            d.review_decision
       from credentials d join registrations r on r.id = d.registration_id
       join users u on u.id = r.user_id
      where r.organization_id = ? order by d.id`,
    [organization.id],
  );

/** What a join to the organization may have written: its registrations, submissions, emails. */
async function writtenFor(organization: OrganizationFixture) {
  const [row] = await sql<Record<string, number>>(
    `select (select count(*)::int from registrations where organization_id = ?) as registrations,
            (select count(*)::int from submissions where organization_id = ?) as submissions,
            (select count(*)::int from email_outbox where ? = any(recipients)) as emails,
            (select count(*)::int from credentials) as credentials`,
    [organization.id, organization.id, organization.primaryEmail],
  );
  return row;
}

const signupEmail = async (organization: OrganizationFixture) => {
  const [email] = await sql<{ text_body: string }>(
    `select text_body from email_outbox where kind = 'signup_notification' and ? = any(recipients)
      order by id desc limit 1`,
    [organization.primaryEmail],
  );
  return email?.text_body ?? '';
};

/** Joins and expects the refusal naming `missing`, with nothing written. */
async function refused(email: string, organization: OrganizationFixture, missing: string) {
  const before = await writtenFor(organization);
  const answer = await post(
    '/registrations',
    { hashValue: organization.hash },
    await signIn(email),
  );
  expect(answer.statusCode, answer.body).toBe(409);
  expect(answer.json().message).toBe(
    fillMessage(MESSAGES.accountJoinNeedsCredentials, {
      organization: organization.name,
      credentials: missing,
    }),
  );
  expect(await writtenFor(organization)).toEqual(before);
  expect(before?.registrations).toBe(0);
}

describe('registering with another organization carries the credentials it asks for', () => {
  it('copies the company’s insurance to each new registration and the tester’s license to theirs, for review', async () => {
    const c = await company();
    const shelbyville = await organizationAsking([
      { type: INSURANCE, minimumCoverage: 1_000_000 },
      { type: DRIVER },
      // Accepted when given, and not on file: nothing is asked.
      { type: TRAINING, required: false },
    ]);
    const tester = await post(
      '/registrations',
      { hashValue: shelbyville.hash },
      await signIn(c.tester),
    );
    expect(tester.statusCode, tester.body).toBe(200);
    expect(tester.json()).toEqual({
      code: CODES.success,
      message: { organizationName: shelbyville.name, certifications: 1, testKits: 0 },
    });
    // The admin gives the company's credentials, and no tester's (as in the wizard).
    const admin = await post(
      '/registrations',
      { hashValue: shelbyville.hash },
      await signIn(c.admin),
    );
    expect(admin.statusCode, admin.body).toBe(200);

    const insuranceCopy = {
      registration_state: 'pending',
      type_name: INSURANCE,
      holder: 'company',
      company_id: c.companyId,
      issuer: 'Prairie Mutual',
      number: null,
      coverage: '2500000',
      additional_insured: null,
      expires_on: c.insuranceExpires,
      document_id: c.insuranceDocument,
      renewal: null,
      review_decision: 'pending',
    };
    expect(await credentialsAt(shelbyville)).toEqual([
      { ...insuranceCopy, email: c.tester.toLowerCase() },
      {
        email: c.tester.toLowerCase(),
        registration_state: 'pending',
        type_name: DRIVER,
        holder: 'tester',
        company_id: null,
        issuer: null,
        number: c.licenseNumber,
        coverage: null,
        additional_insured: null,
        expires_on: c.licenseExpires,
        document_id: expect.any(String),
        renewal: null,
        review_decision: 'pending',
      },
      { ...insuranceCopy, email: c.admin.toLowerCase() },
    ]);
    const [audit] = await sql<{ after: Record<string, unknown> }>(
      `select a.after from audit_log a
        where a.action = 'account_update' and a.entity_type = 'registration'
          and a.entity_id = (select r.id::text from registrations r join users u on u.id = r.user_id
                              where u.email = ? and r.organization_id = ?)`,
      [c.tester, shelbyville.id],
    );
    expect(audit?.after).toMatchObject({ certifications: 1, testKits: 0, credentials: 2 });

    const email = await signupEmail(shelbyville);
    expect(email).toContain(
      `  Credential: ${INSURANCE}, issuer Prairie Mutual, coverage $2,500,000, expires ${c.insuranceExpires}\n`,
    );
    expect(email).not.toContain(DRIVER);
    expect(email).toContain('Credentials: 1\n');
  });

  it('lists the tester’s credentials in the email staff get for their registration', async () => {
    const c = await company();
    const shelbyville = await organizationAsking([{ type: INSURANCE }, { type: DRIVER }]);
    const joined = await post(
      '/registrations',
      { hashValue: shelbyville.hash },
      await signIn(c.tester),
    );
    expect(joined.statusCode, joined.body).toBe(200);
    const email = await signupEmail(shelbyville);
    expect(email).toContain(
      `: tester, 1 certification(s), already registered for another organization\n` +
        `    Credential: ${DRIVER}, expires ${c.licenseExpires}\n`,
    );
    expect(email).toContain('Credentials: 2\n');
  });

  it('takes coverage exactly at the minimum, and an expired one only where expired items are accepted', async () => {
    const c = await company();
    const atMinimum = await organizationAsking([{ type: INSURANCE, minimumCoverage: 2_500_000 }]);
    const joined = await post(
      '/registrations',
      { hashValue: atMinimum.hash },
      await signIn(c.admin),
    );
    expect(joined.statusCode, joined.body).toBe(200);
    expect(await credentialsAt(atMinimum)).toHaveLength(1);

    const expired = await company();
    await sql(
      `update credentials set expires_on = ?::date
        where holder = 'company' and registration_id in (
          select id from registrations where company_id = ?)`,
      [addDays(today(), -1), expired.companyId],
    );
    await refused(expired.admin, await organizationAsking([{ type: INSURANCE }]), INSURANCE);
    const lenient = await organizationAsking([{ type: INSURANCE }], {
      acceptExpiredCertifications: true,
    });
    const taken = await post(
      '/registrations',
      { hashValue: lenient.hash },
      await signIn(expired.admin),
    );
    expect(taken.statusCode, taken.body).toBe(200);
    expect((await credentialsAt(lenient))[0]?.expires_on).toBe(addDays(today(), -1));
  });

  it('refuses, naming it, a required credential the record does not have, and writes nothing', async () => {
    const c = await company();
    await refused(
      c.tester,
      await organizationAsking([{ type: INSURANCE }, { type: LICENSE }]),
      LICENSE,
    );
    // Every missing one is named, the company's first.
    await refused(
      c.tester,
      await organizationAsking([
        { type: LICENSE },
        { type: TRAINING },
        { type: DRIVER },
        { type: INSURANCE },
      ]),
      `${LICENSE}, ${TRAINING}`,
    );
  });

  it('refuses insurance under the minimum coverage, one still waiting for its first review, and one that must name the organization', async () => {
    const c = await company();
    await refused(
      c.admin,
      await organizationAsking([{ type: INSURANCE, minimumCoverage: 2_500_001 }]),
      INSURANCE,
    );
    const waiting = await company({ accepted: false });
    await refused(waiting.admin, await organizationAsking([{ type: INSURANCE }]), INSURANCE);
    // A certificate naming another organization as additional insured does not name this one.
    await sql(
      `update credentials set additional_insured = true
        where holder = 'company' and registration_id in (
          select id from registrations where company_id = ?)`,
      [c.companyId],
    );
    await refused(
      c.admin,
      await organizationAsking([{ type: INSURANCE, additionalInsured: true }]),
      INSURANCE,
    );
  });

  it('carries a credential whose renewal waits with its values on file, the renewal waiting beside the copy', async () => {
    const c = await company();
    const renewal = {
      issuer: 'Prairie Mutual',
      number: null,
      coverage: 3_000_000,
      additionalInsured: null,
      expiresOn: addDays(today(), 665),
      documentId: await uploadedLink(t.app, springfield.hash),
    };
    await sql(
      `update credentials set renewal = ?::jsonb, review_decision = 'pending'
        where holder = 'company' and registration_id in (
          select id from registrations where company_id = ?)`,
      [JSON.stringify(renewal), c.companyId],
    );
    const shelbyville = await organizationAsking([{ type: INSURANCE, minimumCoverage: 1_000_000 }]);
    const joined = await post(
      '/registrations',
      { hashValue: shelbyville.hash },
      await signIn(c.admin),
    );
    expect(joined.statusCode, joined.body).toBe(200);
    const [copy] = await credentialsAt(shelbyville);
    expect(copy).toMatchObject({
      coverage: '2500000',
      expires_on: c.insuranceExpires,
      document_id: c.insuranceDocument,
      renewal,
      review_decision: 'pending',
    });

    // A renewal this organization's rules refuse stays behind; the values on file still go.
    const higher = await organizationAsking([{ type: INSURANCE, minimumCoverage: 2_000_000 }]);
    await sql(
      `update credentials set renewal = jsonb_set(renewal, '{coverage}', '1500000')
        where holder = 'company' and registration_id in (
          select id from registrations where company_id = ?)`,
      [c.companyId],
    );
    const tester = await post('/registrations', { hashValue: higher.hash }, await signIn(c.tester));
    expect(tester.statusCode, tester.body).toBe(200);
    expect((await credentialsAt(higher))[0]).toMatchObject({ coverage: '2500000', renewal: null });
  });

  it('shows in the prefill what it would carry, and takes a credential typed for the organization in place of the one on file', async () => {
    const c = await company();
    const shelbyville = await organizationAsking([
      { type: INSURANCE, minimumCoverage: 1_000_000 },
      { type: DRIVER },
    ]);
    const cookie = await signIn(c.tester);
    const prefill = await get(`/registrations/prefill?hashValue=${shelbyville.hash}`, cookie);
    expect(prefill.statusCode, prefill.body).toBe(200);
    expect(prefill.json().message.credentials).toEqual([
      {
        credentialTypeId: await typeId(INSURANCE),
        holder: 'company',
        typeName: INSURANCE,
        issuer: 'Prairie Mutual',
        number: null,
        coverage: 2_500_000,
        additionalInsured: null,
        expiresOn: c.insuranceExpires,
      },
      {
        credentialTypeId: await typeId(DRIVER),
        holder: 'tester',
        typeName: DRIVER,
        issuer: null,
        number: c.licenseNumber,
        coverage: null,
        additionalInsured: null,
        expiresOn: c.licenseExpires,
      },
    ]);
    expect(prefill.json().message.needs).toEqual({ certifications: 0, credentials: [] });

    const document = await uploadedLink(t.app, shelbyville.hash);
    const expires = addDays(today(), 500);
    const joined = await post(
      '/registrations',
      {
        hashValue: shelbyville.hash,
        companyCredentials: {
          [String(await typeId(INSURANCE))]: {
            issuer: 'Lakeside Casualty',
            coverage: '$4,000,000',
            expirationDate: expires,
            documentLink: document,
          },
        },
      },
      cookie,
    );
    expect(joined.statusCode, joined.body).toBe(200);
    expect(
      (await credentialsAt(shelbyville)).map((row) => [row.type_name, row.issuer, row.document_id]),
    ).toEqual([
      [INSURANCE, 'Lakeside Casualty', document],
      [DRIVER, null, expect.any(String)],
    ]);
    expect(await signupEmail(shelbyville)).toContain(
      `  Credential: ${INSURANCE}, issuer Lakeside Casualty, coverage $4,000,000, expires ${expires}\n`,
    );
  });

  it('answers exactly as before for an organization that asks for nothing new, carrying no credential', async () => {
    const c = await company();
    const plain = await organizationAsking();
    const joined = await post('/registrations', { hashValue: plain.hash }, await signIn(c.tester));
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json()).toEqual({
      code: CODES.success,
      message: { organizationName: plain.name, certifications: 1, testKits: 0 },
    });
    expect(await credentialsAt(plain)).toEqual([]);
    const email = await signupEmail(plain);
    expect(email).toContain('Test kits: 0\n\nReview them');
    expect(email).not.toContain('Credential');
  });
});
