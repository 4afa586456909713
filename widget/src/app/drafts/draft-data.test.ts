import { describe, expect, it } from 'vitest';
import { ZDraftData } from '../../../../shared/drafts.js';
import { createWizardState, wizardReducer } from '../wizard/reducer.js';
import type { TWizardAction, TWizardState } from '../wizard/state.js';
import { MATCH } from '../wizard/test-data.js';
import { draftDataOf, hasDocumentsNotUploaded, wizardStateOf } from './draft-data.js';

const LINK = '0b6c2a8e-93a4-4d0c-8f2e-5b7d1c9e4a21';

function testerOnTestKits(): TWizardState {
  const actions: TWizardAction[] = [
    { type: 'setUserType', userType: 'tester' },
    { type: 'accepted', step: 'userType' },
    { type: 'setCompany', field: 'companyName', value: 'Acme Backflow' },
    { type: 'companyChecked', result: { kind: 'matches', matches: [MATCH] } },
    { type: 'skip', step: 'matches' },
    { type: 'setPerson', list: 'testers', index: 0, field: 'userEmail', value: 'ann@example.com' },
    { type: 'chooseFile', target: { kind: 'cert', tester: 0, cert: 0 }, fileName: 'cert.pdf' },
    { type: 'uploaded', target: { kind: 'cert', tester: 0, cert: 0 }, link: LINK },
    { type: 'accepted', step: 'testers' },
    { type: 'chooseFile', target: { kind: 'kit', kit: 0 }, fileName: 'calibration.png' },
  ];
  return actions.reduce(wizardReducer, createWizardState('run-7', 1));
}

describe('a wizard run as a draft', () => {
  it('comes back on the page it was left, with every entry, the path and the run', () => {
    const state = testerOnTestKits();
    const data = ZDraftData.parse(JSON.parse(JSON.stringify(draftDataOf(state))));
    const restored = wizardStateOf({ runId: 'run-7', data }, 1);
    expect(restored.path).toEqual([0, 1, 2, 4, 5]);
    expect(restored.runId).toBe('run-7');
    expect(restored.company.companyName).toBe('Acme Backflow');
    expect(restored.matches).toEqual([MATCH]);
    expect(restored.testers[0]?.userEmail).toBe('ann@example.com');
    expect(restored.testers[0]?.userCerts[0]?.certDocLink).toBe(LINK);
    expect(restored.testers[0]?.userCerts[0]?.certDocName).toBe('cert.pdf');
    // Back still walks the visited pages, and Back from the testers reaches the match page.
    const back = wizardReducer(wizardReducer(restored, { type: 'back' }), { type: 'back' });
    expect(back.path).toEqual([0, 1, 2]);
  });

  it('leaves behind a document chosen but not uploaded, and says so', () => {
    const state = testerOnTestKits();
    expect(hasDocumentsNotUploaded(state)).toBe(true);
    expect(draftDataOf(state).testKits[0]?.kitCalibDocName).toBe('');
    const restored = wizardStateOf({ runId: 'run-7', data: draftDataOf(state) }, 1);
    expect(hasDocumentsNotUploaded(restored)).toBe(false);
  });

  it('gives restored blocks keys of their own', () => {
    const restored = wizardStateOf({ runId: 'r', data: draftDataOf(testerOnTestKits()) }, 1);
    const keys = [
      ...restored.testers.flatMap((tester) => [tester.key, ...tester.userCerts.map((c) => c.key)]),
      ...restored.testKits.map((kit) => kit.key),
    ];
    expect(new Set(keys).size).toBe(keys.length);
    const added = wizardReducer(restored, { type: 'add', list: 'testKits' });
    expect(keys).not.toContain(added.testKits.at(-1)?.key);
  });
});
