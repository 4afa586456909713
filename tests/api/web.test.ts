import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('serving the public site and the console', () => {
  it.each([
    '/',
    '/form/some-hash',
    '/form/some-hash/step/2',
    '/account',
    '/account/sign-in',
    '/account/confirm-email',
  ])('serves the widget page at %s', async (url) => {
    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toContain('widget fixture');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it.each([
    '/scadmin',
    '/scadmin/',
    '/scadmin/create',
    '/scadmin/vieworedit/Some%20Org',
    '/scadmin/users/12',
  ])('serves the console page at %s (SPA fallback)', async (url) => {
    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('admin fixture');
  });

  it('serves hashed assets with a year-long immutable cache', async () => {
    const widget = await t.app.inject({ url: '/assets/index-AbCdEf12.js' });
    expect(widget.statusCode).toBe(200);
    expect(widget.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const admin = await t.app.inject({ url: '/scadmin/assets/index-ZyXwVu98.js' });
    expect(admin.statusCode).toBe(200);
    expect(admin.body).toContain('admin');
  });

  it('sends the precompressed copy of an asset the browser can decode', async () => {
    const url = '/assets/index-AbCdEf12.js';
    const plain = await t.app.inject({ url });
    const brotli = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    const gzip = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(plain.headers['content-encoding']).toBeUndefined();
    // A compressed copy keeps the headers of the asset it stands for.
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends embed.js compressed with the headers other sites need', async () => {
    const response = await t.app.inject({
      url: '/embed.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(response.headers['cache-control']).toBe('public, max-age=300');
  });

  it('lets any https site frame the form but nobody frame the console', async () => {
    const form = await t.app.inject({ url: '/form/abc' });
    expect(form.headers['content-security-policy']).toContain('frame-ancestors https:');
    expect(form.headers['x-frame-options']).toBeUndefined();
    const console = await t.app.inject({ url: '/scadmin' });
    expect(console.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(console.headers['x-frame-options']).toBe('DENY');
  });

  it.each(['/account', '/account/sign-in', '/account/confirm-email'])(
    'lets nobody frame My registrations at %s (it acts for a signed-in person)',
    async (url) => {
      const page = await t.app.inject({ url });
      expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(page.headers['x-frame-options']).toBe('DENY');
    },
  );

  it("lets only the console's pages show documents from their own object URLs", async () => {
    const console = String(
      (await t.app.inject({ url: '/scadmin/review/1' })).headers['content-security-policy'],
    );
    expect(console).toContain("img-src 'self' data: blob:");
    expect(console).toContain('frame-src blob:');
    expect(console).toContain("object-src 'none'");
    expect(console).toContain("frame-ancestors 'none'");
    for (const url of ['/form/abc', '/', '/api/health']) {
      const csp = String((await t.app.inject({ url })).headers['content-security-policy']);
      expect(csp, url).not.toContain('blob:');
    }
  });

  it('lets other sites load embed.js with a script tag, cached briefly', async () => {
    const response = await t.app.inject({ url: '/embed.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(response.headers['cache-control']).toBe('public, max-age=300');
  });

  it('writes the configured support and knowledge-base links into the site page, escaped', async () => {
    const custom = await createTestApp({
      env: {
        SUPPORT_URL: 'https://help.example.gov/?a=1&b="x"',
        KNOWLEDGE_BASE_URL: 'https://kb.example.gov',
      },
    });
    try {
      const page = (await custom.app.inject({ url: '/form/abc' })).body;
      expect(page).toContain(
        '<meta name="backflow-support-url" content="https://help.example.gov/?a=1&amp;b=&quot;x&quot;" />',
      );
      expect(page).toContain(
        '<meta name="backflow-knowledge-base-url" content="https://kb.example.gov" />',
      );
    } finally {
      await custom.close();
    }
  });

  const hash = 'Ab_c-12';
  const token = 'T0k-en_'.repeat(6).slice(0, 43);
  const orgInfo = `<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/tr/get/orginfo/${hash}">`;
  const modules = (...files: string[]) =>
    files.map((file) => `<link rel="modulepreload" crossorigin href="/assets/${file}">`).join('');

  it.each([
    [
      'the organization home: its info, and not the wizard (fetched once the home is usable)',
      `/form/${hash}`,
      orgInfo,
    ],
    [
      "a wizard page: the info and the wizard's files the page does not already name",
      `/form/${hash}/step/3`,
      orgInfo + modules('WizardRoute-Qw12Er34.js', 'state-Zx98Cv76.js'),
    ],
    [
      'a status page: the info, its status and its code',
      `/form/${hash}/status/${token}`,
      `${orgInfo}<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/tr/status/${hash}/${token}">${modules('StatusRoute-St12At34.js', 'state-Zx98Cv76.js')}`,
    ],
    ['the landing page: its code', '/', modules('LandingPage-La12Nd34.js')],
    [
      'My registrations: who is signed in, and its code',
      '/account',
      `<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/account/me">${modules('AccountRoute-Ac12Co34.js', 'state-Zx98Cv76.js')}`,
    ],
    [
      "the emailed sign-in link's page: its code (it signs in before asking who is signed in)",
      '/account/sign-in',
      modules('AccountRoute-Ac12Co34.js', 'state-Zx98Cv76.js'),
    ],
    [
      "a change of email's confirmation page: its code (it sends its token first)",
      '/account/confirm-email',
      modules('AccountRoute-Ac12Co34.js', 'state-Zx98Cv76.js'),
    ],
  ])('names in the head what the first screen needs: %s', async (_what, url, hints) => {
    const page = (await t.app.inject({ url })).body;
    expect(page).toContain(`${hints}</head>`);
    expect(page).toContain('<html lang="en">');
  });

  it('opens in Spanish from the first response when the address or the browser asks for it', async () => {
    const account = await t.app.inject({ url: '/account/sign-in?lang=es' });
    expect(account.body).toContain('<html lang="es">');
    expect(account.body).toContain(
      `${modules('AccountRoute-Ac12Co34.js', 'state-Zx98Cv76.js', 'es-Es12Pa34.js')}</head>`,
    );
    for (const request of [
      { url: `/form/${hash}?lang=es` },
      { url: `/form/${hash}?embedLang=es` },
      { url: `/form/${hash}`, headers: { 'accept-language': 'fr-CA, es-MX;q=0.8, en;q=0.5' } },
    ]) {
      const response = await t.app.inject(request);
      expect(response.body, request.url).toContain('<html lang="es">');
      expect(response.body, request.url).toContain(`${orgInfo}${modules('es-Es12Pa34.js')}</head>`);
      expect(response.headers.vary).toContain('Accept-Language');
    }
    const english = await t.app.inject({
      url: `/form/${hash}?lang=en`,
      headers: { 'accept-language': 'es' },
    });
    expect(english.body).toContain('<html lang="en">');
    expect(english.body).not.toContain('es-Es12Pa34.js');
  });

  it("names a status page's own call only for a token-shaped link, never the address's text", async () => {
    const page = (await t.app.inject({ url: `/form/${hash}/status/%3Cb%3E` })).body;
    expect(page).toContain(
      `${orgInfo}${modules('StatusRoute-St12At34.js', 'state-Zx98Cv76.js')}</head>`,
    );
    expect(page).not.toMatch(/\/api\/tr\/status\/|<b>/);
  });

  it.each(['/form/%3Cscript%3E', `/form/${'a'.repeat(65)}`, '/no-such-page', '/account/other'])(
    'names no call and no screen code that %s does not need',
    async (url) => {
      const page = (await t.app.inject({ url, headers: { accept: 'text/html' } })).body;
      expect(page).toContain('widget fixture');
      expect(page).not.toMatch(/rel="preload"|WizardRoute|StatusRoute|AccountRoute|<script>|<b>/);
    },
  );

  it('keeps the build manifest to itself', async () => {
    const response = await t.app.inject({ url: '/.vite/manifest.json' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('WizardRoute');
  });

  it('answers unknown API paths with JSON 404 and unknown pages with the site', async () => {
    const api = await t.app.inject({ url: '/api/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({
      code: 'NOT FOUND',
      message: 'The requested resource was not found.',
    });
    const page = await t.app.inject({ url: '/no-such-page', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('widget fixture');
  });

  it('sends security headers and a request id on every response, 404s included', async () => {
    for (const url of ['/', '/api/health', '/api/missing']) {
      const response = await t.app.inject({ url });
      expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['content-security-policy']).not.toContain(
        "script-src 'self' 'unsafe-inline'",
      );
    }
  });

  it('sends HSTS only when served over https', async () => {
    const response = await t.app.inject({ url: '/api/health' });
    expect(response.headers['strict-transport-security']).toBeUndefined();
    const secure = await createTestApp({ env: { PUBLIC_URL: 'https://backflow.example.org' } });
    try {
      const answer = await secure.app.inject({ url: '/api/health' });
      expect(answer.headers['strict-transport-security']).toContain('max-age=31536000');
    } finally {
      await secure.close();
    }
  });
});

describe('the embed playground', () => {
  it('is a page outside production that mounts the form with embed.js, with no inline script', async () => {
    const page = await t.app.inject({ url: '/embed-playground' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<script src="/embed.js"></script>');
    expect(page.body).not.toMatch(/<script>/);
    const script = await t.app.inject({ url: '/embed-playground.js' });
    expect(script.body).toContain('BackflowRegistration.mount');
    expect(t.config.env).not.toBe('production');
  });
});
