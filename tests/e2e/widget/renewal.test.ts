/// <reference lib="dom" />
// Code passed to page.evaluate runs in the browser.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Certification, Registration, User } from '../../../api/src/db/entities/index.js';
import { runReminders } from '../../../api/src/modules/compliance/reminders.js';
import { addDays, todayInProgramZone } from '../../../shared/program-zone.js';
import { type SmtpReceiver, startSmtpReceiver } from '../../helpers/smtp.js';
import {
  createStaff,
  expectNoSeriousAxeViolations,
  heading,
  openSignedIn,
  registerTester,
  staffToken,
} from '../admin/helpers.js';
import { expectNoAxeViolations } from '../helpers/axe.js';
import { launchBrowser, press, screenshot, type TestBrowser } from '../helpers/browser.js';
import { createOrganization, documentFiles, type TestOrganization } from '../helpers/fixtures.js';
import { type RunningServer, startServer } from '../helpers/server.js';

// The compliance lifecycle in a real browser: an approved tester's certificate nears its expiry,
// staff see it in Expiring, the reminder's personal link takes the renewal, and staff review it.

let smtp: SmtpReceiver;
let server: RunningServer;
let browser: TestBrowser;
let token: string;
let organization: TestOrganization;
const today = todayInProgramZone();

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  server = await startServer({ SMTP_URL: smtp.url });
  browser = await launchBrowser();
  token = await staffToken(server, await createStaff(server));
  organization = await createOrganization(server);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await smtp?.close();
});

const staffCall = (path: string, body?: unknown) =>
  fetch(`${server.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).then(async (response) => {
    expect(response.status, path).toBe(200);
    return response.json();
  });

/** Accepts every document of the registration and approves it, as the console does. */
async function approve(registrationId: number) {
  const record = await staffCall(`/api/admin/review/${registrationId}`);
  let version = record.version as number;
  for (const certification of record.certifications as { id: number }[]) {
    await staffCall(`/api/sc/submit/review/${registrationId}/document`, {
      version,
      item: 'certification',
      itemId: certification.id,
      decision: 'accepted',
    });
    version += 1;
  }
  await staffCall(`/api/sc/submit/review/${registrationId}/approve`, { version });
}

describe('renewal, end to end', () => {
  it('lists the expiring certificate, reminds the tester, takes the renewal through the link and reviews it', async () => {
    const tester = await registerTester(server, organization);
    const em = server.app.orm.em.fork();
    const user = await em.findOneOrFail(User, { email: tester.email });
    const registration = await em.findOneOrFail(Registration, { user: user.id });
    const due = addDays(today, 20);
    await em.nativeUpdate(Certification, { user: user.id }, { expiresOn: due });
    await approve(registration.id);

    // Staff see it in Expiring, with its days left, and can download the rows.
    const console = await browser.newPage();
    await openSignedIn(console, server, token);
    await console.getByRole('menu').getByRole('menuitem', { name: 'Expiring' }).click();
    await heading(console, 'Expiring');
    expect(new URL(console.url()).pathname).toBe('/scadmin/expiring');
    const table = console.getByRole('table', {
      name: 'Expired and expiring certifications, calibrations and credentials',
    });
    const row = table.getByRole('row').filter({ hasText: tester.email });
    await row.getByText('20 days').waitFor();
    await row.getByText(`Certification ${tester.certNumber} (AWWA,`).waitFor();
    await row.getByText('None').waitFor();
    const download = console.waitForEvent('download');
    await console.getByRole('button', { name: 'Download CSV' }).click();
    expect((await download).suggestedFilename()).toMatch(/^expiring_30_\d{4}-\d{2}-\d{2}\.csv$/);
    await expectNoSeriousAxeViolations(console, 'expiring');
    await screenshot(console, 'expiring');

    // The daily run reminds the tester, with a personal link.
    await runReminders(server.app.orm.em.fork(), {
      now: new Date(),
      publicUrl: server.app.config.publicUrl,
      supportUrl: server.app.config.links.support,
    });
    await server.app.outbox.deliver();
    const reminder = smtp.messages.find((message) => message.text?.includes(tester.certNumber));
    expect(reminder?.subject).toBe('Reminder: renew your certification or test kit calibration');
    expect(reminder?.text).toContain(`Registered with: ${organization.name}`);
    const path = /\/form\/[^/\s]+\/status\/[A-Za-z0-9_-]{43}/.exec(reminder?.text ?? '')?.[0];
    expect(path).toBeDefined();
    await console.reload();
    await heading(console, 'Expiring');
    await table
      .getByRole('row')
      .filter({ hasText: tester.email })
      .getByText('30 days before')
      .waitFor();

    // The registrant renews on the status page, keyboard only.
    const registrant = await browser.newPage();
    await registrant.goto(`${server.url}${path}`);
    await registrant.getByRole('heading', { level: 1, name: 'Your Registration' }).waitFor();
    await registrant.getByText(/^Renewed your certification/).waitFor();
    const item = registrant.getByRole('region', { name: `Certification ${tester.certNumber}` });
    await press(registrant, registrant.getByRole('button', { name: 'Send Renewal' }));
    await registrant.getByRole('heading', { name: 'There is a problem' }).waitFor();
    await expectNoAxeViolations(registrant, 'renewal with errors');
    const renewed = addDays(today, 3 * 365);
    await item.getByLabel('Expiration Date', { exact: true }).fill(renewed);
    const files = await documentFiles();
    await item.getByLabel('Replacement Document', { exact: true }).setInputFiles(files.pdf2);
    await press(registrant, item.getByRole('button', { name: 'Upload' }));
    await item.getByRole('button', { name: 'Uploaded' }).waitFor();
    await press(registrant, registrant.getByRole('button', { name: 'Send Renewal' }));
    await registrant.getByRole('heading', { level: 1, name: 'Renewal sent' }).waitFor();
    await expectNoAxeViolations(registrant, 'renewal sent');

    // Until staff accept it the certificate on file keeps its date: still in Expiring.
    await console.goto(`${server.url}/scadmin/expiring`);
    await heading(console, 'Expiring');
    await console.getByRole('row').filter({ hasText: tester.email }).getByText('20 days').waitFor();

    // In the Review Queue as resubmitted: staff accept the renewed certificate and approve.
    await console.goto(`${server.url}/scadmin/review`);
    await heading(console, 'Review Queue');
    const queued = console.getByRole('row').filter({ hasText: tester.email });
    await queued.getByText('Resubmitted').waitFor();
    await queued.click();
    await heading(console, `Review: ${tester.firstName} ${tester.lastName}`);
    const certificate = console.getByRole('region', {
      name: `Certification ${tester.certNumber}`,
    });
    await certificate.getByText(new RegExp(`Replaced .*expires ${due}`)).waitFor();
    await certificate.getByText('Renewal: replaces the one on file once accepted').waitFor();
    await press(
      console,
      certificate.getByRole('button', { name: `Accept Certification ${tester.certNumber}` }),
    );
    await console.getByText('Every document is accepted').waitFor();
    await press(console, console.getByRole('button', { name: 'Approve Registration' }));
    await console.getByText('Registration approved.').waitFor();
    const after = await server.app.orm.em.fork().findOneOrFail(Certification, { user: user.id });
    expect(after.expiresOn).toBe(renewed);

    // No longer expiring.
    await console.goto(`${server.url}/scadmin/expiring`);
    await heading(console, 'Expiring');
    await console.getByText('Nothing is expired or due in this period.').waitFor();
    await registrant.close();
    await console.close();
  });

  it('shows the compliance counts and the weekly chart on the home, with its numbers as a table', async () => {
    const page = await browser.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await openSignedIn(page, server, token);
    await page.getByRole('heading', { level: 2, name: 'Compliance' }).waitFor();
    await page
      .getByRole('heading', { level: 3, name: 'Certifications expiring within 30 days' })
      .waitFor();
    await page.getByRole('img', { name: /^Bar chart of registrations per week/ }).waitFor();
    const table = page.getByRole('table', {
      name: 'Registrations per week and certifications due per week',
    });
    expect(await table.getByRole('row').count()).toBe(1 + 26 + 13);
    expect(scripts.some((url) => /WeeklyChart/.test(url))).toBe(true);
    await expectNoSeriousAxeViolations(page, 'home with compliance');
    await screenshot(page, 'home-compliance');
    await page.close();
  });
});
