import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInProgramZone } from '../../../shared/program-zone.js';
import { expiryStatus } from '../../../shared/reminders.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { signIn } from '../staff/helpers.js';
import { apiGet, makeKey, organizationData, syncAll } from './helpers.js';

// The read API at /api/v1: what each resource answers, problem+json errors, limits and cursors.

let t: TestApp;
let adminToken: string;
let a: Awaited<ReturnType<typeof organizationData>>;
let b: Awaited<ReturnType<typeof organizationData>>;
let allKey: string;
let keyA: string;
beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await signIn(t, 'administrator')).token;
  a = await organizationData(t);
  b = await organizationData(t);
  allKey = (await makeKey(t, adminToken)).secret;
  keyA = (await makeKey(t, adminToken, { organization_id: a.organization.id })).secret;
});
afterAll(() => t.close());

const PROBLEM = {
  type: expect.stringMatching(/^urn:backflow:problem:/),
  title: expect.any(String),
  status: expect.any(Number),
  detail: expect.any(String),
  code: expect.any(String),
};

function expectProblem(response: Awaited<ReturnType<typeof apiGet>>, status: number, code: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json(;|$)/);
  expect(response.json()).toEqual({ ...PROBLEM, status, code });
}

describe('the read API', () => {
  it('answers each resource in snake_case with ISO dates and numeric ids', async () => {
    const person = (await apiGet(t, allKey, `/api/v1/people/${a.user.id}`)).json();
    expect(person).toEqual({
      id: a.user.id,
      first_name: a.user.firstName,
      last_name: a.user.lastName,
      email: a.user.email,
      phone: a.user.phone,
      user_type: 'tester',
      updated_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/),
    });
    const registration = (
      await apiGet(t, allKey, `/api/v1/registrations/${a.registration.id}`)
    ).json();
    expect(registration).toMatchObject({
      id: a.registration.id,
      person_id: a.user.id,
      organization_id: a.organization.id,
      company_id: a.company.id,
      user_type: 'tester',
      review_state: 'pending',
      standing: 'active',
      enrolled: false,
      submitted_at: expect.stringMatching(/Z$/),
      reviewed_at: null,
      approved_on: null,
      valid_through: null,
    });
    const certification = (
      await apiGet(t, allKey, `/api/v1/certifications/${a.certification.id}`)
    ).json();
    expect(certification).toMatchObject({
      person_id: a.user.id,
      registration_id: a.registration.id,
      agency: 'ABPA',
      type: 'Tester',
      expires_on: '2030-01-01',
      status: 'valid',
      review_decision: 'pending',
      document_id: a.certificate.document.id,
    });
    const kit = (await apiGet(t, allKey, `/api/v1/test-kits/${a.kit.id}`)).json();
    expect(kit).toMatchObject({
      company_id: a.company.id,
      organization_id: a.organization.id,
      manufacturer: 'Watts',
      model: 'TK-99',
      serial: a.kit.serial,
      calibrated_on: '2026-06-01',
      calibration_due_on: '2027-06-01',
      retired: false,
      document_id: a.calibration.document.id,
    });
    expect(kit.status).toBe(expiryStatus('2027-06-01', todayInProgramZone()).status);
    const organization = (
      await apiGet(t, allKey, `/api/v1/organizations/${a.organization.id}`)
    ).json();
    expect(organization).toMatchObject({
      id: a.organization.id,
      name: a.organization.name,
      status: 'active',
      allowed_until: '2034-12-31',
    });
    const company = (await apiGet(t, allKey, `/api/v1/companies/${a.company.id}`)).json();
    expect(company).toMatchObject({ id: a.company.id, name: a.company.name, state: 'IL' });
    const location = (await apiGet(t, allKey, `/api/v1/locations/${a.location.id}`)).json();
    expect(location).toEqual({
      id: a.location.id,
      organization_id: a.organization.id,
      account_number: a.location.accountNumber,
      name: 'Corner Bakery',
      address1: '12 Main St',
      address2: '',
      city: 'Springfield',
      state: 'IL',
      zip: '62701',
      notes: '',
      contacts: {
        owner: {
          name: 'Rosa Díaz',
          email: 'rosa@example.com',
          phone: '',
          address: '',
          language: 'es',
        },
      },
      updated_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/),
    });
    const assembly = (await apiGet(t, allKey, `/api/v1/assemblies/${a.assembly.id}`)).json();
    expect(assembly).toEqual({
      id: a.assembly.id,
      organization_id: a.organization.id,
      location_id: a.location.id,
      assembly_number: a.assembly.assemblyId,
      serial: 'X1234',
      type: 'RP',
      make: 'Watts',
      model: '009',
      size_inches: 0.75,
      hazard: 'high',
      service: 'domestic',
      placement: '',
      installed_on: '2020-04-01',
      status: 'active',
      replaced_by_id: null,
      last_tested_on: '2026-04-02',
      last_result: 'pass',
      next_due_on: '2027-04-02',
      // Written by the fixture outside the services: no run has decided its status yet.
      compliance_status: null,
      retest_by: null,
      updated_at: expect.stringMatching(/Z$/),
    });
  });

  it('keeps a key of organization A to A in lists, single reads and cursors', async () => {
    const idsOf = (data: typeof a) => ({
      organizations: data.organization.id,
      registrations: data.registration.id,
      people: data.user.id,
      companies: data.company.id,
      certifications: data.certification.id,
      'test-kits': data.kit.id,
      locations: data.location.id,
      assemblies: data.assembly.id,
    });
    const ownIds = idsOf(a);
    const otherIds = idsOf(b);
    for (const [path, id] of Object.entries(ownIds)) {
      const { rows } = await syncAll(t, keyA, `/api/v1/${path}`, { limit: 1 });
      expect(
        rows.map((row) => row.id),
        path,
      ).toEqual([id]);
      expect((await apiGet(t, keyA, `/api/v1/${path}/${id}`)).statusCode, path).toBe(200);
      const other = otherIds[path as keyof typeof otherIds];
      expectProblem(await apiGet(t, keyA, `/api/v1/${path}/${other}`), 404, 'not_found');
      const everything = await syncAll(t, allKey, `/api/v1/${path}`, { limit: 500 });
      expect(everything.rows.map((row) => row.id)).toEqual(expect.arrayContaining([id, other]));

      // A cursor an all-organizations key was given, before both organizations' rows: the key
      // of A still reads only A's.
      const first = (await apiGet(t, allKey, `/api/v1/${path}?limit=1`)).json();
      const fromCursor = await syncAll(t, keyA, `/api/v1/${path}`, { cursor: first.next_cursor });
      expect(fromCursor.rows.every((row) => row.id !== other)).toBe(true);
    }
  });

  it('pages in change order with updated_since inclusive, and keeps a cursor after the last page', async () => {
    const { rows, cursor } = await syncAll(t, allKey, '/api/v1/people', { limit: 1 });
    expect(rows.length).toBeGreaterThanOrEqual(2);
    const order = rows.map((row) => `${row.updated_at} ${String(row.id).padStart(10, '0')}`);
    expect([...order].sort()).toEqual(order);
    expect(cursor).toEqual(expect.any(String));

    const again = (await apiGet(t, allKey, `/api/v1/people?cursor=${cursor}`)).json();
    expect(again).toEqual({ data: [], next_cursor: cursor, has_more: false });

    const last = rows.at(-1) as { updated_at: string; id: number };
    const since = await syncAll(t, allKey, '/api/v1/people', { updatedSince: last.updated_at });
    expect(since.rows.map((row) => row.id)).toEqual([last.id]);
    const offset = last.updated_at.replace('Z', '+00:00');
    const sinceOffset = await syncAll(t, allKey, '/api/v1/people', { updatedSince: offset });
    expect(sinceOffset.rows.map((row) => row.id)).toEqual([last.id]);
  });

  it('answers bad limits, cursors and dates with a 400 problem', async () => {
    for (const query of [
      'limit=0',
      'limit=501',
      'limit=ten',
      'cursor=nonsense!',
      `cursor=${Buffer.from('2026-13-40T00:00:00.000000Z,1').toString('base64url')}`,
      `cursor=${Buffer.from('2026-01-01T00:00:00.000000Z,0').toString('base64url')}`,
      'updated_since=yesterday',
      'updated_since=2026-01-01',
    ]) {
      expectProblem(await apiGet(t, allKey, `/api/v1/people?${query}`), 400, 'bad_request');
    }
    expectProblem(await apiGet(t, allKey, '/api/v1/people/abc'), 400, 'bad_request');
    expect((await apiGet(t, allKey, '/api/v1/people?limit=500')).statusCode).toBe(200);
  });

  it('answers 401 problems for a missing, unknown or malformed key', async () => {
    const missing = await apiGet(t, null, '/api/v1/people');
    expectProblem(missing, 401, 'missing_api_key');
    expect(missing.headers['www-authenticate']).toMatch(/^Bearer/);
    expectProblem(await apiGet(t, 'bfk_live_unknown', '/api/v1/people'), 401, 'invalid_api_key');
    expectProblem(await apiGet(t, 'not-a-key', '/api/v1/people'), 401, 'invalid_api_key');
  });

  it('answers unknown paths under /api/v1 with a 404 problem, and leaves other routes alone', async () => {
    expectProblem(await apiGet(t, allKey, '/api/v1/nothing-here'), 404, 'not_found');
    const staff = await t.app.inject({ url: '/api/admin/api-keys' });
    expect(staff.statusCode).toBe(401);
    expect(staff.headers['content-type']).toMatch(/^application\/json/);
    expect(staff.json()).toHaveProperty('message');
    const elsewhere = await t.app.inject({ url: '/api/nothing-here' });
    expect(elsewhere.json()).toHaveProperty('message');
  });

  it('has no writes', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/people',
      headers: { authorization: `Bearer ${allKey}` },
      payload: {},
    });
    expectProblem(response, 404, 'not_found');
  });
});

describe('limits per key', () => {
  it('answers 429 with Retry-After past the key’s requests a minute, counting per key', async () => {
    const limited = await createTestApp({ env: { API_RATE_LIMIT_PER_MINUTE: '3' } });
    try {
      const token = (await signIn(limited, 'administrator')).token;
      const one = (await makeKey(limited, token)).secret;
      const other = (await makeKey(limited, token)).secret;
      for (let call = 0; call < 3; call++) {
        expect((await apiGet(limited, one, '/api/v1/people')).statusCode).toBe(200);
      }
      const refused = await apiGet(limited, one, '/api/v1/people');
      expectProblem(refused, 429, 'rate_limited');
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect((await apiGet(limited, other, '/api/v1/people')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
