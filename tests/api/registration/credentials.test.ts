import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboxEmail } from '../../../api/src/db/entities/index.js';
import { MESSAGES } from '../../../shared/codes.js';
import { addDays, todayInProgramZone } from '../../../shared/program-zone.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import {
  certificationFor,
  companyInput,
  createOrganization,
  email,
  type OrganizationFixture,
  person,
  randomAddress,
  requireCredentials,
  submit,
  uploadedLink,
} from './fixtures.js';

// The credentials an organization asks for beyond certifications (issue 27), at the public
// calls: the lookup carries them only for an organization that asks for some, and the final
// submit checks them by the shared rules and records them per registration, in its transaction.

const INSURANCE = 'General liability insurance';
const LICENSE = 'Business license';
const DRIVER = "Driver's license";
const TRAINING = 'Confined-space training';

let t: TestApp;
/** Asks for insurance (at least $1,000,000, naming it), optionally a business license, and of
 * each tester a driver's license and optionally confined-space training. */
let insured: OrganizationFixture;
let types: Record<string, number>;
/** Asks for nothing new, as every organization before issue 27. */
let plain: OrganizationFixture;

beforeAll(async () => {
  t = await createTestApp();
  insured = await createOrganization(t.app.orm.em.fork());
  types = await requireCredentials(t.app.orm.em.fork(), insured.id, [
    { type: INSURANCE, minimumCoverage: 1_000_000, additionalInsured: true },
    { type: LICENSE, required: false },
    { type: DRIVER },
    { type: TRAINING, required: false },
  ]);
  plain = await createOrganization(t.app.orm.em.fork());
});
afterAll(() => t.close());

const sql = <T extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
  t.app.orm.em.fork().getConnection().execute<T[]>(text, params);

const id = (type: string) => String(types[type]);
const today = () => todayInProgramZone();

const orgInfo = (hash: string) =>
  t.app.inject({ url: `/api/tr/get/orginfo/${hash}`, remoteAddress: randomAddress() });

async function insurance(overrides: Record<string, unknown> = {}) {
  return {
    issuer: 'Prairie Mutual',
    coverage: '$1,000,000',
    additionalInsured: true,
    expirationDate: addDays(today(), 365),
    documentLink: await uploadedLink(t.app, insured.hash),
    ...overrides,
  };
}

async function driversLicense(overrides: Record<string, unknown> = {}) {
  return {
    number: `D-${randomUUID().slice(0, 8)}`,
    expirationDate: addDays(today(), 200),
    documentLink: await uploadedLink(t.app, insured.hash),
    ...overrides,
  };
}

async function tester(userCredentials: Record<string, unknown>) {
  return person({
    userType: 'tester',
    userEmail: email('tester'),
    userCerts: [await certificationFor(t.app, insured)],
    userCredentials,
  });
}

/** A tester registering alone with the insurance and a driver's license. */
async function soloBody(
  companyCredentials?: Record<string, unknown>,
  userCredentials?: Record<string, unknown>,
) {
  return {
    hashValue: insured.hash,
    companyInfo: [companyInput()],
    companyCredentials: companyCredentials ?? { [id(INSURANCE)]: await insurance() },
    userInfo: [await tester(userCredentials ?? { [id(DRIVER)]: await driversLicense() })],
    testKitInfo: [],
  };
}

/** Rows a submit writes, across the whole database. */
async function rowCounts() {
  const [row] = await sql<Record<string, number>>(
    `select (select count(*)::int from credentials) as credentials,
            (select count(*)::int from registrations) as registrations,
            (select count(*)::int from users) as users,
            (select count(*)::int from submissions) as submissions,
            (select count(*)::int from documents where attached_at is not null) as attached`,
  );
  return row;
}

/** Submits a body that must be refused; checks nothing was written and returns the message. */
async function refused(body: unknown) {
  const before = await rowCounts();
  const response = await submit(t.app, body);
  expect(response.statusCode, response.body).toBe(422);
  expect(response.json().code).toBe('FINAL ERRORS');
  expect(await rowCounts()).toEqual(before);
  return response.json().message;
}

describe('GET /api/tr/get/orginfo/{hash} with credential requirements', () => {
  it('answers exactly the spec’s orgInfo for an organization that asks for no credential', async () => {
    const orgInfoOf = (await orgInfo(plain.hash)).json().message.orgInfo;
    expect(Object.keys(orgInfoOf).sort()).toEqual([
      'accept_expired_certs',
      'homePageBanner',
      'number_of_certs',
      'org_associated_certs',
      'org_banner',
      'org_name',
      'program_date',
    ]);
  });

  it('carries the credential types asked for, the company’s first, each by name', async () => {
    const response = await orgInfo(insured.hash);
    expect(response.statusCode).toBe(200);
    expect(response.json().message.orgInfo.credential_requirements).toEqual([
      {
        id: types[LICENSE],
        name: LICENSE,
        holder: 'company',
        expires: true,
        facts: ['number'],
        required: false,
        minimumCoverage: null,
        additionalInsured: false,
      },
      {
        id: types[INSURANCE],
        name: INSURANCE,
        holder: 'company',
        expires: true,
        facts: ['issuer', 'coverage', 'additionalInsured'],
        required: true,
        minimumCoverage: 1_000_000,
        additionalInsured: true,
      },
      {
        id: types[TRAINING],
        name: TRAINING,
        holder: 'tester',
        expires: true,
        facts: [],
        required: false,
        minimumCoverage: null,
        additionalInsured: false,
      },
      {
        id: types[DRIVER],
        name: DRIVER,
        holder: 'tester',
        expires: true,
        facts: ['number'],
        required: true,
        minimumCoverage: null,
        additionalInsured: false,
      },
    ]);
  });
});

describe('POST /api/tr/submit/all with credentials', () => {
  it('copies the company’s credentials to every registration and puts each tester’s on theirs', async () => {
    const companyInsurance = await insurance({ coverage: '1,250,000.00' });
    const license = { number: 'BL-77', expirationDate: addDays(today(), 30), documentLink: '' };
    license.documentLink = await uploadedLink(t.app, insured.hash);
    const first = await tester({
      [id(DRIVER)]: await driversLicense({ number: 'D-1' }),
      [id(TRAINING)]: {
        expirationDate: addDays(today(), 90),
        documentLink: await uploadedLink(t.app, insured.hash),
      },
    });
    const second = await tester({ [id(DRIVER)]: await driversLicense({ number: 'D-2' }) });
    const admin = person({ userType: 'admin', userEmail: email('admin') });
    const key = randomUUID();
    const body = {
      hashValue: insured.hash,
      companyInfo: [companyInput()],
      companyCredentials: { [id(INSURANCE)]: companyInsurance, [id(LICENSE)]: license },
      userInfo: [admin, first, second],
      testKitInfo: [],
    };
    const response = await submit(t.app, body, { 'idempotency-key': key });
    expect(response.statusCode, response.body).toBe(200);
    const { submissionId } = response.json().message;

    // Staff's email names each credential where it belongs: the company's, then each tester's.
    const notification = await t.app.orm.em
      .fork()
      .findOneOrFail(OutboxEmail, { dedupeKey: `signup:${submissionId}` });
    expect(notification.textBody).toContain(
      '  Springfield, IL 62701\n' +
        `  Credential: ${LICENSE}, expires ${license.expirationDate}\n` +
        `  Credential: ${INSURANCE}, issuer Prairie Mutual, coverage $1,250,000, names the organization as additional insured, expires ${companyInsurance.expirationDate}\n`,
    );
    expect(notification.textBody).toContain(
      `: tester, 1 certification(s)\n` +
        `    Credential: ${TRAINING}, expires ${addDays(today(), 90)}\n` +
        `    Credential: ${DRIVER}, expires ${addDays(today(), 200)}\n`,
    );
    expect(notification.textBody).toContain(
      `    Credential: ${DRIVER}, expires ${addDays(today(), 200)}\n`,
    );
    expect(notification.textBody).toContain('Test kits: 0\nCredentials: 5\n');

    const rows = await sql<{
      email: string;
      registration_id: number;
      company_id: number | null;
      submission_company: number;
      credential_type_id: number;
      type_name: string;
      holder: string;
      issuer: string | null;
      number: string | null;
      coverage: string | null;
      additional_insured: boolean | null;
      expires_on: string | null;
      document_id: string;
      review_decision: string;
    }>(
      `select lower(u.email) as email, r.id as registration_id, c.company_id,
              s.company_id as submission_company, c.credential_type_id, c.type_name, c.holder,
              c.issuer, c.number, c.coverage::text, c.additional_insured,
              to_char(c.expires_on, 'YYYY-MM-DD') as expires_on, c.document_id::text,
              c.review_decision
         from credentials c
         join registrations r on r.id = c.registration_id
         join users u on u.id = r.user_id
         join submissions s on s.id = r.submission_id
        where r.submission_id = ?
        order by c.holder, u.email, c.type_name`,
      [submissionId],
    );
    const company = rows.filter((row) => row.holder === 'company');
    // Two company credentials on each of the three registrations, sharing their documents.
    expect(new Set(company.map((row) => row.registration_id)).size).toBe(3);
    expect(company).toHaveLength(6);
    for (const row of company) {
      expect(row.company_id).toBe(row.submission_company);
      expect(row.review_decision).toBe('pending');
    }
    const insuranceRows = company.filter((row) => row.type_name === INSURANCE);
    expect(insuranceRows).toHaveLength(3);
    for (const row of insuranceRows) {
      expect(row).toMatchObject({
        credential_type_id: types[INSURANCE],
        issuer: 'Prairie Mutual',
        number: null,
        coverage: '1250000',
        additional_insured: true,
        expires_on: companyInsurance.expirationDate,
        document_id: companyInsurance.documentLink,
      });
    }
    for (const row of company.filter((entry) => entry.type_name === LICENSE)) {
      expect(row).toMatchObject({
        issuer: null,
        number: 'BL-77',
        coverage: null,
        additional_insured: null,
        document_id: license.documentLink,
      });
    }

    const testers = rows.filter((row) => row.holder === 'tester');
    const byEmail = (who: { userEmail: unknown }) =>
      testers
        .filter((row) => row.email === String(who.userEmail).toLowerCase())
        .map((row) => [row.type_name, row.number, row.company_id]);
    expect(byEmail(first)).toEqual([
      [TRAINING, null, null],
      [DRIVER, 'D-1', null],
    ]);
    expect(byEmail(second)).toEqual([[DRIVER, 'D-2', null]]);
    expect(byEmail(admin)).toEqual([]);
    // Each tester's credentials are on that tester's registration only.
    for (const row of testers) {
      const own = rows.find((entry) => entry.email === row.email && entry.holder === 'company');
      expect(row.registration_id).toBe(own?.registration_id);
    }

    // A retry with the same key and body replays the answer and writes nothing more.
    const before = await rowCounts();
    const retry = await submit(t.app, body, { 'idempotency-key': key });
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(response.json());
    expect(await rowCounts()).toEqual(before);
  });

  it('takes a coverage exactly at the minimum and refuses one dollar under it, writing nothing', async () => {
    const under = await refused(
      await soloBody({ [id(INSURANCE)]: await insurance({ coverage: '$999,999' }) }),
    );
    expect(under).toEqual({
      userErrors: {},
      certErrors: {},
      company_errors: {},
      testKitErrors: {},
      generalErrors: [],
      companyCredentialErrors: {
        [id(INSURANCE)]: { coverage: 'Coverage must be at least $1,000,000.' },
      },
      credentialErrors: {},
    });
    const at = await submit(
      t.app,
      await soloBody({ [id(INSURANCE)]: await insurance({ coverage: 1_000_000 }) }),
    );
    expect(at.statusCode, at.body).toBe(200);
  });

  it('refuses insurance that does not name the organization as additional insured', async () => {
    const message = await refused(
      await soloBody({ [id(INSURANCE)]: await insurance({ additionalInsured: false }) }),
    );
    expect(message.companyCredentialErrors).toEqual({
      [id(INSURANCE)]: { additionalInsured: MESSAGES.additionalInsuredRequired },
    });
  });

  it('takes a credential expiring today in the program’s zone and refuses one that expired yesterday', async () => {
    const yesterday = await refused(
      await soloBody(undefined, {
        [id(DRIVER)]: await driversLicense({ expirationDate: addDays(today(), -1) }),
      }),
    );
    expect(yesterday.credentialErrors).toEqual({
      0: { [id(DRIVER)]: { expirationDate: 'This credential is expired.' } },
    });
    expect(yesterday.companyCredentialErrors).toEqual({});
    const todays = await submit(
      t.app,
      await soloBody(undefined, {
        [id(DRIVER)]: await driversLicense({ expirationDate: today() }),
      }),
    );
    expect(todays.statusCode, todays.body).toBe(200);
  });

  it('refuses a submit without a required credential, naming it, and with the other problems', async () => {
    const body = await soloBody({}, {});
    body.companyInfo = [companyInput({ companyZip: '1234' })];
    const message = await refused(body);
    expect(message).toEqual({
      userErrors: {},
      certErrors: {},
      company_errors: { companyZip: 'Zip code invalid.' },
      testKitErrors: {},
      generalErrors: [],
      companyCredentialErrors: {
        [id(INSURANCE)]: { credential: 'General liability insurance is required.' },
      },
      credentialErrors: { 0: { [id(DRIVER)]: { credential: "Driver's license is required." } } },
    });
  });

  it('refuses a credential’s missing facts and document, and one of another organization', async () => {
    const missing = await refused(
      await soloBody({
        [id(INSURANCE)]: { additionalInsured: true, expirationDate: '2030-02-30' },
      }),
    );
    expect(missing.companyCredentialErrors).toEqual({
      [id(INSURANCE)]: {
        issuer: MESSAGES.fieldRequired,
        coverage: MESSAGES.fieldRequired,
        expirationDate: MESSAGES.dateInvalid,
        documentLink: MESSAGES.fieldRequired,
      },
    });
    const elsewhere = await refused(
      await soloBody({
        [id(INSURANCE)]: await insurance({ documentLink: await uploadedLink(t.app, plain.hash) }),
      }),
    );
    expect(elsewhere.companyCredentialErrors).toEqual({
      [id(INSURANCE)]: { documentLink: MESSAGES.documentLinkInvalid },
    });
  });

  it('answers a credential of the wrong JSON shape with 400, writing nothing', async () => {
    const before = await rowCounts();
    const body = await soloBody();
    const response = await submit(t.app, {
      ...body,
      companyCredentials: [body.companyCredentials[id(INSURANCE)]],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'The request is not shaped as expected: companyCredentials must be an object.',
    );
    expect(await rowCounts()).toEqual(before);
  });

  it('ignores credential fields sent to an organization that asks for none, as any unknown field', async () => {
    const body = {
      hashValue: plain.hash,
      companyInfo: [companyInput()],
      companyCredentials: 'not even a map',
      userInfo: [
        person({
          userType: 'tester',
          userCerts: [await certificationFor(t.app, plain)],
          userCredentials: { [id(DRIVER)]: { number: 'D-9' } },
        }),
      ],
      testKitInfo: [],
    };
    const before = await rowCounts();
    const response = await submit(t.app, body);
    expect(response.statusCode, response.body).toBe(200);
    expect(Object.keys(response.json())).toEqual(['code', 'message']);
    expect(await rowCounts()).toMatchObject({ credentials: before?.credentials });
    const notification = await t.app.orm.em.fork().findOneOrFail(OutboxEmail, {
      dedupeKey: `signup:${response.json().message.submissionId}`,
    });
    expect(notification.textBody).not.toContain('Credential');
  });
});

describe('a saved draft with credentials', () => {
  it('keeps the company’s and each tester’s credentials and their uploads', async () => {
    const link = await uploadedLink(t.app, insured.hash);
    const credential = {
      issuer: 'Prairie Mutual',
      number: '',
      coverage: '$1,000,000',
      additionalInsured: true,
      expirationDate: '2031-01-31',
      documentLink: link,
      documentName: 'insurance.pdf',
    };
    const data = {
      path: [0, 1, 7],
      userType: 'tester',
      company: { ...companyInput(), companyID: null },
      matches: [],
      companyCredentials: { [id(INSURANCE)]: credential },
      admins: [],
      testers: [
        {
          ...person(),
          userCerts: [],
          userCredentials: { [id(DRIVER)]: { ...credential, documentLink: '' } },
        },
      ],
      testKits: [],
    };
    const to = email('draft');
    const runId = randomUUID();
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/drafts/save',
      remoteAddress: randomAddress(),
      payload: { hashValue: insured.hash, runId, email: to, data },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const [stored] = await sql<{ id: number; data: unknown }>(
      'select id, data from drafts where run_id = ?',
      [runId],
    );
    expect(stored?.data).toEqual(data);
    const kept = await sql<{ document_id: string }>(
      'select document_id::text from draft_documents where draft_id = ?',
      [stored?.id],
    );
    expect(kept.map((row) => row.document_id)).toEqual([link]);
    const messages = await t.app.orm.em
      .fork()
      .find(OutboxEmail, { kind: 'draft_link' }, { orderBy: { id: 'desc' } });
    const sent = messages.find((entry) => entry.recipients.includes(to));
    const token = new URL(/https?:\/\/\S+/.exec(sent?.textBody ?? '')?.[0] ?? 'http://x').hash;
    const opened = await t.app.inject({
      method: 'POST',
      url: '/api/drafts/open',
      remoteAddress: randomAddress(),
      payload: { token: token.slice(1) },
    });
    expect(opened.json().message.draft.data).toEqual(data);
  });
});
