import { describe, expect, it, vi } from 'vitest';
import { CODES, MESSAGES } from '../../../../shared/codes.js';
import type { TAnswer } from '../api.js';
import { loadWithTimeout } from '../lazy.js';
import { checkCompany, checkTesters, checkUserType, submitAll } from './checks.js';
import { createWizardState, wizardReducer } from './reducer.js';
import type { TWizardAction, TWizardState } from './state.js';
import { firstCertification } from './test-data.js';

const org = {
  org_name: 'Test City',
  org_banner: '',
  number_of_certs: 1,
  org_associated_certs: { '1': { agency: 'AWWA', associatedTypes: { '2': 'Tester' } } },
  homePageBanner: '',
};

function answering(answer: TAnswer) {
  return vi.fn(async () => answer) as unknown as NonNullable<
    Parameters<typeof checkCompany>[1]['post']
  >;
}

function state(...actions: TWizardAction[]): TWizardState {
  return actions.reduce(wizardReducer, createWizardState('run-9', 1));
}

const company: TWizardAction[] = [
  ['companyName', 'Acme'],
  ['companyAddress1', '1 Main'],
  ['companyCity', 'Austin'],
  ['companyState', 'TX'],
  ['companyZip', '78701'],
].map(([field, value]) => ({ type: 'setCompany', field, value }) as TWizardAction);

describe('what Next checks on each page', () => {
  it('checks the user type on the client before calling the server', async () => {
    const post = answering({ code: CODES.success, message: '' });
    const outcome = await checkUserType(state(), { hash: 'h', org, post });
    expect(outcome).toEqual({
      kind: 'errors',
      errors: {
        general: [MESSAGES.userTypeRequired],
        fields: { userType: MESSAGES.userTypeRequired },
      },
    });
    expect(post).not.toHaveBeenCalled();
  });

  it('lists company rule failures from the shared schema, without Field required. on top', async () => {
    const post = answering({ code: CODES.success, message: '' });
    const outcome = await checkCompany(
      state({ type: 'setCompany', field: 'companyZip', value: '12' }),
      { hash: 'h', org, post },
    );
    expect(outcome.kind).toBe('errors');
    if (outcome.kind !== 'errors') return;
    expect(outcome.errors.general).not.toContain(MESSAGES.fieldRequired);
    expect(outcome.errors.fields['company.companyName']).toBe(MESSAGES.fieldRequired);
    expect(post).not.toHaveBeenCalled();
  });

  it('maps the server answers of the company step to transitions', async () => {
    const ctx = (answer: TAnswer) => ({ hash: 'h', org, post: answering(answer) });
    const entered = state(...company);
    expect(
      await checkCompany(entered, ctx({ code: CODES.exactMatch, message: { match_found: 5 } })),
    ).toEqual({
      kind: 'advance',
      action: { type: 'companyChecked', result: { kind: 'exact', companyID: 5 } },
    });
    expect(await checkCompany(entered, ctx({ code: CODES.noMatches, message: {} }))).toEqual({
      kind: 'advance',
      action: { type: 'companyChecked', result: { kind: 'none' } },
    });
    const errors = await checkCompany(
      entered,
      ctx({
        code: CODES.companyErrors,
        message: { company_errors: { companyZip: MESSAGES.zipInvalid }, generalErrors: [] },
      }),
    );
    expect(errors).toEqual({
      kind: 'errors',
      errors: { general: [], fields: { 'company.companyZip': MESSAGES.zipInvalid } },
    });
    expect(
      await checkCompany(entered, ctx({ code: CODES.fetchFailure, message: 'API fetch failed.' })),
    ).toEqual({ kind: 'unreachable' });
  });

  it('refuses a tester email that an admin of the same registration uses', async () => {
    const post = answering({ code: CODES.success, message: '' });
    const filled = state(
      { type: 'setUserType', userType: 'admin' },
      {
        type: 'setPerson',
        list: 'admins',
        index: 0,
        field: 'userEmail',
        value: 'Same@Example.com',
      },
      { type: 'setPerson', list: 'testers', index: 0, field: 'userFirstName', value: 'T' },
      { type: 'setPerson', list: 'testers', index: 0, field: 'userLastName', value: 'T' },
      {
        type: 'setPerson',
        list: 'testers',
        index: 0,
        field: 'userEmail',
        value: 'same@example.com',
      },
      ...firstCertification('N1', '2030-01-01'),
    );
    const outcome = await checkTesters(filled, { hash: 'h', org, post });
    expect(outcome).toMatchObject({
      kind: 'errors',
      errors: { fields: { 'testers.0.userEmail': MESSAGES.emailNotUnique } },
    });
    expect(post).not.toHaveBeenCalled();
  });

  it('refuses an expired certification on the client when the organization does not accept them', async () => {
    const expiredOn = (certExp: string) =>
      state(
        { type: 'setUserType', userType: 'tester' },
        { type: 'setPerson', list: 'testers', index: 0, field: 'userFirstName', value: 'T' },
        { type: 'setPerson', list: 'testers', index: 0, field: 'userLastName', value: 'T' },
        {
          type: 'setPerson',
          list: 'testers',
          index: 0,
          field: 'userEmail',
          value: 't@example.com',
        },
        ...firstCertification('N1', certExp),
      );
    const refusing = { ...org, accept_expired_certs: false, program_date: '2026-11-25' };
    const post = answering({ code: CODES.success, message: '' });
    const outcome = await checkTesters(expiredOn('2026-11-24'), { hash: 'h', org: refusing, post });
    expect(outcome).toMatchObject({
      kind: 'errors',
      errors: { fields: { 'testers.0.certs.0.certExp': MESSAGES.certificationExpired } },
    });
    expect(post).not.toHaveBeenCalled();
    await checkTesters(expiredOn('2026-11-25'), { hash: 'h', org: refusing, post });
    const accepting = { ...refusing, accept_expired_certs: true };
    await checkTesters(expiredOn('2026-11-24'), { hash: 'h', org: accepting, post });
    expect(post).toHaveBeenCalledTimes(2);
  });

  it('takes Next on an untouched tester page as Skip for an admin, never for a tester', async () => {
    const post = answering({ code: CODES.success, message: '' });
    const admin = state({ type: 'setUserType', userType: 'admin' });
    expect(await checkTesters(admin, { hash: 'h', org, post })).toEqual({
      kind: 'advance',
      action: { type: 'skip', step: 'testers' },
    });
    const tester = state({ type: 'setUserType', userType: 'tester' });
    expect((await checkTesters(tester, { hash: 'h', org, post })).kind).toBe('errors');
    expect(post).not.toHaveBeenCalled();
  });

  it('sends the final submit with the run Idempotency-Key and maps FINAL ERRORS per user', async () => {
    const post = answering({
      code: CODES.finalErrors,
      message: { userErrors: { '0': { userEmail: MESSAGES.emailInvalid } }, generalErrors: [] },
    });
    const filled = state(
      ...company,
      { type: 'setUserType', userType: 'admin' },
      ...company,
      { type: 'setPerson', list: 'admins', index: 0, field: 'userFirstName', value: 'A' },
      { type: 'setPerson', list: 'admins', index: 0, field: 'userLastName', value: 'B' },
      { type: 'setPerson', list: 'admins', index: 0, field: 'userEmail', value: 'a@example.com' },
    );
    const admin = { ...filled, testers: [], testKits: [] };
    const outcome = await submitAll(admin, { hash: 'h', org, post });
    expect(post).toHaveBeenCalledWith('/api/tr/submit/all', expect.anything(), {
      'idempotency-key': 'run-9',
    });
    expect(outcome).toEqual({
      kind: 'errors',
      errors: { general: [], fields: { 'admins.0.userEmail': MESSAGES.emailInvalid } },
    });
  });
});

describe('lazy parts', () => {
  it('fail after the time-out when a part never arrives', async () => {
    vi.useFakeTimers();
    const pending = loadWithTimeout(() => new Promise(() => {}), 120_000);
    const settled = expect(pending).rejects.toThrow(/120000 ms/);
    vi.advanceTimersByTime(120_000);
    await settled;
    vi.useRealTimers();
  });
});
