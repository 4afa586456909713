/// <reference lib="dom" />
// Code passed to page.evaluate runs in the browser.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../shared/codes.js';
import { expectNoAxeViolations } from '../helpers/axe.js';
import { launchBrowser, screenshot, type TestBrowser } from '../helpers/browser.js';
import { createOrganization, type TestOrganization } from '../helpers/fixtures.js';
import { type RunningServer, startServer } from '../helpers/server.js';
import { expectStep, getStarted, next } from '../helpers/wizard.js';

let server: RunningServer;
let browser: TestBrowser;
let org: TestOrganization;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  org = await createOrganization(server, { homeBanner: '<script>alert("x")</script>' });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('landing page, bad links and failures', () => {
  it('shows the landing page at /', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/`);
    await page.getByRole('heading', { level: 1, name: 'Backflow Tester Registration' }).waitFor();
    await page.getByRole('link', { name: 'contact support', exact: true }).waitFor();
    for (const heading of ['Registration Info', 'Admin Users', 'Tester Users', 'FAQ']) {
      await page.getByRole('heading', { level: 2, name: heading }).waitFor();
    }
    await expectNoAxeViolations(page, 'landing');
    await screenshot(page, 'landing');
    // Usable at 320 px wide without horizontal scrolling.
    await page.setViewportSize({ width: 320, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      320,
    );
    await page.close();
  });

  it('shows the home banner as text, never as HTML', async () => {
    const page = await browser.newPage();
    let dialogs = 0;
    page.on('dialog', (dialog) => {
      dialogs++;
      void dialog.dismiss();
    });
    await page.goto(`${server.url}/form/${org.hash}`);
    await page.getByText('<script>alert("x")</script>').waitFor();
    expect(await page.locator('.banner script').count()).toBe(0);
    expect(dialogs).toBe(0);
    await page.close();
  });

  it('shows the Uh Oh screen for an unknown link', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/form/not-a-real-hash`);
    await page.getByRole('heading', { level: 1, name: 'Uh Oh' }).waitFor();
    await page.getByText(MESSAGES.orgUrlInvalid).waitFor();
    await expectNoAxeViolations(page, 'invalid link');
    await screenshot(page, 'uh-oh-invalid');
    await page.close();
  });

  it('shows the Uh Oh screen for an expired link', async () => {
    const expired = await createOrganization(server, { allowedUntil: '2020-01-01' });
    const page = await browser.newPage();
    await page.goto(`${server.url}/form/${expired.hash}`);
    await page.getByRole('heading', { level: 1, name: 'Uh Oh' }).waitFor();
    await page.getByText(MESSAGES.orgUrlExpired).waitFor();
    await screenshot(page, 'uh-oh-expired');
    await page.close();
  });

  it('shows the server-unreachable screen when the server cannot be reached', async () => {
    const page = await browser.newPage();
    await page.route('**/api/**', (route) => route.abort('connectionrefused'));
    // The wizard's page looks the organization up (the home carries it in its page).
    await page.goto(`${server.url}/form/${org.hash}/step/0`);
    await page.getByText(MESSAGES.serverUnreachable).waitFor();
    await page.getByRole('link', { name: 'Contact support' }).waitFor();
    await expectNoAxeViolations(page, 'server unreachable');
    await screenshot(page, 'server-unreachable');
    await page.close();
  });

  it.each([
    ['a check call fails', '**/api/tr/validate/**'],
    ["the checks' code cannot be fetched", /\/assets\/checks-[^/]+\.js$/],
  ])(
    'shows the server-unreachable screen in the middle of the wizard when %s',
    async (_case, url) => {
      const page = await browser.newPage();
      await page.route(url, (route) => route.abort('failed'));
      await page.goto(`${server.url}/form/${org.hash}`);
      await getStarted(page);
      await page.getByLabel('Tester', { exact: true }).check();
      await next(page);
      await page.getByText(MESSAGES.serverUnreachable).waitFor();
      await page.close();
    },
  );

  it('fetches the wizard once and the organization never (the page carries it); the checks on Get Started', async () => {
    const page = await browser.newPage();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    const count = (pattern: RegExp) => requested.filter((path) => pattern.test(path)).length;
    await page.goto(`${server.url}/form/${org.hash}`);
    await page.getByRole('button', { name: 'Get Started' }).first().waitFor();
    await expect.poll(() => count(/\/assets\/WizardRoute-[^/]+\.js$/)).toBe(1);
    // The server wrote the home with the organization's info, and the site took it from the page.
    expect(count(/^\/api\/tr\/get\/orginfo\//)).toBe(0);
    expect(count(/\/assets\/checks-[^/]+\.js$/)).toBe(0);
    expect(page.url()).toBe(`${server.url}/form/${org.hash}`);
    await getStarted(page);
    await expect.poll(() => count(/\/assets\/checks-[^/]+\.js$/)).toBe(1);
    expect(count(/^\/api\/tr\/get\/orginfo\//)).toBe(0);
    await page.close();
  });

  it('opens the wizard without a loading screen once its code has arrived', async () => {
    const page = await browser.newPage();
    const wizardCode = page.waitForResponse(/\/assets\/WizardRoute-[^/]+\.js$/);
    await page.goto(`${server.url}/form/${org.hash}`);
    await page.getByRole('button', { name: 'Get Started' }).first().waitFor();
    await (await wizardCode).finished();
    // Records whether "Page Loading..." is ever put on the page from here on.
    await page.evaluate(() => {
      const seen = { loading: false };
      (window as unknown as { seen: typeof seen }).seen = seen;
      new MutationObserver(() => {
        if (document.body.textContent?.includes('Page Loading...')) seen.loading = true;
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    await getStarted(page);
    expect(
      await page.evaluate(() => (window as unknown as { seen: { loading: boolean } }).seen),
    ).toEqual({
      loading: false,
    });
    await page.close();
  });

  it('goes back from the first page to the organization home, however the wizard was opened', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/form/${org.hash}`);
    await getStarted(page);
    expect(page.url()).toBe(`${server.url}/form/${org.hash}/step/0`);
    // Opened from the home page: Back is the browser's Back.
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('button', { name: 'Get Started' }).first().waitFor();
    expect(page.url()).toBe(`${server.url}/form/${org.hash}`);
    await page.goForward();
    await expectStep(page, 'User Type');
    // Opened at the wizard's address: Back leads to the home page all the same.
    await page.goto(`${server.url}/form/${org.hash}/step/0`);
    await expectStep(page, 'User Type');
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('button', { name: 'Get Started' }).first().waitFor();
    expect(page.url()).toBe(`${server.url}/form/${org.hash}`);
    await page.close();
  });

  it('ends in the router fallback screen when a lazy part fails to load', async () => {
    const page = await browser.newPage();
    await page.route(/\/assets\/WizardRoute-[^/]+\.js$/, (route) => route.abort('failed'));
    await page.goto(`${server.url}/form/${org.hash}`);
    await page.getByRole('button', { name: 'Get Started' }).first().click();
    await page.getByRole('heading', { name: 'Unexpected Application Error!' }).waitFor();
    await screenshot(page, 'chunk-load-error');
    await page.close();
  });
});
