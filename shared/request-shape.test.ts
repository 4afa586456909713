import { describe, expect, it } from 'vitest';
import { ZSubmitCredentialsShape } from './credentials.js';
import {
  createSubmitAllSchema,
  ZValidateAdminsRequest,
  ZValidateCompanyRequest,
  ZValidateTestKitsRequest,
  ZValidateUserTypeRequest,
} from './registration.js';
import { shapeProblem, shapeProblemMessage } from './request-shape.js';

describe('the JSON shape of a request', () => {
  it('finds a list where a test kit belongs, even inside a list the rules would empty', () => {
    expect(shapeProblem(ZValidateTestKitsRequest, { testKitInfo: [[[]]] })).toEqual({
      field: 'testKitInfo[0]',
      expected: 'object',
    });
  });

  it('finds an object where a list belongs, and a container where a single value belongs', () => {
    expect(shapeProblem(ZValidateAdminsRequest, { adminInfo: { 0: {} } })).toEqual({
      field: 'adminInfo',
      expected: 'list',
    });
    expect(shapeProblem(ZValidateUserTypeRequest, { userType: ['tester'] })).toEqual({
      field: 'userType',
      expected: 'value',
    });
    expect(
      shapeProblem(ZValidateCompanyRequest, { companyInfo: [{ companyName: { a: 1 } }] }),
    ).toEqual({ field: 'companyInfo[0].companyName', expected: 'value' });
  });

  it('follows nested lists of the final submit to a certification', () => {
    const body = {
      hashValue: 'x',
      companyInfo: [{}],
      userInfo: [{ userType: 'tester', userCerts: [{ certNum: 'A' }, []] }],
      testKitInfo: [],
    };
    expect(shapeProblem(createSubmitAllSchema(), body)).toEqual({
      field: 'userInfo[0].userCerts[1]',
      expected: 'object',
    });
  });

  it('leaves missing, null, wrongly typed single values and open references to the rules', () => {
    expect(shapeProblem(ZValidateUserTypeRequest, {})).toBeNull();
    expect(shapeProblem(ZValidateUserTypeRequest, { userType: 7 })).toBeNull();
    expect(shapeProblem(ZValidateAdminsRequest, { adminInfo: null })).toBeNull();
    expect(shapeProblem(ZValidateAdminsRequest, { adminInfo: [null, {}] })).toBeNull();
    expect(
      shapeProblem(createSubmitAllSchema(), {
        userInfo: [{ userCerts: [{ certAgency: { id: 1 } }] }],
      }),
    ).toBeNull();
    expect(shapeProblem(ZValidateTestKitsRequest, { testKitInfo: [{ kitSerial: 5 }] })).toBeNull();
  });

  it('walks maps keyed by id, such as the credentials of an organization that asks for some', () => {
    expect(
      shapeProblem(ZSubmitCredentialsShape, {
        companyCredentials: { 12: { documentLink: ['x'] } },
        userInfo: [],
      }),
    ).toEqual({ field: 'companyCredentials.12.documentLink', expected: 'value' });
    expect(
      shapeProblem(ZSubmitCredentialsShape, { userInfo: [{ userCredentials: { 3: [] } }] }),
    ).toEqual({ field: 'userInfo[0].userCredentials.3', expected: 'object' });
    expect(shapeProblem(ZSubmitCredentialsShape, { companyCredentials: [] })).toEqual({
      field: 'companyCredentials',
      expected: 'object',
    });
    expect(
      shapeProblem(ZSubmitCredentialsShape, { companyCredentials: { 12: { coverage: 5 } } }),
    ).toBeNull();
  });

  it('says where and what in its message', () => {
    expect(shapeProblemMessage({ field: 'testKitInfo[0]', expected: 'object' })).toBe(
      'The request is not shaped as expected: testKitInfo[0] must be an object.',
    );
  });
});
