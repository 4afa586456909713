/// <reference lib="dom" />
// Code passed to page.evaluate runs in the browser.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/codes.js';
import { fillMessage } from '../../shared/fill-message.js';
import { en } from '../../shared/i18n/en.js';
import { ACCOUNT_EN } from '../../shared/i18n/en-account.js';
import { es } from '../../shared/i18n/es.js';
import { ACCOUNT_ES } from '../../shared/i18n/es-account.js';
import { type SmtpReceiver, startSmtpReceiver } from '../helpers/smtp.js';
import { type RegisteredTester, registerTester } from './admin/helpers.js';
import { signInByEmail } from './helpers/account.js';
import { expectNoAxeViolations } from './helpers/axe.js';
import { focused, launchBrowser, screenshot, type TestBrowser, tabTo } from './helpers/browser.js';
import { countRows, createOrganization, type TestOrganization } from './helpers/fixtures.js';
import { type RunningServer, startServer } from './helpers/server.js';

// Registering with another organization from My registrations, on that organization's home: a
// tester registered with one organization signs in through the emailed link, opens another's
// link and registers there from the keyboard with the details on file; a second try is told
// they are registered already. Every state is checked with axe, in English and Spanish; nobody
// signed in, and the form inside a city's frame, see nothing of it.

let smtp: SmtpReceiver;
let server: RunningServer;
let browser: TestBrowser;
let springfield: TestOrganization;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  server = await startServer({ SMTP_URL: smtp.url });
  browser = await launchBrowser();
  springfield = await createOrganization(server);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await smtp?.close();
});

type TWords = typeof ACCOUNT_ES;

const panelText = (words: TWords, tester: RegisteredTester, organization: TestOrganization) =>
  fillMessage(words.joinIntro, {
    name: `${tester.firstName} ${tester.lastName}`,
    organization: organization.name,
  });

/**
 * Opens an organization's home and waits until its check of who is signed in was answered and
 * what the answer leads to is drawn; answers the check's status.
 */
async function openHome(page: Page, path: string): Promise<number> {
  const check = page.waitForResponse((response) => response.url().endsWith('/api/account/me'));
  await page.goto(`${server.url}${path}`);
  const answer = await check;
  await answer.finished();
  await page.evaluate(() => new Promise((drawn) => requestAnimationFrame(() => setTimeout(drawn))));
  return answer.status();
}

const getStartedTop = async (page: Page, label: string) =>
  (await page.getByRole('button', { name: label }).first().boundingBox())?.y;

/** The panel pressed from the keyboard (tabbed to, as a keyboard-only person does). */
async function registerByKeyboard(page: Page, words: TWords) {
  await page.getByRole('button', { name: words.joinButton }).waitFor();
  await tabTo(page, words.joinButton);
  await page.keyboard.press('Enter');
}

const registrationsWith = (organization: TestOrganization, tester: RegisteredTester) =>
  countRows(
    server,
    `select count(*) from registrations r join users u on u.id = r.user_id
      where r.organization_id = ? and u.email = ? and r.review_state = 'pending'`,
    [organization.id, tester.email],
  );

describe('registering from My registrations on an organization’s home', () => {
  it('registers a signed-in tester with the details on file, once', async () => {
    const shelbyville = await createOrganization(server);
    const tester = await registerTester(server, springfield);
    const page = await browser.newPage();

    // Nobody signed in: the home as always.
    expect(await openHome(page, `/form/${shelbyville.hash}`)).toBe(401);
    const signedOutTop = await getStartedTop(page, en.org.getStarted);
    expect(await page.getByRole('button', { name: ACCOUNT_EN.joinButton }).count()).toBe(0);

    await signInByEmail(page, server, smtp, tester.email);
    expect(await openHome(page, `/form/${shelbyville.hash}`)).toBe(200);
    const panel = page.getByRole('region', { name: ACCOUNT_EN.title });
    await panel.getByText(panelText(ACCOUNT_EN, tester, shelbyville)).waitFor();
    // Below Get Started, which stays where it was.
    expect(await getStartedTop(page, en.org.getStarted)).toBe(signedOutTop);
    await expectNoAxeViolations(page, 'the offer to register with saved details');
    await screenshot(page, 'account-join-offer');

    await registerByKeyboard(page, ACCOUNT_EN);
    const sent = page.getByRole('region', { name: ACCOUNT_EN.joinSentTitle });
    await sent
      .getByText(fillMessage(ACCOUNT_EN.joinSentTo, { organization: shelbyville.name }))
      .waitFor();
    expect(await focused(page)).toBe(`H2: ${ACCOUNT_EN.joinSentTitle}`);
    await sent.getByText('Certifications: 1').waitFor();
    await sent.getByText('Test kits: 0').waitFor();
    const account = sent.getByRole('link', { name: ACCOUNT_EN.joinGoToAccount });
    expect(await account.getAttribute('href')).toBe('/account?lang=en');
    expect(await registrationsWith(shelbyville, tester)).toBe(1);
    await expectNoAxeViolations(page, 'registration sent');
    await screenshot(page, 'account-join-sent');

    // Again: the server's words, in an error summary that takes focus; Get Started still there.
    expect(await openHome(page, `/form/${shelbyville.hash}`)).toBe(200);
    await registerByKeyboard(page, ACCOUNT_EN);
    const problem = page.getByRole('region', { name: en.errorSummary.title });
    await problem.getByText(MESSAGES.emailAlreadyRegisteredHere).waitFor();
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('error-summary');
    expect(
      await problem.getByRole('link', { name: ACCOUNT_EN.joinGoToAccount }).getAttribute('href'),
    ).toBe('/account?lang=en');
    expect(await page.getByRole('button', { name: en.org.getStarted }).count()).toBe(2);
    expect(await page.getByRole('button', { name: ACCOUNT_EN.joinButton }).count()).toBe(0);
    expect(await registrationsWith(shelbyville, tester)).toBe(1);
    await expectNoAxeViolations(page, 'already registered');
    await screenshot(page, 'account-join-already-registered');
    await page.close();
  });

  it('speaks Spanish in the offer, the confirmation and the refusal', async () => {
    const capitalCity = await createOrganization(server);
    const tester = await registerTester(server, springfield);
    const page = await browser.newPage();
    await signInByEmail(page, server, smtp, tester.email);

    expect(await openHome(page, `/form/${capitalCity.hash}?lang=es`)).toBe(200);
    const panel = page.getByRole('region', { name: ACCOUNT_ES.title });
    await panel.getByText(panelText(ACCOUNT_ES, tester, capitalCity)).waitFor();
    await expectNoAxeViolations(page, 'the offer in Spanish');

    await registerByKeyboard(page, ACCOUNT_ES);
    const sent = page.getByRole('region', { name: ACCOUNT_ES.joinSentTitle });
    await sent.getByText('Certificaciones: 1').waitFor();
    await sent.getByText('Kits de prueba: 0').waitFor();
    expect(await focused(page)).toBe(`H2: ${ACCOUNT_ES.joinSentTitle}`);
    expect(
      await sent.getByRole('link', { name: ACCOUNT_ES.joinGoToAccount }).getAttribute('href'),
    ).toBe('/account?lang=es');
    await expectNoAxeViolations(page, 'registration sent, in Spanish');

    expect(await openHome(page, `/form/${capitalCity.hash}?lang=es`)).toBe(200);
    await registerByKeyboard(page, ACCOUNT_ES);
    const problem = page.getByRole('region', { name: es.errorSummary.title });
    await problem.getByText(es.messages.emailAlreadyRegisteredHere).waitFor();
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('error-summary');
    await page.getByRole('button', { name: es.org.getStarted }).first().waitFor();
    await expectNoAxeViolations(page, 'already registered, in Spanish');

    // The language switch translates the server's words too.
    await page.getByRole('button', { name: 'English' }).click();
    await page
      .getByRole('region', { name: en.errorSummary.title })
      .getByText(MESSAGES.emailAlreadyRegisteredHere)
      .waitFor();
    await page.close();
  });

  it('offers nothing inside a city’s frame, where the session cookie is not meant to go', async () => {
    const shelbyville = await createOrganization(server);
    const tester = await registerTester(server, springfield);
    const page = await browser.newPage();
    await signInByEmail(page, server, smtp, tester.email);
    const asked: string[] = [];
    page.on('request', (request) => asked.push(request.url()));
    // Served from the same host as the site, so this browser would even send the cookie.
    const host: Server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(
        `<!doctype html><html lang="en"><head><title>City</title></head><body><main>` +
          `<iframe title="Registration" src="${server.url}/form/${shelbyville.hash}"></iframe>` +
          `</main></body></html>`,
      );
    });
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    try {
      await page.goto(`http://127.0.0.1:${(host.address() as AddressInfo).port}/`);
      const frame = page.frameLocator('iframe');
      // Get Started opens the wizard, whose code the home fetched first: by then the offer would
      // have been asked for.
      await frame.getByRole('button', { name: en.org.getStarted }).first().focus();
      await page.keyboard.press('Enter');
      await frame
        .getByRole('heading', { level: 1 })
        .filter({ hasNotText: shelbyville.name })
        .waitFor();
      await page.evaluate(() => new Promise((drawn) => requestAnimationFrame(drawn)));
      expect(asked.filter((url) => /\/api\/account\/me$|JoinFromAccount-/.test(url))).toEqual([]);
      // The frame's own requests are among those seen.
      expect(asked).toContain(`${server.url}/form/${shelbyville.hash}`);
    } finally {
      host.closeAllConnections();
      await new Promise((resolve) => host.close(resolve));
    }
    await page.close();
  });
});
