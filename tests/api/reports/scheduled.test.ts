import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Organization, OutboxEmail } from '../../../api/src/db/entities/index.js';
import { runScheduledReports } from '../../../api/src/modules/reports/scheduled-reports.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { makeCompany, makeOrganization, makeRegistration } from '../../helpers/fixtures.js';
import { type SmtpReceiver, startSmtpReceiver } from '../../helpers/smtp.js';
import { parseCsv } from '../../helpers/streams.js';

let smtp: SmtpReceiver;
let t: TestApp;
// Monday 2026-11-23, 08:00 in New York.
const MONDAY_8AM = new Date('2026-11-23T13:00:00Z');
const TUESDAY_8AM = new Date('2026-11-24T13:00:00Z');

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  t = await createTestApp({ env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const stage = (now: Date) =>
  runScheduledReports(t.app.orm.em.fork(), { now, publicUrl: t.config.publicUrl, log: t.app.log });

/** A scheduled run, then the outbox's delivery of what it staged. */
const run = async (now: Date) => {
  const result = await stage(now);
  await t.app.outbox.deliver();
  return result;
};

const outboxRows = (organizationId: number) =>
  t.app.orm.em.fork().find(OutboxEmail, { dedupeKey: { $like: `scheduled-${organizationId}-%` } });

describe('scheduled registration reports', () => {
  it('sends what is new since the last report, to every address, and nothing when nothing is new', async () => {
    const em = t.app.orm.em.fork();
    const organization = await makeOrganization(em, {
      reportFrequency: 'weekly',
      extraEmails: ['second@city.example.gov'],
    });
    const company = await makeCompany(em);
    await makeRegistration(em, {
      organization,
      company,
      firstName: 'First',
      registeredAt: new Date('2026-11-20T15:00:00Z'),
    });

    const first = await run(MONDAY_8AM);
    expect(first.staged).toContain(organization.id);
    const [message] = await smtp.waitForMessages(1);
    expect(message?.to).toBeDefined();
    const recipients = JSON.stringify(message?.to);
    expect(recipients).toContain(organization.primaryEmail);
    expect(recipients).toContain('second@city.example.gov');
    const attachment = message?.attachments[0];
    expect(attachment?.filename).toMatch(/_testers\.csv$/);
    expect(parseCsv(attachment?.content as Buffer).map((row) => row['First Name'])).toEqual([
      'First',
    ]);

    // Same day again: nothing new, nothing sent, mark unchanged.
    const again = await run(new Date(MONDAY_8AM.getTime() + 60_000));
    expect(again.nothingNew).toContain(organization.id);
    expect(smtp.messages).toHaveLength(1);

    // A new registration goes out alone in the next report.
    await makeRegistration(em, {
      organization,
      company,
      firstName: 'Second',
      registeredAt: new Date('2026-11-25T15:00:00Z'),
    });
    const next = await run(new Date('2026-11-30T13:00:00Z'));
    expect(next.staged).toContain(organization.id);
    const [, second] = await smtp.waitForMessages(2);
    expect(
      parseCsv(second?.attachments[0]?.content as Buffer).map((row) => row['First Name']),
    ).toEqual(['Second']);
  });

  it('sends only on the days the frequency names', async () => {
    const em = t.app.orm.em.fork();
    const weekly = await makeOrganization(em, { reportFrequency: 'weekly' });
    const daily = await makeOrganization(em, { reportFrequency: 'daily' });
    const company = await makeCompany(em);
    for (const organization of [weekly, daily]) {
      await makeRegistration(em, {
        organization,
        company,
        registeredAt: new Date('2026-11-20T15:00:00Z'),
      });
    }
    const tuesday = await run(TUESDAY_8AM);
    expect(tuesday.staged).toContain(daily.id);
    expect(tuesday.staged).not.toContain(weekly.id);
    expect(tuesday.nothingNew).not.toContain(weekly.id);
  });

  it('skips inactive organizations', async () => {
    const em = t.app.orm.em.fork();
    const expired = await makeOrganization(em, {
      reportFrequency: 'daily',
      allowedUntil: '2026-01-01',
    });
    await makeRegistration(em, {
      organization: expired,
      company: await makeCompany(em),
      registeredAt: new Date('2026-11-20T15:00:00Z'),
    });
    const result = await run(TUESDAY_8AM);
    expect([...result.staged, ...result.nothingNew, ...result.failed]).not.toContain(expired.id);
  });

  it('stages the report with the mark moved, and the outbox sends it once', async () => {
    const em = t.app.orm.em.fork();
    const organization = await makeOrganization(em, { reportFrequency: 'daily' });
    await makeRegistration(em, {
      organization,
      company: await makeCompany(em),
      firstName: 'Staged',
      registeredAt: new Date('2026-11-20T15:00:00Z'),
    });
    const before = smtp.messages.length;
    const staged = await stage(TUESDAY_8AM);
    expect(staged.staged).toContain(organization.id);
    const [message, ...others] = await outboxRows(organization.id);
    expect(others).toEqual([]);
    expect(message?.status).toBe('pending');
    expect(message?.recipients).toEqual([organization.primaryEmail]);
    const marked = await t.app.orm.em.fork().findOneOrFail(Organization, { id: organization.id });
    expect(marked.lastReportSentAt?.getTime()).toBe(TUESDAY_8AM.getTime());
    // Nothing is sent until the outbox runs; then once, however often it runs.
    expect(smtp.messages).toHaveLength(before);
    await t.app.outbox.deliver();
    await t.app.outbox.deliver();
    const received = await smtp.waitForMessages(before + 1);
    const report = received.filter((m) => m.subject?.includes(organization.name));
    expect(report).toHaveLength(1);
    expect(
      parseCsv(report[0]?.attachments[0]?.content as Buffer).map((row) => row['First Name']),
    ).toEqual(['Staged']);
    const [sent] = await outboxRows(organization.id);
    expect(sent?.status).toBe('sent');
    // The same day again stages nothing more.
    expect((await stage(new Date(TUESDAY_8AM.getTime() + 60_000))).nothingNew).toContain(
      organization.id,
    );
    expect(await outboxRows(organization.id)).toHaveLength(1);
  });

  it('keeps a report the mail server refuses in the outbox and sends it on the retry, once', async () => {
    const em = t.app.orm.em.fork();
    const organization = await makeOrganization(em, { reportFrequency: 'daily' });
    await makeRegistration(em, {
      organization,
      company: await makeCompany(em),
      registeredAt: new Date('2026-11-20T15:00:00Z'),
    });
    smtp.refuseNext(1);
    const refused = await run(TUESDAY_8AM);
    expect(refused.staged).toContain(organization.id);
    const [failed] = await outboxRows(organization.id);
    expect(failed?.status).toBe('failed');
    // The next scheduled run finds nothing new: the report waits in the outbox, not in the mark.
    const again = await run(new Date(TUESDAY_8AM.getTime() + 5 * 60_000));
    expect(again.nothingNew).toContain(organization.id);
    const before = smtp.messages.length;
    await t.app.orm.em
      .fork()
      .nativeUpdate(
        OutboxEmail,
        { id: failed?.id },
        { nextAttemptAt: new Date(Date.now() - 1000) },
      );
    await t.app.outbox.deliver();
    const received = await smtp.waitForMessages(before + 1);
    expect(received.filter((m) => m.subject?.includes(organization.name))).toHaveLength(1);
    const [sent] = await outboxRows(organization.id);
    expect(sent?.status).toBe('sent');
    expect(sent?.attempts).toBe(2);
  });
});
