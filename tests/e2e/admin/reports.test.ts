import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpReceiver, startSmtpReceiver } from '../../helpers/smtp.js';
import { parseCsv, unzip } from '../../helpers/streams.js';
import { launchBrowser, screenshot, type TestBrowser } from '../helpers/browser.js';
import { createOrganization, type TestOrganization } from '../helpers/fixtures.js';
import { type RunningServer, startServer } from '../helpers/server.js';
import {
  createStaff,
  expectNoSeriousAxeViolations,
  heading,
  openSignedIn,
  type RegisteredTester,
  registerTester,
  staffToken,
} from './helpers.js';

// The Reports screen end to end: registrations made through the public calls, every report
// downloaded through the screen and parsed back, and one delivered to a real SMTP server.

let smtp: SmtpReceiver;
let server: RunningServer;
let browser: TestBrowser;
let token: string;
let organization: TestOrganization;
const testers: RegisteredTester[] = [];

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  server = await startServer({ SMTP_URL: smtp.url });
  browser = await launchBrowser();
  token = await staffToken(server, await createStaff(server));
  organization = await createOrganization(server, { name: `Reports Town ${Date.now()} Water` });
  for (let i = 0; i < 2; i++) testers.push(await registerTester(server, organization));
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await smtp?.close();
});

async function reportsPage(): Promise<Page> {
  const page = await browser.newPage();
  await openSignedIn(page, server, token);
  await page.goto(`${server.url}/scadmin/reports`);
  await heading(page, 'Reports');
  const picker = page.getByRole('combobox', { name: 'Organization' });
  await picker.fill(organization.name.split(' ')[1] ?? organization.name);
  await page.getByRole('option', { name: organization.name }).click();
  await expect.poll(() => page.getByText(/Total Registrations: 2/).count()).toBe(1);
  return page;
}

async function chooseType(page: Page, label: string) {
  await page.getByRole('combobox', { name: 'Report Type' }).click();
  await page.getByRole('option', { name: label }).click();
}

async function download(page: Page) {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Generate Report' }).click(),
  ]);
  const filePath = await file.path();
  return { name: file.suggestedFilename(), bytes: await readFile(filePath) };
}

const fileBase = () => organization.name.replace(/[^A-Za-z0-9_-]/g, '');

describe('the Reports screen', () => {
  it('downloads each report of an organization under the server name, with its content', async () => {
    const page = await reportsPage();
    await expectNoSeriousAxeViolations(page, 'reports');
    await screenshot(page, 'console-reports');

    await chooseType(page, 'Users');
    const users = await download(page);
    expect(users.name).toBe(`${fileBase()}_testers.csv`);
    const rows = parseCsv(users.bytes);
    expect(rows.map((row) => row.Email).sort()).toEqual(testers.map((t) => t.email).sort());
    expect(rows.map((row) => row['Certification 1 Number']).sort()).toEqual(
      testers.map((t) => t.certNumber).sort(),
    );

    await chooseType(page, 'Service Providers');
    const providers = await download(page);
    expect(providers.name).toBe(`${fileBase()}_service_providers.csv`);
    expect(parseCsv(providers.bytes).length).toBeGreaterThan(0);

    await chooseType(page, 'Test Kits');
    const kits = await download(page);
    expect(kits.name).toBe(`${fileBase()}_service_provider_test_kits.csv`);

    await chooseType(page, 'Implementation Integration Files');
    const bundle = await download(page);
    expect(bundle.name).toBe(`${fileBase()}_ie_bundle.zip`);
    const entries = await unzip(bundle.bytes);
    expect([...entries.keys()].filter((name) => name.startsWith('documents/'))).toHaveLength(2);
  });

  it('shows the spec messages for a date range ending before it starts', async () => {
    const page = await reportsPage();
    await page.getByRole('button', { name: 'Date Range' }).click();
    // The date pickers take typed digits section by section, as a person would type them.
    await page.getByRole('group', { name: 'Start Date' }).click();
    await page.keyboard.type('20260110');
    await page.getByRole('group', { name: 'End Date' }).click();
    await page.keyboard.type('20260101');
    await chooseType(page, 'Users');
    await page.getByRole('button', { name: 'Generate Report' }).click();
    await expect
      .poll(() => page.getByText('Date range end must be after date range start.').count())
      .toBeGreaterThan(0);
  });

  it('emails a report: shows the confirmation, and the file arrives at the mail server', async () => {
    const page = await reportsPage();
    await page.getByRole('button', { name: 'Email' }).click();
    await page.getByLabel('Recipient Email').fill('city-inspector@example.gov');
    await chooseType(page, 'Users');
    await page.getByRole('button', { name: 'Generate Report' }).click();
    await expect
      .poll(() => page.getByRole('status').textContent())
      .toContain('city-inspector@example.gov');
    await server.app.outbox.deliver();
    // The two sign-up notifications of the registrations go out too.
    const messages = await smtp.waitForMessages(3);
    const message = messages.find((m) =>
      JSON.stringify(m.to).includes('city-inspector@example.gov'),
    );
    const attachment = message?.attachments[0];
    expect(attachment?.filename).toBe(`${fileBase()}_testers.csv`);
    expect(parseCsv(attachment?.content as Buffer)).toHaveLength(2);
  });
});
