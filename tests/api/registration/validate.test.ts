import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../shared/codes.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import {
  acceptedCertification,
  createOrganization,
  isoDay,
  type OrganizationFixture,
  person,
} from './fixtures.js';

let t: TestApp;
let organization: OrganizationFixture;
beforeAll(async () => {
  t = await createTestApp();
  organization = await createOrganization(t.app.orm.em.fork(), { requiredCertifications: 2 });
});
afterAll(() => t.close());

const post = (url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url: `/api/tr/validate/${url}`, payload: payload as object });

const DOC = '0b6c2a8e-93a4-4d0c-8f2e-5b7d1c9e4a21';

describe('POST /api/tr/validate/usertype', () => {
  it.each(['admin', 'tester'])('answers SUCCESS for %s', async (userType) => {
    const response = await post('usertype', { userType });
    expect(response.statusCode).toBe(200);
    expect(response.json().code).toBe('SUCCESS');
  });

  it.each([{}, { userType: '' }, { userType: 'owner' }, { userType: 7 }])(
    'answers USER TYPE ERROR for %j',
    async (body) => {
      const response = await post('usertype', body);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        code: 'USER TYPE ERROR',
        message: 'Please Select Admin or Tester.',
      });
    },
  );

  it('answers 400 for a body that is not a JSON object', async () => {
    for (const payload of ['[1,2]', '"admin"', '{"broken"']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/tr/validate/usertype',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('BAD REQUEST');
    }
  });
});

describe('bodies of the wrong shape', () => {
  it.each([
    ['testkits', { testKitInfo: [[[]]] }, 'testKitInfo[0] must be an object'],
    ['testkits', { testKitInfo: { kitSerial: 'SN-1' } }, 'testKitInfo must be a list'],
    ['admins', { adminInfo: [[]] }, 'adminInfo[0] must be an object'],
    ['testers', { testerInfo: [{ userCerts: {} }] }, 'testerInfo[0].userCerts must be a list'],
    ['company', { companyInfo: { 0: {} } }, 'companyInfo must be a list'],
    ['usertype', { userType: { tester: true } }, 'userType must be a single value'],
  ])('answers %s with %j as 400, naming the field', async (url, payload, words) => {
    const response = await post(url, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('BAD REQUEST');
    expect(response.json().message).toContain(words);
  });

  it('answers the final submit the same way', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/tr/submit/all',
      payload: { hashValue: organization.hash, companyInfo: [[]], userInfo: [], testKitInfo: [] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('companyInfo[0] must be an object');
  });
});

describe('POST /api/tr/validate/company', () => {
  const company = (overrides: Record<string, unknown> = {}) => ({
    companyName: `Unmatched Name ${Math.random().toString(36).slice(2)}`,
    companyPhone: '',
    companyAddress1: `${Math.floor(Math.random() * 1e6)} Nowhere Road`,
    companyAddress2: '',
    companyCity: 'Lonelyville',
    companyState: 'WY',
    companyZip: '82001',
    ...overrides,
  });

  it('answers COMPANY ERRORS with field → message', async () => {
    const response = await post('company', {
      companyInfo: [company({ companyName: '', companyZip: '1234', companyPhone: '5'.repeat(51) })],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      code: 'COMPANY ERRORS',
      message: {
        company_errors: {
          companyName: 'Field required.',
          companyPhone: MESSAGES.companyPhoneTooLong,
          companyZip: 'Zip code invalid.',
        },
        generalErrors: [],
      },
    });
  });

  it('checks name length 255/256 and zip forms, skipping the zip check in Canada', async () => {
    const ok = async (overrides: Record<string, unknown>) =>
      (await post('company', { companyInfo: [company(overrides)] })).json().code;
    expect(await ok({ companyName: 'n'.repeat(255) })).toBe('No Matches or Errors');
    expect(await ok({ companyName: 'n'.repeat(256) })).toBe('COMPANY ERRORS');
    expect(await ok({ companyZip: '12345-6789' })).toBe('No Matches or Errors');
    expect(await ok({ companyZip: '1234' })).toBe('COMPANY ERRORS');
    expect(await ok({ companyState: 'QC', companyZip: 'H2X 1Y4' })).toBe('No Matches or Errors');
  });

  it('answers No Matches or Errors for a new company', async () => {
    const response = await post('company', { companyInfo: [company()] });
    expect(response.statusCode).toBe(200);
    expect(response.json().code).toBe('No Matches or Errors');
  });

  it('answers COMPANY ERRORS with a general message when companyInfo is not one company', async () => {
    const response = await post('company', { companyInfo: [] });
    expect(response.statusCode).toBe(422);
    expect(response.json().message.generalErrors).toEqual([MESSAGES.companyInfoInvalid]);
  });
});

describe('POST /api/tr/validate/admins', () => {
  const admins = (n: number) => Array.from({ length: n }, () => person());

  it('answers SUCCESS for 1 and 10 admins', async () => {
    for (const n of [1, 10]) {
      expect((await post('admins', { adminInfo: admins(n) })).json().code).toBe('SUCCESS');
    }
  });

  it('answers ADMIN ERRORS for 0 and 11 admins', async () => {
    for (const n of [0, 11]) {
      const response = await post('admins', { adminInfo: admins(n) });
      expect(response.statusCode).toBe(422);
      expect(response.json().code).toBe('ADMIN ERRORS');
      expect(response.json().message.generalErrors).toHaveLength(1);
    }
  });

  it('indexes field messages by admin position', async () => {
    const shared = person().userEmail;
    const response = await post('admins', {
      adminInfo: [
        person({ userEmail: shared.toUpperCase() }),
        person({ userFirstName: 'f'.repeat(51), userEmail: 'not-an-email' }),
        person({ userEmail: `  ${shared} ` }),
        person({ userFirstName: 'f'.repeat(50), userLastName: 'l'.repeat(50) }),
      ],
    });
    expect(response.json()).toEqual({
      code: 'ADMIN ERRORS',
      message: {
        adminErrors: {
          0: { userEmail: 'Email for each user must be unique.' },
          1: { userFirstName: MESSAGES.firstNameTooLong, userEmail: 'Invalid email.' },
          2: { userEmail: 'Email for each user must be unique.' },
        },
        generalErrors: [],
      },
    });
  });
});

describe('POST /api/tr/validate/testers', () => {
  const cert = (overrides: Record<string, unknown> = {}) => ({
    certNum: 'C-1',
    certExp: '2030-01-01',
    ...acceptedCertification(organization),
    certDocLink: DOC,
    ...overrides,
  });

  it('answers SUCCESS without a hash when each certification is complete', async () => {
    const response = await post('testers', { testerInfo: [person({ userCerts: [cert()] })] });
    expect(response.json().code).toBe('SUCCESS');
  });

  it('applies the organization’s certification count, agencies and types with hashValue', async () => {
    const one = await post('testers', {
      hashValue: organization.hash,
      testerInfo: [person({ userCerts: [cert()] })],
    });
    expect(one.statusCode).toBe(422);
    expect(one.json()).toEqual({
      code: 'TESTER ERRORS',
      message: {
        testerErrors: { 0: { userCerts: 'Each tester needs at least 2 certification(s).' } },
        certErrors: {},
        generalErrors: [],
      },
    });
    const abpa = await t.app.orm.em
      .fork()
      .getConnection()
      .execute<{ id: number }[]>(`select id from certification_agencies where name = 'ABPA'`);
    const wrong = await post('testers', {
      hashValue: organization.hash,
      testerInfo: [
        person({
          userCerts: [
            cert({ certAgency: abpa[0]?.id }),
            cert({ certType: 999_999 }),
            cert({ certNum: '' }),
          ],
        }),
      ],
    });
    expect(wrong.json().message.certErrors).toEqual({
      0: {
        0: { certAgency: MESSAGES.certAgencyNotAccepted },
        1: { certType: MESSAGES.certTypeNotForAgency },
        2: { certNum: 'Field required.' },
      },
    });
    const two = await post('testers', {
      hashValue: organization.hash,
      testerInfo: [person({ userCerts: [cert(), cert()] })],
    });
    expect(two.json().code).toBe('SUCCESS');
  });

  it('refuses unknown and expired links', async () => {
    const unknown = await post('testers', { hashValue: 'nope-nope-nope', testerInfo: [] });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('ORG URL INVALID');
    const expired = await createOrganization(t.app.orm.em.fork(), { allowedUntil: isoDay(-1) });
    const response = await post('testers', { hashValue: expired.hash, testerInfo: [] });
    expect(response.statusCode).toBe(410);
    expect(response.json().code).toBe('ORG URL EXPIRED');
  });

  it('indexes tester and certification messages by position', async () => {
    const response = await post('testers', {
      testerInfo: [person(), person({ userLastName: '', userCerts: [{}, cert()] })],
    });
    expect(response.json()).toEqual({
      code: 'TESTER ERRORS',
      message: {
        testerErrors: { 1: { userLastName: 'Field required.' } },
        certErrors: {
          1: {
            0: {
              certNum: 'Field required.',
              certExp: 'Field required.',
              certAgency: 'Field required.',
              certType: 'Field required.',
              certDocLink: 'Field required.',
            },
          },
        },
        generalErrors: [],
      },
    });
  });
});

describe('POST /api/tr/validate/testkits', () => {
  const kit = (overrides: Record<string, unknown> = {}) => ({
    kitSerial: 'SN-1',
    kitMfr: 'Watts',
    kitModel: 'TK-9',
    kitCalibDate: '2025-01-01',
    kitCalibDocLink: DOC,
    ...overrides,
  });

  it('answers SUCCESS for complete kits, none, or a first kit without serial', async () => {
    for (const testKitInfo of [[kit()], [], [{ kitSerial: '', kitMfr: 'Watts' }]]) {
      expect((await post('testkits', { testKitInfo })).json().code).toBe('SUCCESS');
    }
  });

  it('answers TEST KIT ERRORS indexed by kit position', async () => {
    const response = await post('testkits', {
      testKitInfo: [kit(), kit({ kitCalibDocLink: '', kitModel: 'm'.repeat(256) })],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      code: 'TEST KIT ERRORS',
      message: {
        testKitErrors: {
          1: { kitModel: MESSAGES.kitModelTooLong, kitCalibDocLink: 'Field required.' },
        },
        generalErrors: [],
      },
    });
  });

  it('refuses eleven kits', async () => {
    const response = await post('testkits', {
      testKitInfo: Array.from({ length: 11 }, () => kit()),
    });
    expect(response.json().code).toBe('TEST KIT ERRORS');
  });
});

describe('the OpenAPI document', () => {
  it('lists the public calls', async () => {
    const response = await t.app.inject({ url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    for (const path of [
      '/api/tr/get/orginfo/{hash}',
      '/api/tr/validate/usertype',
      '/api/tr/validate/company',
      '/api/tr/validate/admins',
      '/api/tr/validate/testers',
      '/api/tr/validate/testkits',
      '/api/tr/submit/all',
      '/api/uploads/docUpload',
    ]) {
      expect(paths).toContain(path);
    }
  });
});
