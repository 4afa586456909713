import { describe, expect, it } from 'vitest';
import { MESSAGES } from './codes.js';
import { CANADIAN_PROVINCES, STATE_CODES } from './constants.js';
import {
  createSubmitAllSchema,
  createValidateTestersRequestSchema,
  duplicateEmailPositions,
  isIsoDate,
  kitsToSend,
  normalizeEmail,
  type TCertificationRules,
  ZAdminList,
  ZCompany,
  ZUser,
  ZUserType,
  ZValidateAdminsRequest,
  ZValidateCompanyRequest,
  ZValidateTestKitsRequest,
} from './registration.js';
import {
  adminErrorsFrom,
  companyErrorsFrom,
  finalErrorsFrom,
  testerErrorsFrom,
  testKitErrorsFrom,
} from './registration-errors.js';

const DOC = '3f2b8c1e-7a4d-4c2b-9e1f-0a1b2c3d4e5f';

const company = (overrides: Record<string, unknown> = {}) => ({
  companyName: 'Acme Backflow Testing',
  companyPhone: '555-0100',
  companyAddress1: '12 Main Street',
  companyAddress2: '',
  companyCity: 'Springfield',
  companyState: 'IL',
  companyZip: '62701',
  ...overrides,
});
const person = (overrides: Record<string, unknown> = {}) => ({
  userFirstName: 'Ann',
  userLastName: 'Lee',
  userEmail: 'ann@example.com',
  userPhone: '',
  ...overrides,
});
const cert = (overrides: Record<string, unknown> = {}) => ({
  certNum: 'C-1',
  certExp: '2030-01-31',
  certAgency: '1',
  certType: '2',
  certDocLink: DOC,
  ...overrides,
});
const kit = (overrides: Record<string, unknown> = {}) => ({
  kitSerial: 'SN-1',
  kitMfr: 'Watts',
  kitModel: 'TK-9',
  kitCalibDate: '2025-05-01',
  kitCalibDocLink: DOC,
  ...overrides,
});

const companyErrors = (value: Record<string, unknown>) => {
  const result = ZValidateCompanyRequest.safeParse({ companyInfo: [value] });
  return result.success ? {} : companyErrorsFrom(result.error.issues).company_errors;
};

describe('normalizeEmail', () => {
  it('trims and lower-cases', () => {
    expect(normalizeEmail('  Ann.Lee@Example.COM ')).toBe('ann.lee@example.com');
  });
});

describe('user type', () => {
  it.each(['admin', 'tester', ' Tester ', 'ADMIN'])('accepts %j', (value) => {
    expect(ZUserType.safeParse(value).success).toBe(true);
  });
  it.each(['', 'owner', undefined, 3])('refuses %j with the spec message', (value) => {
    const result = ZUserType.safeParse(value);
    expect(result.error?.issues[0]?.message).toBe('Please Select Admin or Tester.');
  });
});

describe('company rules', () => {
  it('accepts a complete company and trims its fields', () => {
    const result = ZCompany.parse(company({ companyName: '  Acme  ', companyState: 'il' }));
    expect(result.companyName).toBe('Acme');
    expect(result.companyState).toBe('IL');
    expect(result.companyID).toBeNull();
  });

  it('requires name, address, city, state and zip', () => {
    expect(companyErrors({})).toEqual({
      companyName: 'Field required.',
      companyAddress1: 'Field required.',
      companyCity: 'Field required.',
      companyState: 'Field required.',
      companyZip: 'Field required.',
    });
    expect(companyErrors(company({ companyName: '   ' }))).toEqual({
      companyName: 'Field required.',
    });
  });

  it('allows 255 characters in the name and refuses 256', () => {
    expect(companyErrors(company({ companyName: 'n'.repeat(255) }))).toEqual({});
    expect(companyErrors(company({ companyName: 'n'.repeat(256) }))).toEqual({
      companyName: 'Company name must be 255 characters or less.',
    });
  });

  it('allows 50 characters in the phone and refuses 51', () => {
    expect(companyErrors(company({ companyPhone: '5'.repeat(50) }))).toEqual({});
    expect(companyErrors(company({ companyPhone: '5'.repeat(51) }))).toEqual({
      companyPhone: MESSAGES.companyPhoneTooLong,
    });
  });

  it('limits address lines and city to 255 characters', () => {
    expect(
      companyErrors(
        company({
          companyAddress1: 'a'.repeat(256),
          companyAddress2: 'b'.repeat(256),
          companyCity: 'c'.repeat(256),
        }),
      ),
    ).toEqual({
      companyAddress1: MESSAGES.companyAddressTooLong,
      companyAddress2: MESSAGES.companyAddress2TooLong,
      companyCity: MESSAGES.companyCityTooLong,
    });
  });

  it.each(['12345', '12345-6789', ' 12345 '])('accepts the zip %j', (zip) => {
    expect(companyErrors(company({ companyZip: zip }))).toEqual({});
  });

  it.each(['1234', '123456', '12345-678', '12345 6789', 'ABCDE'])('refuses the zip %j', (zip) => {
    expect(companyErrors(company({ companyZip: zip }))).toEqual({
      companyZip: 'Zip code invalid.',
    });
  });

  it.each([...CANADIAN_PROVINCES])('skips the zip check for the province %s', (state) => {
    expect(companyErrors(company({ companyState: state, companyZip: 'K1A 0B1' }))).toEqual({});
  });

  it('accepts every listed state and refuses others', () => {
    for (const state of STATE_CODES) {
      expect(companyErrors(company({ companyState: state, companyZip: '12345' }))).toEqual({});
    }
    expect(companyErrors(company({ companyState: 'XX' }))).toEqual({
      companyState: MESSAGES.stateInvalid,
    });
  });

  it('reads an optional company id from a number or digits', () => {
    expect(ZCompany.parse(company({ companyID: 7 })).companyID).toBe(7);
    expect(ZCompany.parse(company({ companyID: '7' })).companyID).toBe(7);
    expect(ZCompany.parse(company({ companyID: '' })).companyID).toBeNull();
    expect(companyErrors(company({ companyID: 'x' }))).toEqual({
      companyID: MESSAGES.companyIdInvalid,
    });
    expect(companyErrors(company({ companyID: 2 ** 31 }))).toEqual({
      companyID: MESSAGES.companyIdInvalid,
    });
  });

  it('needs exactly one company in companyInfo', () => {
    const result = ZValidateCompanyRequest.safeParse({ companyInfo: [] });
    expect(result.success).toBe(false);
    expect(companyErrorsFrom(result.error?.issues ?? []).generalErrors).toEqual([
      MESSAGES.companyInfoInvalid,
    ]);
  });
});

describe('people', () => {
  const adminErrors = (admins: unknown) => {
    const result = ZValidateAdminsRequest.safeParse({ adminInfo: admins });
    return result.success ? undefined : adminErrorsFrom(result.error.issues);
  };

  it('accepts one to ten admins and refuses none or eleven', () => {
    const admins = (n: number) =>
      Array.from({ length: n }, (_, i) => person({ userEmail: `a${i}@example.com` }));
    expect(adminErrors(admins(1))).toBeUndefined();
    expect(adminErrors(admins(10))).toBeUndefined();
    expect(adminErrors(admins(0))?.generalErrors).toEqual([MESSAGES.adminsRequired]);
    expect(adminErrors(admins(11))?.generalErrors).toEqual([
      'At most 10 admins can be registered at once.',
    ]);
  });

  it('requires names and email, limits names to 50 and email to 255', () => {
    expect(adminErrors([{}])?.adminErrors).toEqual({
      0: {
        userFirstName: 'Field required.',
        userLastName: 'Field required.',
        userEmail: 'Field required.',
      },
    });
    expect(
      adminErrors([person({ userFirstName: 'f'.repeat(50), userLastName: 'l'.repeat(50) })]),
    ).toBeUndefined();
    expect(
      adminErrors([
        person({
          userFirstName: 'f'.repeat(51),
          userLastName: 'l'.repeat(51),
          userPhone: '1'.repeat(51),
        }),
      ])?.adminErrors,
    ).toEqual({
      0: {
        userFirstName: MESSAGES.firstNameTooLong,
        userLastName: MESSAGES.lastNameTooLong,
        userPhone: MESSAGES.phoneTooLong,
      },
    });
    const local = 'e'.repeat(243);
    expect(adminErrors([person({ userEmail: `${local}@example.com` })])).toBeUndefined();
    expect(adminErrors([person({ userEmail: `${local}x@example.com` })])?.adminErrors).toEqual({
      0: { userEmail: MESSAGES.emailTooLong },
    });
  });

  it.each(['ann', 'ann@', '@example.com', 'ann@example', 'ann lee@example.com'])(
    'refuses the email %j',
    (email) => {
      expect(adminErrors([person({ userEmail: email })])?.adminErrors).toEqual({
        0: { userEmail: 'Invalid email.' },
      });
    },
  );

  it('marks every position sharing an email, ignoring case and surrounding spaces', () => {
    const errors = adminErrors([
      person({ userEmail: 'Ann@Example.com' }),
      person({ userEmail: 'bob@example.com' }),
      person({ userEmail: '  ann@example.COM ' }),
    ]);
    expect(errors?.adminErrors).toEqual({
      0: { userEmail: 'Email for each user must be unique.' },
      2: { userEmail: 'Email for each user must be unique.' },
    });
    expect(duplicateEmailPositions(['a@x.io', 'b@x.io', 'A@X.IO', ''])).toEqual([0, 2]);
  });

  it('refuses a tester listed among the admins', () => {
    expect(adminErrors([person({ userType: 'tester' })])?.adminErrors).toEqual({
      0: { userType: MESSAGES.userTypeMismatch },
    });
    expect(ZAdminList.parse([person({ userType: 'Admin' })])[0]?.userType).toBe('admin');
  });

  it('gives staff the same person rules with a required type', () => {
    expect(ZUser.safeParse(person()).success).toBe(false);
    expect(ZUser.parse(person({ userType: 'tester' })).userType).toBe('tester');
  });
});

describe('testers and certifications', () => {
  const rules: TCertificationRules = {
    requiredCount: 2,
    agencies: { 1: { agency: 'AWWA', associatedTypes: { 2: 'Tester', 3: 'Specialist' } } },
  };
  const testerErrors = (testers: unknown, withRules?: TCertificationRules) => {
    const result = createValidateTestersRequestSchema(withRules).safeParse({ testerInfo: testers });
    return result.success ? undefined : testerErrorsFrom(result.error.issues);
  };
  const tester = (certs: unknown[], overrides: Record<string, unknown> = {}) =>
    person({ userCerts: certs, ...overrides });

  it('requires every certification field and the uploaded document', () => {
    expect(testerErrors([tester([{}])])?.certErrors).toEqual({
      0: {
        0: {
          certNum: 'Field required.',
          certExp: 'Field required.',
          certAgency: 'Field required.',
          certType: 'Field required.',
          certDocLink: 'Field required.',
        },
      },
    });
  });

  it('limits the certification number to 255 and checks dates and document links', () => {
    expect(testerErrors([tester([cert({ certNum: 'n'.repeat(255) })])])).toBeUndefined();
    expect(
      testerErrors([
        tester([cert({ certNum: 'n'.repeat(256), certExp: '2030-02-30', certDocLink: 'x.pdf' })]),
      ])?.certErrors,
    ).toEqual({
      0: {
        0: {
          certNum: MESSAGES.certNumTooLong,
          certExp: MESSAGES.dateInvalid,
          certDocLink: MESSAGES.documentLinkInvalid,
        },
      },
    });
  });

  it('needs the organization’s number of certifications per tester', () => {
    expect(testerErrors([tester([cert()])], rules)?.testerErrors).toEqual({
      0: { userCerts: 'Each tester needs at least 2 certification(s).' },
    });
    expect(testerErrors([tester([cert(), cert({ certType: 3 })])], rules)).toBeUndefined();
    // Without the organization's rules only the certifications sent are checked.
    expect(testerErrors([tester([])])).toBeUndefined();
  });

  it('accepts only enabled agencies and the types linked to them', () => {
    const errors = testerErrors(
      [tester([cert({ certAgency: 9 }), cert({ certType: '4' })])],
      rules,
    );
    expect(errors?.certErrors).toEqual({
      0: {
        0: { certAgency: MESSAGES.certAgencyNotAccepted },
        1: { certType: MESSAGES.certTypeNotForAgency },
      },
    });
  });

  it('accepts up to ten testers', () => {
    const testers = (n: number) =>
      Array.from({ length: n }, (_, i) => tester([cert()], { userEmail: `t${i}@example.com` }));
    expect(testerErrors(testers(10))).toBeUndefined();
    expect(testerErrors(testers(11))?.generalErrors).toEqual([
      'At most 10 testers can be registered at once.',
    ]);
    expect(testerErrors([])?.generalErrors).toEqual([MESSAGES.testersRequired]);
  });
});

describe('test kits', () => {
  const kitErrors = (kits: unknown) => {
    const result = ZValidateTestKitsRequest.safeParse({ testKitInfo: kits });
    return result.success ? undefined : testKitErrorsFrom(result.error.issues);
  };

  it('sends kits only when the first kit has a serial', () => {
    expect(kitsToSend([{ kitSerial: ' ' }, kit()])).toEqual([]);
    expect(kitsToSend([kit(), {}])).toHaveLength(2);
    expect(kitErrors([{ kitSerial: '', kitMfr: 'x' }])).toBeUndefined();
    expect(kitErrors([])).toBeUndefined();
  });

  it('then requires every kit field and its calibration document', () => {
    expect(kitErrors([kit(), { kitSerial: 'SN-2' }])?.testKitErrors).toEqual({
      1: {
        kitMfr: 'Field required.',
        kitModel: 'Field required.',
        kitCalibDate: 'Field required.',
        kitCalibDocLink: 'Field required.',
      },
    });
  });

  it('limits kit text to 255 characters and the list to ten kits', () => {
    expect(
      kitErrors([
        kit({ kitSerial: 's'.repeat(256), kitMfr: 'm'.repeat(256), kitModel: 'k'.repeat(256) }),
      ])?.testKitErrors,
    ).toEqual({
      0: {
        kitSerial: MESSAGES.kitSerialTooLong,
        kitMfr: MESSAGES.kitMfrTooLong,
        kitModel: MESSAGES.kitModelTooLong,
      },
    });
    expect(kitErrors(Array.from({ length: 10 }, () => kit()))).toBeUndefined();
    expect(kitErrors(Array.from({ length: 11 }, () => kit()))?.generalErrors).toEqual([
      'At most 10 test kits can be registered at once.',
    ]);
  });
});

describe('the final submit', () => {
  const submit = (overrides: Record<string, unknown> = {}) => ({
    hashValue: 'hash',
    companyInfo: [company()],
    userInfo: [
      person({ userType: 'admin' }),
      person({ userType: 'tester', userEmail: 'tt@example.com', userCerts: [cert()] }),
    ],
    testKitInfo: [kit()],
    ...overrides,
  });

  it('accepts a complete registration and drops certifications sent for admins', () => {
    const result = createSubmitAllSchema().parse(
      submit({ userInfo: [person({ userType: 'admin', userCerts: [cert()] })] }),
    );
    expect(result.userInfo[0]?.userCerts).toEqual([]);
  });

  it('sorts every problem into the FINAL ERRORS shape', () => {
    const result = createSubmitAllSchema({ requiredCount: 1, agencies: {} }).safeParse(
      submit({
        companyInfo: [company({ companyZip: '1234' })],
        userInfo: [
          person({ userType: 'admin', userEmail: 'SAME@example.com' }),
          person({ userType: 'tester', userEmail: 'same@example.com ', userCerts: [cert()] }),
        ],
        testKitInfo: [kit({ kitModel: '' })],
      }),
    );
    expect(finalErrorsFrom(result.error?.issues ?? [])).toEqual({
      company_errors: { companyZip: 'Zip code invalid.' },
      userErrors: {
        0: { userEmail: 'Email for each user must be unique.' },
        1: { userEmail: 'Email for each user must be unique.' },
      },
      certErrors: { 1: { 0: { certAgency: MESSAGES.certAgencyNotAccepted } } },
      testKitErrors: { 0: { kitModel: 'Field required.' } },
      generalErrors: [],
    });
  });

  it('needs at least one person, at most ten of each type', () => {
    const none = createSubmitAllSchema().safeParse(submit({ userInfo: [] }));
    expect(finalErrorsFrom(none.error?.issues ?? []).generalErrors).toEqual([
      MESSAGES.usersRequired,
    ]);
    const admins = Array.from({ length: 11 }, (_, i) =>
      person({ userType: 'admin', userEmail: `a${i}@example.com` }),
    );
    const many = createSubmitAllSchema().safeParse(submit({ userInfo: admins }));
    expect(finalErrorsFrom(many.error?.issues ?? []).generalErrors).toEqual([
      'At most 10 admins can be registered at once.',
    ]);
  });

  it('puts a body that is not an object into the general messages', () => {
    const result = createSubmitAllSchema().safeParse(42);
    const message = finalErrorsFrom(result.error?.issues ?? []);
    expect(message.generalErrors).toHaveLength(1);
  });
});

describe('isIsoDate', () => {
  it.each([
    ['2024-02-29', true],
    ['2023-02-29', false],
    ['2030-12-31', true],
    ['2030-13-01', false],
    ['30-01-2030', false],
    ['1899-12-31', false],
  ])('%s → %s', (value, expected) => {
    expect(isIsoDate(value)).toBe(expected);
  });
});
