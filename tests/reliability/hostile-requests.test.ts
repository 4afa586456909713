import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Document } from '../../api/src/db/entities/index.js';
import {
  acceptedCertification,
  companyInput,
  createOrganization,
  email,
  JPEG,
  type OrganizationFixture,
  PDF,
  PNG,
  person,
  submit,
  upload,
  uploadedLink,
} from '../api/registration/fixtures.js';
import { bearer, localGoogleKeys, signIn } from '../api/staff/helpers.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { type SmtpReceiver, startSmtpReceiver } from '../helpers/smtp.js';
import { parseCsv, unzip } from '../helpers/streams.js';

// Hostile requests the API-level suites do not already cover (docs/RELIABILITY.md lists those):
// disguised and oddly named uploads, tokens carried to the wrong interface, security headers on
// error answers, and formula characters in every exported and emailed report.

const GOOGLE_CLIENT_ID = 'hostile-test.apps.googleusercontent.com';
const LEAKED_EMAIL = 'leaked.person@example.com';
let t: TestApp;
let smtp: SmtpReceiver;
let organization: OrganizationFixture;
let staffToken: string;
const google = localGoogleKeys();

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  t = await createTestApp({
    env: { SMTP_URL: smtp.url, GOOGLE_CLIENT_ID, STAFF_EMAIL_DOMAIN: 'staff.example' },
    setup(app) {
      app.staffAuth.googleKeys = google.provider;
      app.get('/api/test/crash', async () => {
        throw new Error('a deliberate failure');
      });
      // What knex throws when PostgreSQL drops a connection mid-statement.
      app.get('/api/test/lost-connection', async () => {
        throw new Error(
          `insert into "users" ("email") values ('${LEAKED_EMAIL}') - Client has encountered a connection error and is not queryable`,
        );
      });
    },
  });
  organization = await createOrganization(t.app.orm.em.fork());
  staffToken = (await signIn(t)).token;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

async function storedFiles(): Promise<string[]> {
  const entries = await readdir(t.config.uploadsDir, { recursive: true }).catch(() => []);
  return entries.map(String).sort();
}
const documentCount = () => t.app.orm.em.fork().count(Document, {});

describe('disguised and oddly named uploads', () => {
  const SVG = Buffer.from(
    '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
  );
  const HTML = Buffer.from('<!doctype html><html><body onload="alert(1)"></body></html>');
  const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(512, 0x90)]);
  const ELF = Buffer.concat([
    Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01]),
    Buffer.alloc(64),
  ]);

  it.each([
    ['an SVG with a script', 'photo.jpg', 'image/jpeg', SVG],
    ['an SVG with a script', 'certificate.pdf', 'application/pdf', SVG],
    ['an HTML page', 'photo.jpg', 'image/jpeg', HTML],
    ['a Windows executable', 'scan.jpg', 'image/jpeg', EXE],
    ['a Linux executable', 'scan.pdf', 'application/pdf', ELF],
  ])(
    'refuses %s renamed %s with its message and keeps nothing',
    async (_kind, filename, mime, content) => {
      const [filesBefore, rowsBefore] = [await storedFiles(), await documentCount()];
      const response = await upload(t.app, organization.hash, {
        content,
        filename,
        contentType: mime,
      });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({
        code: 'UNSUPPORTED MEDIA TYPE',
        message: 'File type not supported.',
      });
      expect(await storedFiles()).toEqual(filesBefore);
      expect(await documentCount()).toBe(rowsBefore);
    },
  );

  it('refuses PNG bytes named .pdf (the name contradicts the content) and keeps nothing', async () => {
    const filesBefore = await storedFiles();
    const response = await upload(t.app, organization.hash, {
      content: PNG,
      filename: 'certificate.pdf',
      contentType: 'application/pdf',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBe('File type not supported.');
    expect(await storedFiles()).toEqual(filesBefore);
  });

  it('serves a stored PNG as image/png with nosniff', async () => {
    const response = await upload(t.app, organization.hash, {
      content: PNG,
      filename: 'certificate.png',
    });
    expect(response.statusCode).toBe(200);
    const document = await t.app.orm.em
      .fork()
      .findOneOrFail(Document, { id: response.json().message.url });
    expect(document.contentType).toBe('image/png');
    const download = await t.app.inject({
      url: `/api/documents/${document.id}`,
      headers: bearer(staffToken),
    });
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
  });

  it.each([
    ['../../../../etc/cron.d/evil.jpg', 'evil.jpg'],
    ['..\\..\\windows\\system32\\evil.jpeg', 'evil.jpeg'],
    ['evil\u0000.jpg', 'evil.jpg'],
    ['/absolute/path/evil', 'evil'],
  ])('stores %j under a server-made name, keeping only a clean label', async (filename, label) => {
    const response = await upload(t.app, organization.hash, { content: JPEG, filename });
    expect(response.statusCode).toBe(200);
    const document = await t.app.orm.em
      .fork()
      .findOneOrFail(Document, { id: response.json().message.url });
    expect(document.originalName).toBe(label);
    expect(document.storageKey).toMatch(/^[0-9a-f-]{36}$/);
    // Every stored file is inside the uploads folder, named by the server.
    for (const entry of await storedFiles()) {
      expect(path.basename(entry)).toMatch(/^([0-9a-f]{2}|[0-9a-f-]{36})$/);
    }
  });

  it('accepts a PDF and a JPEG named for what they are (the control case)', async () => {
    for (const [content, filename] of [
      [PDF, 'c.pdf'],
      [JPEG, 'c.jpg'],
    ] as const) {
      expect((await upload(t.app, organization.hash, { content, filename })).statusCode).toBe(200);
    }
  });
});

describe('tokens carried to an interface they were not issued for', () => {
  const googleClaims = (audience = GOOGLE_CLIENT_ID) => ({
    iss: 'https://accounts.google.com',
    aud: audience,
    sub: 'google-subject-1',
    email: 'someone@staff.example',
    email_verified: true,
    hd: 'staff.example',
    iat: Math.floor(Date.now() / 1000) - 10,
    exp: Math.floor(Date.now() / 1000) + 600,
  });
  const verify = (headers: Record<string, string>, url = '/api/sc/get/verify_auth') =>
    t.app.inject({ url, headers });

  it('refuses a valid Google ID token used as a console bearer token', async () => {
    const response = await verify(bearer(google.sign(googleClaims())));
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('INVALID');
  });

  it('refuses a console token offered to Google sign-in', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/sc/session/google-login',
      payload: { token: staffToken },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().verified).toBeUndefined();
  });

  it('reads the console token only from the Authorization header', async () => {
    const elsewhere: Record<string, string>[] = [
      { cookie: `authToken=${staffToken}` },
      { 'x-auth-token': staffToken },
      { authorization: staffToken },
      { authorization: `Basic ${staffToken}` },
    ];
    for (const headers of elsewhere) {
      expect((await verify(headers)).statusCode).toBe(401);
    }
    const query = await t.app.inject({
      url: `/api/admin/users?token=${staffToken}&access_token=${staffToken}`,
    });
    expect(query.statusCode).toBe(401);
    expect((await verify(bearer(staffToken))).statusCode).toBe(200);
  });

  it('grants nothing extra on the public interface to a request carrying a console token', async () => {
    const response = await t.app.inject({
      url: '/api/tr/get/orginfo/not-a-real-hash',
      headers: bearer(staffToken),
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
  });
});

describe('security headers on error answers', () => {
  const requests: [string, InjectOptions, number][] = [
    ['404', { url: '/api/nothing-here' }, 404],
    ['401', { url: '/api/admin/users' }, 401],
    [
      '400',
      {
        method: 'POST',
        url: '/api/tr/validate/usertype',
        payload: '[1]',
        headers: { 'content-type': 'application/json' },
      },
      400,
    ],
    [
      '413',
      {
        method: 'POST',
        url: '/api/tr/validate/company',
        payload: `{"x":"${'a'.repeat(1_100_000)}"}`,
        headers: { 'content-type': 'application/json' },
      },
      413,
    ],
    ['415', { method: 'POST', url: '/api/uploads/docUpload', payload: { x: 1 } }, 415],
    ['500', { url: '/api/test/crash' }, 500],
  ];

  it.each(requests)('sends them on a %s', async (_label, request, status) => {
    const response = await t.app.inject(request);
    expect(response.statusCode).toBe(status);
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    const scripts = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
    expect(scripts).toBe("'self'");
    expect(response.json().code).toEqual(expect.any(String));
    expect(response.body).not.toContain('deliberate');
  });

  it('answers a connection lost mid-statement with 503, logging neither the SQL nor its values', async () => {
    const response = await t.app.inject({ url: '/api/test/lost-connection' });
    expect(response.statusCode).toBe(503);
    expect(response.json().code).toBe('SERVICE UNAVAILABLE');
    const requestId = response.headers['x-request-id'];
    const logged = t.logs.filter((line) => line.requestId === requestId);
    expect(logged.length).toBeGreaterThan(0);
    expect(JSON.stringify(logged)).not.toMatch(/leaked\.person|insert into/);
  });

  it('sends HSTS on error answers too when served over https', async () => {
    const secure = await createTestApp({
      env: { PUBLIC_URL: 'https://backflow.example.org' },
      setup(app) {
        app.get('/api/test/crash', async () => {
          throw new Error('a deliberate failure');
        });
      },
    });
    try {
      for (const [, request, status] of requests.filter(([label]) => label !== '401')) {
        const response = await secure.app.inject(request);
        expect(response.statusCode).toBe(status);
        expect(response.headers['strict-transport-security']).toContain('max-age=31536000');
      }
    } finally {
      await secure.close();
    }
  });

  it('answers no CORS preflight for the console API from a foreign origin, whatever the method', async () => {
    for (const url of [
      '/api/admin/users',
      '/api/sc/get/users_list',
      '/api/documents/x',
      '/api/sc/session/login',
    ]) {
      for (const method of ['GET', 'POST', 'PUT', 'DELETE']) {
        const response = await t.app.inject({
          method: 'OPTIONS',
          url,
          headers: {
            origin: 'https://evil.example',
            'access-control-request-method': method,
            'access-control-request-headers': 'authorization',
          },
        });
        expect(response.headers['access-control-allow-origin'], `${method} ${url}`).toBeUndefined();
        expect(response.headers['access-control-allow-headers']).toBeUndefined();
      }
    }
  });
});

describe('formula characters in exported and emailed reports', () => {
  const FORMULA_START = /^[=+\-@\t\r]/;
  const risky = {
    company: '=HYPERLINK("http://evil.example","click")',
    address: '+1 Main Street',
    city: '@SUM(A1:A9)',
    firstName: '=1+1',
    lastName: '-2+3',
    phone: '+1 555 0199',
    certNum: '=cmd|" /C calc"!A0',
    kitSerial: '@serial',
    kitMfr: '-Watts',
    kitModel: '+TK',
  };

  beforeAll(async () => {
    const tester = {
      ...person({
        userFirstName: risky.firstName,
        userLastName: risky.lastName,
        userPhone: risky.phone,
        userEmail: email('risky'),
      }),
      userType: 'tester',
      userCerts: [
        {
          certNum: risky.certNum,
          certExp: '2030-06-30',
          ...acceptedCertification(organization),
          certDocLink: await uploadedLink(t.app, organization.hash),
        },
      ],
    };
    const response = await submit(t.app, {
      hashValue: organization.hash,
      companyInfo: [
        companyInput({
          companyName: risky.company,
          companyAddress1: risky.address,
          companyCity: risky.city,
          companyPhone: risky.phone,
        }),
      ],
      userInfo: [
        tester,
        {
          ...person({ userFirstName: '@admin', userEmail: email('risky-admin') }),
          userType: 'admin',
        },
      ],
      testKitInfo: [
        {
          kitSerial: risky.kitSerial,
          kitMfr: risky.kitMfr,
          kitModel: risky.kitModel,
          kitCalibDate: '2025-04-01',
          kitCalibDocLink: await uploadedLink(t.app, organization.hash),
        },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
  });

  const report = (reportType: string, delivery: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/sc/get/get_reports/${organization.id}`,
      headers: bearer(staffToken),
      payload: { range: 'All Time', deliveryMethod: 'Download', reportType, ...delivery },
    });

  function expectNoFormulaCells(rows: Record<string, string>[], what: string) {
    expect(rows.length, what).toBeGreaterThan(0);
    for (const row of rows) {
      for (const [column, cell] of Object.entries(row)) {
        expect(cell, `${what}: ${column}`).not.toMatch(FORMULA_START);
      }
    }
  }

  it.each(['Users', 'Service Providers', 'Test Kits'])(
    'downloads the %s report with every risky cell neutralised',
    async (reportType) => {
      const response = await report(reportType);
      expect(response.statusCode).toBe(200);
      const rows = parseCsv(response.rawPayload);
      expectNoFormulaCells(rows, reportType);
      // The values are all there, only made inert.
      expect(response.body).toContain("'=HYPERLINK");
    },
  );

  it('neutralises every CSV inside the Implementation Integration Files bundle', async () => {
    const response = await report('Implementation Integration Files');
    expect(response.statusCode).toBe(200);
    const entries = await unzip(response.rawPayload);
    const csvs = [...entries].filter(([name]) => name.endsWith('.csv'));
    expect(csvs.length).toBe(3);
    for (const [name, bytes] of csvs) expectNoFormulaCells(parseCsv(bytes), name);
  });

  it('neutralises the CSV attached to an emailed report', async () => {
    const before = smtp.messages.length;
    for (const reportType of ['Users', 'Test Kits']) {
      const response = await report(reportType, {
        deliveryMethod: 'Email',
        recipientEmail: 'inspector@city.example.gov',
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    await t.app.outbox.deliver();
    await smtp.waitForMessages(before + 2);
    const messages = smtp.messages
      .slice(before)
      .filter((message) => JSON.stringify(message.to).includes('inspector@city.example.gov'));
    expect(messages).toHaveLength(2);
    for (const message of messages) {
      const attachment = message.attachments.find((each) => each.filename?.endsWith('.csv'));
      expect(attachment, message.subject).toBeDefined();
      expectNoFormulaCells(parseCsv(attachment?.content as Buffer), String(attachment?.filename));
    }
  });
});
