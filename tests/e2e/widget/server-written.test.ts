/// <reference lib="dom" />
// Code passed to page.evaluate runs in the browser.
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../helpers/axe.js';
import { CHROMIUM, CHROMIUM_ARGS } from '../helpers/browser.js';
import { createOrganization, type TestOrganization } from '../helpers/fixtures.js';
import { type RunningServer, startServer } from '../helpers/server.js';
import { expectStep } from '../helpers/wizard.js';

// The organization home is written by the server (api/src/plugins/server-render.ts): it shows,
// and Get Started works, before the site's code arrives; the site then takes the page over
// without showing anything twice or looking the organization up again.

let server: RunningServer;
let browser: Browser;
let org: TestOrganization;
let bannered: TestOrganization;

const NAME = 'Springfield <b>Water</b> & "Sewer" $& $1';

beforeAll(async () => {
  server = await startServer();
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  org = await createOrganization(server, { name: `${NAME} ${Date.now()}` });
  bannered = await createOrganization(server, { homeBanner: 'Call us at **555-0100**.' });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const page = async (path: string, headers: Record<string, string> = {}) => {
  const response = await fetch(`${server.url}${path}`, {
    headers: { accept: 'text/html', ...headers },
  });
  return { status: response.status, html: await response.text() };
};

describe('the organization home written by the server', () => {
  it('is in the page itself, every value escaped, with its styles, without the lookup call it no longer needs', async () => {
    const { status, html } = await page(`/form/${org.hash}`);
    expect(status).toBe(200);
    expect(html).toContain('Springfield &lt;b>Water&lt;/b> &amp; &quot;Sewer&quot; $&amp; $1');
    expect(html).not.toContain('<b>Water</b>');
    expect(html).toContain(`<form method="get" action="/form/${org.hash}/step/0"`);
    expect(html).toContain('id="first-screen-data"');
    expect(html).not.toContain(`/api/tr/get/orginfo/${org.hash}`);
    expect(html).toMatch(/<title>Springfield &lt;b>Water/);
    // Its stylesheet is in the page: the first paint waits for no other file.
    expect(html).toMatch(/<style>[\s\S]*?\.get-started[\s\S]*?<\/style>/);
    expect(html).not.toContain('rel="stylesheet"');

    const spanish = await page(`/form/${org.hash}?lang=es`);
    expect(spanish.html).toContain('<html lang="es">');
    expect(spanish.html).toContain('>Comenzar</button>');
  });

  it('is left to the browser in a frame, for a link that opens no form, and for one expired', async () => {
    const expired = await createOrganization(server, { allowedUntil: '2020-01-01' });
    for (const [path, headers] of [
      [`/form/${org.hash}`, { 'sec-fetch-dest': 'iframe' }],
      [`/form/${org.hash}?embed=${encodeURIComponent('https://city.example')}`, {}],
      ['/form/NoSuchLinkNoSuchLinkNoSuchLinkNoSuchLink123', {}],
      [`/form/${expired.hash}`, {}],
    ] as const) {
      const { html } = await page(path, headers);
      expect(html, path).toContain('<div id="root"></div>');
      expect(html, path).not.toContain('first-screen-data');
    }
  });

  it('works without JavaScript: the page reads, and Get Started opens the wizard in the language shown', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const tab = await context.newPage();
    await tab.goto(`${server.url}/form/${org.hash}?lang=es`);
    await tab.getByRole('heading', { level: 1, name: /Springfield <b>Water<\/b>/ }).waitFor();
    await tab.getByRole('button', { name: 'Comenzar' }).first().click();
    await tab.waitForURL(`**/form/${org.hash}/step/0?lang=es`);
    await context.close();
  });

  it('is taken over by the site: shown once, no second lookup, Get Started moves in place', async () => {
    const context = await browser.newContext();
    const tab = await context.newPage();
    const lookups: string[] = [];
    tab.on('request', (request) => {
      if (request.url().includes('/api/tr/get/orginfo/')) lookups.push(request.url());
    });
    await tab.goto(`${server.url}/form/${org.hash}`);
    // The wizard's code is fetched once the site has the page, after its first paint.
    await tab.waitForResponse((response) => /\/assets\/WizardRoute-/.test(response.url()));
    expect(await tab.getByRole('heading', { level: 1 }).count()).toBe(1);
    expect(await tab.getByRole('button', { name: 'Get Started' }).count()).toBe(2);
    expect(await tab.getByRole('navigation', { name: 'Language' }).count()).toBe(1);
    expect(lookups).toEqual([]);
    await expectNoAxeViolations(tab, 'org home (server-written)');
    await tab.evaluate(() => {
      (window as unknown as { stayed: boolean }).stayed = true;
    });
    await tab.getByRole('button', { name: 'Get Started' }).first().click();
    await expectStep(tab, 'User Type');
    expect(await tab.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    expect(new URL(tab.url()).search).toBe('');
    await context.close();
  });

  it('shows an organization banner once, when its formatter arrives', async () => {
    const context = await browser.newContext();
    const tab = await context.newPage();
    await tab.goto(`${server.url}/form/${bannered.hash}`);
    await tab.getByText('555-0100').waitFor();
    await tab.waitForTimeout(300);
    expect(await tab.getByText('555-0100').count()).toBe(1);
    expect(await tab.getByRole('heading', { level: 2, name: 'Registration Info' }).count()).toBe(1);
    await context.close();
  });

  it('opens afresh in the language chosen earlier in this browser, never in two at once', async () => {
    const context = await browser.newContext();
    await context.addInitScript(() => localStorage.setItem('backflow.language', 'es'));
    const tab = await context.newPage();
    await tab.goto(`${server.url}/form/${org.hash}`);
    await tab.getByRole('button', { name: 'Comenzar' }).first().waitFor();
    expect(await tab.getByRole('button', { name: 'Get Started' }).count()).toBe(0);
    expect(await tab.getByRole('heading', { level: 1 }).count()).toBe(1);
    await context.close();
  });
});
