import { type TUserType, USER_TYPES } from '../../../../shared/constants.js';
import type { TKey } from '../../../../shared/i18n/catalogue.js';
import type { TTranslate } from '../i18n/use-i18n.js';
import { currentPage, type TPage, type TWizardState } from './state.js';

// The wizard's pages in the order a registration meets them (spec sections 2 and 4): the one
// place a step is described. Each page keeps the spec's number (0-6), which the address
// (/step/{n}) and the embed's step events carry; a page the spec does not have takes the next
// number (7: the company's credentials, issue 27) wherever it sits. Next and Skip lead to the
// following page this registration sees, Back to the one before it, so Back mirrors the
// forward path by construction. The table names each check by key: checks.ts holds the
// functions, and with them the shared zod rules, loaded after the first page shows.

interface TStepOf<Id extends string, Check extends string> {
  id: Id;
  /** The page's number: the spec's, or after the spec's last for a page it does not have. */
  page: number;
  /** The page's heading (its catalogue key); also in the document title. */
  title: TKey;
  /** The user types who see the page. */
  userTypes: readonly TUserType[];
  /**
   * A page only some organizations ask for: seen, and counted in the progress, only where this
   * one does (the spec's pages are counted for every registration, as the spec counts them).
   */
  askedWhen?: (state: TWizardState) => boolean;
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
    page: 0,
    title: 'steps.userType',
    userTypes: USER_TYPES,
    next: { check: 'userType', label: 'wizard.next' },
  },
  {
    id: 'company',
    page: 1,
    title: 'steps.company',
    userTypes: USER_TYPES,
    next: { check: 'company', label: 'wizard.next' },
  },
  {
    id: 'matches',
    page: 2,
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
    // Once the company is settled (entered, or chosen among the matches).
    id: 'companyCredentials',
    page: 7,
    title: 'steps.companyCredentials',
    userTypes: USER_TYPES,
    askedWhen: (state) => state.asksCompanyCredentials === true,
    next: { check: 'companyCredentials', label: 'wizard.next' },
  },
  {
    id: 'admins',
    page: 3,
    title: 'steps.admins',
    userTypes: ['admin'],
    next: { check: 'admins', label: 'wizard.next' },
  },
  {
    id: 'testers',
    page: 4,
    title: 'steps.testers',
    userTypes: USER_TYPES,
    next: { check: 'testers', label: 'wizard.next' },
    skip: { userTypes: ['admin'], reset: (state) => ({ ...state, testers: [] }) },
  },
  {
    id: 'testKits',
    page: 5,
    title: 'steps.testKits',
    userTypes: USER_TYPES,
    next: { check: 'testKits', label: 'wizard.next' },
    skip: { userTypes: USER_TYPES, reset: (state) => ({ ...state, testKits: [] }) },
  },
  {
    id: 'review',
    page: 6,
    title: 'steps.review',
    userTypes: USER_TYPES,
    next: { check: 'submit', label: 'wizard.submit' },
  },
]);

export type TStep = (typeof STEPS)[number];
export type TStepId = TStep['id'];
export type TCheckKey = NonNullable<TStep['next']>['check'];

export function isPage(value: number): value is TPage {
  return STEPS.some((step) => step.page === value);
}

/** The step on a page; a page outside the table (a damaged saved state) shows the first. */
export function stepAt(page: TPage): TStep {
  return STEPS.find((step) => step.page === page) ?? STEPS[0];
}

export function currentStep(state: TWizardState): TStep {
  return stepAt(currentPage(state));
}

export function pageOf(id: TStepId): TPage {
  return stepOf(id).page;
}

export function stepOf(id: TStepId): TStep {
  return STEPS.find((step) => step.id === id) ?? STEPS[0];
}

function seesUserType(userTypes: readonly TUserType[], state: TWizardState): boolean {
  return userTypes.some((userType) => userType === state.userType);
}

/**
 * Whether the organization behind this registration asks for the step (every spec page); a run
 * from My registrations asks only its own pages.
 */
function isAsked(step: TStep, state: TWizardState): boolean {
  if (state.account) return state.account.pages.includes(step.id);
  return step.askedWhen?.(state) ?? true;
}

/** Whether this registration sees the step: its user type, and the step's own conditions. */
export function isShown(step: TStep, state: TWizardState): boolean {
  return (
    seesUserType(step.userTypes, state) && isAsked(step, state) && (step.shownWhen?.(state) ?? true)
  );
}

/** The current step's position in the table. */
const position = (state: TWizardState) => STEPS.indexOf(currentStep(state));

/** Where Next and Skip lead: the following page this registration sees (none after the last). */
export function followingPage(state: TWizardState): TPage | undefined {
  return STEPS.find((step, index) => index > position(state) && isShown(step, state))?.page;
}

/** Where Back leads: the page before this one that this registration sees (none on the first). */
export function precedingPage(state: TWizardState): TPage | undefined {
  return STEPS.findLast((step, index) => index < position(state) && isShown(step, state))?.page;
}

export function skipOffered(
  step: TStep,
  state: TWizardState,
): step is TStep & Required<Pick<TStep, 'skip'>> {
  return step.skip !== undefined && seesUserType(step.skip.userTypes, state);
}

/**
 * The progress shown above the heading and in the document title: the step's place among the
 * pages the organization asks for (the spec's seven, whichever were passed, and the company's
 * credentials where it asks for them).
 */
export function progressText(state: TWizardState, t: TTranslate): string {
  const counted = STEPS.filter((step) => isAsked(step, state));
  const place = counted.indexOf(currentStep(state)) + 1;
  return t('wizard.progress', { page: place, count: counted.length });
}
