/// <reference lib="dom" />
// Code passed to page.evaluate runs in the browser.
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { generate } from 'selfsigned';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TEmbedEvent } from '../../../widget/src/embed/events.js';
import { directoryOrganization, tester } from '../../api/directory/helpers.js';
import { unique } from '../../helpers/fixtures.js';
import { expectNoAxeViolations } from '../helpers/axe.js';
import { CHROMIUM, CHROMIUM_ARGS, press, screenshot } from '../helpers/browser.js';
import { type RunningServer, startServer } from '../helpers/server.js';

// The directory of testers inside a city's own https page on another origin, with the same
// loader as the form (issue 28): one script tag (or mount()), the frame sized to its content,
// search and paging inside it, and the events ready, resized and search, none with personal data.

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let host: Server;
let hostUrl: string;
let slug: string;

/** A city's page with the directory's snippet, recording every event the loader passes on. */
function hostPage(snippet: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>City of Example</title></head>
<body><main><h1>City of Example: approved backflow testers</h1>
<script>window.backflowEvents = [];
for (const name of ['ready', 'resized', 'search']) {
  document.addEventListener('backflow:' + name, (e) => backflowEvents.push(e.detail));
}</script>
${snippet}
<div id="spanish"></div>
</main></body></html>`;
}

beforeAll(async () => {
  server = await startServer();
  const organization = await directoryOrganization(server.app.orm.em.fork(), {
    name: `Example Water ${unique()}`,
  });
  slug = organization.directorySlug as string;
  for (const lastName of ['Alvarez', 'Baker', 'Chen']) {
    await tester(server.app.orm.em.fork(), { organization, firstName: 'Robin', lastName });
  }
  const certificate = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keyType: 'ec',
  });
  host = createServer({ key: certificate.private, cert: certificate.cert }, (request, response) => {
    const mount = new URL(request.url ?? '/', 'https://x').searchParams.has('mount');
    const snippet = mount
      ? `<script src="${server.url}/embed.js"></script>`
      : `<script src="${server.url}/embed.js" data-directory="${slug}" async></script>`;
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(hostPage(snippet));
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  hostUrl = `https://127.0.0.1:${(host.address() as AddressInfo).port}`;
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  // The city's certificate is made for this test.
  context = await browser.newContext({ ignoreHTTPSErrors: true });
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => host?.close(resolve));
  await server?.close();
});

const events = async (page: Page) =>
  (await page.evaluate('window.backflowEvents')) as TEmbedEvent[];

describe('the directory on a city page', () => {
  it('shows in a frame sized to it, searches inside it, and tells the page counts only', async () => {
    const page = await context.newPage();
    await page.goto(hostUrl);
    const iframe = page.locator('iframe');
    await iframe.waitFor();
    const frame = page.frameLocator('iframe');
    await frame.getByRole('heading', { level: 1, name: 'Approved Backflow Testers' }).waitFor();
    await expect.poll(async () => (await events(page)).map((e) => e.type)).toContain('ready');
    const ready = (await events(page)).find((e) => e.type === 'ready');
    expect(ready).toMatchObject({
      language: 'en',
      title: expect.stringContaining('Example Water'),
    });
    expect(await iframe.getAttribute('title')).toContain('Approved Backflow Testers');
    expect((await events(page)).find((e) => e.type === 'search')).toEqual({
      type: 'search',
      total: 3,
      page: 1,
      filtered: false,
    });
    // The frame grows to the list's height.
    const resized = async () => (await events(page)).filter((e) => e.type === 'resized');
    await expect.poll(async () => (await resized()).length).toBeGreaterThan(0);
    await expect.poll(async () => (await iframe.boundingBox())?.height ?? 0).toBeGreaterThan(700);
    const content = page.frames().find((f) => f.url().startsWith(server.url));
    if (!content) throw new Error('no directory frame');
    await expectNoAxeViolations(content, 'directory in a city page');
    await screenshot(page, 'directory-embedded');

    // A search inside the frame, from the keyboard: the host hears how many, never what.
    const search = frame.getByLabel('Tester or company name');
    await search.fill('bak');
    await search.press('Enter');
    await frame.getByRole('heading', { level: 2, name: '1 tester found.' }).waitFor();
    await expect
      .poll(async () => (await events(page)).filter((e) => e.type === 'search').at(-1))
      .toEqual({ type: 'search', total: 1, page: 1, filtered: true });
    const told = JSON.stringify(await events(page));
    for (const secret of ['bak', 'Baker', 'Robin', '555-']) expect(told).not.toContain(secret);
    // Leaving the list (print, CSV) opens a new tab, not the frame.
    const print = frame.getByRole('link', { name: /^Print view/ });
    expect(await print.getAttribute('target')).toBe('_blank');
    await page.close();
  });

  it('mounts from code, in the language the city asks', async () => {
    const page = await context.newPage();
    await page.goto(`${hostUrl}/?mount`);
    await page.evaluate(
      ({ directory }) =>
        (
          window as unknown as {
            BackflowRegistration: { mount(e: Element | null, o: object): HTMLIFrameElement };
          }
        ).BackflowRegistration.mount(document.getElementById('spanish'), {
          directory,
          lang: 'es',
        }),
      { directory: slug },
    );
    const frame = page.frameLocator('#spanish iframe');
    await frame
      .getByRole('heading', { level: 1, name: 'Probadores de contraflujo aprobados' })
      .waitFor();
    await expect
      .poll(async () => (await events(page)).find((e) => e.type === 'ready'))
      .toMatchObject({ language: 'es' });
    // Paging and language keep the frame's host: the next answer still talks to the city page.
    await press(page, frame.getByRole('link', { name: 'English' }));
    await frame.getByRole('heading', { level: 1, name: 'Approved Backflow Testers' }).waitFor();
    await expect
      .poll(async () => (await events(page)).filter((e) => e.type === 'ready').length)
      .toBe(2);
    await page.close();
  });
});
