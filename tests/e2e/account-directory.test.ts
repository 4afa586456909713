import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { User } from '../../api/src/db/entities/index.js';
import { en } from '../../shared/i18n/en.js';
import { es } from '../../shared/i18n/es.js';
import type { TLanguage } from '../../shared/i18n/languages.js';
import { type SmtpReceiver, startSmtpReceiver } from '../helpers/smtp.js';
import { registerTester } from './admin/helpers.js';
import { registerCompany, signInFromKeyboard } from './helpers/account-forms.js';
import { expectNoAxeViolations } from './helpers/axe.js';
import { focused, launchBrowser, screenshot, type TestBrowser } from './helpers/browser.js';
import { createOrganization, type TestOrganization } from './helpers/fixtures.js';
import { type RunningServer, startServer } from './helpers/server.js';

// My registrations: a tester chooses, from the keyboard, not to be listed in any public
// directory of testers and then to be listed again (issue 28), in English and Spanish, with axe
// on both states; a company admin is never offered the choice.

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

const words = { en, es } as const;

const hiddenOf = async (email: string) =>
  (await server.app.orm.em.fork().findOneOrFail(User, { email }, { refresh: true }))
    .directoryHidden;

/** Tabs forward until the button with this name has focus, as a keyboard-only person does. */
async function tabToButton(page: Page, name: string) {
  for (let presses = 0; presses < 40; presses++) {
    await page.keyboard.press('Tab');
    if ((await focused(page)) === `BUTTON: ${name}`) return;
  }
  throw new Error(`Tab never reached ${name}`);
}

describe('My registrations: not listed in public directories', () => {
  it.each(['en', 'es'] as TLanguage[])(
    'lets a tester leave the directories and join them again from the keyboard (%s)',
    async (language) => {
      const W = words[language].account;
      const M = words[language].messages;
      const tester = await registerTester(server, springfield);
      const page = await browser.newPage();
      await signInFromKeyboard(page, server, smtp, tester.email, language);
      const choice = page.getByRole('form', { name: W.directoryHeading });
      await choice.getByText(W.directoryListedText).waitFor();
      await expectNoAxeViolations(page, `directory choice, listed (${language})`);

      await tabToButton(page, W.directoryHide);
      await page.keyboard.press('Enter');
      await choice.getByRole('status').getByText(M.accountDirectoryHidden).waitFor();
      await choice.getByText(W.directoryHiddenText).waitFor();
      // The button keeps focus under its new label.
      await expect.poll(() => focused(page)).toBe(`BUTTON: ${W.directoryShow}`);
      expect(await hiddenOf(tester.email)).toBe(true);
      await expectNoAxeViolations(page, `directory choice, hidden (${language})`);
      await screenshot(page, `account-directory-hidden-${language}`);

      await page.reload();
      await page.getByRole('button', { name: W.directoryShow }).waitFor();
      await tabToButton(page, W.directoryShow);
      await page.keyboard.press('Space');
      await choice.getByRole('status').getByText(M.accountDirectoryListed).waitFor();
      expect(await hiddenOf(tester.email)).toBe(false);
      await page.close();
    },
  );

  it('does not offer the choice to a company admin', async () => {
    const { admin } = await registerCompany(server, [springfield]);
    const page = await browser.newPage();
    await signInFromKeyboard(page, server, smtp, admin.email);
    await page.getByRole('heading', { level: 2, name: en.account.personHeading }).waitFor();
    expect(await page.getByRole('heading', { name: en.account.directoryHeading }).count()).toBe(0);
    await page.close();
  });
});
