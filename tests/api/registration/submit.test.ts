import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Certification,
  Company,
  Document,
  Organization,
  OutboxEmail,
  Registration,
  Submission,
  TestKit,
  User,
  UserCompany,
} from '../../../api/src/db/entities/index.js';
import { CODES, MESSAGES } from '../../../shared/codes.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import {
  certificationFor,
  companyInput,
  createOrganization,
  email,
  isoDay,
  type OrganizationFixture,
  person,
  submit,
  testKitFor,
  uploadedLink,
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

const em = () => t.app.orm.em.fork();

interface RegistrationBody {
  hashValue: string | undefined;
  companyInfo: Record<string, unknown>[];
  userInfo: Record<string, unknown>[];
  testKitInfo: Record<string, unknown>[];
}

async function testerRegistration(
  target: OrganizationFixture,
  overrides: Partial<RegistrationBody> = {},
): Promise<RegistrationBody> {
  return {
    hashValue: target.hash,
    companyInfo: [companyInput()],
    userInfo: [person({ userType: 'tester', userCerts: [await certificationFor(t.app, target)] })],
    testKitInfo: [await testKitFor(t.app, target)],
    ...overrides,
  };
}

/** Rows that a submit writes, counted across the whole database. */
async function rowCounts() {
  const fork = em();
  return {
    users: await fork.count(User, {}),
    companies: await fork.count(Company, {}),
    registrations: await fork.count(Registration, {}),
    certifications: await fork.count(Certification, {}),
    kits: await fork.count(TestKit, {}),
    submissions: await fork.count(Submission, {}),
    emails: await fork.count(OutboxEmail, {}),
    attached: await fork.count(Document, { attachedAt: { $ne: null } }),
  };
}

describe('POST /api/tr/submit/all', () => {
  it('records everything in one go and stages the notification', async () => {
    const body = await testerRegistration(organization);
    body.userInfo.push(person({ userType: 'admin', userEmail: email('admin') }));
    const response = await submit(t.app, body);
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer.code).toBe('SUCCESS');
    const submissionId = answer.message.submissionId;

    const fork = em();
    const submission = await fork.findOneOrFail(Submission, submissionId, {
      populate: ['company'],
    });
    expect(submission.company?.name).toBe(body.companyInfo[0]?.companyName);
    const registrations = await fork.find(
      Registration,
      { submission: submissionId },
      { populate: ['user'], orderBy: { user: { type: 'asc' } } },
    );
    expect(registrations.map((registration) => registration.user.type)).toEqual([
      'admin',
      'tester',
    ]);
    for (const registration of registrations) {
      expect(registration.enrolled).toBe(false);
      expect(registration.organization.id).toBe(organization.id);
      expect(registration.registeredAt).toBeInstanceOf(Date);
    }
    const tester = registrations.find((registration) => registration.user.type === 'tester');
    const [certInput] = (body.userInfo[0] as { userCerts: Record<string, string>[] }).userCerts;
    const certs = await fork.find(Certification, { registration: tester?.id });
    expect(certs).toHaveLength(1);
    expect(certs[0]).toMatchObject({
      number: certInput?.certNum,
      expiresOn: '2030-06-30',
      agencyName: organization.agencies[certInput?.certAgency ?? '']?.name,
    });
    expect(certs[0]?.document?.id).toBe(certInput?.certDocLink);
    const kits = await fork.find(TestKit, { submission: submissionId });
    expect(kits.map((kit) => kit.serial)).toEqual([body.testKitInfo[0]?.kitSerial]);
    expect(await fork.count(UserCompany, { company: submission.company?.id })).toBe(2);

    const documents = await fork.find(Document, {
      id: { $in: [String(certInput?.certDocLink), String(body.testKitInfo[0]?.kitCalibDocLink)] },
    });
    expect(documents).toHaveLength(2);
    expect(documents.every((document) => document.attachedAt instanceof Date)).toBe(true);

    const notification = await fork.findOneOrFail(OutboxEmail, {
      dedupeKey: `signup:${submissionId}`,
    });
    expect(notification.kind).toBe('signup_notification');
    expect(notification.recipients).toEqual([organization.primaryEmail]);
    expect(notification.status).toBe('pending');
    expect(notification.textBody).toContain(body.companyInfo[0]?.companyName);
    expect(notification.textBody).toContain(`${t.config.publicUrl}/scadmin/review`);
    expect(notification.textBody).toContain(': tester, 1 certification(s)');
    expect(notification.textBody).toContain(': admin');
    expect(notification.textBody).toContain('Test kits: 1');
    expect(notification.textBody).not.toContain(certInput?.certDocLink);
  });

  it('uses the selected company instead of creating one', async () => {
    const first = await testerRegistration(organization);
    const created = (await submit(t.app, first)).json().message.submissionId;
    const companyId = (await em().findOneOrFail(Submission, created)).company?.id;
    const companiesBefore = await em().count(Company, {});
    const second = await testerRegistration(organization, {
      companyInfo: [companyInput({ companyID: String(companyId) })],
    });
    const response = await submit(t.app, second);
    expect(response.json().code).toBe('SUCCESS');
    expect(await em().count(Company, {})).toBe(companiesBefore);
    const submission = await em().findOneOrFail(Submission, response.json().message.submissionId);
    expect(submission.company?.id).toBe(companyId);
  });

  it('answers FINAL ERRORS for a company id that does not exist', async () => {
    const body = await testerRegistration(organization, {
      companyInfo: [companyInput({ companyID: 2_000_000_000 })],
    });
    const response = await submit(t.app, body);
    expect(response.statusCode).toBe(422);
    expect(response.json().message.company_errors).toEqual({ companyID: MESSAGES.companyNotFound });
  });

  it('refuses text PostgreSQL cannot store (a NUL) as unreadable, writing nothing', async () => {
    const before = await rowCounts();
    const body = await testerRegistration(organization, {
      companyInfo: [companyInput({ companyName: 'Acme\u0000 Backflow' })],
    });
    const response = await submit(t.app, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: CODES.badRequest, message: MESSAGES.badRequest });
    expect(await rowCounts()).toEqual(before);
  });

  it('re-validates everything, whatever the steps said', async () => {
    const before = await rowCounts();
    const body = await testerRegistration(organization);
    const response = await submit(t.app, {
      ...body,
      companyInfo: [companyInput({ companyZip: '1234' })],
      userInfo: [
        { ...body.userInfo[0], userEmail: 'not-an-email' },
        person({ userType: 'admin', userLastName: 'l'.repeat(51) }),
      ],
      testKitInfo: [{ ...body.testKitInfo[0], kitMfr: '' }],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      code: 'FINAL ERRORS',
      message: {
        userErrors: {
          0: { userEmail: 'Invalid email.' },
          1: { userLastName: MESSAGES.lastNameTooLong },
        },
        certErrors: {},
        company_errors: { companyZip: 'Zip code invalid.' },
        testKitErrors: { 0: { kitMfr: 'Field required.' } },
        generalErrors: [],
      },
    });
    expect(await rowCounts()).toEqual(before);
  });

  it('requires the organization’s number of certifications', async () => {
    const strict = await createOrganization(em(), { requiredCertifications: 2 });
    const response = await submit(t.app, await testerRegistration(strict));
    expect(response.statusCode).toBe(422);
    expect(response.json().message.userErrors).toEqual({
      0: { userCerts: 'Each tester needs at least 2 certification(s).' },
    });
  });

  it('accepts 10 testers and 10 admins and refuses 11 of either', async () => {
    const cert = await certificationFor(t.app, organization);
    const testers = (n: number) =>
      Array.from({ length: n }, () => person({ userType: 'tester', userCerts: [cert] }));
    const admins = (n: number) => Array.from({ length: n }, () => person({ userType: 'admin' }));
    const eleven = await submit(t.app, {
      hashValue: organization.hash,
      companyInfo: [companyInput()],
      userInfo: [...admins(1), ...testers(11)],
      testKitInfo: [],
    });
    expect(eleven.json().message.generalErrors).toEqual([
      'At most 10 testers can be registered at once.',
    ]);
    const elevenAdmins = await submit(t.app, {
      hashValue: organization.hash,
      companyInfo: [companyInput()],
      userInfo: admins(11),
      testKitInfo: [],
    });
    expect(elevenAdmins.json().message.generalErrors).toEqual([
      'At most 10 admins can be registered at once.',
    ]);
    // Ten testers may share one uploaded certificate within a submit.
    const ten = await submit(t.app, {
      hashValue: organization.hash,
      companyInfo: [companyInput()],
      userInfo: [...admins(10), ...testers(10)],
      testKitInfo: [],
    });
    expect(ten.json().code).toBe('SUCCESS');
  });

  it('drops kits when the first kit has no serial', async () => {
    const body = await testerRegistration(organization, {
      testKitInfo: [{ kitSerial: '', kitMfr: 'Watts' }],
    });
    const response = await submit(t.app, body);
    expect(response.json().code).toBe('SUCCESS');
    expect(await em().count(TestKit, { submission: response.json().message.submissionId })).toBe(0);
  });

  describe('links', () => {
    it('answers ORG URL INVALID for an unknown hash and ORG URL EXPIRED for an expired one', async () => {
      const body = await testerRegistration(organization);
      const unknown = await submit(t.app, { ...body, hashValue: 'definitely-not-a-hash' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().code).toBe('ORG URL INVALID');
      const missing = await submit(t.app, { ...body, hashValue: undefined });
      expect(missing.json().code).toBe('ORG URL INVALID');
      const expired = await createOrganization(em(), { allowedUntil: isoDay(-1) });
      const late = await submit(t.app, { ...body, hashValue: expired.hash });
      expect(late.statusCode).toBe(410);
      expect(late.json().code).toBe('ORG URL EXPIRED');
    });
  });

  describe('documents', () => {
    it('refuses documents uploaded for another organization, already attached, or unknown', async () => {
      const foreign = await uploadedLink(t.app, other.hash);
      const body = await testerRegistration(organization);
      const cert = (body.userInfo[0] as { userCerts: Record<string, string>[] }).userCerts[0];
      const response = await submit(t.app, {
        ...body,
        userInfo: [{ ...body.userInfo[0], userCerts: [{ ...cert, certDocLink: foreign }] }],
        testKitInfo: [{ ...body.testKitInfo[0], kitCalibDocLink: randomUUID() }],
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().message.certErrors).toEqual({
        0: { 0: { certDocLink: MESSAGES.documentLinkInvalid } },
      });
      expect(response.json().message.testKitErrors).toEqual({
        0: { kitCalibDocLink: MESSAGES.documentLinkInvalid },
      });

      expect((await submit(t.app, body)).json().code).toBe('SUCCESS');
      // The same documents again, in a new registration: already attached elsewhere.
      const again = await submit(t.app, {
        ...body,
        userInfo: [{ ...body.userInfo[0], userEmail: email() }],
      });
      expect(again.statusCode).toBe(422);
      expect(again.json().message.certErrors[0][0].certDocLink).toBe(MESSAGES.documentLinkInvalid);
    });
  });

  describe('people across organizations', () => {
    it('links a person registered for another organization with the same type', async () => {
      const first = await testerRegistration(other);
      const address = (first.userInfo[0] as { userEmail: string }).userEmail;
      expect((await submit(t.app, first)).json().code).toBe('SUCCESS');
      const usersBefore = await em().count(User, {});

      const second = await testerRegistration(organization);
      (second.userInfo[0] as { userEmail: string }).userEmail = `  ${address.toUpperCase()} `;
      const response = await submit(t.app, second);
      expect(response.json().code).toBe('SUCCESS');
      expect(await em().count(User, {})).toBe(usersBefore);
      const user = await em().findOneOrFail(User, { email: address });
      const registrations = await em().find(Registration, { user }, { populate: ['organization'] });
      expect(registrations.map((registration) => registration.organization.id).sort()).toEqual(
        [organization.id, other.id].sort(),
      );
      // Certifications are recorded again for the new registration.
      expect(await em().count(Certification, { user })).toBe(2);
    });

    it('refuses a second registration for the same organization, whatever the case', async () => {
      const first = await testerRegistration(organization);
      const address = (first.userInfo[0] as { userEmail: string }).userEmail;
      expect((await submit(t.app, first)).json().code).toBe('SUCCESS');
      const before = await rowCounts();
      const again = await testerRegistration(organization);
      again.userInfo = [
        person({ userType: 'admin', userEmail: email() }),
        { ...again.userInfo[0], userEmail: address.toUpperCase() },
      ];
      const response = await submit(t.app, again);
      expect(response.statusCode).toBe(422);
      expect(response.json().message.userErrors).toEqual({
        1: { userEmail: MESSAGES.emailAlreadyRegisteredHere },
      });
      // Nothing of the refused submit was kept (the new admin included).
      expect(await rowCounts()).toEqual(before);
    });

    it('refuses an email registered with the other user type', async () => {
      const admin = email('admin');
      const first = await submit(t.app, {
        hashValue: other.hash,
        companyInfo: [companyInput()],
        userInfo: [person({ userType: 'admin', userEmail: admin })],
        testKitInfo: [],
      });
      expect(first.json().code).toBe('SUCCESS');
      const body = await testerRegistration(organization);
      (body.userInfo[0] as { userEmail: string }).userEmail = admin;
      const response = await submit(t.app, body);
      expect(response.json().message.userErrors).toEqual({
        0: { userEmail: MESSAGES.emailRegisteredAsAdmin },
      });
    });
  });

  describe('idempotency', () => {
    it('takes any well-formed key, not only a wizard run id, and replays it', async () => {
      const body = await testerRegistration(organization);
      const key = `client-${randomUUID().slice(0, 8)}-retry.1`;
      const first = await submit(t.app, body, { 'idempotency-key': key });
      expect(first.statusCode, first.body).toBe(200);
      const retry = await submit(t.app, body, { 'idempotency-key': key });
      expect(retry.json()).toEqual(first.json());
    });

    it('replays the first answer for a retry with the same key and body, creating nothing', async () => {
      const body = await testerRegistration(organization);
      const key = randomUUID();
      const first = await submit(t.app, body, { 'idempotency-key': key });
      expect(first.statusCode).toBe(200);
      const before = await rowCounts();
      const retry = await submit(t.app, body, { 'idempotency-key': key });
      expect(retry.statusCode).toBe(200);
      expect(retry.json()).toEqual(first.json());
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(await rowCounts()).toEqual(before);
    });

    it('replays the first answer after the link has expired', async () => {
      const closing = await createOrganization(em());
      const body = await testerRegistration(closing);
      const key = randomUUID();
      const first = await submit(t.app, body, { 'idempotency-key': key });
      expect(first.json().code).toBe('SUCCESS');
      await em().nativeUpdate(Organization, { id: closing.id }, { allowedUntil: isoDay(-1) });
      t.app.linkCache.clear();
      const retry = await submit(t.app, body, { 'idempotency-key': key });
      expect(retry.json()).toEqual(first.json());
      expect(retry.headers['idempotent-replayed']).toBe('true');
      const withoutKey = await submit(t.app, body);
      expect(withoutKey.json().code).toBe('ORG URL EXPIRED');
    });

    it('refuses the same key with a different body', async () => {
      const body = await testerRegistration(organization);
      const key = randomUUID();
      expect((await submit(t.app, body, { 'idempotency-key': key })).statusCode).toBe(200);
      const changed = await submit(
        t.app,
        { ...body, companyInfo: [companyInput()] },
        { 'idempotency-key': key },
      );
      expect(changed.statusCode).toBe(409);
      expect(changed.json()).toEqual({ code: 'CONFLICT', message: MESSAGES.submissionKeyReused });
    });

    it('lets a corrected retry with the same key through after a refusal', async () => {
      const body = await testerRegistration(organization);
      const key = randomUUID();
      const refused = await submit(
        t.app,
        { ...body, companyInfo: [companyInput({ companyCity: '' })] },
        { 'idempotency-key': key },
      );
      expect(refused.statusCode).toBe(422);
      expect((await submit(t.app, body, { 'idempotency-key': key })).json().code).toBe('SUCCESS');
    });

    it('gives one success for simultaneous requests with the same key', async () => {
      const body = await testerRegistration(organization);
      const key = randomUUID();
      const responses = await Promise.all(
        Array.from({ length: 5 }, () => submit(t.app, body, { 'idempotency-key': key })),
      );
      expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
      const ids = new Set(responses.map((response) => response.json().message.submissionId));
      expect(ids.size).toBe(1);
      expect(await em().count(Submission, { idempotencyKey: key })).toBe(1);
    });

    it('works without the header and refuses a malformed one', async () => {
      const body = await testerRegistration(organization);
      expect((await submit(t.app, body, {})).json().code).toBe('SUCCESS');
      const bad = await submit(t.app, await testerRegistration(organization), {
        'idempotency-key': 'short',
      });
      expect(bad.statusCode).toBe(400);
    });
  });
});
