/// <reference lib="dom" />
// Code passed to page.evaluate runs in the browser.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { User } from '../../api/src/db/entities/index.js';
import { MESSAGES } from '../../shared/codes.js';
import { ACCOUNT_EN } from '../../shared/i18n/en-account.js';
import { ACCOUNT_ES } from '../../shared/i18n/es-account.js';
import { type SmtpReceiver, startSmtpReceiver } from '../helpers/smtp.js';
import { newTester, type RegisteredTester, registerTester } from './admin/helpers.js';
import { emailedSignInLink } from './helpers/account.js';
import { expectNoAxeViolations } from './helpers/axe.js';
import {
  focused,
  launchBrowser,
  press,
  screenshot,
  type TestBrowser,
  tabTo,
} from './helpers/browser.js';
import { createOrganization, type TestOrganization } from './helpers/fixtures.js';
import { type RunningServer, startServer } from './helpers/server.js';

// My registrations in a real browser: a tester registered with two organizations asks for a
// sign-in link from the keyboard, signs in with the link the email carries, sees their record,
// changes their phone, opens a document and signs out; every screen is checked with axe in
// English and Spanish.

let smtp: SmtpReceiver;
let server: RunningServer;
let browser: TestBrowser;
let springfield: TestOrganization;
let shelbyville: TestOrganization;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  server = await startServer({ SMTP_URL: smtp.url });
  browser = await launchBrowser();
  springfield = await createOrganization(server);
  shelbyville = await createOrganization(server);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await smtp?.close();
});

/** A tester registered with both organizations, with the same certification. */
async function testerOfBoth(): Promise<RegisteredTester> {
  const tester = await registerTester(server, springfield, newTester());
  return registerTester(server, shelbyville, tester);
}

const signInLinkFor = (address: string) => emailedSignInLink(server, smtp, address);

async function heading(page: Page, name: string) {
  await page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
}

/** The sign-in form, from the keyboard only: the email typed, then its button. */
async function askForLinkByKeyboard(page: Page, email: string, words: typeof ACCOUNT_ES) {
  await tabTo(page, words.emailLabel);
  await page.keyboard.type(email);
  await tabTo(page, words.sendLink);
  await page.keyboard.press('Enter');
}

describe('My registrations', () => {
  it('signs a tester in with an emailed link and shows, changes and ends their session', async () => {
    const tester = await testerOfBoth();
    const page = await browser.newPage();
    await page.goto(`${server.url}/`);
    // The landing page's way in.
    await page.getByRole('link', { name: ACCOUNT_EN.link }).click();
    await heading(page, ACCOUNT_EN.signInTitle);
    await expectNoAxeViolations(page, 'sign-in form');

    // A mistyped address: the server's words above the form and beside the field, alike.
    await askForLinkByKeyboard(page, 'tester-at-example.com', ACCOUNT_EN);
    await page.getByRole('heading', { name: 'There is a problem' }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.className)).toContain('error-summary');
    await page
      .getByRole('link', { name: `${ACCOUNT_EN.emailLabel}: ${MESSAGES.emailInvalid}` })
      .waitFor();
    await page.locator('.field-error').getByText(MESSAGES.emailInvalid).waitFor();
    await expectNoAxeViolations(page, 'sign-in form with an error');

    const email = page.getByLabel(ACCOUNT_EN.emailLabel);
    await email.focus();
    await email.fill('');
    await page.keyboard.type(tester.email.toUpperCase());
    await page.keyboard.press('Enter');
    await heading(page, ACCOUNT_EN.checkEmailTitle);
    expect(await focused(page)).toBe(`H1: ${ACCOUNT_EN.checkEmailTitle}`);
    await page.getByText(MESSAGES.accountLinkSent.replace('{minutes}', '20')).waitFor();
    await expectNoAxeViolations(page, 'check your email');

    // The link in the email signs in, and its token leaves the address at once.
    const link = await signInLinkFor(tester.email);
    expect(link.language).toBe('en');
    await page.goto(`${server.url}${link.path}`);
    await heading(page, ACCOUNT_EN.title);
    expect(page.url()).toBe(`${server.url}/account?lang=en`);

    // Both organizations in the table, the one certification once, on file with both.
    const organizations = page.getByRole('table', { name: ACCOUNT_EN.registrationsHeading });
    for (const header of ['organization', 'review', 'enrollment', 'registered'] as const) {
      await organizations.getByRole('columnheader', { name: ACCOUNT_EN[header] }).waitFor();
    }
    for (const organization of [springfield, shelbyville]) {
      const row = organizations.getByRole('row', { name: new RegExp(organization.name) });
      await row.getByRole('cell', { name: 'Pending review' }).waitFor();
      await row.getByRole('cell', { name: ACCOUNT_EN.notEnrolled }).waitFor();
    }
    const certifications = page.getByRole('region', { name: /: CN-/ });
    expect(await certifications.count()).toBe(1);
    const certification = page.getByRole('region', {
      name: `AWWA, Backflow Prevention Assembly Tester: ${tester.certNumber}`,
    });
    // Registered a moment ago: the certification is not reviewed yet.
    await certification.getByText('Status: Waiting for review').waitFor();
    await certification.getByText('Expires on May 31, 2031').waitFor();
    const registeredWith = await certification.getByText(/^Registered with: /).textContent();
    expect(registeredWith).toContain(springfield.name);
    expect(registeredWith).toContain(shelbyville.name);
    await page.getByRole('region', { name: ACCOUNT_EN.companyHeading }).waitFor();
    await page.getByText(tester.companyName).waitFor();
    await page.getByText(ACCOUNT_EN.noTestKits).waitFor();
    await expectNoAxeViolations(page, 'signed-in view');
    await screenshot(page, 'account-signed-in');

    // The phone: refused with the same words in the summary and at the field, then saved.
    await press(page, page.getByRole('button', { name: ACCOUNT_EN.changePhone }));
    const phone = page.getByLabel(ACCOUNT_EN.phone, { exact: true });
    await expect.poll(() => phone.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await phone.inputValue()).toBe('555-0199');
    await phone.fill('5'.repeat(51));
    await press(page, page.getByRole('button', { name: ACCOUNT_EN.savePhone }));
    await page
      .getByRole('link', { name: `${ACCOUNT_EN.phone}: ${MESSAGES.phoneTooLong}` })
      .waitFor();
    await page.locator('.field-error').getByText(MESSAGES.phoneTooLong).waitFor();
    await phone.fill(' 555-0123 ');
    await press(page, page.getByRole('button', { name: ACCOUNT_EN.savePhone }));
    await page.getByRole('status').getByText(MESSAGES.accountPhoneSaved).waitFor();
    await page.getByText('555-0123', { exact: true }).waitFor();
    expect(await focused(page)).toBe(`BUTTON: ${ACCOUNT_EN.changePhone}`);
    const stored = await server.app.orm.em.fork().findOneOrFail(User, { email: tester.email });
    expect(stored.phone).toBe('555-0123');

    // The document opens in a new tab, with the session's cookie.
    const documentLink = certification.getByRole('link', { name: /^Document: / });
    expect(await documentLink.getAttribute('target')).toBe('_blank');
    expect(await documentLink.getAttribute('rel')).toBe('noopener');
    expect(await documentLink.textContent()).toContain('(opens in a new tab)');
    const opened = page
      .context()
      .waitForEvent('response', (response) => response.url().includes('/api/account/documents/'));
    const tab = page.context().waitForEvent('page');
    await press(page, documentLink);
    const documentResponse = await opened;
    expect(documentResponse.status()).toBe(200);
    expect(documentResponse.headers()['content-type']).toBe('application/pdf');
    await (await tab).close();

    // On a phone the page does not scroll sideways (the table scrolls within its region).
    await page.setViewportSize({ width: 320, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      320,
    );
    await screenshot(page, 'account-signed-in-phone');
    await page.setViewportSize({ width: 1280, height: 900 });

    // Sign out; the session is gone, and the link, used once, cannot be used again.
    await press(page, page.getByRole('button', { name: ACCOUNT_EN.signOut }));
    await heading(page, ACCOUNT_EN.signedOutTitle);
    expect(await focused(page)).toBe(`H1: ${ACCOUNT_EN.signedOutTitle}`);
    await page.getByText(MESSAGES.accountSignedOut).waitFor();
    await expectNoAxeViolations(page, 'signed out');
    const me = await page.context().request.get(`${server.url}/api/account/me`);
    expect(me.status()).toBe(401);
    await press(page, page.getByRole('link', { name: ACCOUNT_EN.signInAgain }));
    await heading(page, ACCOUNT_EN.signInTitle);

    await page.goto(`${server.url}${link.path}`);
    await heading(page, ACCOUNT_EN.linkInvalidTitle);
    await page.getByText(MESSAGES.accountLinkInvalid).waitFor();
    expect(page.url()).not.toContain('#');
    await expectNoAxeViolations(page, 'link cannot be used');
    await press(page, page.getByRole('link', { name: ACCOUNT_EN.askAgain }));
    await heading(page, ACCOUNT_EN.signInTitle);
    await page.close();
  });

  it('speaks Spanish on every screen, and its link signs in to the Spanish page', async () => {
    const tester = await testerOfBoth();
    const page = await browser.newPage();
    await page.goto(`${server.url}/account?lang=es`);
    await heading(page, ACCOUNT_ES.signInTitle);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
    await expectNoAxeViolations(page, 'sign-in form in Spanish');

    await askForLinkByKeyboard(page, tester.email, ACCOUNT_ES);
    await heading(page, ACCOUNT_ES.checkEmailTitle);
    await page.getByText(/^Si este correo electrónico pertenece/).waitFor();
    await expectNoAxeViolations(page, 'check your email in Spanish');

    const link = await signInLinkFor(tester.email);
    expect(link.language).toBe('es');
    await page.goto(`${server.url}${link.path}`);
    await heading(page, ACCOUNT_ES.title);
    await page.getByRole('table', { name: ACCOUNT_ES.registrationsHeading }).waitFor();
    await page.getByText('Estado: Pendiente de revisión').waitFor();
    await page.getByText('Vence el 31 de mayo de 2031').waitFor();
    await expectNoAxeViolations(page, 'signed-in view in Spanish');
    await screenshot(page, 'account-signed-in-es');

    await press(page, page.getByRole('button', { name: ACCOUNT_ES.signOut }));
    await heading(page, ACCOUNT_ES.signedOutTitle);
    await page.getByText('Cerró la sesión.').waitFor();
    await expectNoAxeViolations(page, 'signed out in Spanish');

    await page.goto(`${server.url}${link.path}`);
    await heading(page, ACCOUNT_ES.linkInvalidTitle);
    await expectNoAxeViolations(page, 'link cannot be used in Spanish');
    await page.close();
  });

  it('goes back to the sign-in form, with the reason, when the session ends meanwhile', async () => {
    const tester = await testerOfBoth();
    const page = await browser.newPage();
    await page.goto(`${server.url}/account`);
    await askForLinkByKeyboard(page, tester.email, ACCOUNT_EN);
    await heading(page, ACCOUNT_EN.checkEmailTitle);
    await page.goto(`${server.url}${(await signInLinkFor(tester.email)).path}`);
    await heading(page, ACCOUNT_EN.title);
    await server.app.orm.em
      .fork()
      .getConnection()
      .execute(
        `update account_sessions set expires_at = now() - interval '1 second'
          where user_id = (select id from users where email = ?)`,
        [tester.email],
      );
    await press(page, page.getByRole('button', { name: ACCOUNT_EN.changePhone }));
    await press(page, page.getByRole('button', { name: ACCOUNT_EN.savePhone }));
    await heading(page, ACCOUNT_EN.signInTitle);
    await page.getByText(MESSAGES.unauthorized).waitFor();
    expect(await focused(page)).toBe(`H1: ${ACCOUNT_EN.signInTitle}`);
    await page.close();
  });

  it('opens from the organization home, the thank-you page and the status page; in a frame in a new tab', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/form/${springfield.hash}`);
    const home = page.getByRole('link', { name: ACCOUNT_EN.link, exact: true });
    expect(await home.getAttribute('href')).toBe('/account?lang=en');
    expect(await home.getAttribute('target')).toBeNull();
    await page.goto(`${server.url}/form/${springfield.hash}/thank-you`);
    await page.getByRole('link', { name: ACCOUNT_EN.link, exact: true }).waitFor();
    await page.goto(`${server.url}/form/${springfield.hash}/status/${'x'.repeat(43)}?lang=es`);
    const status = page.getByRole('link', { name: ACCOUNT_ES.link, exact: true });
    expect(await status.getAttribute('href')).toBe('/account?lang=es');

    // A city's page framing the form: the link leaves the frame for a tab of its own.
    const host: Server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(
        `<!doctype html><html lang="en"><head><title>City</title></head><body><main>` +
          `<iframe title="Registration" src="${server.url}/form/${springfield.hash}"></iframe>` +
          `</main></body></html>`,
      );
    });
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    try {
      await page.goto(`http://127.0.0.1:${(host.address() as AddressInfo).port}/`);
      const framed = page
        .frameLocator('iframe')
        .getByRole('link', { name: `${ACCOUNT_EN.link} (opens in a new tab)` });
      await framed.waitFor();
      expect(await framed.getAttribute('target')).toBe('_blank');
      expect(await framed.getAttribute('rel')).toBe('noopener');
    } finally {
      host.closeAllConnections();
      await new Promise((resolve) => host.close(resolve));
    }
    await page.close();
  });
});
