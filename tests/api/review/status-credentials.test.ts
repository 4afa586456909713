import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditEntry, Credential, Registration } from '../../../api/src/db/entities/index.js';
import { issueStatusLink } from '../../../api/src/modules/review/status-links.js';
import { MESSAGES } from '../../../shared/codes.js';
import { addDays, todayInProgramZone } from '../../../shared/program-zone.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import {
  createOrganization,
  type OrganizationFixture,
  requireCredentials,
  uploadedLink,
} from '../registration/fixtures.js';
import { signIn, staffClient } from '../staff/helpers.js';
import { registrationOf, reviewCalls, submitRegistration } from './helpers.js';

// Credentials through the registrant's status link (issue 27): a rejected credential is
// corrected there by the organization's rules for its type, and one due within 60 days is
// renewed there (the link a credential's reminder carries), waiting beside it for review.

const INSURANCE = 'General liability insurance';

let t: TestApp;
let calls: ReturnType<typeof reviewCalls>;
let types: Record<string, number>;
let organization: OrganizationFixture;

beforeAll(async () => {
  t = await createTestApp();
  calls = reviewCalls(staffClient(t.app, (await signIn(t)).token));
  organization = await createOrganization(t.app.orm.em.fork(), { requiredCertifications: 1 });
  types = await requireCredentials(t.app.orm.em.fork(), organization.id, [
    { type: INSURANCE, minimumCoverage: 1_000_000, additionalInsured: true },
  ]);
});
afterAll(() => t.close());

const today = () => todayInProgramZone();

/** A tester registered with the company's insurance, expiring in `days`. */
async function registered(days: number) {
  const submitted = await submitRegistration(t.app, {
    organization,
    companyCredentials: {
      [types[INSURANCE] ?? 0]: {
        issuer: 'Prairie Mutual',
        coverage: '$1,000,000',
        additionalInsured: true,
        expirationDate: addDays(today(), days),
        documentLink: await uploadedLink(t.app, organization.hash),
      },
    },
  });
  return registrationOf(submitted, submitted.testerEmail);
}

/** A status link of the registration, as the decision emails carry. */
async function linkOf(id: number) {
  const em = t.app.orm.em.fork();
  const issued = issueStatusLink(em, { id, formHash: organization.hash }, 'http://localhost');
  await em.flush();
  const [, hash = '', token = ''] = /\/form\/([^/]+)\/status\/(.+)$/.exec(issued.url) ?? [];
  return {
    view: async () => (await t.app.inject({ url: `/api/tr/status/${hash}/${token}` })).json(),
    send: (payload: object) =>
      t.app.inject({ method: 'POST', url: `/api/tr/status/${hash}/${token}`, payload }),
  };
}

const onFile = (id: number) =>
  t.app.orm.em.fork().findOneOrFail(Credential, id, { refresh: true, populate: ['document'] });

describe('credentials on the status link', () => {
  it('corrects a rejected credential by the organization rules, and sends it back for review', async () => {
    const id = await registered(300);
    const record = await calls.review(id);
    for (const certification of record.certifications) {
      await calls.document(id, 'certification', certification.id, 'accepted');
    }
    const [insurance] = record.credentials;
    await calls.document(id, 'credential', insurance.id, 'rejected', { reason: 'mismatch' });
    expect((await calls.current(id, 'request_changes')).statusCode).toBe(200);
    const link = await linkOf(id);

    const status = (await link.view()).message.status;
    expect(status.credentials).toEqual([
      expect.objectContaining({
        id: insurance.id,
        typeName: INSURANCE,
        holder: 'company',
        issuer: 'Prairie Mutual',
        coverage: 1_000_000,
        additionalInsured: true,
        decision: 'rejected',
        reason: 'mismatch',
        rule: {
          facts: ['issuer', 'coverage', 'additionalInsured'],
          expires: true,
          minimumCoverage: 1_000_000,
          additionalInsured: true,
        },
      }),
    ]);
    expect(status.renewable.credentials).toEqual([]);

    // Every rejected item needs its correction.
    const missing = await link.send({ certifications: [] });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().message.generalErrors).toEqual([MESSAGES.correctionsMissing]);
    const document = await uploadedLink(t.app, organization.hash);
    const entry = {
      id: insurance.id,
      issuer: 'Prairie Mutual',
      coverage: '$999,999',
      additionalInsured: false,
      expirationDate: addDays(today(), 365),
      documentLink: document,
    };
    const refused = await link.send({ credentials: [entry] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message.fieldErrors).toEqual({
      [`credentials.${insurance.id}.coverage`]: 'Coverage must be at least $1,000,000.',
      [`credentials.${insurance.id}.additionalInsured`]:
        'The certificate must name the organization as additional insured.',
    });
    const untouched = await onFile(insurance.id);
    expect(untouched).toMatchObject({ reviewDecision: 'rejected', coverage: 1_000_000 });

    const sent = await link.send({
      credentials: [{ ...entry, coverage: '$1,000,000', additionalInsured: true }],
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const corrected = await onFile(insurance.id);
    expect(corrected).toMatchObject({
      reviewDecision: 'pending',
      reviewReason: null,
      expiresOn: addDays(today(), 365),
      renewal: null,
    });
    expect(corrected.document?.id).toBe(document);
    const registration = await t.app.orm.em.fork().findOneOrFail(Registration, id);
    expect(registration.reviewState).toBe('pending');
    expect(registration.resubmittedAt).not.toBeNull();
    const [audit] = await t.app.orm.em
      .fork()
      .find(AuditEntry, { entityType: 'registration', entityId: String(id), action: 'resubmit' });
    expect(JSON.stringify(audit?.after)).toContain('"item":"credential"');
    // The link is used up.
    expect((await link.send({ credentials: [entry] })).statusCode).toBe(404);
  });

  it('refuses a correction that changes nothing', async () => {
    const id = await registered(300);
    const [insurance] = (await calls.review(id)).credentials;
    await calls.acceptAll(id);
    await calls.document(id, 'credential', insurance.id, 'rejected', { reason: 'unreadable' });
    await calls.current(id, 'request_changes');
    const link = await linkOf(id);
    const same = await link.send({
      credentials: [
        {
          id: insurance.id,
          issuer: 'Prairie Mutual',
          coverage: '1000000',
          additionalInsured: true,
          expirationDate: insurance.expiresOn,
        },
      ],
    });
    expect(same.statusCode).toBe(422);
    expect(same.json().message.fieldErrors).toEqual({
      [`credentials.${insurance.id}.documentLink`]: MESSAGES.correctionNothingChanged,
    });
  });

  it('renews a credential due within 60 days: it waits beside the one on file until accepted', async () => {
    const id = await registered(20);
    await calls.acceptAll(id);
    expect((await calls.current(id, 'approve')).statusCode).toBe(200);
    const link = await linkOf(id);
    const status = (await link.view()).message.status;
    const [insurance] = status.credentials;
    expect(status.renewable.credentials).toEqual([insurance.id]);

    const base = { id: insurance.id, issuer: 'Prairie Mutual', coverage: '$2,000,000' };
    const earlier = await link.send({
      credentials: [{ ...base, additionalInsured: true, expirationDate: insurance.expiresOn }],
    });
    expect(earlier.statusCode).toBe(422);
    expect(earlier.json().message.fieldErrors).toEqual({
      [`credentials.${insurance.id}.expirationDate`]: MESSAGES.renewalDateNotLater,
      [`credentials.${insurance.id}.documentLink`]: MESSAGES.renewalDocumentRequired,
    });

    const document = await uploadedLink(t.app, organization.hash);
    const renewedUntil = addDays(today(), 385);
    const sent = await link.send({
      credentials: [
        { ...base, additionalInsured: true, expirationDate: renewedUntil, documentLink: document },
      ],
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const waiting = await onFile(insurance.id);
    expect(waiting).toMatchObject({
      reviewDecision: 'pending',
      expiresOn: addDays(today(), 20),
      coverage: 1_000_000,
      renewal: { coverage: 2_000_000, expiresOn: renewedUntil, documentId: document },
    });
    const registration = await t.app.orm.em.fork().findOneOrFail(Registration, id);
    expect(registration.reviewState).toBe('pending');

    await calls.acceptAll(id);
    const accepted = await onFile(insurance.id);
    expect(accepted).toMatchObject({
      reviewDecision: 'accepted',
      expiresOn: renewedUntil,
      coverage: 2_000_000,
      renewal: null,
    });
    expect(accepted.document?.id).toBe(document);
  });
});
