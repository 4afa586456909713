import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  AuditEntry,
  OutboxEmail,
  Registration,
  StatusToken,
} from '../../../api/src/db/entities/index.js';
import { REVIEW_STAFF_MESSAGES } from '../../../shared/review.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { type SmtpReceiver, startSmtpReceiver } from '../../helpers/smtp.js';
import { createOrganization } from '../registration/fixtures.js';
import { signIn, staffClient } from '../staff/helpers.js';
import { registrationOf, reviewCalls, submitRegistration } from './helpers.js';

let smtp: SmtpReceiver;
let t: TestApp;
let call: ReturnType<typeof staffClient>;
let calls: ReturnType<typeof reviewCalls>;
let staffEmail: string;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  t = await createTestApp({
    env: {
      SMTP_URL: smtp.url,
      KNOWLEDGE_BASE_URL: 'https://kb.example.org/start',
      SUPPORT_URL: 'mailto:help@example.org',
    },
  });
  const staff = await signIn(t);
  staffEmail = staff.email;
  call = staffClient(t.app, staff.token);
  calls = reviewCalls(call);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
/** Sends what is staged so far (the submits' notifications to the organization) and forgets it. */
async function drainMail() {
  await t.app.outbox.deliver();
  smtp.messages.length = 0;
}
afterEach(drainMail);

const registrationRow = (id: number) =>
  t.app.orm.em.fork().findOneOrFail(Registration, id, { refresh: true });
const auditOf = (id: number) =>
  t.app.orm.em
    .fork()
    .find(AuditEntry, { entityType: 'registration', entityId: String(id) }, { orderBy: { id: 1 } });
const outboxFor = (id: number) =>
  t.app.orm.em.fork().find(OutboxEmail, { dedupeKey: { $like: `review:${id}:%` } });

describe('the Review Queue', () => {
  it('lists new registrations as Pending review, oldest first, with the count waiting', async () => {
    const organization = await createOrganization(t.app.orm.em.fork());
    const first = await submitRegistration(t.app, { organization, withAdmin: true });
    const second = await submitRegistration(t.app, { organization });
    const response = await call(
      'GET',
      `/api/admin/review?filter=${encodeURIComponent(JSON.stringify({ organization: organization.id }))}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-range']).toBe('review 0-2/3');
    const rows = response.json();
    expect(rows.map((row: { id: number }) => row.id)).toEqual([
      ...[...first.registrations.values()].sort((a, b) => a - b),
      registrationOf(second, second.testerEmail),
    ]);
    expect(rows[0]).toMatchObject({ state: 'pending', resubmitted: false, version: 1 });

    const testers = await call(
      'GET',
      `/api/admin/review?filter=${encodeURIComponent(
        JSON.stringify({ organization: organization.id, userType: 'admin' }),
      )}`,
    );
    expect(testers.json().map((row: { email: string }) => row.email)).toEqual([first.adminEmail]);

    // The whole queue's first row is its oldest; its count is how many wait.
    const oldest = await call('GET', '/api/admin/review?range=%5B0%2C0%5D');
    expect(Number(oldest.headers['content-range']?.split('/')[1])).toBeGreaterThanOrEqual(3);
    expect(Date.parse(oldest.json()[0].queuedAt)).toBeLessThanOrEqual(Date.parse(rows[0].queuedAt));
  });

  it('refuses an unknown user type filter', async () => {
    const response = await call(
      'GET',
      `/api/admin/review?filter=${encodeURIComponent(JSON.stringify({ userType: 'owner' }))}`,
    );
    expect(response.statusCode).toBe(400);
  });

  it("shows one registration's person, company, certifications and its submission's test kits", async () => {
    const submitted = await submitRegistration(t.app, {
      withAdmin: true,
      withKit: true,
      certExp: '2001-01-31',
    });
    const tester = await calls.review(registrationOf(submitted, submitted.testerEmail));
    expect(tester).toMatchObject({
      state: 'pending',
      email: submitted.testerEmail,
      userType: 'tester',
      company: { matched: false },
      certifications: [{ expiresOn: '2001-01-31', expiry: 'expired', decision: 'pending' }],
      testKits: [{ decision: 'pending', manufacturer: 'Watts' }],
    });
    expect(tester.certifications[0].document.url).toMatch(/^\/api\/documents\/[0-9a-f-]{36}$/);
    const admin = await calls.review(registrationOf(submitted, submitted.adminEmail));
    expect(admin.certifications).toEqual([]);
    expect(admin.testKits.map((kit: { id: number }) => kit.id)).toEqual(
      tester.testKits.map((kit: { id: number }) => kit.id),
    );
  });
});

describe('document decisions', () => {
  it('rejects a document with a reason and a note, records who and why, and moves the version on', async () => {
    const submitted = await submitRegistration(t.app);
    const id = registrationOf(submitted, submitted.testerEmail);
    const [certification] = (await calls.review(id)).certifications;
    const response = await calls.document(id, 'certification', certification.id, 'rejected', {
      reason: 'unreadable',
      note: 'The scan is blurred.',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toMatchObject({
      version: 2,
      certifications: [
        { decision: 'rejected', reason: 'unreadable', note: 'The scan is blurred.' },
      ],
    });
    const [entry] = await auditOf(id);
    expect(entry).toMatchObject({
      staffEmail,
      action: 'review_document',
      before: { items: [{ itemId: certification.id, decision: 'pending' }] },
      after: {
        items: [{ decision: 'rejected', reason: 'unreadable', note: 'The scan is blurred.' }],
      },
    });
    expect(response.json().message.history.at(-1).summary).toBe(
      `Certification ${certification.number}: Rejected: Unreadable document “The scan is blurred.”`,
    );
  });

  it('needs a reason to reject, and changes nothing without one', async () => {
    const submitted = await submitRegistration(t.app);
    const id = registrationOf(submitted, submitted.testerEmail);
    const [certification] = (await calls.review(id)).certifications;
    const response = await calls.document(id, 'certification', certification.id, 'rejected');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ reason: REVIEW_STAFF_MESSAGES.reasonRequired });
    expect((await calls.review(id)).certifications[0].decision).toBe('pending');
    expect(await auditOf(id)).toEqual([]);
  });

  it("refuses an item that is not the registration's", async () => {
    const one = await submitRegistration(t.app);
    const other = await submitRegistration(t.app);
    const id = registrationOf(one, one.testerEmail);
    const [foreign] = (await calls.review(registrationOf(other, other.testerEmail))).certifications;
    const response = await calls.document(id, 'certification', foreign.id, 'accepted');
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(REVIEW_STAFF_MESSAGES.itemNotFound);
  });

  it('decides a test kit once for the whole submission: every registration of it moves on', async () => {
    const submitted = await submitRegistration(t.app, { withAdmin: true, withKit: true });
    const tester = registrationOf(submitted, submitted.testerEmail);
    const admin = registrationOf(submitted, submitted.adminEmail);
    const [kit] = (await calls.review(tester)).testKits;
    const adminBefore = await calls.review(admin);
    const response = await calls.document(tester, 'testKit', kit.id, 'accepted');
    expect(response.statusCode).toBe(200);
    const adminAfter = await calls.review(admin);
    expect(adminAfter.testKits[0].decision).toBe('accepted');
    expect(adminAfter.version).toBe(adminBefore.version + 1);
    // The admin's reviewer, still on the old version, is told to reload.
    const stale = await calls.decide(admin, 'document', {
      version: adminBefore.version,
      item: 'testKit',
      itemId: kit.id,
      decision: 'rejected',
      reason: 'expired',
    });
    expect(stale.statusCode).toBe(409);
    expect((await calls.review(admin)).testKits[0].decision).toBe('accepted');
  });
});

describe('two reviewers on one registration', () => {
  it('refuses the second save made on a stale version and overwrites nothing', async () => {
    const submitted = await submitRegistration(t.app);
    const id = registrationOf(submitted, submitted.testerEmail);
    const seen = await calls.review(id);
    const [certification] = seen.certifications;
    const first = await calls.decide(id, 'document', {
      version: seen.version,
      item: 'certification',
      itemId: certification.id,
      decision: 'accepted',
    });
    expect(first.statusCode).toBe(200);
    const auditBefore = (await auditOf(id)).length;
    for (const [action, body] of [
      [
        'document',
        { item: 'certification', itemId: certification.id, decision: 'rejected', reason: 'other' },
      ],
      ['approve', {}],
      ['request_changes', {}],
      ['reject', { reason: 'duplicate' }],
    ] as const) {
      const second = await calls.decide(id, action, { version: seen.version, ...body });
      expect(second.statusCode, action).toBe(409);
      expect(second.json().message).toBe(
        'This registration was changed by someone else. Reload to see the latest.',
      );
    }
    const after = await calls.review(id);
    expect(after).toMatchObject({ state: 'pending', version: seen.version + 1 });
    expect(after.certifications[0].decision).toBe('accepted');
    expect(await auditOf(id)).toHaveLength(auditBefore);
    expect(await outboxFor(id)).toEqual([]);
  });
});

describe('approving', () => {
  it('is refused while a document is not accepted', async () => {
    const submitted = await submitRegistration(t.app, { withKit: true });
    const id = registrationOf(submitted, submitted.testerEmail);
    const [certification] = (await calls.review(id)).certifications;
    await calls.document(id, 'certification', certification.id, 'accepted');
    const response = await calls.current(id, 'approve');
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(REVIEW_STAFF_MESSAGES.documentsNotAccepted);
    expect((await registrationRow(id)).reviewState).toBe('pending');
  });

  it('enrolls the person and emails the welcome package to them and a copy to their admins', async () => {
    const organization = await createOrganization(t.app.orm.em.fork());
    const submitted = await submitRegistration(t.app, {
      organization,
      withAdmin: true,
      withKit: true,
    });
    const id = registrationOf(submitted, submitted.testerEmail);
    await calls.acceptAll(id);
    await drainMail();
    const response = await calls.current(id, 'approve');
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toMatchObject({ state: 'approved', enrolled: true });
    const row = await registrationRow(id);
    expect(row.enrolled).toBe(true);
    expect(row.reviewedAt).toBeInstanceOf(Date);
    expect((await auditOf(id)).at(-1)).toMatchObject({
      action: 'approve',
      staffEmail,
      before: { state: 'pending', enrolled: false },
      after: { state: 'approved', enrolled: true },
    });
    // The queue no longer shows it.
    const queue = await call(
      'GET',
      `/api/admin/review?filter=${encodeURIComponent(JSON.stringify({ organization: organization.id }))}`,
    );
    expect(queue.json().map((r: { id: number }) => r.id)).not.toContain(id);

    expect(await t.app.outbox.deliver()).toEqual({ sent: 2, failed: 0 });
    const [personal, copy] = [...smtp.messages].sort((a) =>
      a.to && 'text' in a.to && a.to.text.includes(submitted.testerEmail) ? -1 : 1,
    );
    expect(personal?.subject).toBe(`Welcome to the ${organization.name} backflow testing program`);
    expect(personal?.to && 'text' in personal.to ? personal.to.text : '').toBe(
      submitted.testerEmail,
    );
    expect(personal?.text).toContain('Hello Tess,');
    expect(personal?.text).toContain(
      `Your registration with ${organization.name} has been approved`,
    );
    expect(personal?.text).toContain('Welcome, testers.');
    expect(personal?.text).toContain('within 48 hours');
    expect(personal?.text).toContain('https://kb.example.org/start');
    expect(personal?.attachments).toEqual([]);
    expect(copy?.to && 'text' in copy.to ? copy.to.text : '').toBe(submitted.adminEmail);
    expect(copy?.text).toContain('You receive this copy as an administrator');
    // Exactly once: the worker running again sends nothing more.
    expect(await t.app.outbox.deliver()).toEqual({ sent: 0, failed: 0 });
  });

  it('stages nothing when the decision rolls back, and exactly one welcome when it commits', async () => {
    const submitted = await submitRegistration(t.app);
    const id = registrationOf(submitted, submitted.testerEmail);
    await calls.acceptAll(id);
    await drainMail();
    const db = t.app.orm.em.fork().getConnection();
    // A failure at commit time: the approval's last write is refused by the database.
    await db.execute(`create function refuse_approval() returns trigger language plpgsql as $$
      begin raise exception 'approval refused for the test'; end $$`);
    await db.execute(`create trigger refuse_approval before update on registrations for each row
      when (new.review_state = 'approved' and new.id = ${id}) execute function refuse_approval()`);
    try {
      const failed = await calls.current(id, 'approve');
      expect(failed.statusCode).toBe(500);
    } finally {
      await db.execute('drop trigger refuse_approval on registrations');
      await db.execute('drop function refuse_approval()');
    }
    expect(await outboxFor(id)).toEqual([]);
    expect(await t.app.outbox.deliver()).toEqual({ sent: 0, failed: 0 });
    expect((await registrationRow(id)).reviewState).toBe('pending');
    expect((await auditOf(id)).map((entry) => entry.action)).not.toContain('approve');

    const approved = await calls.current(id, 'approve');
    expect(approved.statusCode).toBe(200);
    expect(await t.app.outbox.deliver()).toEqual({ sent: 1, failed: 0 });
    expect(await t.app.outbox.deliver()).toEqual({ sent: 0, failed: 0 });
    expect(smtp.messages).toHaveLength(1);
  });
});

describe('sending the decision (changes requested)', () => {
  it('needs every document decided and one rejected', async () => {
    const submitted = await submitRegistration(t.app, { withKit: true });
    const id = registrationOf(submitted, submitted.testerEmail);
    const record = await calls.review(id);
    const undecided = await calls.current(id, 'request_changes');
    expect(undecided.json().message).toBe(REVIEW_STAFF_MESSAGES.documentsUndecided);
    await calls.acceptAll(id);
    const nothingRejected = await calls.current(id, 'request_changes');
    expect(nothingRejected.statusCode).toBe(409);
    expect(nothingRejected.json().message).toBe(REVIEW_STAFF_MESSAGES.nothingRejected);
    await calls.document(id, 'testKit', record.testKits[0].id, 'rejected', { reason: 'expired' });
    const sent = await calls.current(id, 'request_changes');
    expect(sent.statusCode).toBe(200);
    expect(sent.json().message.state).toBe('changes_requested');
  });

  it('emails the registrant a personal link (stored only as a hash) and their admins a copy without it', async () => {
    const organization = await createOrganization(t.app.orm.em.fork());
    const submitted = await submitRegistration(t.app, { organization, withAdmin: true });
    const id = registrationOf(submitted, submitted.testerEmail);
    const [certification] = (await calls.review(id)).certifications;
    await calls.document(id, 'certification', certification.id, 'rejected', {
      reason: 'mismatch',
      note: 'The number on the card is different.',
    });
    await drainMail();
    expect((await calls.current(id, 'request_changes')).statusCode).toBe(200);
    expect((await registrationRow(id)).reviewState).toBe('changes_requested');
    expect(await t.app.outbox.deliver()).toEqual({ sent: 2, failed: 0 });
    const personal = smtp.messages.find((m) => m.text?.includes('personal link'));
    const copy = smtp.messages.find((m) => m !== personal);
    expect(personal?.subject).toBe(`Changes needed for your ${organization.name} registration`);
    expect(personal?.text).toContain(
      `Certification ${certification.number} (${certification.agencyName}, ${certification.typeName}): Document does not match the number, agency or type entered`,
    );
    expect(personal?.text).toContain('The number on the card is different.');
    const link = /http:\/\/localhost:3000\/form\/([^/\s]+)\/status\/([A-Za-z0-9_-]+)/.exec(
      personal?.text ?? '',
    );
    expect(link?.[1]).toBe(organization.hash);
    const token = link?.[2] ?? '';
    expect(token).toHaveLength(43);
    expect(copy?.text).not.toContain(token);
    expect(copy?.text).toContain('has received a personal link');
    const [stored] = await t.app.orm.em.fork().find(StatusToken, { registration: id });
    expect(stored?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored?.tokenHash).not.toContain(token);
    const days = ((stored?.expiresAt.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    // The registration waits for the registrant now, not for staff.
    const accept = await calls.document(id, 'certification', certification.id, 'accepted');
    expect(accept.statusCode).toBe(409);
    expect(accept.json().message).toBe(REVIEW_STAFF_MESSAGES.notWaiting);
  });
});

describe('decision emails in the language of the registration', () => {
  it('writes to a registrant who registered in Spanish, and to their admins, in Spanish', async () => {
    const organization = await createOrganization(t.app.orm.em.fork());
    const submitted = await submitRegistration(t.app, {
      organization,
      withAdmin: true,
      language: 'es',
    });
    const id = registrationOf(submitted, submitted.testerEmail);
    const [certification] = (await calls.review(id)).certifications;
    await calls.document(id, 'certification', certification.id, 'rejected', {
      reason: 'unreadable',
      note: 'Escanee de nuevo.',
    });
    await drainMail();
    expect((await calls.current(id, 'request_changes')).statusCode).toBe(200);
    expect(await t.app.outbox.deliver()).toEqual({ sent: 2, failed: 0 });
    const personal = smtp.messages.find(
      (m) => m.to && JSON.stringify(m.to).includes(submitted.testerEmail),
    );
    const copy = smtp.messages.find((m) => m !== personal);
    expect(personal?.subject).toBe(`Se necesitan cambios en su registro con ${organization.name}`);
    expect(personal?.text).toContain('Hola, Tess:');
    expect(personal?.text).toContain(
      `- Certificación ${certification.number} (${certification.agencyName}, ${certification.typeName}): Documento ilegible`,
    );
    expect(personal?.text).toContain('Nota del revisor: Escanee de nuevo.');
    // The link's last day as Spanish readers write it ("25 de diciembre de 2026").
    expect(personal?.text).toMatch(/Funciona hasta el \d{1,2} de [a-z]+ de \d{4}/);
    expect(copy?.subject).toBe(personal?.subject);
    expect(copy?.text).toContain('Recibe esta copia como administrador');
    expect(copy?.text).toContain('recibió un enlace personal para enviar las correcciones');
  });

  it('rejects in Spanish with the reason in Spanish', async () => {
    const organization = await createOrganization(t.app.orm.em.fork());
    const submitted = await submitRegistration(t.app, { organization, language: 'es' });
    const id = registrationOf(submitted, submitted.testerEmail);
    await drainMail();
    expect((await calls.current(id, 'reject', { reason: 'duplicate' })).statusCode).toBe(200);
    expect(await t.app.outbox.deliver()).toEqual({ sent: 1, failed: 0 });
    expect(smtp.messages[0]?.subject).toBe(`Su registro con ${organization.name} no fue aprobado`);
    expect(smtp.messages[0]?.text).toContain('Motivo: Registro duplicado');
  });
});

describe('rejecting the registration', () => {
  it('is final, recorded with its reason, and emailed', async () => {
    const organization = await createOrganization(t.app.orm.em.fork());
    const submitted = await submitRegistration(t.app, { organization });
    const id = registrationOf(submitted, submitted.testerEmail);
    await drainMail();
    const noReason = await calls.current(id, 'reject');
    expect(noReason.statusCode).toBe(400);
    const response = await calls.current(id, 'reject', {
      reason: 'duplicate',
      note: 'Already registered under another email.',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toMatchObject({
      state: 'rejected',
      rejectionReason: 'duplicate',
      rejectionNote: 'Already registered under another email.',
    });
    expect((await auditOf(id)).at(-1)).toMatchObject({
      action: 'reject',
      before: { state: 'pending' },
      after: { state: 'rejected', reason: 'duplicate' },
    });
    expect(await t.app.outbox.deliver()).toEqual({ sent: 1, failed: 0 });
    expect(smtp.messages[0]?.subject).toBe(
      `Your ${organization.name} registration was not approved`,
    );
    expect(smtp.messages[0]?.text).toContain('Reason: Duplicate registration');
    const again = await calls.current(id, 'reject', { reason: 'other' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(REVIEW_STAFF_MESSAGES.alreadyFinal);
    expect((await calls.current(id, 'approve')).statusCode).toBe(409);
  });
});

describe('who may reach the review', () => {
  it('answers 401 without a staff token and changes nothing', async () => {
    const submitted = await submitRegistration(t.app);
    const id = registrationOf(submitted, submitted.testerEmail);
    for (const [method, url] of [
      ['GET', '/api/admin/review'],
      ['GET', `/api/admin/review/${id}`],
      ['POST', `/api/sc/submit/review/${id}/document`],
      ['POST', `/api/sc/submit/review/${id}/approve`],
      ['POST', `/api/sc/submit/review/${id}/request_changes`],
      ['POST', `/api/sc/submit/review/${id}/reject`],
    ] as const) {
      const response = await t.app.inject({
        method,
        url,
        ...(method === 'POST' ? { payload: { version: 1, reason: 'other' } } : {}),
      });
      expect(response.statusCode, url).toBe(401);
    }
    expect((await registrationRow(id)).reviewState).toBe('pending');
  });

  it("declares reads for viewers and decisions for editors and an organization's reviewers", () => {
    const rules = t.app.staffRouteRules;
    expect(rules.get('GET /api/admin/review')?.staffRole).toBe('viewer');
    expect(rules.get('GET /api/admin/review/:id')?.staffRole).toBe('viewer');
    expect(rules.get('GET /api/admin/review/:id')?.organizationRole).toBe('viewer');
    for (const action of ['document', 'approve', 'request_changes', 'reject']) {
      const rule = rules.get(`POST /api/sc/submit/review/:registrationId/${action}`);
      expect(rule?.staffRole).toBe('editor');
      expect(rule?.organizationRole).toBe('reviewer');
      expect(rule?.organizationOf).toEqual({ registrationId: 'registration' });
    }
    expect(rules.has('POST /api/admin/review')).toBe(false);
  });
});

describe("the person's records", () => {
  it('show the review state per organization in Find Users and the history on User Info', async () => {
    const organization = await createOrganization(t.app.orm.em.fork());
    const submitted = await submitRegistration(t.app, { organization });
    const id = registrationOf(submitted, submitted.testerEmail);
    await calls.acceptAll(id);
    await calls.current(id, 'approve');
    const list = await call(
      'GET',
      `/api/admin/users?filter=${encodeURIComponent(JSON.stringify({ organization: organization.id }))}`,
    );
    expect(list.json()).toEqual([
      expect.objectContaining({
        email: submitted.testerEmail,
        reviewState: 'approved',
        enrolled: true,
      }),
    ]);
    const [row] = list.json();
    const record = (await call('GET', `/api/admin/users/${row.id}`)).json();
    expect(record.organizations).toEqual([
      expect.objectContaining({
        id: organization.id,
        registrationId: id,
        reviewState: 'approved',
        enrolled: true,
      }),
    ]);
    expect(record.organizations[0].reviewedAt).toEqual(expect.any(String));
    expect(record.reviewHistory.map((entry: { action: string }) => entry.action)).toEqual([
      'review_document',
      'approve',
    ]);
    expect(record.reviewHistory[1]).toMatchObject({
      registrationId: id,
      by: staffEmail,
      summary: 'Approved and enrolled',
    });
  });
});
