import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInProgramZone } from '../../../shared/program-zone.js';
import { STANDING_STAFF_MESSAGES } from '../../../shared/standing-staff.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { type SmtpReceiver, startSmtpReceiver } from '../../helpers/smtp.js';
import { signIn, staffClient } from '../staff/helpers.js';
import {
  registrationRow,
  registrationWithStanding,
  standingAudit,
  standingEmails,
} from './helpers.js';

// Staff suspend and reinstate a registration from the console: the rules, the 409s that change
// nothing, the role, the person's email exactly once in their language, and the audit log.

let smtp: SmtpReceiver;
let t: TestApp;
let editor: ReturnType<typeof staffClient>;
let editorEmail: string;
let viewer: ReturnType<typeof staffClient>;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  t = await createTestApp({
    env: { SMTP_URL: smtp.url, SUPPORT_URL: 'mailto:help@example.org' },
  });
  const staff = await signIn(t, 'editor');
  editorEmail = staff.email;
  editor = staffClient(t.app, staff.token);
  viewer = staffClient(t.app, (await signIn(t, 'viewer')).token);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const suspend = (id: number, body: Record<string, unknown>, call = editor) =>
  call('POST', `/api/admin/registrations/${id}/suspend`, body);
const reinstate = (id: number, body: Record<string, unknown>, call = editor) =>
  call('POST', `/api/admin/registrations/${id}/reinstate`, body);

/** Sends what is staged and answers the messages that reached the person. */
async function mailTo(email: string) {
  await t.app.outbox.deliver();
  return smtp.messages.filter((message) =>
    [message.to].flat().some((to) => to?.text.includes(email)),
  );
}

describe('suspending a registration', () => {
  it('suspends an approved registration until reinstated, emails the person once and audits it', async () => {
    const person = await registrationWithStanding(t.app);
    const response = await suspend(person.registrationId, {
      reason: '  Insurance certificate withdrawn by the insurer.  ',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: person.registrationId,
      standing: 'suspended',
      standingReason: 'Insurance certificate withdrawn by the insurer.',
      suspendedUntil: null,
      suspendedAutomatically: false,
    });
    expect(Date.parse(response.json().standingChangedAt)).toBeGreaterThan(Date.now() - 60_000);
    const row = await registrationRow(t.app, person.registrationId);
    expect(row).toMatchObject({ standing: 'suspended', enrolled: true, suspendedUntil: null });

    const [message, ...others] = await mailTo(person.email);
    expect(others).toEqual([]);
    expect(message?.subject).toBe(`Your ${person.organization.name} registration is suspended`);
    expect(message?.text).toContain(`Hello ${person.firstName},`);
    expect(message?.text).toContain('Reason: Insurance certificate withdrawn by the insurer.');
    expect(message?.text).toContain('current in My registrations: http://localhost:3000/account');
    expect(message?.text).toContain('mailto:help@example.org');
    expect(message?.text).not.toContain('lasts through');

    const [entry, ...more] = await standingAudit(t.app, person.registrationId);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      action: 'suspend',
      staffEmail: editorEmail,
      before: { standing: 'active', reason: null, until: null },
      after: {
        standing: 'suspended',
        reason: 'Insurance certificate withdrawn by the insurer.',
        until: null,
        automatic: false,
      },
    });
    expect(entry?.staff).not.toBeNull();
  });

  it('suspends through a last day, written in Spanish for a Spanish registration', async () => {
    const person = await registrationWithStanding(t.app, { language: 'es' });
    const until = addDays(todayInProgramZone(), 30);
    const response = await suspend(person.registrationId, { reason: 'Póliza vencida', until });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ standing: 'suspended', suspendedUntil: until });

    const [message, ...others] = await mailTo(person.email);
    expect(others).toEqual([]);
    expect(message?.subject).toBe(`Su registro con ${person.organization.name} está suspendido`);
    expect(message?.text).toContain(`Hola, ${person.firstName}:`);
    expect(message?.text).toContain('Motivo: Póliza vencida');
    const spanishDay = new Intl.DateTimeFormat('es', { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(`${until}T00:00:00Z`),
    );
    expect(message?.text).toContain(`La suspensión dura hasta el ${spanishDay} inclusive`);
    expect(message?.text).toContain('Mis registros: http://localhost:3000/account');
  });

  it('accepts a suspension ending today and refuses one that ended yesterday or a bad date', async () => {
    const person = await registrationWithStanding(t.app);
    const yesterday = addDays(todayInProgramZone(), -1);
    const past = await suspend(person.registrationId, { reason: 'Late', until: yesterday });
    expect(past.statusCode).toBe(400);
    expect(past.json().errors).toEqual({ until: STANDING_STAFF_MESSAGES.untilPast });
    const bad = await suspend(person.registrationId, { reason: 'Late', until: '2026-02-30' });
    expect(bad.json().errors).toEqual({ until: STANDING_STAFF_MESSAGES.untilInvalid });
    const today = todayInProgramZone();
    const ok = await suspend(person.registrationId, { reason: 'Late', until: today });
    expect(ok.json()).toMatchObject({ standing: 'suspended', suspendedUntil: today });
  });

  it('needs a reason of at most 500 characters', async () => {
    const person = await registrationWithStanding(t.app);
    for (const [body, message] of [
      [{}, STANDING_STAFF_MESSAGES.reasonRequired],
      [{ reason: '   ' }, STANDING_STAFF_MESSAGES.reasonRequired],
      [{ reason: 'x'.repeat(501) }, STANDING_STAFF_MESSAGES.reasonTooLong],
    ] as const) {
      const response = await suspend(person.registrationId, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message, errors: { reason: message } });
    }
    expect((await suspend(person.registrationId, { reason: 'x'.repeat(500) })).statusCode).toBe(
      200,
    );
  });

  it('refuses a registration that is not approved, already suspended or lapsed, changing nothing', async () => {
    const pending = await registrationWithStanding(t.app, { state: 'pending' });
    const suspended = await registrationWithStanding(t.app, { standing: 'suspended' });
    const lapsed = await registrationWithStanding(t.app, { standing: 'lapsed' });
    for (const [person, message] of [
      [pending, STANDING_STAFF_MESSAGES.notApproved],
      [suspended, STANDING_STAFF_MESSAGES.alreadySuspended],
      [lapsed, STANDING_STAFF_MESSAGES.lapsedNotSuspendable],
    ] as const) {
      const response = await suspend(person.registrationId, { reason: 'Again' });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ code: 'CONFLICT', message });
      expect(await standingAudit(t.app, person.registrationId)).toEqual([]);
      expect(await standingEmails(t.app, person.registrationId)).toEqual([]);
    }
    expect((await registrationRow(t.app, suspended.registrationId)).standingReason).toBeNull();
  });

  it('answers 404 for a registration that does not exist', async () => {
    const response = await suspend(987_654_321, { reason: 'Nobody' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(STANDING_STAFF_MESSAGES.registrationNotFound);
  });

  it('applies two suspensions sent at once only once, with one email and one audit entry', async () => {
    const person = await registrationWithStanding(t.app);
    const answers = await Promise.all([
      suspend(person.registrationId, { reason: 'First reviewer' }),
      suspend(person.registrationId, { reason: 'Second reviewer' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409);
    expect(refused?.json().message).toBe(STANDING_STAFF_MESSAGES.alreadySuspended);
    const winner = answers.find((answer) => answer.statusCode === 200)?.json().standingReason;
    expect((await registrationRow(t.app, person.registrationId)).standingReason).toBe(winner);
    expect(await standingAudit(t.app, person.registrationId)).toHaveLength(1);
    expect(await standingEmails(t.app, person.registrationId)).toHaveLength(1);
    expect(await mailTo(person.email)).toHaveLength(1);
  });

  it('is refused to a Viewer, who changes nothing', async () => {
    const person = await registrationWithStanding(t.app);
    const response = await suspend(person.registrationId, { reason: 'Viewer try' }, viewer);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('FORBIDDEN');
    const suspended = await registrationWithStanding(t.app, { standing: 'suspended' });
    expect((await reinstate(suspended.registrationId, { reason: 'x' }, viewer)).statusCode).toBe(
      403,
    );
    expect((await registrationRow(t.app, person.registrationId)).standing).toBe('active');
    expect((await registrationRow(t.app, suspended.registrationId)).standing).toBe('suspended');
  });
});

describe('reinstating a registration', () => {
  it('makes a suspended registration active again, clears the last day, emails and audits it', async () => {
    const person = await registrationWithStanding(t.app);
    const until = addDays(todayInProgramZone(), 10);
    await suspend(person.registrationId, { reason: 'Expired licence', until });
    const response = await reinstate(person.registrationId, { reason: 'New licence on file' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      standing: 'active',
      standingReason: 'New licence on file',
      suspendedUntil: null,
      suspendedAutomatically: false,
    });
    const messages = await mailTo(person.email);
    expect(messages.map((message) => message.subject)).toEqual([
      `Your ${person.organization.name} registration is suspended`,
      `Your ${person.organization.name} registration is active again`,
    ]);
    expect(messages[1]?.text).toContain('has been reinstated and is active again');
    expect(messages[1]?.text).toContain('Reason: New licence on file');
    const entries = await standingAudit(t.app, person.registrationId);
    expect(entries.map((entry) => entry.action)).toEqual(['suspend', 'reinstate']);
    expect(entries[1]).toMatchObject({
      before: { standing: 'suspended', reason: 'Expired licence', until },
      after: { standing: 'active', reason: 'New licence on file', until: null },
    });
  });

  it('refuses an active registration and a lapsed one (it needs re-registration)', async () => {
    const active = await registrationWithStanding(t.app);
    const lapsed = await registrationWithStanding(t.app, { standing: 'lapsed' });
    const already = await reinstate(active.registrationId, { reason: 'Why not' });
    expect(already.statusCode).toBe(409);
    expect(already.json().message).toBe(STANDING_STAFF_MESSAGES.alreadyActive);
    const needsRegistration = await reinstate(lapsed.registrationId, { reason: 'Please' });
    expect(needsRegistration.statusCode).toBe(409);
    expect(needsRegistration.json().message).toBe(STANDING_STAFF_MESSAGES.lapsedNotReinstatable);
    expect(needsRegistration.json().message).toContain('must register again');
    expect(await standingEmails(t.app, lapsed.registrationId)).toEqual([]);
    expect((await registrationRow(t.app, lapsed.registrationId)).standing).toBe('lapsed');
  });

  it('needs a reason', async () => {
    const person = await registrationWithStanding(t.app, { standing: 'suspended' });
    const response = await reinstate(person.registrationId, { reason: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ reason: STANDING_STAFF_MESSAGES.reasonRequired });
  });
});
