import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_CODES } from '../../../shared/account.js';
import { MESSAGES } from '../../../shared/codes.js';
import { addDays, todayInProgramZone } from '../../../shared/program-zone.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import {
  createOrganization,
  type OrganizationFixture,
  requireCredentials,
  uploadedLink,
} from '../registration/fixtures.js';
import { accountCalls, registerCompany } from './helpers.js';

// The credentials an organization asks for (issue 27), kept current from My registrations: the
// record lists each once with its organizations, a renewal waits beside every copy with each
// organization's rules applied apart, and a credential of a type asked for is added.

const INSURANCE = 'General liability insurance';
const DRIVER = "Driver's license";
const TRAINING = 'Confined-space training';

let t: TestApp;
/** Insurance of at least $1,000,000 naming it; a driver's license; training when given. */
let springfield: OrganizationFixture;
/** Insurance of at least $2,000,000; a driver's license. */
let shelbyville: OrganizationFixture;
let types: Record<string, number>;
beforeAll(async () => {
  t = await createTestApp();
  springfield = await createOrganization(t.app.orm.em.fork());
  shelbyville = await createOrganization(t.app.orm.em.fork());
  types = await requireCredentials(t.app.orm.em.fork(), springfield.id, [
    { type: INSURANCE, minimumCoverage: 1_000_000, additionalInsured: true },
    { type: DRIVER },
    { type: TRAINING, required: false },
  ]);
  await requireCredentials(t.app.orm.em.fork(), shelbyville.id, [
    { type: INSURANCE, minimumCoverage: 2_000_000 },
    { type: DRIVER },
  ]);
});
afterAll(() => t.close());

const { sql, post, get, signIn, upload } = accountCalls(() => t);
const inAYear = () => addDays(todayInProgramZone(), 365);
const id = (type: string) => String(types[type]);

/**
 * A company (its admin and one tester) registered with both organizations, its insurance
 * ($2,500,000, naming the organization) and the tester's driver's license on each, each
 * organization's own uploads. `approved`: staff's approval (written directly: the Review
 * Queue's own tests cover it).
 */
async function company(options: { approved?: boolean } = {}) {
  const licenseNumber = `D-${randomUUID()}`;
  const registered = await registerCompany(t, [springfield, shelbyville], {
    body: async (organization) => ({
      companyCredentials: {
        [id(INSURANCE)]: {
          issuer: 'Prairie Mutual',
          coverage: '$2,500,000',
          additionalInsured: true,
          expirationDate: addDays(todayInProgramZone(), 30),
          documentLink: await uploadedLink(t.app, organization.hash),
        },
      },
    }),
    tester: async (organization) => ({
      userCredentials: {
        [id(DRIVER)]: {
          number: licenseNumber,
          expirationDate: addDays(todayInProgramZone(), 200),
          documentLink: await uploadedLink(t.app, organization.hash),
        },
      },
    }),
  });
  if (options.approved) {
    await sql(
      `update registrations set review_state = 'approved'
        where company_id = ? and review_state = 'pending'`,
      [registered.companyId],
    );
  }
  return { ...registered, licenseNumber };
}

/** The credentials' rows of the company's registrations. */
const copiesOf = (companyId: number, type: string) =>
  sql<{ registration_id: number; renewal: Record<string, unknown> | null; review_state: string }>(
    `select d.registration_id, d.renewal, r.review_state
       from credentials d join registrations r on r.id = d.registration_id
      where r.company_id = ? and d.type_name = ? order by d.id`,
    [companyId, type],
  );

describe('the credentials on My registrations', () => {
  it('lists the company’s insurance once for its admin and the tester’s license once for them, each with both organizations', async () => {
    const c = await company();
    // The insurance accepted by staff (the Review Queue's own tests cover how): due in 30 days.
    await sql(
      `update credentials set review_decision = 'accepted'
        where holder = 'company' and registration_id in (
          select id from registrations where company_id = ?)`,
      [c.companyId],
    );
    const admin = (await get('/me', await signIn(c.admin))).json().message;
    expect(admin.credentials).toHaveLength(1);
    expect(admin.credentials[0]).toMatchObject({
      key: `${id(INSURANCE)}|`,
      typeName: INSURANCE,
      holder: 'company',
      issuer: 'Prairie Mutual',
      coverage: 2_500_000,
      status: 'expiring',
      daysLeft: 30,
    });
    expect(admin.credentials[0].organizations.sort()).toEqual(
      [springfield.name, shelbyville.name].sort(),
    );

    const testerCookie = await signIn(c.tester);
    const tester = (await get('/me', testerCookie)).json().message;
    expect(tester.credentials).toHaveLength(1);
    expect(tester.credentials[0]).toMatchObject({
      key: `${id(DRIVER)}|${c.licenseNumber.toLowerCase()}`,
      holder: 'tester',
      number: c.licenseNumber,
      status: 'reviewWaiting',
    });
    expect(tester.credentials[0].organizations).toHaveLength(2);

    // Each opens their own document, and not the other's.
    const own = await get(
      tester.credentials[0].document.url.replace('/api/account', ''),
      testerCookie,
    );
    expect(own.statusCode).toBe(200);
    const others = await get(
      admin.credentials[0].document.url.replace('/api/account', ''),
      testerCookie,
    );
    expect(others.statusCode).toBe(404);
  });
});

describe('renewing a credential from My registrations', () => {
  it('puts a company admin’s renewal beside every copy and sends every registration back to review', async () => {
    const c = await company({ approved: true });
    const cookie = await signIn(c.admin);
    const document = await upload(cookie);
    const renewed = await post(
      '/credentials/renewal',
      {
        key: `${id(INSURANCE)}|`,
        issuer: 'Lakeside Casualty',
        coverage: '$3,000,000',
        additionalInsured: true,
        expirationDate: inAYear(),
        documentLink: document,
      },
      cookie,
    );
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(renewed.json().message.sentTo.sort()).toEqual(
      [springfield.name, shelbyville.name].sort(),
    );
    expect(renewed.json().message.refusedBy).toEqual([]);

    const copies = await copiesOf(c.companyId, INSURANCE);
    // The admin's and the tester's registration with each organization.
    expect(copies).toHaveLength(4);
    for (const copy of copies) {
      expect(copy.renewal).toMatchObject({
        issuer: 'Lakeside Casualty',
        coverage: 3_000_000,
        expiresOn: inAYear(),
        documentId: document,
      });
      expect(copy.review_state).toBe('pending');
    }
    const [marked] = await sql<{ count: number }>(
      `select count(*)::int as count from registrations
        where company_id = ? and resume_state = 'approved' and account_change_at is not null`,
      [c.companyId],
    );
    expect(marked?.count).toBe(4);
    const view = (await get('/me', cookie)).json().message;
    expect(view.credentials[0]).toMatchObject({
      status: 'renewalWaiting',
      issuer: 'Prairie Mutual',
    });
  });

  it('refuses a coverage under one organization’s minimum for that organization only', async () => {
    const c = await company();
    const cookie = await signIn(c.admin);
    const renewed = await post(
      '/credentials/renewal',
      {
        key: `${id(INSURANCE)}|`,
        coverage: '1,500,000',
        additionalInsured: true,
        expirationDate: inAYear(),
        documentLink: await upload(cookie),
      },
      cookie,
    );
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(renewed.json().message).toEqual({
      sentTo: [springfield.name],
      refusedBy: [
        { organizationName: shelbyville.name, message: 'Coverage must be at least $2,000,000.' },
      ],
    });
    const copies = await sql<{ organization_id: number; waiting: boolean }>(
      `select r.organization_id, d.renewal is not null as waiting
         from credentials d join registrations r on r.id = d.registration_id
        where r.company_id = ? and d.type_name = ?`,
      [c.companyId, INSURANCE],
    );
    for (const copy of copies) expect(copy.waiting).toBe(copy.organization_id === springfield.id);
  });

  it('answers every organization’s reasons by field when none takes it, and changes nothing', async () => {
    const c = await company();
    const cookie = await signIn(c.admin);
    const before = await copiesOf(c.companyId, INSURANCE);
    const refused = await post(
      '/credentials/renewal',
      {
        key: `${id(INSURANCE)}|`,
        coverage: '900000',
        additionalInsured: false,
        expirationDate: inAYear(),
        documentLink: await upload(cookie),
      },
      cookie,
    );
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json()).toMatchObject({
      code: ACCOUNT_CODES.accountErrors,
      message: {
        fieldErrors: {
          coverage: 'Coverage must be at least $1,000,000.',
          additionalInsured: MESSAGES.additionalInsuredRequired,
        },
      },
    });
    expect(await copiesOf(c.companyId, INSURANCE)).toEqual(before);
  });

  it('refuses a date not later than the one on file, and a tester renewing the company’s insurance', async () => {
    const c = await company();
    const adminCookie = await signIn(c.admin);
    const notLater = await post(
      '/credentials/renewal',
      {
        key: `${id(INSURANCE)}|`,
        expirationDate: addDays(todayInProgramZone(), 10),
        documentLink: await upload(adminCookie),
      },
      adminCookie,
    );
    expect(notLater.statusCode, notLater.body).toBe(422);
    expect(notLater.json().message.fieldErrors).toEqual({
      expirationDate: MESSAGES.renewalDateNotLater,
    });
    const testerCookie = await signIn(c.tester);
    const notTheirs = await post(
      '/credentials/renewal',
      {
        key: `${id(INSURANCE)}|`,
        expirationDate: inAYear(),
        documentLink: await upload(testerCookie),
      },
      testerCookie,
    );
    expect(notTheirs.statusCode, notTheirs.body).toBe(404);
  });

  it('renews a tester’s own license on both registrations', async () => {
    const c = await company();
    const cookie = await signIn(c.tester);
    const renewed = await post(
      '/credentials/renewal',
      {
        key: `${id(DRIVER)}|${c.licenseNumber.toLowerCase()}`,
        expirationDate: inAYear(),
        documentLink: await upload(cookie),
      },
      cookie,
    );
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(renewed.json().message.sentTo).toHaveLength(2);
    const copies = await copiesOf(c.companyId, DRIVER);
    expect(copies).toHaveLength(2);
    for (const copy of copies) {
      expect(copy.renewal).toMatchObject({ number: c.licenseNumber, expiresOn: inAYear() });
    }
  });
});

describe('adding a credential from My registrations', () => {
  it('offers the types the tester’s organizations ask for, each with its organizations’ rules', async () => {
    const c = await company();
    const options = await get('/credential-options', await signIn(c.tester));
    expect(options.statusCode, options.body).toBe(200);
    const names = options.json().message.types.map((type: { name: string }) => type.name);
    expect(names).toEqual([TRAINING, DRIVER].sort((a, b) => a.localeCompare(b)));
    const admin = (await get('/credential-options', await signIn(c.admin))).json().message;
    expect(admin.types).toHaveLength(1);
    expect(admin.types[0]).toMatchObject({ name: INSURANCE, holder: 'company' });
    expect(
      admin.types[0].organizations
        .map((o: { minimumCoverage: number }) => o.minimumCoverage)
        .sort(),
    ).toEqual([1_000_000, 2_000_000]);
  });

  it('adds training to the registration whose organization asks for it, waiting for review', async () => {
    const c = await company({ approved: true });
    const cookie = await signIn(c.tester);
    const added = await post(
      '/credentials',
      {
        credentialTypeId: types[TRAINING],
        expirationDate: inAYear(),
        documentLink: await upload(cookie),
      },
      cookie,
    );
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().message).toEqual({ sentTo: [springfield.name], refusedBy: [] });
    const copies = await copiesOf(c.companyId, TRAINING);
    expect(copies).toHaveLength(1);
    expect(copies[0]?.review_state).toBe('pending');
    const view = (await get('/me', cookie)).json().message;
    const training = view.credentials.find((d: { typeName: string }) => d.typeName === TRAINING);
    expect(training).toMatchObject({ status: 'reviewWaiting', organizations: [springfield.name] });

    const again = await post(
      '/credentials',
      {
        credentialTypeId: types[TRAINING],
        expirationDate: inAYear(),
        documentLink: await upload(cookie),
      },
      cookie,
    );
    expect(again.statusCode, again.body).toBe(422);
    expect(again.json().message.fieldErrors).toEqual({
      credentialTypeId: MESSAGES.accountCredentialOnFile,
    });
  });

  it('refuses a type none of the person’s organizations asks of them', async () => {
    const c = await company();
    const cookie = await signIn(c.admin);
    const refused = await post(
      '/credentials',
      {
        credentialTypeId: types[TRAINING],
        expirationDate: inAYear(),
        documentLink: await upload(cookie),
      },
      cookie,
    );
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().message.fieldErrors).toEqual({
      credentialTypeId: MESSAGES.accountCredentialNotAsked,
    });
  });
});
