import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditEntry, Registration, StatusToken } from '../../../api/src/db/entities/index.js';
import { MESSAGES } from '../../../shared/codes.js';
import { STATUS_CODES } from '../../../shared/review.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { type SmtpReceiver, startSmtpReceiver } from '../../helpers/smtp.js';
import { createOrganization, uploadedLink } from '../registration/fixtures.js';
import { signIn, staffClient } from '../staff/helpers.js';
import { registrationOf, reviewCalls, type Submitted, submitRegistration } from './helpers.js';

let smtp: SmtpReceiver;
let t: TestApp;
let calls: ReturnType<typeof reviewCalls>;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  t = await createTestApp({ env: { SMTP_URL: smtp.url } });
  calls = reviewCalls(staffClient(t.app, (await signIn(t)).token));
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

interface Link {
  hash: string;
  token: string;
  registrationId: number;
  submitted: Submitted;
}

/**
 * A tester's registration with its certification rejected (and its test kit too, with `kit`)
 * and the decision sent: the status link read from the email.
 */
async function changesRequested(options: { kit?: boolean } = {}): Promise<Link> {
  const submitted = await submitRegistration(t.app, { withKit: options.kit });
  const id = registrationOf(submitted, submitted.testerEmail);
  const record = await calls.review(id);
  await calls.document(id, 'certification', record.certifications[0].id, 'rejected', {
    reason: 'unreadable',
    note: 'Please scan it again.',
  });
  if (options.kit) {
    await calls.document(id, 'testKit', record.testKits[0].id, 'rejected', { reason: 'expired' });
  }
  const sent = await calls.current(id, 'request_changes');
  if (sent.statusCode !== 200) throw new Error(`request_changes: ${sent.body}`);
  await t.app.outbox.deliver();
  const message = smtp.messages.find(
    (m) => m.text?.includes('personal link') && m.text.includes(submitted.organization.hash),
  );
  const found = /\/form\/([^/\s]+)\/status\/([A-Za-z0-9_-]+)/.exec(message?.text ?? '');
  if (!found?.[1] || !found[2]) throw new Error('no status link in the email');
  return { hash: found[1], token: found[2], registrationId: id, submitted };
}

const view = (hash: string, token: string) =>
  t.app.inject({ method: 'GET', url: `/api/tr/status/${hash}/${token}` });
const send = (hash: string, token: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/tr/status/${hash}/${token}`,
    payload: payload as object,
  });

async function correctionOf(link: Link, overrides: Record<string, unknown> = {}) {
  const status = (await view(link.hash, link.token)).json().message.status;
  const [certification] = status.certifications;
  return {
    certifications: [
      {
        id: certification.id,
        certNum: certification.number,
        certExp: certification.expiresOn,
        certAgency: certification.agencyId,
        certType: certification.typeId,
        certDocLink: await uploadedLink(t.app, link.hash),
        ...overrides,
      },
    ],
    testKits: [],
  };
}

const registration = (id: number) =>
  t.app.orm.em.fork().findOneOrFail(Registration, id, { refresh: true });

describe('the personal status link', () => {
  it('shows the state and each decision with its reason, as often as it is opened', async () => {
    const link = await changesRequested({ kit: true });
    for (let visit = 0; visit < 2; visit++) {
      const response = await view(link.hash, link.token);
      expect(response.statusCode).toBe(200);
      expect(response.json().code).toBe(STATUS_CODES.valid);
      expect(response.json().message.status).toMatchObject({
        organizationName: link.submitted.organization.name,
        firstName: 'Tess',
        state: 'changes_requested',
        canCorrect: true,
        certifications: [
          { decision: 'rejected', reason: 'unreadable', note: 'Please scan it again.' },
        ],
        testKits: [{ decision: 'rejected', reason: 'expired', note: null }],
      });
    }
    const body = (await view(link.hash, link.token)).body;
    // Nothing the registrant does not need: no document references, no staff.
    expect(body).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
    expect(body).not.toContain('@example.org');
  });

  it('answers a clear refusal for an unknown, malformed, expired or another form’s link', async () => {
    const link = await changesRequested();
    const other = await createOrganization(t.app.orm.em.fork());
    const unknown = 'A'.repeat(43);
    const cases = [
      [link.hash, unknown],
      [link.hash, 'short'],
      [other.hash, link.token],
      ['no-such-form', link.token],
    ];
    for (const [hash, token] of cases) {
      const response = await view(hash as string, token as string);
      expect(response.statusCode, `${hash} ${token}`).toBe(404);
      expect(response.json()).toEqual({
        code: STATUS_CODES.invalid,
        message: MESSAGES.statusLinkInvalid,
      });
    }
    const spanish = await t.app.inject({
      method: 'GET',
      url: `/api/tr/status/${link.hash}/${unknown}?lang=es`,
    });
    expect(spanish.json().message).toMatch(/^Este enlace de estado no es válido/);
    await t.app.orm.em
      .fork()
      .nativeUpdate(
        StatusToken,
        { registration: link.registrationId },
        { expiresAt: new Date(Date.now() - 1000) },
      );
    expect((await view(link.hash, link.token)).statusCode).toBe(404);
    const refused = await send(link.hash, link.token, { certifications: [], testKits: [] });
    expect(refused.statusCode).toBe(404);
    expect((await registration(link.registrationId)).reviewState).toBe('changes_requested');
  });

  it('takes corrections once: back in the queue as resubmitted, earlier document kept in history', async () => {
    const link = await changesRequested();
    const before = await calls.review(link.registrationId);
    const correction = await correctionOf(link, { certNum: 'FIXED-123' });
    const response = await send(link.hash, link.token, correction);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      code: 'SUCCESS',
      message: MESSAGES.correctionsSent,
    });

    const after = await calls.review(link.registrationId);
    expect(after).toMatchObject({
      state: 'pending',
      resubmitted: true,
      version: before.version + 1,
    });
    expect(Date.parse(after.queuedAt)).toBeGreaterThan(Date.parse(before.queuedAt));
    const [certification] = after.certifications;
    expect(certification).toMatchObject({ number: 'FIXED-123', decision: 'pending', reason: null });
    expect(certification.document.id).toBe(correction.certifications[0]?.certDocLink);
    expect(certification.earlierVersions).toHaveLength(1);
    expect(certification.earlierVersions[0].document.id).toBe(before.certifications[0].document.id);
    expect(certification.earlierVersions[0].summary).toContain(before.certifications[0].number);
    expect(certification.earlierVersions[0].summary).toContain('Unreadable document');
    const [entry] = await t.app.orm.em.fork().find(AuditEntry, {
      entityType: 'registration',
      entityId: String(link.registrationId),
      action: 'resubmit',
    });
    expect(entry).toMatchObject({ staff: null, staffEmail: link.submitted.testerEmail });

    // The queue shows it again, marked resubmitted.
    const queued = await staffQueue(link.submitted.organization.id);
    expect(queued).toContainEqual(
      expect.objectContaining({ id: link.registrationId, resubmitted: true }),
    );

    // Used up: neither viewing nor sending again works.
    expect((await view(link.hash, link.token)).statusCode).toBe(404);
    const again = await send(link.hash, link.token, correction);
    expect(again.statusCode).toBe(404);
  });

  it('refuses corrections with the wizard’s rules and messages, and changes nothing', async () => {
    const link = await changesRequested();
    const agencies = link.submitted.organization.agencies;
    const accepted = Object.keys(agencies)[0] ?? '';
    const cases: [Record<string, unknown>, string, string][] = [
      [{ certExp: '2031-02-30' }, 'certExp', MESSAGES.dateInvalid],
      [{ certNum: '' }, 'certNum', MESSAGES.fieldRequired],
      [{ certAgency: 999_999 }, 'certAgency', MESSAGES.certAgencyNotAccepted],
      [
        { certAgency: Number(accepted), certType: 999_999 },
        'certType',
        MESSAGES.certTypeNotForAgency,
      ],
      [{ certDocLink: 'not-a-link' }, 'certDocLink', MESSAGES.documentLinkInvalid],
    ];
    for (const [override, field, message] of cases) {
      const correction = await correctionOf(link, override);
      const response = await send(link.hash, link.token, correction);
      expect(response.statusCode, field).toBe(422);
      expect(response.json().code).toBe(STATUS_CODES.correctionErrors);
      const id = correction.certifications[0]?.id;
      expect(response.json().message.fieldErrors).toEqual({
        [`certifications.${id}.${field}`]: message,
      });
    }
    const unchanged = await correctionOf(link, { certDocLink: '' });
    const nothing = await send(link.hash, link.token, unchanged);
    expect(nothing.json().message.fieldErrors).toEqual({
      [`certifications.${unchanged.certifications[0]?.id}.certDocLink`]:
        MESSAGES.correctionNothingChanged,
    });
    const missing = await send(link.hash, link.token, { certifications: [], testKits: [] });
    expect(missing.json().message.generalErrors).toEqual([MESSAGES.correctionsMissing]);
    const twice = await correctionOf(link, { certNum: 'TWICE-1' });
    const repeated = await send(link.hash, link.token, {
      ...twice,
      certifications: [...twice.certifications, ...twice.certifications],
    });
    expect(repeated.json().message.generalErrors).toEqual([MESSAGES.badRequest]);
    // Another form's upload is not this registration's document.
    const otherForm = await createOrganization(t.app.orm.em.fork());
    const foreignDocument = await correctionOf(link, {
      certDocLink: await uploadedLink(t.app, otherForm.hash),
    });
    const foreign = await send(link.hash, link.token, foreignDocument);
    expect(foreign.json().message.fieldErrors).toEqual({
      [`certifications.${foreignDocument.certifications[0]?.id}.certDocLink`]:
        MESSAGES.documentLinkInvalid,
    });
    expect((await registration(link.registrationId)).reviewState).toBe('changes_requested');
    // The link still works after refusals.
    expect((await view(link.hash, link.token)).statusCode).toBe(200);
  });

  it("cannot touch another registration's items", async () => {
    const link = await changesRequested();
    const other = await changesRequested();
    const otherStatus = (await view(other.hash, other.token)).json().message.status;
    const correction = await correctionOf(link);
    const response = await send(link.hash, link.token, {
      certifications: [
        ...correction.certifications,
        {
          ...correction.certifications[0],
          id: otherStatus.certifications[0].id,
          certNum: 'HIJACKED',
        },
      ],
      testKits: [],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().message.generalErrors).toEqual([MESSAGES.correctionItemNotRejected]);
    const untouched = await calls.review(other.registrationId);
    expect(untouched.certifications[0].number).not.toBe('HIJACKED');
    expect((await registration(link.registrationId)).reviewState).toBe('changes_requested');
  });

  it('corrects a rejected test kit of the submission, keeping its earlier version', async () => {
    const link = await changesRequested({ kit: true });
    const status = (await view(link.hash, link.token)).json().message.status;
    const [kit] = status.testKits;
    const correction = await correctionOf(link);
    const response = await send(link.hash, link.token, {
      ...correction,
      testKits: [
        {
          id: kit.id,
          kitSerial: kit.serial,
          kitMfr: kit.manufacturer,
          kitModel: kit.model,
          kitCalibDate: '2026-01-15',
          kitCalibDocLink: '',
        },
      ],
    });
    expect(response.statusCode).toBe(200);
    const after = await calls.review(link.registrationId);
    expect(after.testKits[0]).toMatchObject({ calibratedOn: '2026-01-15', decision: 'pending' });
    expect(after.testKits[0].earlierVersions[0].summary).toContain('Expired');
  });

  it('refuses corrections once the registration no longer waits for them', async () => {
    const link = await changesRequested();
    expect(
      (await calls.current(link.registrationId, 'reject', { reason: 'other' })).statusCode,
    ).toBe(200);
    const status = (await view(link.hash, link.token)).json().message.status;
    expect(status).toMatchObject({ state: 'rejected', canCorrect: false });
    const response = await send(link.hash, link.token, await correctionOf(link));
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(MESSAGES.correctionsNotAwaited);
  });
});

async function staffQueue(organizationId: number) {
  const token = (await signIn(t)).token;
  const response = await staffClient(t.app, token)(
    'GET',
    `/api/admin/review?filter=${encodeURIComponent(JSON.stringify({ organization: organizationId }))}`,
  );
  return response.json() as { id: number; resubmitted: boolean }[];
}
