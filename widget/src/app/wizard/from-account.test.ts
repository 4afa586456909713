import { describe, expect, it, vi } from 'vitest';
import type { TAccountJoinPrefill } from '../../../../shared/account.js';
import { CODES, MESSAGES } from '../../../../shared/codes.js';
import type { TAnswer } from '../api.js';
import type { TPublicOrgInfo } from '../org/org-info.js';
import { checkCurrentPage, type TStepContext } from './checks.js';
import { accountOrg, accountPages, accountWizardState } from './from-account.js';
import { wizardReducer } from './reducer.js';
import { currentPage, type TWizardState } from './state.js';
import { followingPage, isShown, precedingPage, STEPS } from './step-table.js';
import { firstCertification, UPLOADED_LINK } from './test-data.js';

// The wizard opened from My registrations: filled in from the record, asking only what the
// organization needs beyond it, and sending only that.

const insurance = {
  id: 7,
  name: 'Liability insurance',
  holder: 'company' as const,
  required: true,
  expires: true,
  facts: ['issuer' as const],
  additionalInsured: false,
  minimumCoverage: null,
};
const licence = { ...insurance, id: 8, name: 'State licence', holder: 'tester' as const };
const optional = { ...insurance, id: 9, name: 'Bond', required: false };

const org: TPublicOrgInfo = {
  org_name: 'Shelbyville',
  org_banner: '',
  number_of_certs: 2,
  org_associated_certs: { '1': { agency: 'AWWA', associatedTypes: { '2': 'Tester' } } },
  homePageBanner: '',
  credential_requirements: [insurance, licence, optional],
};

function prefill(overrides: Partial<TAccountJoinPrefill> = {}): TAccountJoinPrefill {
  return {
    organizationName: 'Shelbyville',
    person: {
      type: 'tester',
      firstName: 'Ada',
      lastName: 'Tester',
      email: 'ada@example.com',
      phone: '5125550100',
    },
    company: {
      id: 42,
      name: 'Acme Backflow',
      phone: '5125550101',
      address1: '1 Main St',
      address2: '',
      city: 'Springfield',
      state: 'IL',
      zip: '62701',
    },
    certifications: [
      {
        agencyId: 1,
        typeId: 2,
        agencyName: 'AWWA',
        typeName: 'Tester',
        number: 'A-1',
        expiresOn: '2030-01-01',
      },
    ],
    testKits: [{ serial: 'K1', manufacturer: 'Watts', model: 'TK-9', calibratedOn: '2026-10-01' }],
    credentials: [],
    needs: { certifications: 1, credentials: [] },
    ...overrides,
  };
}

function answering(answer: TAnswer) {
  return vi.fn(async (_path: string, _body: unknown) => answer);
}

function context(state: TWizardState, post: ReturnType<typeof answering>): TStepContext {
  return {
    hash: 'h'.repeat(32),
    org: state.account ? accountOrg(org, state.account) : org,
    post: post as unknown as TStepContext['post'],
  };
}

const certificationAdded = firstCertification('B-2', '2031-05-01');

describe('the wizard opened from My registrations', () => {
  it('asks only the pages with something needed, and always the review', () => {
    expect(accountPages(prefill())).toEqual(['testers', 'review']);
    expect(accountPages(prefill({ needs: { certifications: 0, credentials: [] } }))).toEqual([
      'review',
    ]);
    const credentials = [
      { id: 7, holder: 'company' as const, name: insurance.name },
      { id: 8, holder: 'tester' as const, name: licence.name },
    ];
    expect(accountPages(prefill({ needs: { certifications: 0, credentials } }))).toEqual([
      'companyCredentials',
      'testers',
      'review',
    ]);
    // An admin gives no certifications of their own.
    const admin = prefill({
      person: { ...prefill().person, type: 'admin' },
      needs: { certifications: 0, credentials: [] },
    });
    expect(accountPages(admin)).toEqual(['review']);
  });

  it('starts on the first page asked, filled in with the person and the company, with blocks for what is needed', () => {
    const state = accountWizardState(prefill(), 'run-1');
    expect(currentPage(state)).toBe(4);
    expect(state.userType).toBe('tester');
    expect(state.company).toMatchObject({ companyID: 42, companyName: 'Acme Backflow' });
    expect(state.testers).toHaveLength(1);
    expect(state.testers[0]).toMatchObject({ userFirstName: 'Ada', userEmail: 'ada@example.com' });
    // One block for the one certification still needed; what is on file is not typed again.
    expect(state.testers[0]?.userCerts).toHaveLength(1);
    expect(state.testers[0]?.userCerts[0]?.certNum).toBe('');
    expect(state.testKits).toEqual([]);
    expect(state.account?.onFile.certifications).toHaveLength(1);
    // Back from the first page leaves the wizard; Next goes to the review.
    expect(precedingPage(state)).toBeUndefined();
    expect(followingPage(state)).toBe(6);
    const hidden = STEPS.filter((step) => !isShown(step, state)).map((step) => step.id);
    expect(hidden).toEqual([
      'userType',
      'company',
      'matches',
      'companyCredentials',
      'admins',
      'testKits',
    ]);
  });

  it('meets the organization as asking the certifications still needed and the required credentials not on file', () => {
    const state = accountWizardState(
      prefill({
        needs: {
          certifications: 1,
          credentials: [{ id: 8, holder: 'tester', name: licence.name }],
        },
      }),
      'run-2',
    );
    const seen = state.account ? accountOrg(org, state.account) : org;
    expect(seen.number_of_certs).toBe(1);
    expect(seen.credential_requirements?.map((requirement) => requirement.id)).toEqual([8]);
  });

  it('sends only what was added, to My registrations, after the shared rules pass', async () => {
    let state = accountWizardState(prefill(), 'run-3');
    const post = answering({ code: CODES.success, message: {} });
    // Nothing added yet: the rules stop it on the client.
    const empty = await checkCurrentPage(state, context(state, post));
    expect(empty.kind).toBe('errors');
    expect(post).not.toHaveBeenCalled();

    state = certificationAdded.reduce(wizardReducer, state);
    const next = await checkCurrentPage(state, context(state, post));
    expect(next).toEqual({ kind: 'advance', action: { type: 'accepted', step: 'testers' } });
    // The testers page asks no server: the record's person is checked again at Submit.
    expect(post).not.toHaveBeenCalled();

    state = wizardReducer(state, { type: 'accepted', step: 'testers' });
    expect(currentPage(state)).toBe(6);
    const submitted = await checkCurrentPage(state, context(state, post));
    expect(submitted).toEqual({ kind: 'submitted' });
    expect(post).toHaveBeenCalledTimes(1);
    expect(post.mock.calls[0]?.[0]).toBe('/api/account/registrations');
    expect(post.mock.calls[0]?.[1]).toEqual({
      hashValue: 'h'.repeat(32),
      userCerts: [
        {
          certNum: 'B-2',
          certExp: '2031-05-01',
          certAgency: '1',
          certType: '2',
          certDocLink: UPLOADED_LINK,
        },
      ],
      userCredentials: {},
      companyCredentials: {},
    });
  });

  it('shows the server’s problems where the added items are', async () => {
    let state = certificationAdded.reduce(wizardReducer, accountWizardState(prefill(), 'run-4'));
    state = wizardReducer(state, { type: 'accepted', step: 'testers' });
    const post = answering({
      code: CODES.finalErrors,
      message: {
        userErrors: {},
        certErrors: { 0: { 0: { certDocLink: MESSAGES.documentLinkInvalid } } },
        testKitErrors: {},
        company_errors: {},
        generalErrors: [],
      },
    });
    const outcome = await checkCurrentPage(state, context(state, post));
    expect(outcome.kind).toBe('errors');
    if (outcome.kind !== 'errors') return;
    expect(outcome.errors.fields['testers.0.certs.0.certDocLink']).toBe(
      MESSAGES.documentLinkInvalid,
    );
  });

  it('says the server’s refusal, such as being registered there already', async () => {
    const state = accountWizardState(
      prefill({ needs: { certifications: 0, credentials: [] } }),
      'run-5',
    );
    const post = answering({ code: CODES.conflict, message: MESSAGES.emailAlreadyRegisteredHere });
    const outcome = await checkCurrentPage(state, context(state, post));
    expect(outcome).toEqual({
      kind: 'errors',
      errors: { general: [MESSAGES.emailAlreadyRegisteredHere], fields: {} },
    });
  });
});
