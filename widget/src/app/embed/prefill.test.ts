import { describe, expect, it } from 'vitest';
import { createWizardState, wizardReducer } from '../wizard/reducer.js';
import { capturePrefill, takePrefill } from './prefill.js';
import { checkPrefill } from './prefill-check.js';

describe('a prefill from the host page or the link', () => {
  it('reads the documented fields once, and nothing else', () => {
    capturePrefill('?companyName=Acme&userType=tester&embed=https%3A%2F%2Fcity.gov&userEmail=x');
    expect(takePrefill()).toEqual({ companyName: 'Acme', userType: 'tester' });
    expect(takePrefill()).toBeNull();
  });

  it('keeps values that pass the typed rules, normalized as typing would be', () => {
    expect(
      checkPrefill({
        userType: ' Admin ',
        companyName: '  Acme Backflow ',
        companyState: 'qc',
        companyZip: 'H2X 1Y4',
      }),
    ).toEqual({
      userType: 'admin',
      company: { companyName: 'Acme Backflow', companyState: 'QC', companyZip: 'H2X 1Y4' },
      refused: [],
    });
  });

  it('refuses invalid values with the message a person would see', () => {
    const checked = checkPrefill({
      userType: 'owner',
      companyName: 'n'.repeat(256),
      companyState: 'XX',
      companyZip: '1234',
      companyCity: 'Boise',
    });
    expect(checked.userType).toBeUndefined();
    expect(checked.company).toEqual({ companyCity: 'Boise' });
    expect(checked.refused).toEqual([
      { field: 'userType', message: 'Please Select Admin or Tester.' },
      { field: 'companyName', message: 'Company name must be 255 characters or less.' },
      { field: 'companyState', message: 'Please select a valid state or province.' },
      { field: 'companyZip', message: 'Zip code invalid.' },
    ]);
  });

  it('fills only what the person has not entered', () => {
    const typed = wizardReducer(createWizardState('run', 1), {
      type: 'setCompany',
      field: 'companyName',
      value: 'Typed Name',
    });
    const filled = wizardReducer(typed, {
      type: 'prefill',
      userType: 'admin',
      company: { companyName: 'Host Name', companyCity: 'Boise' },
    });
    expect(filled.userType).toBe('admin');
    expect(filled.admins).toHaveLength(1);
    expect(filled.company.companyName).toBe('Typed Name');
    expect(filled.company.companyCity).toBe('Boise');
    const chosen = wizardReducer(filled, { type: 'prefill', userType: 'tester', company: {} });
    expect(chosen.userType).toBe('admin');
  });
});
