import { readdir } from 'node:fs/promises';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acceptedCertification,
  companyInput,
  createOrganization,
  multipartBody,
  type OrganizationFixture,
  person,
  randomAddress,
  uploadedLink,
} from '../api/registration/fixtures.js';
import { createStaff, localGoogleKeys } from '../api/staff/helpers.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

// Every public endpoint, 1,000 generated bodies each: wrong types, huge strings, deep nesting,
// unicode, __proto__ / constructor keys, missing and extra fields, lists past their limits.
// Never a 5xx, never a write, and Object.prototype untouched.

const RUNS = 1_000;
let t: TestApp;
let organization: OrganizationFixture;
let documentLink: string;
const google = localGoogleKeys();
const prototypeBefore = Object.getOwnPropertyNames(Object.prototype).sort();

beforeAll(async () => {
  t = await createTestApp({
    env: { GOOGLE_CLIENT_ID: 'fuzz.apps.googleusercontent.com', LOG_LEVEL: 'warn' },
    setup(app) {
      app.staffAuth.googleKeys = google.provider;
    },
  });
  organization = await createOrganization(t.app.orm.em.fork());
  documentLink = await uploadedLink(t.app, organization.hash);
  await createStaff(t.app, { email: 'fuzz-staff@example.org', password: 'fuzz-password-123' });
});
afterAll(() => t.close());

/**
 * A digest of every row of every table, and the files under the uploads folder. The sign-in
 * calls record each refused attempt in the audit log (as they must): their runs digest the audit
 * log apart, through `auditedSince`.
 */
async function everything(options: { withAuditLog?: boolean } = {}): Promise<string> {
  const connection = t.app.orm.em.fork().getConnection();
  const tables = (
    await connection.execute<{ name: string }[]>(
      `select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
    )
  ).filter(({ name }) => options.withAuditLog !== false || name !== 'audit_log');
  const digests: string[] = [];
  for (const { name } of tables) {
    const [row] = await connection.execute<{ digest: string | null }[]>(
      `select md5(string_agg(t::text, '|' order by t::text)) as digest from "${name}" t`,
    );
    digests.push(`${name}:${row?.digest ?? 'empty'}`);
  }
  const files = await readdir(t.config.uploadsDir, { recursive: true }).catch(() => []);
  return `${digests.join('\n')}\nfiles:${files.sort().join(',')}`;
}

// ---- generated values ----

const hostileStrings = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 3, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      '\u0000',
      '\ud800',
      '\uffff',
      '\u202e',
      '<script>alert(1)</script>',
      "' or 1=1 --",
      '"; drop table users; --',
      '../../../etc/passwd',
      '=cmd|" /C calc"!A0',
      '%00',
      '$'.repeat(300),
      'admin',
      'tester',
      'a@b.co',
      '2030-06-30',
      '99999',
      'NaN',
      'null',
    ),
  },
  { weight: 1, arbitrary: fc.nat({ max: 300_000 }).map((size) => 'x'.repeat(size)) },
);
const leaves = fc.oneof(
  { weight: 5, arbitrary: hostileStrings },
  { weight: 2, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.constantFrom(1e308, -0, Number.MAX_SAFE_INTEGER + 2, 2 ** 31) },
);
const DANGEROUS_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'];
const fieldNames = [
  'userType',
  'companyInfo',
  'adminInfo',
  'testerInfo',
  'testKitInfo',
  'userInfo',
  'hashValue',
  'companyID',
  'companyName',
  'userEmail',
  'userCerts',
  'certDocLink',
  'kitCalibDocLink',
  'email',
  'password',
  'token',
];
const keys = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom(...DANGEROUS_KEYS, ...fieldNames),
);
const { value: jsonValues } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaves,
    fc.array(tie('value'), { maxLength: 12 }),
    fc.dictionary(keys, tie('value'), { maxKeys: 8 }),
  ),
}));

/** JSON text with keys the JSON encoder would otherwise drop or turn into prototypes. */
const withDangerousKeys = fc
  .tuple(fc.constantFrom(...DANGEROUS_KEYS), jsonValues, fc.constantFrom(...fieldNames), jsonValues)
  .map(
    ([dangerous, inner, field, value]) =>
      `{"${dangerous}":{"polluted":"yes","prototype":{"polluted":"yes"},"x":${JSON.stringify(inner) ?? 'null'}},"${field}":${JSON.stringify(value) ?? 'null'}}`,
  );
const deeplyNested = fc
  .tuple(fc.integer({ min: 100, max: 200_000 }), fc.constantFrom('[', '{"a":'))
  .map(([depth, open]) => {
    const close = open === '[' ? ']' : '}';
    return `${open.repeat(depth)}1${close.repeat(depth)}`;
  });

/** A valid body for the endpoint with one change: a field removed, replaced, or added. */
function mutated(valid: () => Record<string, unknown>) {
  return fc
    .tuple(fc.nat(), fc.nat(), fc.constantFrom('remove', 'replace', 'add', 'grow'), jsonValues)
    .map(([pathPick, keyPick, action, junk]) => {
      const body = valid();
      // Walk down a few levels to a random container.
      let target: Record<string, unknown> | unknown[] = body;
      for (let depth = 0; depth < 3; depth++) {
        const entries = Object.keys(target);
        const next = (target as Record<string, unknown>)[
          entries[(pathPick >> (depth * 3)) % Math.max(1, entries.length)] ?? ''
        ];
        if (!next || typeof next !== 'object') break;
        target = next as Record<string, unknown>;
      }
      const entries = Object.keys(target);
      const key = entries[keyPick % Math.max(1, entries.length)] ?? 'extra';
      if (action === 'remove') delete (target as Record<string, unknown>)[key];
      if (action === 'replace') (target as Record<string, unknown>)[key] = junk;
      if (action === 'add') (target as Record<string, unknown>)[`extra${keyPick % 5}`] = junk;
      if (action === 'grow' && Array.isArray(target)) {
        const first = target[0];
        for (let i = 0; i < 11 + (keyPick % 40); i++) target.push(first);
      }
      return JSON.stringify(body);
    });
}

function bodies(valid: () => Record<string, unknown>) {
  return fc.oneof(
    { weight: 4, arbitrary: mutated(valid) },
    { weight: 3, arbitrary: jsonValues.map((value) => JSON.stringify(value) ?? 'null') },
    { weight: 2, arbitrary: withDangerousKeys },
    { weight: 1, arbitrary: deeplyNested },
    { weight: 1, arbitrary: fc.string({ maxLength: 50 }) },
  );
}

// Valid bodies the mutations start from.
const admin = () => ({ ...person(), userType: 'admin' });
const tester = () => ({
  ...person(),
  userType: 'tester',
  userCerts: [
    {
      certNum: 'C-1',
      certExp: '2030-06-30',
      ...acceptedCertification(organization),
      certDocLink: documentLink,
    },
  ],
});
const kit = () => ({
  kitSerial: 'SN-1',
  kitMfr: 'Watts',
  kitModel: 'TK',
  kitCalibDate: '2025-04-01',
  kitCalibDocLink: documentLink,
});
// Submits carry three people under one email, so even a mutation that leaves every field
// valid (another email for one of them, one of them removed) still leaves two sharing it: the
// submit is refused (FINAL ERRORS) and nothing is written.
const sharedEmail = 'fuzz-duplicate@example.com';
const POST_ENDPOINTS: [string, () => Record<string, unknown>][] = [
  ['/api/tr/validate/usertype', () => ({ userType: 'tester' })],
  ['/api/tr/validate/company', () => ({ companyInfo: [companyInput()] })],
  ['/api/tr/validate/admins', () => ({ adminInfo: [admin(), admin()] })],
  ['/api/tr/validate/testers', () => ({ hashValue: organization.hash, testerInfo: [tester()] })],
  ['/api/tr/validate/testkits', () => ({ testKitInfo: [kit()] })],
  [
    '/api/tr/submit/all',
    () => ({
      hashValue: organization.hash,
      companyInfo: [companyInput()],
      userInfo: [
        { ...admin(), userEmail: sharedEmail },
        { ...tester(), userEmail: sharedEmail.toUpperCase() },
        { ...tester(), userEmail: sharedEmail },
      ],
      testKitInfo: [kit()],
    }),
  ],
  [
    '/api/sc/session/login',
    () => ({ email: 'fuzz-staff@example.org', password: 'wrong-password' }),
  ],
  [
    '/api/sc/session/google-login',
    () => ({
      token: google.sign({
        iss: 'https://accounts.google.com',
        aud: 'someone-else',
        sub: 'x',
        email: 'x@swiftcomply.com',
        email_verified: true,
        exp: Math.floor(Date.now() / 1000) + 600,
      }),
    }),
  ],
];

/** The containers (objects and lists) of a body, with where each sits (`userInfo[0].userCerts`). */
function containers(value: unknown, field = ''): { field: string; value: object }[] {
  if (value === null || typeof value !== 'object') return [];
  const inner = Object.entries(value).flatMap(([key, item]) =>
    containers(item, Array.isArray(value) ? `${field}[${key}]` : field ? `${field}.${key}` : key),
  );
  return [{ field, value }, ...inner];
}

/**
 * A valid body with one of its containers, at about the given depth, turned into the other kind:
 * a list into an object keyed by position, an object into the list of its values.
 */
function withContainerSwapped(body: Record<string, unknown>, pick: number, depth: number) {
  const all = containers(body);
  const deepest = Math.max(...all.map(({ field }) => field.split(/[.[]/).length));
  const near = all.filter(({ field }) => field.split(/[.[]/).length >= Math.min(depth, deepest));
  const chosen = near[pick % near.length] ?? { field: '', value: body };
  const swapped = Array.isArray(chosen.value)
    ? Object.fromEntries(chosen.value.entries())
    : Object.values(chosen.value);
  if (!chosen.field) return { body: swapped, field: '' };
  const path = chosen.field.match(/[^.[\]]+/g) ?? [];
  let parent: Record<string, unknown> = body;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string, unknown>;
  parent[path[path.length - 1] ?? ''] = swapped;
  return { body, field: chosen.field.replaceAll('[', '\\[').replaceAll(']', '\\]') };
}

/** Every UTF-8 byte percent-encoded (encodeURIComponent refuses lone surrogates). */
const percentEncoded = (text: string) =>
  [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');

const answers = new Map<string, Map<number, number>>();
function record(endpoint: string, status: number) {
  const counts = answers.get(endpoint) ?? new Map<number, number>();
  counts.set(status, (counts.get(status) ?? 0) + 1);
  answers.set(endpoint, counts);
}

/** The actions the audit log gained since the entry with this id. */
async function auditedSince(lastId: number): Promise<string[]> {
  const rows = await t.app.orm.em
    .fork()
    .getConnection()
    .execute<{ action: string }[]>('select distinct action from audit_log where id > ?', [lastId]);
  return rows.map((row) => row.action);
}

const lastAuditId = async () =>
  Number(
    (
      await t.app.orm.em
        .fork()
        .getConnection()
        .execute<{ id: number | null }[]>('select max(id) as id from audit_log')
    )[0]?.id ?? 0,
  );

async function expectUntouched(
  before: string,
  run: () => Promise<void>,
  options: { withAuditLog?: boolean } = {},
) {
  await run();
  expect(await everything(options)).toBe(before);
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeBefore);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
}

describe('fuzzing the public endpoints', () => {
  it.each(POST_ENDPOINTS)(
    'POST %s: 1,000 generated bodies, no 5xx, no write',
    async (url, valid) => {
      // A sign-in call writes only the audit log's record of a refused attempt.
      const signIn = url.startsWith('/api/sc/session/');
      const audit = { withAuditLog: !signIn };
      const before = await everything(audit);
      const auditFrom = await lastAuditId();
      await expectUntouched(
        before,
        () =>
          fc.assert(
            fc.asyncProperty(bodies(valid), async (payload) => {
              const response = await t.app.inject({
                method: 'POST',
                url,
                remoteAddress: randomAddress(),
                headers: { 'content-type': 'application/json' },
                payload,
              });
              record(url, response.statusCode);
              expect(response.statusCode, response.body).toBeLessThan(500);
              // Answers are the documented JSON; the calls that act (submit, sign-in) refuse.
              expect(typeof response.json().code === 'string' || 'message' in response.json()).toBe(
                true,
              );
              if (!url.includes('/validate/')) expect(response.statusCode).not.toBe(200);
            }),
            { numRuns: RUNS, endOnFailure: true },
          ),
        audit,
      );
      const audited = await auditedSince(auditFrom);
      expect(audited.every((action) => action === 'sign_in_failed')).toBe(true);
      if (!signIn) expect(audited).toEqual([]);
    },
  );

  it.each(POST_ENDPOINTS.filter(([url]) => url.startsWith('/api/tr/')))(
    'POST %s: a list where an object belongs, or an object where a list belongs, is a 400 naming the field',
    async (url, valid) => {
      const before = await everything();
      await expectUntouched(before, () =>
        fc.assert(
          fc.asyncProperty(fc.nat(), fc.nat({ max: 4 }), async (pick, depth) => {
            const { body, field } = withContainerSwapped(valid(), pick, depth);
            const response = await t.app.inject({
              method: 'POST',
              url,
              remoteAddress: randomAddress(),
              headers: { 'content-type': 'application/json' },
              payload: JSON.stringify(body),
            });
            record(`${url} (shape)`, response.statusCode);
            expect(response.statusCode, response.body).toBe(400);
            expect(response.json().code).toBe('BAD REQUEST');
            expect(response.json().message).toMatch(
              new RegExp(
                field
                  ? `not shaped as expected: ${field} must be (an object|a list)\\.$`
                  : 'must be a JSON object',
              ),
            );
          }),
          { numRuns: RUNS, endOnFailure: true },
        ),
      );
    },
  );

  it('GET /api/tr/get/orginfo/{hash}: 1,000 generated hashes, no 5xx, no write', async () => {
    const before = await everything();
    await expectUntouched(before, () =>
      fc.assert(
        fc.asyncProperty(hostileStrings, async (hash) => {
          const response = await t.app.inject({
            url: `/api/tr/get/orginfo/${percentEncoded(hash)}`,
            remoteAddress: randomAddress(),
          });
          record('orginfo', response.statusCode);
          expect(response.statusCode, response.body).toBeLessThan(500);
          if (hash !== organization.hash) expect(response.statusCode).not.toBe(200);
        }),
        { numRuns: RUNS, endOnFailure: true },
      ),
    );
  });

  it('POST /api/uploads/docUpload: 1,000 generated multipart bodies, no 5xx, nothing kept', async () => {
    const before = await everything();
    const content = fc.oneof(
      fc
        .uint8Array({ maxLength: 5_000 })
        .map((bytes) => Buffer.concat([Buffer.from('junk'), bytes])),
      fc.constantFrom(
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        Buffer.from('<!doctype html><script>alert(1)</script>'),
        Buffer.concat([Buffer.from('MZ'), Buffer.alloc(300, 0x90)]),
        Buffer.from('\x7fELF\x02\x01\x01'),
        Buffer.alloc(0),
      ),
    );
    const filename = fc.oneof(
      hostileStrings.map((name) => name.replace(/["\r\n]/g, '')),
      fc.constantFrom('../../../../etc/passwd', 'a\u0000.pdf', '..\\..\\boot.ini', 'x.pdf.exe'),
    );
    const hash = fc.oneof(
      fc.constant(organization.hash),
      hostileStrings.map((text) => text.replace(/[\r\n]/g, '')),
    );
    const parts = fc.tuple(
      hash,
      filename,
      content,
      fc.constantFrom('file', 'files', 'orgHash', ''),
      fc.nat({ max: 2 }),
      fc.boolean(),
    );
    await expectUntouched(before, () =>
      fc.assert(
        fc.asyncProperty(
          parts,
          async ([orgHash, name, bytes, fieldName, extraFiles, hashFirst]) => {
            const file = { name: fieldName, filename: name, content: bytes };
            const list = [
              ...(hashFirst ? [{ name: 'orgHash', value: orgHash }] : []),
              file,
              ...Array.from({ length: extraFiles }, () => ({ ...file, name: 'file' })),
              ...(hashFirst ? [] : [{ name: 'orgHash', value: orgHash }]),
            ];
            const body = multipartBody(list);
            const response = await t.app.inject({
              method: 'POST',
              url: '/api/uploads/docUpload',
              remoteAddress: randomAddress(),
              headers: body.headers,
              payload: body.payload,
            });
            record('docUpload', response.statusCode);
            expect(response.statusCode, response.body).toBeLessThan(500);
            expect(response.statusCode, response.body).not.toBe(200);
          },
        ),
        { numRuns: RUNS, endOnFailure: true },
      ),
    );
  });

  it('answered the fuzz with refusals (the mix of statuses)', () => {
    const table = Object.fromEntries(
      [...answers].map(([endpoint, counts]) => [endpoint, Object.fromEntries(counts)]),
    );
    console.info(`fuzz answers by endpoint and status: ${JSON.stringify(table)}`);
    for (const counts of answers.values()) {
      expect([...counts.values()].reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(
        RUNS,
      );
    }
  });
});
