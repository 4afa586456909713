/// <reference lib="dom" />
// Code passed to page.evaluate runs in the browser.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FrameLocator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../helpers/axe.js';
import { launchBrowser, screenshot, type TestBrowser } from '../helpers/browser.js';
import { createOrganization, type TestOrganization, uniqueEmail } from '../helpers/fixtures.js';
import { type RunningServer, startServer } from '../helpers/server.js';

let server: RunningServer;
let browser: TestBrowser;
let org: TestOrganization;
let host: Server;
let hostUrl: string;

/** A city's page on another origin, with the published snippet (and a listener). */
function hostPage(formServer: string, hash: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>City of Example</title></head>
<body><main><h1>City of Example: backflow testers</h1>
<script>window.backflowEvents = [];
document.addEventListener('backflow:ready', (e) => backflowEvents.push(e.detail));
document.addEventListener('backflow:step', (e) => backflowEvents.push(e.detail));
document.addEventListener('backflow:submitted', (e) => backflowEvents.push(e.detail));
document.addEventListener('backflow:error', (e) => backflowEvents.push(e.detail));</script>
<script src="${formServer}/embed.js" data-form="${hash}" async></script>
<p>Footer text of the city page.</p>
<div id="second"></div>
</main></body></html>`;
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  org = await createOrganization(server);
  host = createServer((request, response) => {
    const hash = new URL(request.url ?? '/', 'http://x').searchParams.get('form') ?? org.hash;
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(hostPage(server.url, hash));
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  hostUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => host?.close(resolve));
  await server?.close();
});

async function events(page: import('playwright-core').Page) {
  return (await page.evaluate('window.backflowEvents')) as { type: string }[];
}

describe('the embed on a city page from another origin', () => {
  it('completes a registration inside the iframe and tells the host page', async () => {
    const page = await browser.newPage();
    await page.goto(hostUrl);
    const iframe = page.locator('iframe');
    await iframe.waitFor();
    expect(await iframe.getAttribute('title')).toBeTruthy();
    expect(await iframe.getAttribute('loading')).toBe('lazy');
    // Inserted right after the script tag.
    expect(
      await page.evaluate(
        () => document.querySelector('script[data-form]')?.nextElementSibling?.tagName,
      ),
    ).toBe('IFRAME');

    const frame: FrameLocator = page.frameLocator('iframe');
    await frame
      .getByRole('heading', { level: 1, name: `${org.name} Tester Registration` })
      .waitFor();
    await expect.poll(async () => (await events(page)).map((e) => e.type)).toContain('ready');
    // The frame grows to its content.
    await expect.poll(async () => (await iframe.boundingBox())?.height ?? 0).toBeGreaterThan(700);
    const contentFrame = page.frames().find((f) => f.url().startsWith(server.url));
    if (!contentFrame) throw new Error('no form frame');
    await expectNoAxeViolations(contentFrame, 'embedded home');
    await screenshot(page, 'embed-host-page');

    await frame.getByRole('button', { name: 'Get Started' }).first().click();
    await frame.getByLabel('Admin (I will be submitting tests for others)*').check();
    await frame.getByRole('button', { name: 'Next' }).click();
    await frame.getByLabel('Company Name', { exact: true }).fill(`Embedded Co ${Date.now()}`);
    await frame.getByLabel('Company Address', { exact: true }).fill('1 Frame Street');
    await frame.getByLabel('City', { exact: true }).fill('Boise');
    await frame.getByLabel('State', { exact: true }).selectOption('ID');
    await frame.getByLabel('Postal Code', { exact: true }).fill('83702');
    await frame.getByRole('button', { name: 'Next' }).click();
    await frame.getByRole('heading', { level: 1, name: 'Admin Users' }).waitFor();
    await frame.getByLabel('First Name', { exact: true }).fill('Emma');
    await frame.getByLabel('Last Name', { exact: true }).fill('Bedded');
    await frame.getByLabel('Email', { exact: true }).fill(uniqueEmail('embed'));
    await frame.getByRole('button', { name: 'Next' }).click();
    await frame.getByRole('button', { name: 'Skip' }).click();
    await frame.getByRole('heading', { level: 1, name: 'Test Kits' }).waitFor();
    await frame.getByRole('button', { name: 'Skip' }).click();
    await frame.getByRole('button', { name: 'Submit' }).click();
    await frame.getByRole('heading', { level: 1, name: 'Thank You!' }).waitFor();

    await expect.poll(async () => (await events(page)).map((e) => e.type)).toContain('submitted');
    const steps = (await events(page)).filter((e) => e.type === 'step') as unknown as {
      page: number;
    }[];
    expect(steps.map((s) => s.page)).toEqual([0, 1, 3, 4, 5, 6]);
    await page.close();
  });

  it('mounts from code and reports an unknown link as an error event', async () => {
    const page = await browser.newPage();
    await page.goto(hostUrl);
    await page.locator('iframe').first().waitFor();
    await page.evaluate(() => {
      const w = window as unknown as {
        BackflowRegistration: { mount(e: Element, o: unknown): void };
        mountedEvents: unknown[];
      };
      w.mountedEvents = [];
      w.BackflowRegistration.mount(document.getElementById('second') as Element, {
        form: 'no-such-form',
        onEvent: (event: unknown) => w.mountedEvents.push(event),
      });
    });
    await page.locator('#second iframe').waitFor();
    await expect
      .poll(async () => page.evaluate('window.mountedEvents'))
      .toEqual([{ type: 'error', code: 'ORG URL INVALID' }]);
    await page.close();
  });

  it('ignores messages that do not come from its own frame', async () => {
    const page = await browser.newPage();
    await page.goto(hostUrl);
    await page
      .frameLocator('iframe')
      .getByRole('button', { name: 'Get Started' })
      .first()
      .waitFor();
    const before = (await events(page)).length;
    // Messages arrive in order: once the last (a marker) has arrived, the others have too.
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          window.addEventListener('message', (event) => {
            if (event.data === 'marker') resolve();
          });
          window.postMessage({ type: 'backflow:submitted' }, '*');
          window.postMessage({ type: 'backflow:resize', height: 5 }, '*');
          window.postMessage('marker', '*');
        }),
    );
    expect((await events(page)).length).toBe(before);
    expect((await page.locator('iframe').boundingBox())?.height ?? 0).toBeGreaterThan(100);
    await page.close();
  });
});
