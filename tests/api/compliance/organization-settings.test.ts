import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_MESSAGES } from '../../../shared/staff.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { orgCreatePayload, signIn, staffClient, unique } from '../staff/helpers.js';

// The organization's calibration interval and its "Accept expired certifications at
// registration", through both staff faces.

let t: TestApp;
let call: ReturnType<typeof staffClient>;
beforeAll(async () => {
  t = await createTestApp();
  call = staffClient(t.app, (await signIn(t)).token);
});
afterAll(() => t.close());

const create = (name: string, overrides: Record<string, unknown> = {}) =>
  call(
    'POST',
    `/api/sc/submit/organization/${encodeURIComponent(name)}`,
    orgCreatePayload(name, overrides),
  );

describe('compliance settings of an organization', () => {
  it('defaults to 12 months and refusing expired certifications', async () => {
    const response = await create(`Defaults Water ${unique()}`);
    expect(response.statusCode).toBe(201);
    expect(response.json().orgInfo).toMatchObject({
      calibrationIntervalMonths: 12,
      acceptExpiredCerts: false,
    });
  });

  it('keeps what staff set, and an edit without them keeps them', async () => {
    const name = `Settings Water ${unique()}`;
    await create(name, { calibrationIntervalMonths: '24', acceptExpiredCerts: true });
    const edited = await call(
      'PUT',
      `/api/sc/submit/editorganization/${encodeURIComponent(name)}`,
      { orgName: name, orgInfo: { orgEndDate: '2035-01-31', numOfCerts: 1 } },
    );
    expect(edited.statusCode).toBe(200);
    const view = await call('GET', `/api/sc/get/orginfo/${encodeURIComponent(name)}`);
    expect(view.json().message.orgInfo).toMatchObject({
      calibrationIntervalMonths: 24,
      acceptExpiredCerts: true,
    });
  });

  it.each([0, 61, 1.5, 'twelve', ''])('refuses a calibration interval of %j', async (months) => {
    const response = await create(`Bad Interval ${unique()}`, {
      calibrationIntervalMonths: months,
    });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain(STAFF_MESSAGES.calibrationIntervalInvalid);
  });

  it('reads and writes both settings through the REST resource', async () => {
    const created = await call('POST', '/api/admin/organizations', {
      name: `Rest Water ${unique()}`,
      allowedUntil: '2034-12-31',
      calibrationIntervalMonths: 6,
      acceptExpiredCertifications: true,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      calibrationIntervalMonths: 6,
      acceptExpiredCertifications: true,
    });
    const updated = await call('PUT', `/api/admin/organizations/${created.json().id}`, {
      acceptExpiredCertifications: false,
    });
    expect(updated.json()).toMatchObject({
      calibrationIntervalMonths: 6,
      acceptExpiredCertifications: false,
    });
  });
});
