import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Organization } from '../../../api/src/db/entities/index.js';
import { runScheduledReports } from '../../../api/src/modules/reports/scheduled.js';
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

const run = (now: Date) =>
  runScheduledReports(t.app.orm.em.fork(), {
    now,
    mailer: t.app.mailer,
    publicUrl: t.config.publicUrl,
    log: t.app.log,
  });

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
    expect(first.sent).toContain(organization.id);
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
    expect(next.sent).toContain(organization.id);
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
    expect(tuesday.sent).toContain(daily.id);
    expect(tuesday.sent).not.toContain(weekly.id);
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
    expect([...result.sent, ...result.nothingNew, ...result.failed]).not.toContain(expired.id);
  });

  it('keeps the mark where it was when the mail server refuses, so the next run sends it', async () => {
    const em = t.app.orm.em.fork();
    const organization = await makeOrganization(em, { reportFrequency: 'daily' });
    await makeRegistration(em, {
      organization,
      company: await makeCompany(em),
      registeredAt: new Date('2026-11-20T15:00:00Z'),
    });
    smtp.refuseNext(1);
    const failed = await run(TUESDAY_8AM);
    expect(failed.failed).toContain(organization.id);
    const unchanged = await t.app.orm.em
      .fork()
      .findOneOrFail(Organization, { id: organization.id });
    expect(unchanged.lastReportSentAt).toBeNull();
    const retried = await run(new Date(TUESDAY_8AM.getTime() + 5 * 60_000));
    expect(retried.sent).toContain(organization.id);
    const marked = await t.app.orm.em.fork().findOneOrFail(Organization, { id: organization.id });
    expect(marked.lastReportSentAt?.getTime()).toBe(TUESDAY_8AM.getTime() + 5 * 60_000);
  });
});
