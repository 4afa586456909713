import { describe, expect, it, vi } from 'vitest';
import { CODES, MESSAGES } from '../../../../../shared/codes.js';
import { ZDraftData } from '../../../../../shared/drafts.js';
import { translate } from '../../../../../shared/i18n/catalogue.js';
import type { TOrgInfo } from '../../../../../shared/registration.js';
import type { TAnswer } from '../../api.js';
import { draftDataOf, hasDocumentsNotUploaded, wizardStateOf } from '../../drafts/draft-data.js';
import type { TTranslate } from '../../i18n/use-i18n.js';
import { checkCompanyCredentials, checkTesters, submitAll } from '../checks.js';
import { errorLabel } from '../labels.js';
import { createWizardState, wizardReducer } from '../reducer.js';
import { credentialsOf, type TWizardAction, type TWizardState } from '../state.js';
import { asksCompanyCredentials, credentialNames } from './asked.js';

// The wizard's side of an organization's credentials (issue 27): what its pages check with the
// shared rules, what the submit sends, and what a saved draft keeps.

const LINK = '0b3f8a8e-9a43-4e7e-8f61-1a2b3c4d5e6f';
const english: TTranslate = (key, params) => translate('en', key, params);

const plain: TOrgInfo = {
  org_name: 'Test City',
  org_banner: '',
  number_of_certs: 1,
  org_associated_certs: { '1': { agency: 'AWWA', associatedTypes: { '2': 'Tester' } } },
  homePageBanner: '',
  accept_expired_certs: false,
  program_date: '2026-11-25',
};
const insured: TOrgInfo = {
  ...plain,
  credential_requirements: [
    {
      id: 11,
      name: 'General liability insurance',
      holder: 'company',
      expires: true,
      facts: ['issuer', 'coverage', 'additionalInsured'],
      required: true,
      minimumCoverage: 1_000_000,
      additionalInsured: true,
    },
    {
      id: 13,
      name: "Driver's license",
      holder: 'tester',
      expires: true,
      facts: ['number'],
      required: true,
      minimumCoverage: null,
      additionalInsured: false,
    },
  ],
};

const post = (answer: TAnswer = { code: CODES.success, message: '' }) =>
  vi.fn(async () => answer) as unknown as NonNullable<Parameters<typeof submitAll>[1]['post']>;

function state(...actions: TWizardAction[]): TWizardState {
  return actions.reduce(wizardReducer, createWizardState('run-3', 1, true));
}

const insurance = (coverage: string): TWizardAction[] => [
  {
    type: 'setCredential',
    owner: 'company',
    typeId: '11',
    changes: { issuer: 'Prairie Mutual', coverage, expirationDate: '2027-01-31' },
  },
  { type: 'setCredential', owner: 'company', typeId: '11', changes: { additionalInsured: true } },
  { type: 'uploaded', target: { kind: 'credential', owner: 'company', typeId: '11' }, link: LINK },
];

const driversLicense = (tester: number, expirationDate: string): TWizardAction[] => [
  {
    type: 'setCredential',
    owner: tester,
    typeId: '13',
    changes: { number: 'D-1', expirationDate },
  },
  { type: 'uploaded', target: { kind: 'credential', owner: tester, typeId: '13' }, link: LINK },
];

/** The first tester, with a person and certification that pass the rules. */
const testerFields: TWizardAction[] = [
  ...(
    [
      ['userFirstName', 'T'],
      ['userLastName', 'T'],
      ['userEmail', 't@example.com'],
    ] as const
  ).map(
    ([field, value]) => ({ type: 'setPerson', list: 'testers', index: 0, field, value }) as const,
  ),
  ...(
    [
      ['certNum', 'N1'],
      ['certExp', '2030-01-01'],
      ['certAgency', '1'],
      ['certType', '2'],
    ] as const
  ).map(
    ([field, value]) => ({ type: 'setCertification', tester: 0, cert: 0, field, value }) as const,
  ),
  { type: 'uploaded', target: { kind: 'cert', tester: 0, cert: 0 }, link: LINK },
];
const company: TWizardAction[] = (
  [
    ['companyName', 'Acme'],
    ['companyAddress1', '1 Main'],
    ['companyCity', 'Austin'],
    ['companyState', 'TX'],
    ['companyZip', '78701'],
  ] as const
).map(([field, value]) => ({ type: 'setCompany', field, value }) as const);
/** A tester registering alone. */
const tester: TWizardAction[] = [
  ...company,
  { type: 'setUserType', userType: 'tester' },
  ...testerFields,
];
/** An admin registering one tester: userInfo is the admin, then the tester. */
const adminWithTester: TWizardAction[] = [
  ...company,
  { type: 'setUserType', userType: 'admin' },
  ...(
    [
      ['userFirstName', 'A'],
      ['userLastName', 'B'],
      ['userEmail', 'a@example.com'],
    ] as const
  ).map(
    ([field, value]) => ({ type: 'setPerson', list: 'admins', index: 0, field, value }) as const,
  ),
  ...testerFields,
];

describe('the company credentials page', () => {
  it('names a required credential left blank, and the minimum a coverage falls under', async () => {
    expect(await checkCompanyCredentials(state(), { hash: 'h', org: insured })).toEqual({
      kind: 'errors',
      errors: {
        general: [],
        fields: {
          'companyCredentials.11.credential': 'General liability insurance is required.',
        },
      },
    });
    expect(
      await checkCompanyCredentials(state(...insurance('$999,999')), { hash: 'h', org: insured }),
    ).toEqual({
      kind: 'errors',
      errors: {
        general: [],
        fields: { 'companyCredentials.11.coverage': 'Coverage must be at least $1,000,000.' },
      },
    });
    expect(
      await checkCompanyCredentials(state(...insurance('1,000,000')), { hash: 'h', org: insured }),
    ).toEqual({ kind: 'advance', action: { type: 'accepted', step: 'companyCredentials' } });
  });

  it('is shown only for an organization that asks for company credentials', () => {
    expect(asksCompanyCredentials(insured)).toBe(true);
    expect(asksCompanyCredentials(plain)).toBe(false);
  });

  it('labels a credential’s errors with its type’s name', () => {
    const names = credentialNames(insured);
    expect(errorLabel('companyCredentials.11.coverage', english, names)).toBe(
      'General liability insurance: Coverage amount (US dollars)',
    );
    expect(errorLabel('testers.1.credentials.13.credential', english, names)).toBe(
      "Tester #2, Driver's license",
    );
  });
});

describe('each tester’s credentials', () => {
  it('are checked beside the certifications, before the server is asked', async () => {
    const send = post();
    const expired = await checkTesters(state(...tester, ...driversLicense(0, '2026-11-24')), {
      hash: 'h',
      org: insured,
      post: send,
    });
    expect(expired).toMatchObject({
      kind: 'errors',
      errors: {
        fields: { 'testers.0.credentials.13.expirationDate': MESSAGES.credentialExpired },
      },
    });
    expect(send).not.toHaveBeenCalled();
    const today = await checkTesters(state(...tester, ...driversLicense(0, '2026-11-25')), {
      hash: 'h',
      org: insured,
      post: send,
    });
    expect(today.kind).toBe('advance');
    // The testers step's call stays the spec's: no credentials in it.
    expect(JSON.stringify(vi.mocked(send).mock.calls)).not.toContain('userCredentials');
  });
});

describe('the final submit with credentials', () => {
  it('sends the spec’s body to an organization that asks for none', async () => {
    const send = post({ code: CODES.success, message: {} });
    await submitAll(state(...tester), { hash: 'h', org: plain, post: send });
    const body = vi.mocked(send).mock.calls[0]?.[1] as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['hashValue', 'companyInfo', 'userInfo', 'testKitInfo']);
    expect(Object.keys((body.userInfo as object[])[0] ?? {})).not.toContain('userCredentials');
  });

  it('sends the credentials given to one that asks, and places the server’s messages', async () => {
    const send = post({
      code: CODES.finalErrors,
      message: {
        generalErrors: [],
        companyCredentialErrors: { '11': { documentLink: MESSAGES.documentLinkInvalid } },
        credentialErrors: { '1': { '13': { number: MESSAGES.credentialNumberTooLong } } },
      },
    });
    const admin = state(
      ...adminWithTester,
      ...insurance('1000000'),
      ...driversLicense(0, '2027-01-01'),
    );
    const outcome = await submitAll(
      { ...admin, testKits: [] },
      { hash: 'h', org: insured, post: send },
    );
    const body = vi.mocked(send).mock.calls[0]?.[1] as {
      companyCredentials: Record<string, unknown>;
      userInfo: Record<string, unknown>[];
    };
    expect(body.companyCredentials).toEqual({
      '11': {
        issuer: 'Prairie Mutual',
        number: '',
        coverage: '1000000',
        additionalInsured: true,
        expirationDate: '2027-01-31',
        documentLink: LINK,
      },
    });
    expect(body.userInfo[0]).not.toHaveProperty('userCredentials');
    expect(Object.keys(body.userInfo[1]?.userCredentials as object)).toEqual(['13']);
    expect(outcome).toEqual({
      kind: 'errors',
      errors: {
        general: [],
        fields: {
          'companyCredentials.11.documentLink': MESSAGES.documentLinkInvalid,
          'testers.0.credentials.13.number': MESSAGES.credentialNumberTooLong,
        },
      },
    });
  });
});

describe('credentials in the wizard and in a draft', () => {
  it('gives, takes back and uploads a credential of the company or of a tester', () => {
    const given = state(
      { type: 'addCredential', owner: 'company', typeId: '12' },
      ...driversLicense(0, '2027-01-01'),
    );
    expect(Object.keys(credentialsOf(given, 'company'))).toEqual(['12']);
    expect(credentialsOf(given, 0)['13']).toMatchObject({ number: 'D-1', documentLink: LINK });
    const chosen = wizardReducer(given, {
      type: 'chooseFile',
      target: { kind: 'credential', owner: 0, typeId: '13' },
      fileName: 'license.pdf',
    });
    expect(credentialsOf(chosen, 0)['13']).toMatchObject({
      documentLink: '',
      documentName: 'license.pdf',
    });
    expect(hasDocumentsNotUploaded(chosen)).toBe(true);
    const taken = wizardReducer(given, {
      type: 'removeCredential',
      owner: 'company',
      typeId: '12',
    });
    expect(credentialsOf(taken, 'company')).toEqual({});
  });

  it('keeps every credential in a draft, and leaves the fields out where there are none', () => {
    const filled = state(...tester, ...insurance('1000000'), ...driversLicense(0, '2027-01-01'));
    const data = ZDraftData.parse(JSON.parse(JSON.stringify(draftDataOf(filled))));
    const restored = wizardStateOf({ runId: 'run-3', data }, 1, true);
    expect(restored.companyCredentials).toEqual(filled.companyCredentials);
    expect(restored.testers[0]?.userCredentials).toEqual(filled.testers[0]?.userCredentials);
    expect(restored.asksCompanyCredentials).toBe(true);

    const none = draftDataOf(createWizardState('run-4', 1));
    expect(none).not.toHaveProperty('companyCredentials');
    expect(none.testers[0]).not.toHaveProperty('userCredentials');
  });
});
