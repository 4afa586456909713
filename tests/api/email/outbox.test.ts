import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import type { ParsedMail } from 'mailparser';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OutboxEmail } from '../../../api/src/db/entities/index.js';
import { query, sql } from '../../../api/src/db/sql.js';
import {
  deliverDueEmails,
  retryDelayMs,
  stagedEmailRow,
  stageEmail,
} from '../../../api/src/modules/email/outbox.js';
import {
  type StagedEmailValues,
  stagedEmailInsert,
} from '../../../api/src/modules/email/queries.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { type SmtpReceiver, startSmtpReceiver } from '../../helpers/smtp.js';
import { waitFor } from '../../reliability/helpers/wait.js';
import { signIn, staffClient } from '../staff/helpers.js';

let smtp: SmtpReceiver;
let t: TestApp;
let sequence = 0;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  t = await createTestApp({
    env: { SMTP_URL: smtp.url, MAIL_FROM: 'Backflow <no-reply@example.org>' },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
afterEach(async () => {
  await t.app.orm.em.fork().nativeDelete(OutboxEmail, {});
  smtp.messages.length = 0;
});

const message = (overrides: Partial<Parameters<typeof stageEmail>[1]> = {}) => {
  sequence += 1;
  return {
    dedupeKey: `test:${Date.now()}:${sequence}`,
    kind: 'test',
    recipients: [`person${sequence}@example.org`],
    subject: `Hello ${sequence}`,
    textBody: `Body ${sequence}`,
    ...overrides,
  };
};

describe('the email outbox', () => {
  it('stages nothing when the causing transaction rolls back', async () => {
    const em = t.app.orm.em.fork();
    await expect(
      em.transactional(async (tx) => {
        stageEmail(tx, message());
        await tx.flush();
        throw new Error('the registration failed');
      }),
    ).rejects.toThrow('the registration failed');
    expect(await t.app.orm.em.fork().count(OutboxEmail)).toBe(0);
    expect((await t.app.outbox.deliver()).sent).toBe(0);
    expect(smtp.messages).toHaveLength(0);
  });

  it('sends a committed message once, even when the worker runs again', async () => {
    const em = t.app.orm.em.fork();
    await em.transactional(async (tx) => {
      stageEmail(tx, message({ recipients: ['city-clerk@example.org'], subject: 'New sign-up' }));
    });
    expect(await t.app.outbox.deliver()).toEqual({ sent: 1, failed: 0 });
    expect(await t.app.outbox.deliver()).toEqual({ sent: 0, failed: 0 });
    expect(smtp.messages).toHaveLength(1);
    const [received] = smtp.messages;
    expect(received?.subject).toBe('New sign-up');
    expect(received?.from?.text).toContain('no-reply@example.org');
    const row = await t.app.orm.em.fork().findOneOrFail(OutboxEmail, { subject: 'New sign-up' });
    expect(row.status).toBe('sent');
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(row.attempts).toBe(1);
  });

  it('keeps a refused send visible as failed, backs off, and retries it', async () => {
    await t.app.orm.em.fork().transactional(async (tx) => {
      stageEmail(tx, message({ subject: 'Retry me' }));
    });
    smtp.refuseNext(1);
    expect(await t.app.outbox.deliver()).toEqual({ sent: 0, failed: 1 });
    const failed = await t.app.orm.em.fork().findOneOrFail(OutboxEmail, { subject: 'Retry me' });
    expect(failed.status).toBe('failed');
    expect(failed.attempts).toBe(1);
    expect(failed.lastError).toMatch(/451|busy/i);
    expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 30_000);

    // Not due yet: nothing is sent.
    expect(await t.app.outbox.deliver()).toEqual({ sent: 0, failed: 0 });
    // Once due, the retry goes through.
    await t.app.orm.em
      .fork()
      .nativeUpdate(OutboxEmail, { id: failed.id }, { nextAttemptAt: new Date(Date.now() - 1000) });
    expect(await t.app.outbox.deliver()).toEqual({ sent: 1, failed: 0 });
    const sent = await t.app.orm.em.fork().findOneOrFail(OutboxEmail, { id: failed.id });
    expect(sent.status).toBe('sent');
    expect(sent.attempts).toBe(2);
    expect(sent.lastError).toBeNull();
  });

  it('backs off 1, 2, 4 … minutes up to an hour', () => {
    expect([1, 2, 3, 4, 7, 12].map(retryDelayMs)).toEqual(
      [1, 2, 4, 8, 60, 60].map((minutes) => minutes * 60_000),
    );
  });

  it('never sends a message twice when several workers run at once', async () => {
    await t.app.orm.em.fork().transactional(async (tx) => {
      for (let i = 0; i < 12; i++) stageEmail(tx, message());
    });
    const runs = await Promise.all(
      [1, 2, 3].map(() => deliverDueEmails(t.app.orm.em.fork(), { mailer: t.app.mailer })),
    );
    expect(runs.reduce((sum, run) => sum + run.sent, 0)).toBe(12);
    expect(smtp.messages).toHaveLength(12);
    expect(new Set(smtp.messages.map((m) => m.messageId)).size).toBe(12);
  });

  it('stages the same row through the unit of work and through the plain-SQL insert', async () => {
    const email = message({
      recipients: ['clerk@example.org', "o'brien@example.org"],
      htmlBody: '<p>Hello</p>',
      attachments: [{ type: 'report', report: 'users' }],
    });
    const em = t.app.orm.em.fork();
    await em.transactional(async (tx) => {
      stageEmail(tx, email);
    });
    const insert = sql<StagedEmailValues>('test-staged-email', stagedEmailInsert.text);
    // Named for the email, so a statement embedding the insert can spread its values.
    expect(insert.numberedNames.filter((name) => !/^email[A-Z]/.test(name))).toEqual([]);
    await query(
      em,
      insert,
      stagedEmailInsert.values(stagedEmailRow({ ...email, dedupeKey: `${email.dedupeKey}:sql` })),
    );
    const rows = await em.execute<Record<string, unknown>[]>(
      `select dedupe_key, kind, recipients, subject, text_body, html_body, attachments, status,
              attempts, last_error, sent_at, next_attempt_at <= now() as due
         from email_outbox where dedupe_key like ? order by id`,
      [`${email.dedupeKey}%`],
    );
    expect(rows).toHaveLength(2);
    const [staged, inserted] = rows;
    expect(inserted).toEqual({ ...staged, dedupe_key: `${email.dedupeKey}:sql` });
    expect(staged).toMatchObject({
      recipients: email.recipients,
      attachments: email.attachments,
      status: 'pending',
      attempts: 0,
      last_error: null,
      sent_at: null,
      due: true,
    });
  });

  it('keeps one message per dedupe key', async () => {
    const staged = message();
    await t.app.orm.em.fork().transactional(async (tx) => {
      stageEmail(tx, staged);
    });
    await expect(
      t.app.orm.em.fork().transactional(async (tx) => {
        stageEmail(tx, staged);
      }),
    ).rejects.toThrow(/unique|duplicate/i);
    expect(await t.app.orm.em.fork().count(OutboxEmail)).toBe(1);
  });
});

describe('sending after commit, with the job worker on and the minute sweep off', () => {
  let receiver: SmtpReceiver;
  let listening: TestApp;
  beforeAll(async () => {
    receiver = await startSmtpReceiver();
    listening = await listeningApp();
  });
  afterAll(async () => {
    await listening.close();
    await receiver.close();
  });

  /** An instance whose worker listens for staged messages; only a notification can send. */
  function listeningApp(database?: TestApp['database']) {
    return createTestApp({
      database,
      env: { SMTP_URL: receiver.url, JOBS: 'true', OUTBOX_SWEEP: 'false' },
    });
  }
  const titled = (subject: string) => (received: ParsedMail) => received.subject === subject;
  const commit = (app: TestApp, email: ReturnType<typeof message>) =>
    app.app.orm.em.fork().transactional(async (tx) => {
      stageEmail(tx, email);
    });

  it('sends a message staged by a plain committed transaction', async () => {
    const email = message({ subject: `Committed ${randomUUID()}` });
    await commit(listening, email);
    const received = await receiver.waitForMessage(titled(email.subject));
    expect(received.to).toMatchObject({ text: email.recipients[0] });
    const row = await listening.app.orm.em
      .fork()
      .findOneOrFail(OutboxEmail, { dedupeKey: email.dedupeKey });
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('sends nothing of a staging that rolled back', async () => {
    const rolledBack = message({ subject: `Rolled back ${randomUUID()}` });
    await expect(
      listening.app.orm.em.fork().transactional(async (tx) => {
        stageEmail(tx, rolledBack);
        await tx.flush();
        throw new Error('the registration failed');
      }),
    ).rejects.toThrow('the registration failed');
    const later = message({ subject: `Committed after ${randomUUID()}` });
    await commit(listening, later);
    await receiver.waitForMessage(titled(later.subject));
    expect(receiver.messages.filter(titled(rolledBack.subject))).toEqual([]);
  });

  it('sends what another instance staged, having heard its commit', async () => {
    // The staging instance's worker is off: it neither listens nor sweeps.
    const staging = await createTestApp({
      database: listening.database,
      env: { SMTP_URL: receiver.url },
    });
    try {
      const email = message({ subject: `From another instance ${randomUUID()}` });
      await commit(staging, email);
      await receiver.waitForMessage(titled(email.subject));
    } finally {
      await staging.close();
    }
  });

  it('sends on connecting what was staged while no instance listened', async () => {
    const stopped = await createTestApp({ env: { SMTP_URL: receiver.url } });
    const email = message({ subject: `Staged before anyone listened ${randomUUID()}` });
    await commit(stopped, email);
    await stopped.app.close();
    const started = await listeningApp(stopped.database);
    try {
      await receiver.waitForMessage(titled(email.subject));
    } finally {
      await started.close();
      await stopped.close();
    }
  });

  it('sends again at once a failed message that is made due again', async () => {
    const email = message({ subject: `Made due again ${randomUUID()}` });
    receiver.refuseNext(1);
    await commit(listening, email);
    const em = listening.app.orm.em.fork();
    const row = () => em.fork().findOneOrFail(OutboxEmail, { dedupeKey: email.dedupeKey });
    await waitFor(
      'the refused send to be recorded',
      async () => (await row()).attempts === 1,
      10_000,
    );
    expect((await row()).nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 30_000);
    await em.nativeUpdate(
      OutboxEmail,
      { dedupeKey: email.dedupeKey },
      { nextAttemptAt: new Date(Date.now() - 1000) },
    );
    await receiver.waitForMessage(titled(email.subject));
    expect(await row()).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('sends a staff invitation made through the Staff screen', async () => {
    const admin = await signIn(listening);
    const invitee = `invitee-${randomUUID()}@example.org`;
    const invited = await staffClient(listening.app, admin.token)('POST', '/api/admin/staff', {
      email: invitee,
      name: 'Ivy Invitee',
      role: 'viewer',
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const received = await receiver.waitForMessage((each) =>
      [each.to ?? []].flat().some((to) => to.text === invitee),
    );
    expect(received.subject).toBe('You are invited to the Backflow Admin Console');
  });

  it('sends each message once with two instances listening on the same database', async () => {
    const receiving = await startSmtpReceiver();
    const env = { SMTP_URL: receiving.url, JOBS: 'true', OUTBOX_SWEEP: 'false' };
    const first = await createTestApp({ env });
    const second = await createTestApp({ env, database: first.database });
    const emails = Array.from({ length: 60 }, () => message());
    try {
      // One at a time and five to a transaction, from both instances.
      for (const [index, email] of emails.slice(0, 30).entries()) {
        await commit(index % 2 ? first : second, email);
      }
      for (let from = 30; from < 60; from += 5) {
        await first.app.orm.em.fork().transactional(async (tx) => {
          for (const email of emails.slice(from, from + 5)) stageEmail(tx, email);
        });
      }
      await receiving.waitForMessages(emails.length, 20_000);
    } finally {
      // Closing waits for a delivery still running, so nothing can arrive after this.
      await second.close();
      await first.close();
      await receiving.close();
    }
    const subjects = receiving.messages.map((received) => received.subject);
    expect(subjects.sort()).toEqual(emails.map((email) => email.subject).sort());
    const sentBy = (instance: TestApp) =>
      instance.logs
        .filter((line) => line.msg === 'email outbox delivered')
        .reduce((sum, line) => sum + Number(line.sent), 0);
    expect(sentBy(first) + sentBy(second)).toBe(emails.length);
  });
});

describe('development mail without SMTP_URL', () => {
  it('writes each message as an .eml file and logs no personal data', async () => {
    const dev = await createTestApp();
    try {
      await dev.app.orm.em.fork().transactional(async (tx) => {
        stageEmail(
          tx,
          message({ recipients: ['private.person@example.org'], subject: 'Local copy' }),
        );
      });
      expect((await dev.app.outbox.deliver()).sent).toBe(1);
      const files = await readdir(dev.config.mailDir);
      expect(files).toHaveLength(1);
      const eml = await readFile(`${dev.config.mailDir}/${files[0]}`, 'utf8');
      expect(eml).toContain('Subject: Local copy');
      expect(eml).toContain('private.person@example.org');
      expect(JSON.stringify(dev.logs)).not.toContain('private.person@example.org');
      expect(dev.logs.some((line) => String(line.msg).includes('email written'))).toBe(true);
    } finally {
      await dev.close();
    }
  });
});
