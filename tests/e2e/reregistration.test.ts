import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Organization, Registration, StatusToken, User } from '../../api/src/db/entities/index.js';
import { newStatusLink } from '../../api/src/modules/review/status-links.js';
import { MESSAGES } from '../../shared/codes.js';
import { fillMessage } from '../../shared/fill-message.js';
import { en } from '../../shared/i18n/en.js';
import { es } from '../../shared/i18n/es.js';
import { addDays, todayInProgramZone } from '../../shared/program-zone.js';
import { type SmtpReceiver, startSmtpReceiver } from '../helpers/smtp.js';
import { createStaff, registerTester, staffToken } from './admin/helpers.js';
import { emailedSignInLink } from './helpers/account.js';
import { expectNoAxeViolations } from './helpers/axe.js';
import { focused, launchBrowser, press, type TestBrowser } from './helpers/browser.js';
import { createOrganization, type TestOrganization } from './helpers/fixtures.js';
import { type RunningServer, startServer } from './helpers/server.js';

// Registering again for an organization's next period, in a real browser: from My registrations
// (the record shows the standing and the period's last day, the confirmation opens in place and
// its result takes focus) in English and Spanish, and from a period reminder's status link.
// Keyboard only; axe on each new screen.

let smtp: SmtpReceiver;
let server: RunningServer;
let browser: TestBrowser;
let token: string;
let yearly: TestOrganization;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  server = await startServer({ SMTP_URL: smtp.url });
  browser = await launchBrowser();
  token = await staffToken(server, await createStaff(server));
  yearly = await createOrganization(server);
  await server.app.orm.em
    .fork()
    .nativeUpdate(Organization, { id: yearly.id }, { registrationValidity: 'twelveMonths' });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await smtp?.close();
});

const today = () => todayInProgramZone();

const staffCall = async (path: string, body?: unknown) => {
  const response = await fetch(`${server.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.status, path).toBe(200);
  return response.json();
};

/** A tester registered and approved with the yearly organization, their period started so. */
async function approvedTester(approvedOn: string) {
  const tester = await registerTester(server, yearly);
  const em = server.app.orm.em.fork();
  const user = await em.findOneOrFail(User, { email: tester.email });
  const registration = await em.findOneOrFail(Registration, { user: user.id });
  const record = await staffCall(`/api/admin/review/${registration.id}`);
  let version = record.version as number;
  for (const certification of record.certifications as { id: number }[]) {
    await staffCall(`/api/sc/submit/review/${registration.id}/document`, {
      version,
      item: 'certification',
      itemId: certification.id,
      decision: 'accepted',
    });
    version += 1;
  }
  await staffCall(`/api/sc/submit/review/${registration.id}/approve`, { version });
  await em.nativeUpdate(Registration, { id: registration.id }, { approvedOn });
  return { email: tester.email, registrationId: registration.id };
}

const reviewStateOf = async (registrationId: number) =>
  (await server.app.orm.em.fork().findOneOrFail(Registration, registrationId)).reviewState;

/** Signs in from the keyboard on the sign-in form, then with the link the email carries. */
async function signIn(page: Page, email: string, language: 'en' | 'es') {
  const account = { en, es }[language].account;
  await page.context().clearCookies();
  await page.goto(`${server.url}/account?lang=${language}`);
  await page.getByLabel(account.emailLabel).focus();
  await page.keyboard.type(email);
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { level: 1, name: account.checkEmailTitle }).waitFor();
  await page.goto(`${server.url}${(await emailedSignInLink(server, smtp, email)).path}`);
  await page.getByRole('heading', { level: 1, name: account.title, exact: true }).waitFor();
}

describe('registering again from My registrations', () => {
  for (const language of ['en', 'es'] as const) {
    it(`shows the period and sends the confirmation from the keyboard (${language})`, async () => {
      const words = { en, es }[language];
      // The period ends in 20 days.
      const person = await approvedTester(addDays(today(), -345));
      const page = await browser.newPage();
      try {
        await signIn(page, person.email, language);
        const row = page.getByRole('row', { name: new RegExp(yearly.name) });
        await expect.poll(() => row.textContent()).toContain(words.account.standings.active);
        const open = page.getByRole('button', {
          name: new RegExp(`^${words.account.registerAgain}`),
        });
        await press(page, open);
        const title = fillMessage(words.account.reregisterTitle, { organization: yearly.name });
        await page.getByRole('heading', { name: title }).waitFor();
        await expectNoAxeViolations(page, `register again form (${language})`);
        await press(page, page.getByRole('button', { name: words.account.reregisterConfirm }));
        const result = page.getByRole('heading', { name: words.account.reregisteredTitle });
        await result.waitFor();
        expect(await focused(page)).toContain(words.account.reregisteredTitle);
        await expectNoAxeViolations(page, `registered again (${language})`);
        expect(await reviewStateOf(person.registrationId)).toBe('pending');
        // Waiting for review: no second offer.
        expect(await open.count()).toBe(0);
      } finally {
        await page.close();
      }
    });
  }

  it('names what expired when the server refuses, in the page’s error summary', async () => {
    const person = await approvedTester(addDays(today(), -400));
    const em = server.app.orm.em.fork();
    await em.nativeUpdate(Registration, { id: person.registrationId }, { standing: 'lapsed' });
    await em
      .getConnection()
      .execute(`update certifications set expires_on = ? where registration_id = ?`, [
        addDays(today(), -3),
        person.registrationId,
      ]);
    const page = await browser.newPage();
    try {
      await signIn(page, person.email, 'en');
      await press(page, page.getByRole('button', { name: /^Register again/ }));
      await press(page, page.getByRole('button', { name: en.account.reregisterConfirm }));
      await page.getByRole('heading', { name: en.errorSummary.title }).waitFor();
      await expect
        .poll(() => page.locator('.error-summary').textContent())
        .toContain(`Before registering again with ${yearly.name}`);
      expect(await reviewStateOf(person.registrationId)).toBe('approved');
    } finally {
      await page.close();
    }
  });
});

describe('registering again through a status link', () => {
  it('offers it on the status page of a lapsed registration, once', async () => {
    const person = await approvedTester(addDays(today(), -400));
    const em = server.app.orm.em.fork();
    await em.nativeUpdate(Registration, { id: person.registrationId }, { standing: 'lapsed' });
    const link = newStatusLink({ id: person.registrationId, formHash: yearly.hash }, server.url);
    em.create(StatusToken, {
      registration: link.row.registrationId,
      tokenHash: link.row.tokenHash,
      expiresAt: link.row.expiresAt,
    });
    await em.flush();
    const page = await browser.newPage();
    try {
      await page.goto(link.url);
      await page.getByRole('heading', { level: 2, name: en.status.registerAgainHeading }).waitFor();
      await expectNoAxeViolations(page, 'status page: register again');
      await press(page, page.getByRole('button', { name: en.status.registerAgain }));
      await page.getByRole('heading', { level: 1, name: en.status.registeredAgainTitle }).waitFor();
      await page
        .getByText(fillMessage(MESSAGES.reregistrationSent, { organization: yearly.name }))
        .waitFor();
      expect(await reviewStateOf(person.registrationId)).toBe('pending');
      await page.goto(link.url);
      await page.getByRole('heading', { level: 1, name: en.status.invalidLinkTitle }).waitFor();
    } finally {
      await page.close();
    }
  });
});
