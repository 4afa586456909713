/// <reference lib="dom" />
// Code passed to page.evaluate runs in the browser.
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Registration, User } from '../../../api/src/db/entities/index.js';
import { type SmtpReceiver, startSmtpReceiver } from '../../helpers/smtp.js';
import {
  createStaff,
  expectNoSeriousAxeViolations,
  heading,
  openSignedIn,
  type StaffLogin,
  staffToken,
} from '../admin/helpers.js';
import { expectNoAxeViolations } from '../helpers/axe.js';
import { launchBrowser, press, screenshot, type TestBrowser } from '../helpers/browser.js';
import {
  createOrganization,
  documentFiles,
  type TestOrganization,
  uniqueEmail,
} from '../helpers/fixtures.js';
import { type RunningServer, startServer } from '../helpers/server.js';
import { expectStep, fillCompany, fillPerson, getStarted, next } from '../helpers/wizard.js';

let smtp: SmtpReceiver;
let server: RunningServer;
let browser: TestBrowser;
let staff: StaffLogin;
let token: string;
let organization: TestOrganization;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  server = await startServer({ SMTP_URL: smtp.url });
  browser = await launchBrowser();
  staff = await createStaff(server);
  token = await staffToken(server, staff);
  organization = await createOrganization(server, {
    homeBanner: 'Testing season opens on March 1.',
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await smtp?.close();
});

/** The outbox sends (the worker is off in tests); the messages to this address. */
async function mailTo(address: string) {
  await server.app.outbox.deliver();
  return smtp.messages.filter((message) => {
    const to = message.to;
    const text = to && !Array.isArray(to) ? to.text : '';
    return text.toLowerCase().includes(address.toLowerCase());
  });
}

/** The status link's path in an email (the email names the server's PUBLIC_URL). */
function statusPathIn(text: string | undefined): string {
  const found = /\/form\/[^/\s]+\/status\/[A-Za-z0-9_-]{43}/.exec(text ?? '');
  if (!found) throw new Error(`no status link in: ${text}`);
  return found[0];
}

async function registerThroughTheWizard(page: Page, email: string) {
  const files = await documentFiles();
  // A company like no other on file, so the wizard offers no possible matches.
  const tag = randomBytes(5).toString('hex');
  await page.goto(`${server.url}/form/${organization.hash}`);
  await getStarted(page);
  await page.getByLabel('Tester', { exact: true }).check();
  await next(page);
  await expectStep(page, 'Company Details');
  await fillCompany(page, {
    name: `Qz${tag}`,
    address: `${tag} Road`,
    city: 'Austin',
    state: 'TX',
    zip: '78701',
  });
  await next(page);
  await expectStep(page, 'Tester Users');
  await fillPerson(page, 'Tester #1', { first: 'Rory', last: 'Resubmit', email });
  const cert = page.getByRole('group', { name: 'Certification #1', exact: true });
  await cert.getByLabel('Certification Number', { exact: true }).fill('AW-7001');
  await cert.getByLabel('Expiration Date', { exact: true }).fill('2030-06-30');
  await cert.getByLabel('Certification Agency', { exact: true }).selectOption({ label: 'AWWA' });
  await cert
    .getByLabel('Certification Type', { exact: true })
    .selectOption({ label: 'Backflow Prevention Assembly Tester' });
  await cert.getByLabel('Certification Document', { exact: true }).setInputFiles(files.pdf);
  await cert.getByRole('button', { name: 'Upload' }).click();
  await cert.getByRole('button', { name: 'Uploaded' }).waitFor();
  await next(page);
  await expectStep(page, 'Test Kits');
  await page.getByRole('button', { name: 'Skip' }).click();
  await expectStep(page, 'Review');
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('heading', { level: 1, name: 'Thank You!' }).waitFor();
}

async function registrationIdOf(email: string) {
  const em = server.app.orm.em.fork();
  const user = await em.findOneOrFail(User, { email });
  return (await em.findOneOrFail(Registration, { user: user.id }, { refresh: true })).id;
}

/** Staff reject the registration's certificate and send the decision; answers the link's path. */
async function changesRequestedThroughTheApi(email: string, reason: string) {
  const registrationId = await registrationIdOf(email);
  const review = await fetch(`${server.url}/api/admin/review/${registrationId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const record = (await review.json()) as { version: number; certifications: { id: number }[] };
  const decide = (action: string, body: Record<string, unknown>) =>
    fetch(`${server.url}/api/sc/submit/review/${registrationId}/${action}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  await decide('document', {
    version: record.version,
    item: 'certification',
    itemId: record.certifications[0]?.id,
    decision: 'rejected',
    reason,
  });
  await decide('request_changes', { version: record.version + 1 });
  const [changes] = await mailTo(email);
  return statusPathIn(changes?.text);
}

describe('review and corrections, end to end', () => {
  it('registers a tester, rejects the certificate, takes the correction through the emailed link, approves it and welcomes them', async () => {
    const email = uniqueEmail('loop-tester');
    const registrant = await browser.newPage();
    await registerThroughTheWizard(registrant, email);
    const registrationId = await registrationIdOf(email);

    // Staff reject the certificate in the console and send the decision.
    const console = await browser.newPage();
    await openSignedIn(console, server, token);
    await console.goto(`${server.url}/scadmin/review/${registrationId}`);
    await heading(console, 'Review: Rory Resubmit');
    const certificate = console.getByRole('region', { name: 'Certification AW-7001' });
    await certificate.getByLabel('Reason for rejecting').selectOption('unreadable');
    await certificate
      .getByLabel('Note for the registrant (optional)')
      .fill('Please scan it again.');
    await press(console, certificate.getByRole('button', { name: 'Reject Certification AW-7001' }));
    await certificate.getByText('Unreadable document — “Please scan it again.”').waitFor();
    await press(console, console.getByRole('button', { name: 'Send Decision' }));
    await console.getByText('Decision sent: changes requested.').waitFor();

    // The registrant follows the link in the email.
    const [changes] = await mailTo(email);
    expect(changes?.subject).toBe(`Changes needed for your ${organization.name} registration`);
    expect(changes?.text).toContain('Please scan it again.');
    const statusPath = statusPathIn(changes?.text);
    await registrant.goto(`${server.url}${statusPath}`);
    await registrant.getByRole('heading', { level: 1, name: 'Your Registration' }).waitFor();
    await registrant.getByText('Status: Changes requested').waitFor();
    await registrant.getByText('Reason: Unreadable document').waitFor();
    await registrant.getByText('Note from the reviewer: Please scan it again.').waitFor();
    await expectNoAxeViolations(registrant, 'status page');
    await screenshot(registrant, 'status-page');

    // Keyboard only: an empty number is refused with the wizard's words, focus on the summary.
    const item = registrant.getByRole('region', { name: 'Certification AW-7001' });
    const number = item.getByLabel('Certification Number', { exact: true });
    await number.focus();
    await number.fill('');
    await press(registrant, registrant.getByRole('button', { name: 'Send Corrections' }));
    const summary = registrant.getByRole('heading', { name: 'There is a problem' });
    await summary.waitFor();
    expect(await registrant.evaluate(() => document.activeElement?.className)).toContain(
      'error-summary',
    );
    await registrant
      .getByRole('link', { name: 'Certification AW-7001: Certification Number' })
      .waitFor();
    await expectNoAxeViolations(registrant, 'status page with errors');
    await number.fill('AW-7001-B');
    const files = await documentFiles();
    await item.getByLabel('Replacement Document', { exact: true }).setInputFiles(files.pdf2);
    await press(registrant, item.getByRole('button', { name: 'Upload' }));
    await item.getByRole('button', { name: 'Uploaded' }).waitFor();
    await press(registrant, registrant.getByRole('button', { name: 'Send Corrections' }));
    await registrant.getByRole('heading', { level: 1, name: 'Corrections Sent' }).waitFor();
    expect(await registrant.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    await expectNoAxeViolations(registrant, 'corrections sent');

    // Used up: opening the link again shows the clear refusal with the support link.
    await registrant.goto(`${server.url}${statusPath}`);
    await registrant.getByRole('heading', { level: 1, name: 'This Link Cannot Be Used' }).waitFor();
    await registrant.getByRole('link', { name: 'Contact support' }).waitFor();
    await expectNoAxeViolations(registrant, 'status link used');

    // Back in the queue as resubmitted: staff accept the new document and approve.
    await console.goto(`${server.url}/scadmin/review`);
    await heading(console, 'Review Queue');
    const row = console.getByRole('row').filter({ hasText: email });
    await row.getByText('Resubmitted').waitFor();
    await row.click();
    await heading(console, 'Review: Rory Resubmit');
    const corrected = console.getByRole('region', { name: 'Certification AW-7001-B' });
    await corrected.getByText(/Replaced .*AW-7001 · AWWA/).waitFor();
    await expectNoSeriousAxeViolations(console, 'review of a resubmission');
    await press(console, corrected.getByRole('button', { name: 'Accept Certification AW-7001-B' }));
    await console.getByText('Every document is accepted').waitFor();
    await press(console, console.getByRole('button', { name: 'Approve Registration' }));
    await console.getByText('Registration approved.').waitFor();

    const welcome = (await mailTo(email)).find((message) => message.subject?.startsWith('Welcome'));
    expect(welcome?.subject).toBe(`Welcome to the ${organization.name} backflow testing program`);
    expect(welcome?.text).toContain('Testing season opens on March 1.');
    expect(welcome?.text).toContain('within 48 hours');
    await registrant.close();
    await console.close();
  });
});

describe('the status page', () => {
  it('speaks Spanish, and switches language without losing a correction', async () => {
    const email = uniqueEmail('spanish-tester');
    const registrant = await browser.newPage();
    await registerThroughTheWizard(registrant, email);
    const statusPath = await changesRequestedThroughTheApi(email, 'unreadable');
    await registrant.goto(`${server.url}${statusPath}?lang=es`);
    await registrant.getByRole('heading', { level: 1, name: 'Su registro' }).waitFor();
    expect(await registrant.evaluate(() => document.documentElement.lang)).toBe('es');
    await registrant.getByText('Estado: Cambios solicitados').waitFor();
    await registrant.getByText('Motivo: Documento ilegible').waitFor();
    const item = registrant.getByRole('region', { name: 'Certificación AW-7001' });
    const number = item.getByLabel('Número de certificación', { exact: false });
    await number.fill('');
    await press(registrant, registrant.getByRole('button', { name: 'Enviar correcciones' }));
    await registrant.getByRole('heading', { name: 'Hay un problema' }).waitFor();
    await expectNoAxeViolations(registrant, 'status page in Spanish');
    await screenshot(registrant, 'status-page-es');
    await number.fill('AW-7001-C');
    await registrant
      .getByRole('navigation', { name: 'Idioma' })
      .getByRole('button', { name: 'English' })
      .click();
    await registrant.getByText('Status: Changes requested').waitFor();
    const english = registrant.getByRole('region', { name: 'Certification AW-7001' });
    expect(await english.getByLabel('Certification Number', { exact: true }).inputValue()).toBe(
      'AW-7001-C',
    );
    await registrant.close();
  });

  it('says clearly that an unknown link cannot be used, with the support link', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/form/${organization.hash}/status/${'x'.repeat(43)}`);
    await page.getByRole('heading', { level: 1, name: 'This Link Cannot Be Used' }).waitFor();
    await page.getByRole('link', { name: 'Contact support' }).waitFor();
    await expectNoAxeViolations(page, 'unknown status link');
    await page.close();
  });

  it('works inside the embed frame on a city page', async () => {
    const email = uniqueEmail('framed-tester');
    const registrant = await browser.newPage();
    await registerThroughTheWizard(registrant, email);
    await registrant.close();
    const statusUrl = `${server.url}${await changesRequestedThroughTheApi(email, 'expired')}`;

    // A city's page on another origin framing the link, as embed.js frames the form.
    let hostUrl = '';
    const host: Server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(`<!doctype html><html lang="en"><head><title>City of Example</title></head>
<body><main><h1>City of Example</h1>
<iframe title="Your registration" src="${statusUrl}?embed=${encodeURIComponent(hostUrl)}" style="width:100%;height:900px"></iframe>
</main></body></html>`);
    });
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    hostUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
    try {
      const page = await browser.newPage();
      await page.goto(hostUrl);
      const frame = page.frameLocator('iframe');
      await frame.getByRole('heading', { level: 1, name: 'Your Registration' }).waitFor();
      await frame.getByText('Reason: Expired').waitFor();
      await frame.getByRole('button', { name: 'Send Corrections' }).waitFor();
      const content = page.frames().find((f) => f.url().startsWith(server.url));
      if (!content) throw new Error('no status frame');
      await expectNoAxeViolations(content, 'framed status page');
      await page.close();
    } finally {
      // The browser keeps its connection to the city page open; end it rather than wait.
      host.closeAllConnections();
      await new Promise((resolve) => host.close(resolve));
    }
  });
});
