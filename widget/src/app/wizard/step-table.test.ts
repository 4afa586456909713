import { describe, expect, it } from 'vitest';
import { translate } from '../../../../shared/i18n/catalogue.js';
import type { TTranslate } from '../i18n/use-i18n.js';
import { createWizardState, wizardReducer } from './reducer.js';
import {
  currentPage,
  type TUserTypeChoice,
  type TWizardAction,
  type TWizardState,
} from './state.js';
import {
  currentStep,
  followingPage,
  isPage,
  isShown,
  pageOf,
  precedingPage,
  progressText,
  STEPS,
  skipOffered,
  stepAt,
  type TStepId,
} from './step-table.js';
import { MATCH } from './test-data.js';

const english: TTranslate = (key, params) => translate('en', key, params);

/** What a person can do to leave each page, written from the spec rather than from the table. */
const LEAVING: Record<TStepId, TWizardAction[]> = {
  userType: [{ type: 'accepted', step: 'userType' }],
  company: [
    { type: 'companyChecked', result: { kind: 'none' } },
    { type: 'companyChecked', result: { kind: 'exact', companyID: 7 } },
    { type: 'companyChecked', result: { kind: 'matches', matches: [MATCH] } },
  ],
  matches: [
    { type: 'selectMatch', match: MATCH },
    { type: 'skip', step: 'matches' },
  ],
  companyCredentials: [{ type: 'accepted', step: 'companyCredentials' }],
  admins: [{ type: 'accepted', step: 'admins' }],
  testers: [
    { type: 'accepted', step: 'testers' },
    { type: 'skip', step: 'testers' },
  ],
  testKits: [
    { type: 'accepted', step: 'testKits' },
    { type: 'skip', step: 'testKits' },
  ],
  review: [],
};

/** `asks`: the organization asks for company credentials (issue 27). */
function started(userType: TUserTypeChoice, asks = false): TWizardState {
  return wizardReducer(createWizardState('run-1', 1, asks), { type: 'setUserType', userType });
}

/** Every way through the wizard for a user type: the state on arriving at the review. */
function waysThrough(userType: 'admin' | 'tester', asks = false): TWizardState[] {
  const finished: TWizardState[] = [];
  const explore = (state: TWizardState) => {
    const step = currentStep(state);
    if (step.id === 'review') finished.push(state);
    for (const action of LEAVING[step.id]) {
      const next = wizardReducer(state, action);
      if (next.path.length > state.path.length) explore(next);
    }
  };
  explore(started(userType, asks));
  return finished;
}

const EVERY_ORGANIZATION = [false, true];
const WAYS = (['admin', 'tester'] as const).flatMap((userType) =>
  EVERY_ORGANIZATION.map((asks) => [userType, asks] as const),
);

const pathsOf = (states: TWizardState[]) => [
  ...new Set(states.map((state) => state.path.join(' → '))),
];

describe('the step table', () => {
  it("keeps the spec's page numbers and titles (pages 0-6), the company's credentials after", () => {
    expect(STEPS.map((step) => [pageOf(step.id), english(step.title)])).toEqual([
      [0, 'User Type'],
      [1, 'Company Details'],
      [2, 'Similar Companies'],
      [7, 'Company Credentials'],
      [3, 'Admin Users'],
      [4, 'Tester Users'],
      [5, 'Test Kits'],
      [6, 'Review'],
    ]);
    expect(new Set(STEPS.map((step) => step.id)).size).toBe(STEPS.length);
  });

  it('walks exactly the paths of the spec for each user type', () => {
    expect(pathsOf(waysThrough('tester'))).toEqual(['0 → 1 → 4 → 5 → 6', '0 → 1 → 2 → 4 → 5 → 6']);
    expect(pathsOf(waysThrough('admin'))).toEqual([
      '0 → 1 → 3 → 4 → 5 → 6',
      '0 → 1 → 2 → 3 → 4 → 5 → 6',
    ]);
  });

  it('adds the company’s credentials once the company is settled where the organization asks', () => {
    expect(pathsOf(waysThrough('tester', true))).toEqual([
      '0 → 1 → 7 → 4 → 5 → 6',
      '0 → 1 → 2 → 7 → 4 → 5 → 6',
    ]);
    expect(pathsOf(waysThrough('admin', true))).toEqual([
      '0 → 1 → 7 → 3 → 4 → 5 → 6',
      '0 → 1 → 2 → 7 → 3 → 4 → 5 → 6',
    ]);
  });

  it('reaches every step its user types see, and no other', () => {
    for (const asks of EVERY_ORGANIZATION) {
      for (const userType of ['admin', 'tester'] as const) {
        const reached = new Set(waysThrough(userType, asks).flatMap((state) => state.path));
        const seen = STEPS.filter(
          (step) => step.userTypes.includes(userType) && (asks || step.id !== 'companyCredentials'),
        ).map((step) => pageOf(step.id));
        expect([...reached].sort((a, b) => a - b)).toEqual(seen.sort((a, b) => a - b));
      }
    }
  });

  it('leads Back along the way it came, page by page, to the first page', () => {
    for (const [userType, asks] of WAYS) {
      for (const arrived of waysThrough(userType, asks)) {
        const walkedBack = [currentPage(arrived)];
        let state = arrived;
        while (precedingPage(state) !== undefined) {
          state = wizardReducer(state, { type: 'back' });
          walkedBack.push(currentPage(state));
        }
        expect(walkedBack).toEqual([...arrived.path].reverse());
      }
    }
  });

  it('agrees with the recorded path: each page follows the one before it, and precedes the next', () => {
    for (const [userType, asks] of WAYS) {
      for (const arrived of waysThrough(userType, asks)) {
        arrived.path.forEach((page, index) => {
          const there = { ...arrived, path: arrived.path.slice(0, index + 1) };
          expect(isShown(stepAt(page), there)).toBe(true);
          expect(followingPage(there)).toBe(arrived.path[index + 1]);
          expect(precedingPage(there)).toBe(arrived.path[index - 1]);
        });
      }
    }
  });

  it('offers Skip on the match page and the test kits to everyone, on the testers to admins', () => {
    const offered = (userType: 'admin' | 'tester') =>
      STEPS.filter((step) => skipOffered(step, started(userType))).map((step) => step.id);
    expect(offered('admin')).toEqual(['matches', 'testers', 'testKits']);
    expect(offered('tester')).toEqual(['matches', 'testKits']);
  });

  it('has a Next on every page but the match page, and it reads Submit on the review', () => {
    expect(STEPS.map((step) => (step.next ? english(step.next.label) : null))).toEqual([
      'Next',
      'Next',
      null,
      'Next',
      'Next',
      'Next',
      'Next',
      'Submit',
    ]);
  });

  it('shows the progress as the step of seven, whichever pages were passed', () => {
    const on = (step: (typeof STEPS)[number], asks: boolean) => ({
      ...started('admin', asks),
      path: [pageOf(step.id)],
    });
    const spec = STEPS.filter((step) => step.id !== 'companyCredentials');
    expect(spec.map((step) => progressText(on(step, false), english))).toEqual([
      'Step 1 of 7',
      'Step 2 of 7',
      'Step 3 of 7',
      'Step 4 of 7',
      'Step 5 of 7',
      'Step 6 of 7',
      'Step 7 of 7',
    ]);
    // Of eight where the organization asks for company credentials.
    expect(STEPS.map((step) => progressText(on(step, true), english))).toEqual([
      'Step 1 of 8',
      'Step 2 of 8',
      'Step 3 of 8',
      'Step 4 of 8',
      'Step 5 of 8',
      'Step 6 of 8',
      'Step 7 of 8',
      'Step 8 of 8',
    ]);
  });

  it('knows its page numbers and nothing else', () => {
    expect([0, 6, 7].every(isPage)).toBe(true);
    expect([-1, 8, 1.5, Number.NaN].some(isPage)).toBe(false);
  });
});
