import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANADIAN_PROVINCES, STATE_CODES } from '../../../shared/constants.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import {
  acceptedCertification,
  createOrganization,
  type OrganizationFixture,
  unique,
  uploadedLink,
} from './fixtures.js';

let t: TestApp;
let organization: OrganizationFixture;
beforeAll(async () => {
  t = await createTestApp();
  // Any real date is a valid expiry here; refusing expired ones is tested in validate.test.ts.
  organization = await createOrganization(t.app.orm.em.fork(), {
    requiredCertifications: 1,
    acceptExpiredCertifications: true,
  });
});
afterAll(() => t.close());

// Text a person might type: letters, digits, punctuation, accents, spaces inside.
const text = (max: number) =>
  fc
    .string({
      unit: fc.constantFrom(..."abcXYZ019 .,-'&éñ#/".split('')),
      minLength: 1,
      maxLength: max,
    })
    .filter((value) => value.trim().length > 0);
const date = fc
  .date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
  .map((value) => value.toISOString().slice(0, 10));
const state = fc.constantFrom(...STATE_CODES);

function registration(docLink: string) {
  const { certAgency, certType } = acceptedCertification(organization);
  const cert = fc.record({
    certNum: text(255),
    certExp: date,
    certAgency: fc.constantFrom(certAgency, Number(certAgency)),
    certType: fc.constantFrom(certType, Number(certType)),
    certDocLink: fc.constant(docLink),
  });
  const fields = {
    userFirstName: text(50),
    userLastName: text(50),
    userPhone: fc.option(text(50), { nil: '' }),
  };
  const admin = fc.record({ userType: fc.constant('admin'), ...fields });
  const tester = fc.record({
    userType: fc.constantFrom('tester', 'Tester'),
    ...fields,
    userCerts: fc.array(cert, { minLength: 1, maxLength: 3 }),
  });
  const company = state.chain((companyState) =>
    fc.record({
      companyName: text(255),
      companyPhone: fc.option(text(50), { nil: '' }),
      companyAddress1: text(255),
      companyAddress2: fc.option(text(255), { nil: '' }),
      companyCity: text(255),
      companyState: fc.constant(companyState),
      companyZip: (CANADIAN_PROVINCES as readonly string[]).includes(companyState)
        ? text(255)
        : fc
            .tuple(fc.stringMatching(/^\d{5}$/), fc.option(fc.stringMatching(/^\d{4}$/)))
            .map(([five, four]) => (four ? `${five}-${four}` : five)),
    }),
  );
  const kit = fc.record({
    kitSerial: text(255),
    kitMfr: text(255),
    kitModel: text(255),
    kitCalibDate: date,
    kitCalibDocLink: fc.constant(docLink),
  });
  return fc
    .record({
      companyInfo: fc.tuple(company),
      admins: fc.array(admin, { minLength: 0, maxLength: 3 }),
      testers: fc.array(tester, { minLength: 0, maxLength: 3 }),
      testKitInfo: fc.array(kit, { maxLength: 2 }),
    })
    .filter(({ admins, testers }) => admins.length + testers.length > 0)
    .map(({ admins, testers, ...rest }) => ({
      ...rest,
      userInfo: [...admins, ...testers].map((user, position) => ({
        ...user,
        // Unique per run and position, in a mixed case the server must accept.
        userEmail: ` Person${position}.${unique()}@Example.COM `,
      })),
    }));
}

describe('property: the public calls', () => {
  it('always accept a valid generated registration', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constant(null), async () => {
        const docLink = await uploadedLink(t.app, organization.hash);
        const sample = fc.sample(registration(docLink), 1)[0];
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/tr/submit/all',
          payload: { hashValue: organization.hash, ...sample },
        });
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json().code).toBe('SUCCESS');
      }),
      { numRuns: 15 },
    );
  });

  const endpoints = [
    '/api/tr/validate/usertype',
    '/api/tr/validate/company',
    '/api/tr/validate/admins',
    '/api/tr/validate/testers',
    '/api/tr/validate/testkits',
    '/api/tr/submit/all',
  ];

  it('never answer random junk with a 5xx', async () => {
    const junk = fc.oneof(
      fc.jsonValue(),
      fc.dictionary(
        fc.constantFrom(
          'userType',
          'companyInfo',
          'adminInfo',
          'testerInfo',
          'testKitInfo',
          'userInfo',
          'hashValue',
        ),
        fc.jsonValue(),
      ),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...endpoints), junk, async (url, body) => {
        const response = await t.app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(body) ?? 'null',
        });
        expect(response.statusCode, response.body).toBeLessThan(500);
        expect(typeof response.json().code).toBe('string');
      }),
      { numRuns: 300 },
    );
  });

  it('never answer a valid registration with one field replaced by junk with a 5xx', async () => {
    const docLink = await uploadedLink(t.app, organization.hash);
    await fc.assert(
      fc.asyncProperty(
        registration(docLink),
        fc.nat(),
        fc.jsonValue(),
        async (sample, pick, junk) => {
          const body = JSON.parse(JSON.stringify({ hashValue: organization.hash, ...sample }));
          // Walk to a random leaf and replace it.
          let target = body;
          let key: string | number = 'hashValue';
          for (let depth = 0; depth < 4; depth++) {
            const keys = Object.keys(target);
            const next = keys[(pick >> depth) % keys.length];
            if (next === undefined) break;
            key = Array.isArray(target) ? Number(next) : next;
            if (typeof target[key] !== 'object' || target[key] === null) break;
            target = target[key];
          }
          target[key] = junk;
          const response = await t.app.inject({
            method: 'POST',
            url: '/api/tr/submit/all',
            payload: body,
          });
          expect(response.statusCode, response.body).toBeLessThan(500);
        },
      ),
      { numRuns: 60 },
    );
  });
});
