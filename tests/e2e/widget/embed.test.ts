/// <reference lib="dom" />
// Code passed to page.evaluate runs in the browser.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FrameLocator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TEmbedEvent, TEmbedEventName } from '../../../widget/src/embed/events.js';
import { expectNoAxeViolations } from '../helpers/axe.js';
import { launchBrowser, screenshot, type TestBrowser } from '../helpers/browser.js';
import { createOrganization, type TestOrganization, uniqueEmail } from '../helpers/fixtures.js';
import { type RunningServer, startServer } from '../helpers/server.js';

let server: RunningServer;
let browser: TestBrowser;
let org: TestOrganization;
let host: Server;
let hostUrl: string;

const EVENT_NAMES: TEmbedEventName[] = [
  'ready',
  'step',
  'validationError',
  'saved',
  'submitted',
  'resized',
  'error',
];

/** A city's page on another origin, with the published snippet (and a listener for each event). */
function hostPage(formServer: string, hash: string, attributes = '') {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>City of Example</title></head>
<body><main><h1>City of Example: backflow testers</h1>
<script>window.backflowEvents = [];
for (const name of ${JSON.stringify(EVENT_NAMES)}) {
  document.addEventListener('backflow:' + name, (e) => backflowEvents.push(e.detail));
}</script>
<script src="${formServer}/embed.js" data-form="${hash}" ${attributes} async></script>
<p>Footer text of the city page.</p>
<div id="second"></div>
</main></body></html>`;
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  org = await createOrganization(server);
  host = createServer((request, response) => {
    const query = new URL(request.url ?? '/', 'http://x').searchParams;
    const hash = query.get('form') ?? org.hash;
    // ?data-lang=es&data-prefill-company-name=… become the snippet's attributes.
    const attributes = [...query]
      .filter(([name]) => name.startsWith('data-'))
      .map(([name, value]) => `${name}="${value.replaceAll('"', '&quot;')}"`)
      .join(' ');
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(hostPage(server.url, hash, attributes));
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
  return (await page.evaluate('window.backflowEvents')) as TEmbedEvent[];
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
    const steps = (await events(page)).filter((e) => e.type === 'step');
    expect(steps.map((s) => s.page)).toEqual([0, 1, 3, 4, 5, 6]);
    expect(steps.map((s) => s.step)).toEqual([
      'userType',
      'company',
      'admins',
      'testers',
      'testKits',
      'review',
    ]);
    await page.close();
  });

  it('takes the lang option and prefill, refuses an invalid prefilled value, and reports counts only', async () => {
    const page = await browser.newPage();
    const consoleLines: string[] = [];
    page.on('console', (message) => consoleLines.push(message.text()));
    const prefill = new URLSearchParams({
      'data-lang': 'es',
      'data-prefill-user-type': 'admin',
      'data-prefill-company-name': 'Prefilled Testing Co',
      'data-prefill-company-state': 'XX',
      'data-prefill-company-zip': '83702',
    });
    await page.goto(`${hostUrl}/?${prefill}`);
    const frame = page.frameLocator('iframe');
    await frame.getByRole('button', { name: 'Comenzar' }).first().waitFor();
    await expect
      .poll(async () => (await events(page)).find((e) => e.type === 'ready'))
      .toMatchObject({ type: 'ready', orgName: org.name, language: 'es' });
    await expect
      .poll(() => page.locator('iframe').getAttribute('title'))
      .toBe('Formulario de registro de probadores de contraflujo');

    await frame.getByRole('button', { name: 'Comenzar' }).first().click();
    const admin = frame.getByLabel('Administrador (enviaré pruebas en nombre de otros)*');
    await expect.poll(() => admin.isChecked()).toBe(true);
    await frame.getByRole('button', { name: 'Siguiente' }).click();
    const name = frame.getByLabel('Nombre de la empresa', { exact: true });
    await expect.poll(() => name.inputValue()).toBe('Prefilled Testing Co');
    expect(await frame.getByLabel('Código postal', { exact: true }).inputValue()).toBe('83702');
    // The invalid state was left out, and the host page's console says why.
    expect(await frame.getByLabel('Estado', { exact: true }).inputValue()).toBe('');
    expect(consoleLines.join('\n')).toContain(
      'the prefilled companyState was not used: Please select a valid state or province.',
    );

    await frame.getByRole('button', { name: 'Siguiente' }).click();
    await frame.getByRole('heading', { name: 'Hay un problema' }).waitFor();
    await expect
      .poll(async () => (await events(page)).find((e) => e.type === 'validationError'))
      .toEqual({ type: 'validationError', page: 1, step: 'company', errorCount: 3 });

    await frame.getByLabel('Dirección de la empresa', { exact: true }).fill('5 Host Avenue');
    await frame.getByLabel('Ciudad', { exact: true }).fill('Boise');
    await frame.getByLabel('Estado', { exact: true }).selectOption('ID');
    await frame.getByRole('button', { name: 'Siguiente' }).click();
    const person = uniqueEmail('host');
    await frame.getByLabel('Nombre', { exact: true }).fill('Hugo');
    await frame.getByLabel('Apellido', { exact: true }).fill('Anfitrión');
    await frame.getByLabel('Correo electrónico', { exact: true }).fill(person);
    await frame.getByRole('button', { name: 'Guardar y terminar más tarde' }).click();
    await frame.getByRole('button', { name: 'Enviar el enlace' }).click();
    await expect
      .poll(async () => (await events(page)).find((e) => e.type === 'saved'))
      .toEqual({ type: 'saved', page: 3, step: 'admins' });
    await frame.getByRole('button', { name: 'Siguiente' }).click();
    await frame.getByRole('button', { name: 'Omitir' }).click();
    await frame.getByRole('heading', { level: 1, name: 'Kits de prueba' }).waitFor();
    await frame.getByRole('button', { name: 'Omitir' }).click();
    await frame.getByRole('button', { name: 'Enviar' }).click();
    await frame.getByRole('heading', { level: 1, name: '¡Gracias!' }).waitFor();

    await expect
      .poll(async () => (await events(page)).find((e) => e.type === 'submitted'))
      .toEqual({
        type: 'submitted',
        userType: 'admin',
        admins: 1,
        testers: 0,
        certifications: 0,
        testKits: 0,
      });
    const received = await events(page);
    expect(received.some((e) => e.type === 'resized' && e.height > 0)).toBe(true);
    // Nothing a person typed ever reaches the host page.
    const everything = JSON.stringify(received);
    for (const typed of ['Prefilled Testing Co', '5 Host Avenue', 'Hugo', person]) {
      expect(everything).not.toContain(typed);
    }
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
      .poll(async () =>
        ((await page.evaluate('window.mountedEvents')) as TEmbedEvent[]).filter(
          (event) => event.type !== 'resized',
        ),
      )
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
          window.postMessage({ type: 'backflow:resized', height: 5 }, '*');
          window.postMessage('marker', '*');
        }),
    );
    expect((await events(page)).length).toBe(before);
    expect((await page.locator('iframe').boundingBox())?.height ?? 0).toBeGreaterThan(100);
    await page.close();
  });

  it("shows the form only on the organization's allowed sites, and tells any other site why", async () => {
    const elsewhere = await createOrganization(server, { embedOrigins: ['https://www.city.gov'] });
    const refused = await browser.newPage();
    const errors: string[] = [];
    refused.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await refused.goto(`${hostUrl}/?form=${elsewhere.hash}`);
    // The message names the site and the form it may not show (the form's own address).
    const message = `Backflow: ${hostUrl} may not show ${server.url}/form/${elsewhere.hash}`;
    await expect.poll(() => errors.some((text) => text.includes(message))).toBe(true);
    // The browser refused the frame: the form never rendered inside it.
    await expect
      .poll(() =>
        refused.frameLocator('iframe').getByRole('button', { name: 'Get Started' }).count(),
      )
      .toBe(0);
    await refused.close();

    const listed = await createOrganization(server, { embedOrigins: [hostUrl] });
    const shown = await browser.newPage();
    const shownErrors: string[] = [];
    shown.on('console', (message) => {
      if (message.type() === 'error') shownErrors.push(message.text());
    });
    await shown.goto(`${hostUrl}/?form=${listed.hash}`);
    await shown
      .frameLocator('iframe')
      .getByRole('button', { name: 'Get Started' })
      .first()
      .waitFor();
    expect(shownErrors.filter((text) => text.includes('may not show'))).toEqual([]);
    await shown.close();
  });
});
