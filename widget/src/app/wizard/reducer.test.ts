import { describe, expect, it } from 'vitest';
import { createWizardState, wizardReducer } from './reducer.js';
import { currentPage, type TWizardAction, type TWizardState } from './state.js';
import { MATCH } from './test-data.js';

function run(state: TWizardState, ...actions: TWizardAction[]): TWizardState {
  return actions.reduce(wizardReducer, state);
}

function start(userType: 'admin' | 'tester', requiredCerts = 2): TWizardState {
  return run(
    createWizardState('run-1', requiredCerts),
    { type: 'setUserType', userType },
    { type: 'accepted', step: 'userType' },
  );
}

const none: TWizardAction = { type: 'companyChecked', result: { kind: 'none' } };
const matches: TWizardAction = {
  type: 'companyChecked',
  result: { kind: 'matches', matches: [MATCH] },
};

describe('wizard navigation (spec section 4)', () => {
  it('goes from the user type (page 0) to the company (page 1)', () => {
    const state = start('tester');
    expect(state.path).toEqual([0, 1]);
  });

  it('sends a tester with no matches straight to the testers (page 4) and an admin to page 3', () => {
    expect(currentPage(run(start('tester'), none))).toBe(4);
    expect(currentPage(run(start('admin'), none))).toBe(3);
  });

  it('treats an exact match like no matches, keeping the matched company id', () => {
    const exact: TWizardAction = {
      type: 'companyChecked',
      result: { kind: 'exact', companyID: 7 },
    };
    const tester = run(start('tester'), exact);
    expect(currentPage(tester)).toBe(4);
    expect(tester.company.companyID).toBe(7);
    expect(currentPage(run(start('admin'), exact))).toBe(3);
  });

  it('shows the match page (2) for possible matches; Select sets the id and moves on', () => {
    const onMatches = run(start('tester'), matches);
    expect(currentPage(onMatches)).toBe(2);
    expect(onMatches.matches).toEqual([MATCH]);
    const tester = run(onMatches, { type: 'selectMatch', match: MATCH });
    expect(currentPage(tester)).toBe(4);
    expect(tester.company.companyID).toBe(42);
    expect(tester.company.companyName).toBe('Acme Backflow');
    const admin = run(start('admin'), matches, { type: 'selectMatch', match: MATCH });
    expect(currentPage(admin)).toBe(3);
  });

  it('Skip on the match page keeps the entered company with an empty id', () => {
    const entered = run(start('admin'), {
      type: 'setCompany',
      field: 'companyName',
      value: 'My Own Co',
    });
    const skipped = run(entered, matches, { type: 'skip', step: 'matches' });
    expect(currentPage(skipped)).toBe(3);
    expect(skipped.company.companyID).toBeNull();
    expect(skipped.company.companyName).toBe('My Own Co');
  });

  it('walks the tester flow 4 → 5 → 6 and the admin flow 3 → 4 → 5 → 6', () => {
    const tester = run(
      start('tester'),
      none,
      { type: 'accepted', step: 'testers' },
      { type: 'accepted', step: 'testKits' },
    );
    expect(tester.path).toEqual([0, 1, 4, 5, 6]);
    const admin = run(
      start('admin'),
      none,
      { type: 'accepted', step: 'admins' },
      { type: 'accepted', step: 'testers' },
      { type: 'accepted', step: 'testKits' },
    );
    expect(admin.path).toEqual([0, 1, 3, 4, 5, 6]);
  });

  it('lets an admin Skip the testers (resetting them) but never a tester', () => {
    const admin = run(
      start('admin'),
      none,
      { type: 'accepted', step: 'admins' },
      { type: 'setPerson', list: 'testers', index: 0, field: 'userEmail', value: 'x@example.com' },
      { type: 'skip', step: 'testers' },
    );
    expect(currentPage(admin)).toBe(5);
    expect(admin.testers).toEqual([]);
    const tester = run(start('tester'), none, { type: 'skip', step: 'testers' });
    expect(currentPage(tester)).toBe(4);
  });

  it('Skip on the kits page (5) drops the kits and goes to the review (6)', () => {
    const state = run(
      start('tester'),
      none,
      { type: 'accepted', step: 'testers' },
      { type: 'skip', step: 'testKits' },
    );
    expect(currentPage(state)).toBe(6);
    expect(state.testKits).toEqual([]);
  });

  it('ignores transitions that do not belong to the current page', () => {
    const state = start('tester');
    expect(run(state, { type: 'accepted', step: 'testers' })).toBe(state);
    expect(run(state, { type: 'selectMatch', match: MATCH })).toBe(state);
    expect(run(state, { type: 'skip', step: 'testKits' })).toBe(state);
  });
});

describe('Back mirrors the forward path', () => {
  it('skips the match page when there were no matches', () => {
    const tester = run(start('tester'), none);
    expect(currentPage(run(tester, { type: 'back' }))).toBe(1);
    const admin = run(start('admin'), none);
    expect(currentPage(run(admin, { type: 'back' }))).toBe(1);
  });

  it('returns to the match page when there were matches', () => {
    const state = run(start('tester'), matches, { type: 'skip', step: 'matches' });
    expect(currentPage(run(state, { type: 'back' }))).toBe(2);
    expect(currentPage(run(state, { type: 'back' }, { type: 'back' }))).toBe(1);
  });

  it('from page 4 an admin goes back one (to 3), a tester to the company page', () => {
    const admin = run(start('admin'), none, { type: 'accepted', step: 'admins' });
    expect(currentPage(run(admin, { type: 'back' }))).toBe(3);
    const tester = run(start('tester'), none);
    expect(currentPage(run(tester, { type: 'back' }))).toBe(1);
  });

  it('walks every page of the admin flow back to page 0, and no further', () => {
    let state = run(
      start('admin'),
      matches,
      { type: 'selectMatch', match: MATCH },
      { type: 'accepted', step: 'admins' },
      { type: 'skip', step: 'testers' },
      { type: 'skip', step: 'testKits' },
    );
    const seen: number[] = [currentPage(state)];
    for (let i = 0; i < 7; i++) {
      state = run(state, { type: 'back' });
      seen.push(currentPage(state));
    }
    expect(seen).toEqual([6, 5, 4, 3, 2, 1, 0, 0]);
  });

  it('refills skipped testers and kits with blank blocks when walking back to them', () => {
    const state = run(
      start('admin', 1),
      none,
      { type: 'accepted', step: 'admins' },
      { type: 'skip', step: 'testers' },
      { type: 'skip', step: 'testKits' },
      { type: 'back' },
      { type: 'back' },
    );
    expect(currentPage(state)).toBe(4);
    expect(state.testers).toHaveLength(1);
    expect(state.testers[0]?.userCerts).toHaveLength(1);
    expect(state.testKits).toHaveLength(1);
  });

  it('backTo jumps to a visited page (the browser Back button) and ignores others', () => {
    const state = run(start('tester'), none, { type: 'accepted', step: 'testers' });
    expect(run(state, { type: 'backTo', page: 1 }).path).toEqual([0, 1]);
    expect(run(state, { type: 'backTo', page: 3 })).toBe(state);
  });

  it('clears the errors on every page change', () => {
    const state = run(start('tester'), {
      type: 'setErrors',
      errors: { general: ['x'], fields: { 'company.companyZip': 'Zip code invalid.' } },
    });
    expect(run(state, none).errors.general).toEqual([]);
    expect(run(state, { type: 'back' }).errors.fields).toEqual({});
  });
});

describe('wizard editing rules', () => {
  it('changing the user type resets the admin and tester lists and the errors', () => {
    let state = start('admin');
    state = run(
      state,
      { type: 'setPerson', list: 'admins', index: 0, field: 'userEmail', value: 'a@example.com' },
      { type: 'add', list: 'admins' },
      { type: 'setErrors', errors: { general: ['Invalid email.'], fields: {} } },
      { type: 'setUserType', userType: 'tester' },
    );
    expect(state.admins).toEqual([]);
    expect(state.testers).toHaveLength(1);
    expect(state.testers[0]?.userEmail).toBe('');
    expect(state.errors).toEqual({ general: [], fields: {} });
    const again = run(state, { type: 'setUserType', userType: 'tester' });
    expect(again).toBe(state);
  });

  it('keeps at least one admin and at most 10', () => {
    let state = start('admin');
    expect(run(state, { type: 'remove', list: 'admins', index: 0 }).admins).toHaveLength(1);
    for (let i = 0; i < 12; i++) state = run(state, { type: 'add', list: 'admins' });
    expect(state.admins).toHaveLength(10);
    state = run(state, { type: 'remove', list: 'admins', index: 3 });
    expect(state.admins).toHaveLength(9);
  });

  it('caps testers and test kits at 10 each', () => {
    let state = start('tester');
    for (let i = 0; i < 12; i++) {
      state = run(state, { type: 'add', list: 'testers' }, { type: 'add', list: 'testKits' });
    }
    expect(state.testers).toHaveLength(10);
    expect(state.testKits).toHaveLength(10);
    expect(new Set(state.testers.map((t) => t.key)).size).toBe(10);
  });

  it('gives each tester number_of_certs certifications that cannot be removed; extra ones can', () => {
    let state = start('tester', 2);
    expect(state.testers[0]?.userCerts).toHaveLength(2);
    state = run(state, { type: 'removeCertification', tester: 0, cert: 1 });
    expect(state.testers[0]?.userCerts).toHaveLength(2);
    state = run(state, { type: 'addCertification', tester: 0 });
    expect(state.testers[0]?.userCerts).toHaveLength(3);
    state = run(state, { type: 'removeCertification', tester: 0, cert: 2 });
    expect(state.testers[0]?.userCerts).toHaveLength(2);
  });

  it('changing the agency of a certification clears its type', () => {
    const set = (field: 'certAgency' | 'certType', value: string): TWizardAction => ({
      type: 'setCertification',
      tester: 0,
      cert: 0,
      field,
      value,
    });
    let state = run(start('tester', 1), set('certAgency', '1'), set('certType', '3'));
    expect(state.testers[0]?.userCerts[0]?.certType).toBe('3');
    state = run(state, set('certAgency', '1'));
    expect(state.testers[0]?.userCerts[0]?.certType).toBe('3');
    state = run(state, set('certAgency', '2'));
    expect(state.testers[0]?.userCerts[0]?.certType).toBe('');
  });

  it('picking a new file clears the uploaded link, so it must be uploaded again', () => {
    const cert = { kind: 'cert' as const, tester: 0, cert: 0 };
    let state = run(
      start('tester', 1),
      { type: 'chooseFile', target: cert, fileName: 'a.pdf' },
      { type: 'uploaded', target: cert, link: 'link-1' },
    );
    expect(state.testers[0]?.userCerts[0]?.certDocLink).toBe('link-1');
    state = run(state, { type: 'chooseFile', target: cert, fileName: 'b.pdf' });
    expect(state.testers[0]?.userCerts[0]).toMatchObject({ certDocLink: '', certDocName: 'b.pdf' });
    const kit = { kind: 'kit' as const, kit: 0 };
    state = run(
      state,
      { type: 'uploaded', target: kit, link: 'link-2' },
      { type: 'chooseFile', target: kit, fileName: 'c.png' },
    );
    expect(state.testKits[0]?.kitCalibDocLink).toBe('');
  });

  it('is serializable: the state survives JSON (sessionStorage) unchanged', () => {
    const state = run(start('admin'), matches);
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
  });
});
