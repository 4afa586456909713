/// <reference lib="dom" />
// Code passed to page.evaluate runs in the browser.
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Certification, Registration, User } from '../../../api/src/db/entities/index.js';
import { launchBrowser, press, screenshot, type TestBrowser } from '../helpers/browser.js';
import { createOrganization, documentFiles, type TestOrganization } from '../helpers/fixtures.js';
import { type RunningServer, startServer } from '../helpers/server.js';
import {
  createStaff,
  createStaffWithRole,
  expectNoSeriousAxeViolations,
  heading,
  openSignedIn,
  type RegisteredTester,
  registerTester,
  type StaffLogin,
  staffToken,
  tabTo,
} from './helpers.js';

let server: RunningServer;
let browser: TestBrowser;
let staff: StaffLogin;
let token: string;
let organization: TestOrganization;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  staff = await createStaff(server);
  token = await staffToken(server, staff);
  organization = await createOrganization(server, { homeBanner: 'Welcome to the program.' });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function registrationOf(tester: RegisteredTester) {
  const em = server.app.orm.em.fork();
  const user = await em.findOneOrFail(User, { email: tester.email });
  return em.findOneOrFail(Registration, { user: user.id }, { refresh: true });
}

/** A tester registered just now, and their review open in the console. */
async function openNewReview() {
  const tester = await registerTester(server, organization);
  const registration = await registrationOf(tester);
  const page = await browser.newPage();
  await openSignedIn(page, server, token);
  await page.goto(`${server.url}/scadmin/review/${registration.id}`);
  await heading(page, `Review: ${tester.firstName} ${tester.lastName}`);
  return { tester, registration, page };
}

const focusedText = (page: Page) =>
  page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

describe('the Review Queue in the console', () => {
  it('lists what waits, opens a review beside its document, and approves by keyboard alone', async () => {
    const tester = await registerTester(server, organization);
    const later = await registerTester(server, organization);
    const page = await browser.newPage();
    await openSignedIn(page, server, token);
    // The home and the sidebar say how many wait.
    await page.getByText(/registrations? waiting for review\. The oldest has waited/).waitFor();
    const menu = page.getByRole('menu');
    await menu.getByRole('menuitem', { name: /^Review Queue \(\d+\)$/ }).click();
    await heading(page, 'Review Queue');
    expect(new URL(page.url()).pathname).toBe('/scadmin/review');
    const rows = page.getByRole('table', { name: 'Registrations waiting for review' });
    await rows.getByText(tester.email).waitFor();
    const order = await rows.locator('tbody tr').allTextContents();
    expect(order.findIndex((row) => row.includes(tester.email))).toBeLessThan(
      order.findIndex((row) => row.includes(later.email)),
    );
    await expectNoSeriousAxeViolations(page, 'review queue');

    await rows.getByText(tester.email).click();
    await heading(page, `Review: ${tester.firstName} ${tester.lastName}`);
    const title = `Certification ${tester.certNumber}`;
    await page.getByRole('heading', { level: 3, name: title }).waitFor();
    // The certificate is shown inline, in the browser's PDF viewer.
    const frame = page.locator(`iframe[title="Document of ${title} (PDF)"]`);
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toMatch(/^blob:/);
    await page.getByText('New company').waitFor();
    await expectNoSeriousAxeViolations(page, 'review screen');
    await screenshot(page, 'review-screen');

    await tabTo(page, `Accept ${title}`);
    await page.keyboard.press('Enter');
    // Focus moves on: past the last document, to the decision.
    await expect.poll(() => focusedText(page)).toBe('Decision');
    await page.getByText('Every document is accepted').waitFor();
    await tabTo(page, 'Approve Registration');
    await page.keyboard.press('Enter');
    // The queue moves on to the next registration waiting.
    await heading(page, `Review: ${later.firstName} ${later.lastName}`);
    const approved = await registrationOf(tester);
    expect(approved.reviewState).toBe('approved');
    expect(approved.enrolled).toBe(true);

    // Find Users shows the state per organization; User Info the history of decisions.
    await page.goto(
      `${server.url}/scadmin/users?page=1&org=${organization.id}&name=${tester.lastName}`,
    );
    await heading(page, 'Find Users');
    const found = page.getByRole('row').filter({ hasText: tester.email });
    await found.getByRole('cell', { name: 'Approved' }).waitFor();
    await found.getByRole('cell', { name: tester.lastName, exact: true }).click();
    await heading(page, 'User Info');
    const history = page.getByRole('table', { name: 'Registration History' });
    await history.getByText(`${organization.name}: Approved and enrolled`).waitFor();
    await history
      .getByText(`${organization.name}: Certification ${tester.certNumber}: Accepted`)
      .waitFor();
    await page
      .getByRole('table', { name: 'Organizations' })
      .getByRole('link', { name: /^Approved/ })
      .waitFor();
    await expectNoSeriousAxeViolations(page, 'user info with history');
    await page.close();
  });

  it('rejects a document with a reason, sends the decision, and refuses a stale save', async () => {
    const { tester, registration, page } = await openNewReview();
    const section = page.getByRole('region', { name: `Certification ${tester.certNumber}` });
    await section
      .getByRole('button', { name: `Reject Certification ${tester.certNumber}` })
      .click();
    await section.getByText('Please choose a reason.').waitFor();
    await section.getByLabel('Reason for rejecting').selectOption('unreadable');
    // The message leaves with its cause, before Reject is pressed again.
    await section.getByText('Please choose a reason.').waitFor({ state: 'detached' });
    expect(await section.getByLabel('Reason for rejecting').getAttribute('aria-invalid')).toBe(
      'false',
    );
    await section.getByLabel('Note for the registrant (optional)').fill('Too dark to read.');
    await section
      .getByRole('button', { name: `Reject Certification ${tester.certNumber}` })
      .click();
    await section.getByText('Unreadable document — “Too dark to read.”').waitFor();

    // Someone else changes the registration meanwhile: this screen's version is stale.
    await server.app.orm.em
      .fork()
      .nativeUpdate(Registration, { id: registration.id }, { reviewVersion: 99 });
    await press(page, page.getByRole('button', { name: 'Send Decision' }));
    const alert = page.getByRole('alert').filter({ hasText: 'changed by someone else' });
    await alert
      .getByText('This registration was changed by someone else. Reload to see the latest.')
      .waitFor();
    expect((await registrationOf(tester)).reviewState).toBe('pending');
    await press(page, alert.getByRole('button', { name: 'Reload' }));
    await expect.poll(async () => alert.count()).toBe(0);
    await press(page, page.getByRole('button', { name: 'Send Decision' }));
    await page.getByText('Decision sent: changes requested.').waitFor();
    expect((await registrationOf(tester)).reviewState).toBe('changes_requested');
    await page.close();
  });

  it('rejects a whole registration with a reason', async () => {
    const { tester, page } = await openNewReview();
    await press(page, page.getByRole('button', { name: 'Reject Registration' }));
    const dialog = page.getByRole('dialog', { name: 'Reject Registration' });
    await press(page, dialog.getByRole('button', { name: 'Reject Registration' }));
    await dialog.getByText('Please choose a reason.').waitFor();
    await dialog.getByLabel('Reason').selectOption('duplicate');
    await dialog.getByText('Please choose a reason.').waitFor({ state: 'detached' });
    await press(page, dialog.getByRole('button', { name: 'Reject Registration' }));
    await page.getByText('Registration rejected.').waitFor();
    const rejected = await registrationOf(tester);
    expect(rejected.reviewState).toBe('rejected');
    expect(rejected.rejectionReason).toBe('duplicate');
    await page.close();
  });

  it('shows a Viewer the review without any decision to make', async () => {
    const tester = await registerTester(server, organization);
    const registration = await registrationOf(tester);
    const viewer = await createStaffWithRole(server, 'viewer');
    const page = await browser.newPage();
    await openSignedIn(page, server, await staffToken(server, viewer));
    await page.goto(`${server.url}/scadmin/review/${registration.id}`);
    await heading(page, `Review: ${tester.firstName} ${tester.lastName}`);
    const title = `Certification ${tester.certNumber}`;
    await page.getByRole('heading', { level: 3, name: title }).waitFor();
    await page
      .getByText('Viewers can read a review; an Editor or Administrator decides it.')
      .waitFor();
    for (const name of [`Accept ${title}`, 'Approve Registration', 'Reject Registration']) {
      expect(await page.getByRole('button', { name }).count(), name).toBe(0);
    }
    expect((await registrationOf(tester)).reviewState).toBe('pending');
    await page.close();
  });
});

describe('document addresses that leave the console', () => {
  it('sign in first, then show the document; never without signing in', async () => {
    const tester = await registerTester(server, organization);
    const em = server.app.orm.em.fork();
    const user = await em.findOneOrFail(User, { email: tester.email });
    const certification = await em.findOneOrFail(Certification, { user: user.id });
    const documentId = String(certification.document?.id);
    const address = `${server.url}/scadmin/documents/${documentId}`;
    // Without a session the API refuses the bytes.
    expect((await fetch(`${server.url}/api/documents/${documentId}`)).status).toBe(401);

    const page = await browser.newPage();
    await page.goto(address);
    await page.getByRole('button', { name: 'LOGIN' }).waitFor();
    await page.getByLabel('Email', { exact: false }).first().fill(staff.email);
    await page.getByLabel('Password', { exact: false }).first().fill(staff.password);
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await heading(page, 'Document');
    expect(new URL(page.url()).pathname).toBe(`/scadmin/documents/${documentId}`);
    const frame = page.locator('iframe[title="Document (PDF)"]');
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toMatch(/^blob:/);
    await page.getByRole('button', { name: 'Download' }).waitFor();

    // An image is scaled to fit, and zooms.
    const files = await documentFiles();
    const form = new FormData();
    form.set('orgHash', organization.hash);
    form.set('file', new Blob([await readFile(files.png)], { type: 'image/png' }), 'scan.png');
    const upload = await fetch(`${server.url}/api/uploads/docUpload`, {
      method: 'POST',
      body: form,
    });
    const imageId = ((await upload.json()) as { message: { url: string } }).message.url;
    await page.goto(`${server.url}/scadmin/documents/${imageId}`);
    await page.getByRole('img', { name: 'Document' }).waitFor();
    await page.getByText('Scaled to fit').waitFor();
    await press(page, page.getByRole('button', { name: 'Zoom In' }));
    await page.getByText('150%').waitFor();
    await press(page, page.getByRole('button', { name: 'Fit' }));
    await page.getByText('Scaled to fit').waitFor();
    await expectNoSeriousAxeViolations(page, 'document page');
    await page.close();
  });
});
