import { type TUserType, USER_TYPES } from '../../../../shared/constants.js';
import type { TKey } from '../../../../shared/i18n/catalogue.js';
import type { TTranslate } from '../i18n/use-i18n.js';
import { currentPage, type TPage, type TWizardState } from './state.js';

// The wizard's pages in the spec's order (spec sections 2 and 4): the one place a step is
// described. A page's number is its position here; the address (/step/{n}) and the embed's step
// events carry it. Next and Skip lead to the following page this registration sees, Back to the
// one before it, so Back mirrors the forward path by construction. The table names each check
// by key: checks.ts holds the functions, and with them the shared zod rules, loaded after the
// first page shows.

interface TStepOf<Id extends string, Check extends string> {
  id: Id;
  /** The page's heading (its catalogue key); also in the document title. */
  title: TKey;
  /** The user types who see the page. */
  userTypes: readonly TUserType[];
  /** A further condition for seeing it. */
  shownWhen?: (state: TWizardState) => boolean;
  /** The Next button: the check it runs and its words; null when the page has no Next. */
  next: { check: Check; label: 'wizard.next' | 'wizard.submit' } | null;
  /** The Skip button: who is offered it, and what it clears before moving on as Next does. */
  skip?: { userTypes: readonly TUserType[]; reset: (state: TWizardState) => TWizardState };
}

function stepTable<const Id extends string, const Check extends string>(
  steps: readonly [TStepOf<Id, Check>, ...TStepOf<Id, Check>[]],
) {
  return steps;
}

export const STEPS = stepTable([
  {
    id: 'userType',
    title: 'steps.userType',
    userTypes: USER_TYPES,
    next: { check: 'userType', label: 'wizard.next' },
  },
  {
    id: 'company',
    title: 'steps.company',
    userTypes: USER_TYPES,
    next: { check: 'company', label: 'wizard.next' },
  },
  {
    id: 'matches',
    title: 'steps.matches',
    userTypes: USER_TYPES,
    shownWhen: (state) => state.matches.length > 0,
    // A company is selected (the reducer's selectMatch), or Skip keeps the one entered.
    next: null,
    skip: {
      userTypes: USER_TYPES,
      reset: (state) => ({ ...state, company: { ...state.company, companyID: null } }),
    },
  },
  {
    id: 'admins',
    title: 'steps.admins',
    userTypes: ['admin'],
    next: { check: 'admins', label: 'wizard.next' },
  },
  {
    id: 'testers',
    title: 'steps.testers',
    userTypes: USER_TYPES,
    next: { check: 'testers', label: 'wizard.next' },
    skip: { userTypes: ['admin'], reset: (state) => ({ ...state, testers: [] }) },
  },
  {
    id: 'testKits',
    title: 'steps.testKits',
    userTypes: USER_TYPES,
    next: { check: 'testKits', label: 'wizard.next' },
    skip: { userTypes: USER_TYPES, reset: (state) => ({ ...state, testKits: [] }) },
  },
  {
    id: 'review',
    title: 'steps.review',
    userTypes: USER_TYPES,
    next: { check: 'submit', label: 'wizard.submit' },
  },
]);

export type TStep = (typeof STEPS)[number];
export type TStepId = TStep['id'];
export type TCheckKey = NonNullable<TStep['next']>['check'];

export function isPage(value: number): value is TPage {
  return Number.isInteger(value) && value >= 0 && value < STEPS.length;
}

/** The step on a page; a page outside the table (a damaged saved state) shows the first. */
export function stepAt(page: TPage): TStep {
  return STEPS[page] ?? STEPS[0];
}

export function currentStep(state: TWizardState): TStep {
  return stepAt(currentPage(state));
}

export function pageOf(id: TStepId): TPage {
  return STEPS.findIndex((step) => step.id === id);
}

export function stepOf(id: TStepId): TStep {
  return stepAt(pageOf(id));
}

function seesUserType(userTypes: readonly TUserType[], state: TWizardState): boolean {
  return userTypes.some((userType) => userType === state.userType);
}

/** Whether this registration sees the step: its user type, and the step's own condition. */
export function isShown(step: TStep, state: TWizardState): boolean {
  return seesUserType(step.userTypes, state) && (step.shownWhen?.(state) ?? true);
}

/** Where Next and Skip lead: the following page this registration sees (none after the last). */
export function followingPage(state: TWizardState): TPage | undefined {
  const page = STEPS.findIndex((step, index) => index > currentPage(state) && isShown(step, state));
  return page < 0 ? undefined : page;
}

/** Where Back leads: the page before this one that this registration sees (none on the first). */
export function precedingPage(state: TWizardState): TPage | undefined {
  const page = STEPS.findLastIndex(
    (step, index) => index < currentPage(state) && isShown(step, state),
  );
  return page < 0 ? undefined : page;
}

export function skipOffered(
  step: TStep,
  state: TWizardState,
): step is TStep & Required<Pick<TStep, 'skip'>> {
  return step.skip !== undefined && seesUserType(step.skip.userTypes, state);
}

/** The progress shown above the heading and in the document title. */
export function progressText(page: TPage, t: TTranslate): string {
  return t('wizard.progress', { page: page + 1, count: STEPS.length });
}
