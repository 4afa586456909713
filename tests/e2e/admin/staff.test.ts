import type { ParsedMail } from 'mailparser';
import { TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpReceiver, startSmtpReceiver } from '../../helpers/smtp.js';
import { launchBrowser, screenshot, type TestBrowser } from '../helpers/browser.js';
import { type RunningServer, startServer } from '../helpers/server.js';
import {
  choosePassword,
  createStaff,
  createStaffWithRole,
  expectNoSeriousAxeViolations,
  heading,
  mailTo,
  openSignedIn,
  passwordLinkIn,
  type StaffLogin,
  staffToken,
} from './helpers.js';

// Staff accounts end to end: an invitation and a password reset read from a real SMTP receiver
// and taken up in the browser, two-step sign-in set up and used, and a Viewer's console.

let smtp: SmtpReceiver;
let server: RunningServer;
let browser: TestBrowser;
let admin: StaffLogin;
let adminToken: string;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  server = await startServer({ SMTP_URL: smtp.url });
  browser = await launchBrowser();
  admin = await createStaff(server);
  adminToken = await staffToken(server, admin);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await smtp?.close();
});

const mailToPerson = (email: string) => mailTo(server, smtp, email);
const linkIn = (message: ParsedMail) => passwordLinkIn(server, message);

async function signInOnPage(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'LOGIN' }).click();
}

/**
 * Signed in: the console's menu is there and the code step is gone. (The sign-in page has the
 * console's title as its heading, and signing in again returns to the screen one left from, so
 * that heading tells nothing here.)
 */
async function inConsole(page: Page) {
  await page.getByRole('menuitem', { name: 'My Account' }).waitFor();
  expect(await page.getByRole('button', { name: 'VERIFY' }).count()).toBe(0);
}

describe('the Staff screen', () => {
  it('invites someone; the emailed link lets them choose a password and sign in with their role', async () => {
    const page = await browser.newPage();
    await openSignedIn(page, server, adminToken);
    await page.getByRole('menuitem', { name: 'Staff' }).click();
    await heading(page, 'Staff');
    await expectNoSeriousAxeViolations(page, 'staff list');
    page.on('pageerror', (error) => console.log('PAGEERROR', error.message, error.stack));
    page.on('console', (message) => console.log('CONSOLE', message.text()));
    await page.getByRole('link', { name: 'Invite' }).click();
    await heading(page, 'Invite Staff');
    const email = `invited.${Date.now()}@example.com`;
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Name').fill('Vera Viewer');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Invitation sent.').waitFor();
    await page.getByRole('cell', { name: email }).waitFor();
    await screenshot(page, 'console-staff-list');

    const message = await mailToPerson(email);
    expect(message.subject).toBe('You are invited to the Backflow Admin Console');
    const invitee = await browser.newPage();
    await invitee.goto(linkIn(message));
    await invitee.getByRole('heading', { name: 'Choose your password' }).waitFor();
    await invitee.getByText(email).waitFor();
    await expectNoSeriousAxeViolations(invitee, 'set password');
    await invitee.getByLabel('New password').fill('password1234');
    await invitee.getByLabel('Repeat the password').fill('password1234');
    await invitee.getByRole('button', { name: 'SET PASSWORD' }).click();
    await invitee
      .getByRole('alert')
      .getByText(/too common/)
      .waitFor();
    const password = `Vera's long pass ${Date.now()}`;
    await choosePassword(invitee, linkIn(message), password);
    await signInOnPage(invitee, email, password);
    await heading(invitee, 'Backflow Admin Console');
    // A Viewer reads every screen but is offered nothing that changes data.
    const menu = invitee.getByRole('menu');
    await menu.getByRole('menuitem', { name: 'Certifications' }).waitFor();
    expect(await menu.getByRole('menuitem', { name: 'Add Organization' }).count()).toBe(0);
    expect(await menu.getByRole('menuitem', { name: 'Staff' }).count()).toBe(0);
    await menu.getByRole('menuitem', { name: 'Certifications' }).click();
    await heading(invitee, 'Certifications');
    await expect
      .poll(() => invitee.getByRole('button', { name: 'Add' }).first().isDisabled())
      .toBe(true);
    // The server is the guard: a screen reached by its address says so, it does not crash.
    await invitee.goto(`${server.url}/scadmin/create`);
    await heading(invitee, 'Add Organization');
    await invitee.getByLabel(/Organization Name/).fill(`Viewer Try ${Date.now()}`);
    await invitee.getByRole('button', { name: 'Submit' }).click();
    await invitee
      .getByText('Your staff role does not allow this. Ask an administrator if you need it.')
      .waitFor();
    await screenshot(invitee, 'console-viewer-refused');
  });

  it('sends a reset link that sets a new password once', async () => {
    const person = await createStaffWithRole(server, 'editor');
    const page = await browser.newPage();
    await openSignedIn(page, server, adminToken);
    await page.goto(`${server.url}/scadmin/staff/${person.id}`);
    await heading(page, 'Staff Member');
    await page.getByRole('button', { name: 'Send password reset link' }).click();
    await page.getByText('A password link was sent.').waitFor();
    const message = await mailToPerson(person.email);
    expect(message.subject).toBe('Reset your Backflow Admin Console password');

    const owner = await browser.newPage();
    const password = `A fresh reset pass ${Date.now()}`;
    await owner.goto(linkIn(message));
    await owner.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await choosePassword(owner, linkIn(message), password);
    await signInOnPage(owner, person.email, password);
    await heading(owner, 'Backflow Admin Console');
    const again = await browser.newPage();
    await again.goto(linkIn(message));
    await again
      .getByRole('alert')
      .getByText(/not valid/)
      .waitFor();
  });

  it('deactivating a person ends their open console at once', async () => {
    const person = await createStaffWithRole(server, 'viewer');
    const theirs = await browser.newPage();
    await openSignedIn(theirs, server, await staffToken(server, person));
    const page = await browser.newPage();
    await openSignedIn(page, server, adminToken);
    await page.goto(`${server.url}/scadmin/staff/${person.id}`);
    await page.getByRole('cell', { name: 'End' }).first().waitFor();
    await page.getByRole('button', { name: 'Deactivate' }).click();
    await page.getByText('Account deactivated; every session has ended.').waitFor();
    await theirs.getByRole('menuitem', { name: 'Find Users' }).click();
    await theirs.getByRole('button', { name: 'LOGIN' }).waitFor();
  });
});

describe('the audit log', () => {
  it('lists a staff member’s sign-ins, filtered by staff member and action', async () => {
    const person = await createStaffWithRole(server, 'viewer');
    await staffToken(server, person);
    const page = await browser.newPage();
    await openSignedIn(page, server, adminToken);
    await page.getByRole('menuitem', { name: 'Audit Log' }).click();
    await heading(page, 'Audit Log');
    await page.getByLabel('Staff member (email)').fill(person.email);
    await page.getByRole('combobox', { name: 'Action' }).click();
    await page.getByRole('option', { name: 'Sign-in', exact: true }).click();
    await page.getByRole('cell', { name: person.email }).first().waitFor();
    await expect
      .poll(() => page.getByRole('cell', { name: 'Sign-in', exact: true }).count())
      .toBe(1);
    expect(await page.getByRole('cell', { name: admin.email }).count()).toBe(0);
    await screenshot(page, 'console-audit-sign-ins');
  });
});

describe('two-step sign-in', () => {
  it('is set up from the account page with a QR code, then asked for at sign-in', async () => {
    const person = await createStaffWithRole(server, 'viewer');
    const page = await browser.newPage();
    await page.goto(`${server.url}/scadmin`);
    await signInOnPage(page, person.email, person.password);
    await inConsole(page);
    await page.getByRole('menuitem', { name: 'My Account' }).click();
    await heading(page, 'My Account');
    await page.getByRole('button', { name: 'Set up two-step sign-in' }).click();
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
    const app = new TOTP({ secret });
    await page.getByLabel('Code').fill(app.generate());
    await page.getByRole('button', { name: 'Confirm' }).click();
    const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect.poll(() => codes.count()).toBe(10);
    const recovery = (await codes.first().textContent()) ?? '';
    await screenshot(page, 'console-two-step-on');

    await page.getByRole('button', { name: 'Log Out' }).click();
    await signInOnPage(page, person.email, person.password);
    await page.getByLabel('Code').waitFor();
    await page.getByLabel('Code').fill('000000');
    await page.getByRole('button', { name: 'VERIFY' }).click();
    await page
      .getByRole('alert')
      .getByText('That code is not correct. Please try again.')
      .waitFor();
    // The next 30-second step's code: the one confirmed at setup is never accepted again.
    await page.getByLabel('Code').fill(app.generate({ timestamp: Date.now() + 30_000 }));
    await page.getByRole('button', { name: 'VERIFY' }).click();
    await inConsole(page);

    await page.getByRole('button', { name: 'Log Out' }).click();
    await signInOnPage(page, person.email, person.password);
    await page.getByLabel('Code').fill(recovery);
    await page.getByRole('button', { name: 'VERIFY' }).click();
    await inConsole(page);
  });
});
