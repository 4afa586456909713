import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLinkExpired } from '../../../api/src/modules/registration/organization-link.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { createOrganization, isoDay, randomAddress } from './fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const orgInfo = (
  hash: string,
  headers: Record<string, string> = {},
  remoteAddress = randomAddress(),
) => t.app.inject({ url: `/api/tr/get/orginfo/${hash}`, headers, remoteAddress });

describe('GET /api/tr/get/orginfo/{hash}', () => {
  it('answers VALID URL with the form settings and only the enabled agencies', async () => {
    const organization = await createOrganization(t.app.orm.em.fork(), {
      requiredCertifications: 2,
      agencies: ['AWWA', 'ASSE'],
    });
    const response = await orgInfo(organization.hash);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.code).toBe('VALID URL');
    expect(body.message.orgInfo).toMatchObject({
      org_name: organization.name,
      org_banner: 'Have your documents ready.',
      number_of_certs: 2,
      homePageBanner: 'Welcome, testers.',
    });
    const certs = body.message.orgInfo.org_associated_certs;
    expect(
      Object.values(certs)
        .map((entry) => (entry as { agency: string }).agency)
        .sort(),
    ).toEqual(['ASSE', 'AWWA']);
    expect(certs).toEqual(
      Object.fromEntries(
        Object.entries(organization.agencies).map(([id, agency]) => [
          id,
          { agency: agency.name, associatedTypes: agency.types },
        ]),
      ),
    );
    const asse = Object.values(certs).find(
      (entry) => (entry as { agency: string }).agency === 'ASSE',
    );
    expect(Object.values((asse as { associatedTypes: object }).associatedTypes)).toHaveLength(3);
  });

  it('answers ORG URL INVALID (404) for an unknown or malformed hash', async () => {
    for (const hash of ['no-such-hash-AbCdEf0123456789', 'a'.repeat(65), '%27%20or%201%3D1']) {
      const response = await orgInfo(hash);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        code: 'ORG URL INVALID',
        message:
          'The link you are attempting to access does not exist. Please ensure you have copied it correctly.',
      });
    }
  });

  it('stays valid through its allowed-until day and answers ORG URL EXPIRED (410) after', async () => {
    const em = t.app.orm.em.fork();
    const today = await createOrganization(em, { allowedUntil: isoDay(0) });
    expect((await orgInfo(today.hash)).json().code).toBe('VALID URL');
    const yesterday = await createOrganization(em, { allowedUntil: isoDay(-1) });
    const response = await orgInfo(yesterday.hash);
    expect(response.statusCode).toBe(410);
    expect(response.json()).toEqual({
      code: 'ORG URL EXPIRED',
      message:
        'The registration form you are attempting to access is no longer available. Please reach out to the organization you received this link from if you believe this is an error.',
    });
  });

  it("reads allowed-until as a day of the program's time zone (New York)", () => {
    const lateEvening = new Date('2030-07-01T03:59:59Z');
    const nextMorning = new Date('2030-07-01T04:00:00Z');
    expect(isLinkExpired('2030-06-30', lateEvening)).toBe(false);
    expect(isLinkExpired('2030-06-30', nextMorning)).toBe(true);
  });

  it('rate-limits lookups per client address, ignoring a spoofed X-Forwarded-For', async () => {
    const address = randomAddress();
    const statuses: number[] = [];
    for (let i = 0; i <= t.config.rateLimits.orgInfoPerMinute; i++) {
      const response = await orgInfo(
        'unknown-hash-for-rate-limit',
        { 'x-forwarded-for': `192.0.2.${i % 250}` },
        address,
      );
      statuses.push(response.statusCode);
    }
    expect(
      statuses.slice(0, t.config.rateLimits.orgInfoPerMinute).every((status) => status === 404),
    ).toBe(true);
    const limited = await orgInfo('unknown-hash-for-rate-limit', {}, address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE LIMITED');
    // Another client is unaffected.
    expect((await orgInfo('unknown-hash-for-rate-limit')).statusCode).toBe(404);
  });

  it('takes its limits from the configuration', async () => {
    const strict = await createTestApp({
      env: { RATE_LIMIT_ORGINFO_PER_MINUTE: '2', RATE_LIMIT_UPLOADS_PER_MINUTE: '1' },
    });
    try {
      const lookup = () =>
        strict.app.inject({ url: '/api/tr/get/orginfo/unknown', remoteAddress: '10.9.9.9' });
      expect([(await lookup()).statusCode, (await lookup()).statusCode]).toEqual([404, 404]);
      expect((await lookup()).statusCode).toBe(429);
      const upload = () =>
        strict.app.inject({
          method: 'POST',
          url: '/api/uploads/docUpload',
          remoteAddress: '10.9.9.9',
        });
      expect((await upload()).statusCode).not.toBe(429);
      expect((await upload()).statusCode).toBe(429);
    } finally {
      await strict.close();
    }
  });
});

describe('CORS', () => {
  it('lets any origin call the public API, without credentials', async () => {
    const response = await orgInfo('whatever-hash', { origin: 'https://city.example.gov' });
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();

    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/tr/submit/all',
      headers: {
        origin: 'https://city.example.gov',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, idempotency-key',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(String(preflight.headers['access-control-allow-headers']).toLowerCase()).toContain(
      'idempotency-key',
    );

    const uploadPreflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/uploads/docUpload',
      headers: { origin: 'https://city.example.gov', 'access-control-request-method': 'POST' },
    });
    expect(uploadPreflight.statusCode).toBe(204);
    expect(uploadPreflight.headers['access-control-allow-origin']).toBe('*');
  });

  it('sends no CORS headers outside /api/tr and /api/uploads', async () => {
    for (const url of ['/api/health', '/api/sc/get/verify_auth', '/']) {
      const response = await t.app.inject({ url, headers: { origin: 'https://evil.example' } });
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
    }
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/sc/get/verify_auth',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });
});
