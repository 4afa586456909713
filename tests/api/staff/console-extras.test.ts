import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { signIn, staffClient } from './helpers.js';

let t: TestApp;
let call: ReturnType<typeof staffClient>;
beforeAll(async () => {
  t = await createTestApp({ env: { GOOGLE_CLIENT_ID: 'console.apps.googleusercontent.com' } });
  call = staffClient(t.app, (await signIn(t)).token);
});
afterAll(() => t.close());

describe('the console configuration', () => {
  it('tells the login page, without a token, whether Google sign-in is offered', async () => {
    const response = await t.app.inject({ url: '/api/sc/session/console-config' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      googleClientId: 'console.apps.googleusercontent.com',
      production: false,
      programTimeZone: 'America/New_York',
    });
  });
});

describe('the debug testing route', () => {
  it('answers a signed-in staff member outside production', async () => {
    const response = await call('GET', '/api/sc/get/testing_route');
    expect(response.statusCode).toBe(200);
    expect(response.json().code).toBe('SUCCESS');
  });

  it('does not exist in production', async () => {
    const production = await createTestApp({
      env: {
        NODE_ENV: 'production',
        WEBHOOK_SECRET_KEY: randomBytes(32).toString('base64'),
        ADMIN_EMAIL: 'ops@example.org',
        ADMIN_PASSWORD: 'a-long-enough-password',
        // Production refuses to start without a mail server; nothing is sent here.
        SMTP_URL: 'smtp://127.0.0.1:2525',
      },
    });
    try {
      const token = (await signIn(production)).token;
      const response = await staffClient(production.app, token)('GET', '/api/sc/get/testing_route');
      expect(response.statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});

describe('the console page policy', () => {
  it('lets the console load Google Identity Services, and only the console', async () => {
    const page = await t.app.inject({ url: '/scadmin/create' });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://accounts.google.com/gsi/client");
    expect(csp).toContain('frame-src https://accounts.google.com/gsi/');
    expect(csp).toContain("frame-ancestors 'none'");
    const form = await t.app.inject({ url: '/form/abc' });
    expect(String(form.headers['content-security-policy'])).not.toContain('accounts.google.com');
    const api = await t.app.inject({ url: '/api/health' });
    expect(String(api.headers['content-security-policy'])).not.toContain('accounts.google.com');
  });
});
