import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../shared/codes.js';
import { addDays, todayInProgramZone } from '../../../shared/program-zone.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import {
  certificationFor,
  companyInput,
  createOrganization,
  type OrganizationFixture,
  person,
  submit,
} from '../registration/fixtures.js';

// "Accept expired certifications at registration": off refuses a certification that expired
// before today (program time zone) at page 4 and at the final submit; on accepts it.

let t: TestApp;
let refusing: OrganizationFixture;
let accepting: OrganizationFixture;
beforeAll(async () => {
  t = await createTestApp();
  refusing = await createOrganization(t.app.orm.em.fork());
  accepting = await createOrganization(t.app.orm.em.fork(), { acceptExpiredCertifications: true });
});
afterAll(() => t.close());

const yesterday = () => addDays(todayInProgramZone(), -1);

async function testers(organization: OrganizationFixture, certExp: string) {
  return [
    {
      ...person(),
      userType: 'tester',
      userCerts: [await certificationFor(t.app, organization, { certExp })],
    },
  ];
}

const validate = (organization: OrganizationFixture, testerInfo: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/tr/validate/testers',
    payload: { hashValue: organization.hash, testerInfo },
  });

describe('expired certifications at registration', () => {
  it('tells the form whether expired certifications are accepted and what today is', async () => {
    const response = await t.app.inject({ url: `/api/tr/get/orginfo/${refusing.hash}` });
    expect(response.json().message.orgInfo).toMatchObject({
      accept_expired_certs: false,
      program_date: todayInProgramZone(),
    });
  });

  it('refuses a certification that expired yesterday on page 4 when the setting is off', async () => {
    const response = await validate(refusing, await testers(refusing, yesterday()));
    expect(response.statusCode).toBe(422);
    expect(response.json().message.certErrors).toEqual({
      0: { 0: { certExp: MESSAGES.certificationExpired } },
    });
  });

  it('accepts one that expires today', async () => {
    const response = await validate(refusing, await testers(refusing, todayInProgramZone()));
    expect(response.json().code).toBe('SUCCESS');
  });

  it('answers the refusal in Spanish when asked', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/tr/validate/testers?lang=es',
      payload: { hashValue: refusing.hash, testerInfo: await testers(refusing, yesterday()) },
    });
    expect(response.json().message.certErrors[0][0].certExp).toBe('La certificación está vencida.');
  });

  it('refuses it at the final submit too, and stores nothing', async () => {
    const response = await submit(t.app, {
      hashValue: refusing.hash,
      companyInfo: [companyInput()],
      userInfo: await testers(refusing, yesterday()),
      testKitInfo: [],
    });
    expect(response.statusCode).toBe(422);
    expect(JSON.stringify(response.json().message)).toContain(MESSAGES.certificationExpired);
  });

  it('accepts an expired certification where the organization accepts them', async () => {
    const checked = await validate(accepting, await testers(accepting, '2001-01-31'));
    expect(checked.json().code).toBe('SUCCESS');
    const submitted = await submit(t.app, {
      hashValue: accepting.hash,
      companyInfo: [companyInput()],
      userInfo: await testers(accepting, '2001-01-31'),
      testKitInfo: [],
    });
    expect(submitted.json().code).toBe('SUCCESS');
  });
});
