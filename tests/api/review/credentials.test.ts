import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AuditEntry,
  Credential,
  OutboxEmail,
  Registration,
} from '../../../api/src/db/entities/index.js';
import { addDays, todayInProgramZone } from '../../../shared/program-zone.js';
import { REVIEW_STAFF_MESSAGES } from '../../../shared/review.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import {
  createOrganization,
  type OrganizationFixture,
  requireCredentials,
  unique,
  uploadedLink,
} from '../registration/fixtures.js';
import { signIn, staffClient } from '../staff/helpers.js';
import { registrationOf, reviewCalls, type Submitted, submitRegistration } from './helpers.js';

// Credentials in the Review Queue (issue 27): listed on the review beside their documents,
// decided like certifications (a company's on every registration of its submission at once),
// needed for approval, named in the decision email, and an accepted renewal lifting an automatic
// suspension.

const INSURANCE = 'General liability insurance';
const DRIVER = "Driver's license";

let t: TestApp;
let call: ReturnType<typeof staffClient>;
let calls: ReturnType<typeof reviewCalls>;
let types: Record<string, number>;
let organization: OrganizationFixture;

beforeAll(async () => {
  t = await createTestApp();
  call = staffClient(t.app, (await signIn(t)).token);
  calls = reviewCalls(call);
  organization = await createOrganization(t.app.orm.em.fork(), {
    requiredCertifications: 1,
    acceptExpiredCertifications: true,
  });
  types = await requireCredentials(t.app.orm.em.fork(), organization.id, [
    { type: INSURANCE, minimumCoverage: 1_000_000, additionalInsured: true },
    { type: DRIVER },
  ]);
});
afterAll(() => t.close());

const today = () => todayInProgramZone();
const sql = <T extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
  t.app.orm.em.fork().getConnection().execute<T[]>(text, params);

/** A company (tester and admin) registering with its insurance and the tester's licence. */
async function submitWithCredentials(language: 'en' | 'es' = 'en'): Promise<Submitted> {
  return submitRegistration(t.app, {
    organization,
    withAdmin: true,
    language,
    companyCredentials: {
      [types[INSURANCE] ?? 0]: {
        issuer: 'Prairie Mutual',
        coverage: '$1,000,000',
        additionalInsured: true,
        expirationDate: addDays(today(), 365),
        documentLink: await uploadedLink(t.app, organization.hash),
      },
    },
    userCredentials: {
      [types[DRIVER] ?? 0]: {
        number: `D-${unique()}`,
        expirationDate: addDays(today(), 200),
        documentLink: await uploadedLink(t.app, organization.hash),
      },
    },
  });
}

type ReviewCredential = { id: number; typeName: string; holder: string; decision: string };
const credentialsOf = async (id: number): Promise<ReviewCredential[]> =>
  (await calls.review(id)).credentials;
const insuranceOf = async (id: number) => {
  const insurance = (await credentialsOf(id)).find((c) => c.typeName === INSURANCE);
  if (!insurance) throw new Error(`no insurance on registration ${id}`);
  return insurance;
};
const versionOf = async (id: number): Promise<number> => (await calls.review(id)).version;
const decisionsOf = (ids: number[]) =>
  t.app.orm.em
    .fork()
    .find(Credential, { registration: { $in: ids }, typeName: INSURANCE }, { refresh: true });

describe('credentials in the Review Queue', () => {
  it('lists the registration credentials with their facts, documents and decisions', async () => {
    const submitted = await submitWithCredentials();
    const tester = registrationOf(submitted, submitted.testerEmail);
    const admin = registrationOf(submitted, submitted.adminEmail);
    const record = await calls.review(tester);
    expect(record.credentials).toHaveLength(2);
    const [insurance, licence] = record.credentials;
    expect(insurance).toMatchObject({
      typeName: INSURANCE,
      credentialTypeId: types[INSURANCE],
      holder: 'company',
      issuer: 'Prairie Mutual',
      number: null,
      coverage: 1_000_000,
      additionalInsured: true,
      expiresOn: addDays(today(), 365),
      expiry: 'valid',
      decision: 'pending',
      reason: null,
      note: null,
      renewal: false,
      earlierVersions: [],
    });
    expect(insurance.document.url).toBe(`/api/documents/${insurance.document.id}`);
    const document = await call('GET', insurance.document.url);
    expect(document.statusCode).toBe(200);
    expect(licence).toMatchObject({ typeName: DRIVER, holder: 'tester', coverage: null });
    expect(licence.number).toMatch(/^D-/);
    // The admin gives no tester credential: their record shows the company's copy only.
    const adminCredentials = await credentialsOf(admin);
    expect(adminCredentials.map((c) => c.typeName)).toEqual([INSURANCE]);
    expect(adminCredentials[0]?.id).not.toBe(insurance.id);
  });

  it('accepts a company credential on every registration of the submission at once', async () => {
    const submitted = await submitWithCredentials();
    const tester = registrationOf(submitted, submitted.testerEmail);
    const admin = registrationOf(submitted, submitted.adminEmail);
    const versions = [await versionOf(tester), await versionOf(admin)];
    const insurance = await insuranceOf(tester);
    const response = await calls.document(tester, 'credential', insurance.id, 'accepted');
    expect(response.statusCode, response.body).toBe(200);
    expect((await decisionsOf([tester, admin])).map((c) => c.reviewDecision)).toEqual([
      'accepted',
      'accepted',
    ]);
    expect(await versionOf(tester)).toBe((versions[0] ?? 0) + 1);
    expect(await versionOf(admin)).toBe((versions[1] ?? 0) + 1);
    // The admin's reviewer, on the version before, is told to reload.
    const stale = await calls.decide(admin, 'document', {
      version: versions[1],
      item: 'credential',
      itemId: (await insuranceOf(admin)).id,
      decision: 'rejected',
      reason: 'unreadable',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(REVIEW_STAFF_MESSAGES.staleVersion);
    for (const id of [tester, admin]) {
      const audit = await t.app.orm.em
        .fork()
        .find(AuditEntry, { entityType: 'registration', entityId: String(id) });
      expect(
        audit.some(
          (entry) =>
            entry.action === 'review_document' &&
            JSON.stringify(entry.after).includes(`"item":"credential"`),
        ),
        `audit of ${id}`,
      ).toBe(true);
    }
  });

  it('rejects a company credential with its reason and note on every copy', async () => {
    const submitted = await submitWithCredentials();
    const tester = registrationOf(submitted, submitted.testerEmail);
    const admin = registrationOf(submitted, submitted.adminEmail);
    const response = await calls.document(
      admin,
      'credential',
      (await insuranceOf(admin)).id,
      'rejected',
      { reason: 'mismatch', note: 'The certificate names another company.' },
    );
    expect(response.statusCode, response.body).toBe(200);
    for (const copy of await decisionsOf([tester, admin])) {
      expect(copy).toMatchObject({
        reviewDecision: 'rejected',
        reviewReason: 'mismatch',
        reviewNote: 'The certificate names another company.',
      });
    }
    expect(await insuranceOf(tester)).toMatchObject({ decision: 'rejected', reason: 'mismatch' });
  });

  it('refuses to approve while a credential waits, and approves once all are accepted', async () => {
    const submitted = await submitWithCredentials();
    const tester = registrationOf(submitted, submitted.testerEmail);
    const record = await calls.review(tester);
    for (const certification of record.certifications) {
      await calls.document(tester, 'certification', certification.id, 'accepted');
    }
    await calls.document(tester, 'credential', (await insuranceOf(tester)).id, 'accepted');
    const refused = await calls.current(tester, 'approve');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(REVIEW_STAFF_MESSAGES.documentsNotAccepted);
    expect((await calls.review(tester)).state).toBe('pending');
    await calls.acceptAll(tester);
    const approved = await calls.current(tester, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().message.state).toBe('approved');
  });

  it('sends the decision on a rejected credential, named with its reason, in the registrant language', async () => {
    for (const [language, expectedLine, noteLine] of [
      ['en', `- ${INSURANCE} (Prairie Mutual): Expired`, '  Note from the reviewer: Out of date.'],
      ['es', `- ${INSURANCE} (Prairie Mutual): Vencido`, '  Nota del revisor: Out of date.'],
    ] as const) {
      const submitted = await submitWithCredentials(language);
      const tester = registrationOf(submitted, submitted.testerEmail);
      await calls.acceptAll(tester);
      await calls.document(tester, 'credential', (await insuranceOf(tester)).id, 'rejected', {
        reason: 'expired',
        note: 'Out of date.',
      });
      const response = await calls.current(tester, 'request_changes');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().message.state).toBe('changes_requested');
      const [email] = await t.app.orm.em.fork().find(OutboxEmail, {
        dedupeKey: { $like: `review:${tester}:%:person` },
        kind: 'review_changes_requested',
      });
      expect(email?.recipients).toEqual([submitted.testerEmail]);
      expect(email?.textBody).toContain(`${expectedLine}\n${noteLine}`);
    }
  });

  it('lifts an automatic suspension when the renewal of an expired required credential is accepted', async () => {
    const submitted = await submitWithCredentials();
    const tester = registrationOf(submitted, submitted.testerEmail);
    await calls.acceptAll(tester);
    expect((await calls.current(tester, 'approve')).statusCode).toBe(200);
    // The insurance expired yesterday and the product suspended the registration; its renewal
    // waits for review.
    const renewalDocument = await uploadedLink(t.app, organization.hash);
    const renewedUntil = addDays(today(), 400);
    await sql('update organizations set suspend_on_expiry = true where id = ?', [organization.id]);
    await sql(
      `update credentials set expires_on = ?::date, review_decision = 'pending',
              renewal = ?::jsonb
        where registration_id = ? and type_name = ?`,
      [
        addDays(today(), -1),
        JSON.stringify({
          issuer: 'Prairie Mutual',
          number: null,
          coverage: 2_000_000,
          additionalInsured: true,
          expiresOn: renewedUntil,
          documentId: renewalDocument,
        }),
        tester,
        INSURANCE,
      ],
    );
    await sql(
      `update registrations set standing = 'suspended', suspended_automatically = true,
              standing_reason = 'Expired: ${INSURANCE}', standing_changed_at = now(),
              review_state = 'pending', resume_state = 'approved', review_version = review_version + 1
        where id = ?`,
      [tester],
    );
    const insurance = await insuranceOf(tester);
    expect(insurance).toMatchObject({
      renewal: true,
      coverage: 2_000_000,
      expiresOn: renewedUntil,
    });
    const response = await calls.document(tester, 'credential', insurance.id, 'accepted');
    expect(response.statusCode, response.body).toBe(200);
    const registration = await t.app.orm.em
      .fork()
      .findOneOrFail(Registration, tester, { refresh: true });
    expect(registration.standing).toBe('active');
    expect(registration.reviewState).toBe('approved');
    const [renewed] = await decisionsOf([tester]);
    expect(renewed).toMatchObject({
      reviewDecision: 'accepted',
      coverage: 2_000_000,
      expiresOn: renewedUntil,
      renewal: null,
    });
    expect(renewed?.document?.id).toBe(renewalDocument);
  });
});
