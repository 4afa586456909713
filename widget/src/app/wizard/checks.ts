import { CODES, MESSAGES } from '../../../../shared/codes.js';
import {
  createCredentialsSchema,
  credentialRulesFromOrgInfo,
} from '../../../../shared/credentials.js';
import {
  certificationRulesFromOrgInfo,
  createSubmitAllSchema,
  createValidateTestersRequestSchema,
  duplicateEmailPositions,
  type TCompanyMatch,
  type TOrgInfo,
  ZValidateAdminsRequest,
  ZValidateCompanyRequest,
  ZValidateTestKitsRequest,
  ZValidateUserTypeRequest,
} from '../../../../shared/registration.js';
import {
  adminErrorsFrom,
  companyErrorsFrom,
  finalErrorsFrom,
  testerErrorsFrom,
  testKitErrorsFrom,
} from '../../../../shared/registration-errors.js';
import { apiPost, isFetchFailure, type TAnswer } from '../api.js';
import { askedCredentials } from './credentials/asked.js';
import {
  adminErrors,
  bothErrors,
  companyErrors,
  fieldError,
  finalErrors,
  generalErrors,
  hasErrors,
  testerErrors,
  testKitErrors,
} from './errors.js';
import {
  adminsPayload,
  companyPayload,
  credentialsPayload,
  isBlankCredential,
  submitAllPayload,
  testersPayload,
  testKitsPayload,
} from './payload.js';
import { NO_ERRORS, type TWizardAction, type TWizardErrors, type TWizardState } from './state.js';
import { currentStep, skipOffered, stepOf, type TCheckKey } from './step-table.js';

// What Next does on each page: the shared rules on the client first, then the server's check
// (spec sections 4, 5 and 7). Each returns the reducer action to apply, or what to show.

export type TStepOutcome =
  | { kind: 'advance'; action: TWizardAction }
  | { kind: 'errors'; errors: TWizardErrors }
  | { kind: 'submitted' }
  | { kind: 'unreachable' };

export interface TStepContext {
  hash: string;
  org: TOrgInfo;
  post?: <M>(path: string, body: unknown, headers?: Record<string, string>) => Promise<TAnswer<M>>;
}

const show = (errors: TWizardErrors): TStepOutcome => ({ kind: 'errors', errors });
const go = (action: TWizardAction): TStepOutcome => ({ kind: 'advance', action });

/** Any answer the page does not expect: its message (when readable) goes to the general list. */
function unexpected(answer: TAnswer): TStepOutcome {
  if (isFetchFailure(answer)) return { kind: 'unreachable' };
  return show(generalErrors(typeof answer.message === 'string' ? answer.message : answer.code));
}

export async function checkUserType(state: TWizardState, ctx: TStepContext): Promise<TStepOutcome> {
  const parsed = ZValidateUserTypeRequest.safeParse({ userType: state.userType });
  if (!parsed.success) return show(fieldError('userType', MESSAGES.userTypeRequired));
  const answer = await (ctx.post ?? apiPost)<string>('/api/tr/validate/usertype', {
    userType: state.userType,
  });
  if (answer.code === CODES.userTypeError) {
    return show(fieldError('userType', String(answer.message || MESSAGES.userTypeRequired)));
  }
  if (answer.code === CODES.success) return go({ type: 'accepted', step: 'userType' });
  return unexpected(answer);
}

export async function checkCompany(state: TWizardState, ctx: TStepContext): Promise<TStepOutcome> {
  const request = { companyInfo: [companyPayload({ ...state.company, companyID: null })] };
  const parsed = ZValidateCompanyRequest.safeParse(request);
  if (!parsed.success) return show(companyErrors(companyErrorsFrom(parsed.error.issues)));
  const answer = await (ctx.post ?? apiPost)<Record<string, unknown>>(
    '/api/tr/validate/company',
    request,
  );
  const message = answer.message ?? {};
  switch (answer.code) {
    case CODES.companyErrors:
      return show(companyErrors(message));
    case CODES.possibleMatches:
      return go({
        type: 'companyChecked',
        result: { kind: 'matches', matches: (message.possible_matches ?? []) as TCompanyMatch[] },
      });
    case CODES.exactMatch:
      return go({
        type: 'companyChecked',
        result: { kind: 'exact', companyID: Number(message.match_found) },
      });
    case CODES.noMatches:
      return go({ type: 'companyChecked', result: { kind: 'none' } });
    default:
      return unexpected(answer);
  }
}

export async function checkAdmins(state: TWizardState, ctx: TStepContext): Promise<TStepOutcome> {
  const request = { adminInfo: adminsPayload(state.admins) };
  const parsed = ZValidateAdminsRequest.safeParse(request);
  if (!parsed.success) return show(adminErrors(adminErrorsFrom(parsed.error.issues)));
  const answer = await (ctx.post ?? apiPost)<Record<string, never>>(
    '/api/tr/validate/admins',
    request,
  );
  if (answer.code === CODES.adminErrors) return show(adminErrors(answer.message ?? {}));
  if (answer.code === CODES.success) return go({ type: 'accepted', step: 'admins' });
  return unexpected(answer);
}

/**
 * The company's credentials (a page of its own, issue 27), by the shared rules. There is no step
 * call for them: the server checks them again at the final submit.
 */
export async function checkCompanyCredentials(
  state: TWizardState,
  ctx: TStepContext,
): Promise<TStepOutcome> {
  const rules = credentialRulesFromOrgInfo(ctx.org);
  if (rules) {
    const body = {
      companyCredentials: credentialsPayload(
        state.companyCredentials,
        askedCredentials(ctx.org, 'company'),
      ),
    };
    const parsed = createCredentialsSchema(rules, ['company']).safeParse(body);
    if (!parsed.success) {
      return show(finalErrors(finalErrorsFrom(parsed.error.issues, { credentials: true }), state));
    }
  }
  return go({ type: 'accepted', step: 'companyCredentials' });
}

/** Each tester's credentials by the shared rules (none asked: no errors). */
function testerCredentialErrors(state: TWizardState, org: TOrgInfo): TWizardErrors {
  const rules = credentialRulesFromOrgInfo(org);
  if (!rules) return NO_ERRORS;
  const asked = askedCredentials(org, 'tester');
  const body = {
    userInfo: state.testers.map((tester) => ({
      userType: 'tester',
      userCredentials: credentialsPayload(tester.userCredentials, asked),
    })),
  };
  const parsed = createCredentialsSchema(rules, ['tester']).safeParse(body);
  if (parsed.success) return NO_ERRORS;
  const message = finalErrorsFrom(parsed.error.issues, { credentials: true });
  return finalErrors(message, { admins: [], testers: state.testers });
}

/** Tester emails that an admin of this registration already uses. */
function emailsTakenByAdmins(state: TWizardState): TWizardErrors | null {
  if (state.userType !== 'admin') return null;
  const emails = [...state.admins, ...state.testers].map((person) => person.userEmail);
  const fields: Record<string, string> = {};
  for (const position of duplicateEmailPositions(emails)) {
    const tester = position - state.admins.length;
    if (tester >= 0) fields[`testers.${tester}.userEmail`] = MESSAGES.emailNotUnique;
  }
  return Object.keys(fields).length ? { general: [MESSAGES.emailNotUnique], fields } : null;
}

/** Where Skip is offered (to admins), a tester page left untouched makes Next a Skip. */
function untouchedTesters(state: TWizardState): boolean {
  return state.testers.every(
    (tester) =>
      !`${tester.userFirstName}${tester.userLastName}${tester.userEmail}${tester.userPhone}`.trim() &&
      tester.userCerts.every(
        (cert) => !`${cert.certNum}${cert.certExp}${cert.certAgency}${cert.certDocLink}`.trim(),
      ) &&
      Object.values(tester.userCredentials ?? {}).every(isBlankCredential),
  );
}

/** The testers page by the shared rules: what to show, or null when they pass. */
function testerProblems(state: TWizardState, ctx: TStepContext): TStepOutcome | null {
  const request = { testerInfo: testersPayload(state.testers), hashValue: ctx.hash };
  const schema = createValidateTestersRequestSchema(certificationRulesFromOrgInfo(ctx.org));
  const parsed = schema.safeParse(request);
  const credentials = testerCredentialErrors(state, ctx.org);
  if (parsed.success && !hasErrors(credentials)) return null;
  const testers = parsed.success ? NO_ERRORS : testerErrors(testerErrorsFrom(parsed.error.issues));
  return show(bothErrors(testers, credentials));
}

export async function checkTesters(state: TWizardState, ctx: TStepContext): Promise<TStepOutcome> {
  if (skipOffered(stepOf('testers'), state) && untouchedTesters(state)) {
    return go({ type: 'skip', step: 'testers' });
  }
  const problems = testerProblems(state, ctx);
  if (problems) return problems;
  const request = { testerInfo: testersPayload(state.testers), hashValue: ctx.hash };
  const duplicates = emailsTakenByAdmins(state);
  if (duplicates) return show(duplicates);
  const answer = await (ctx.post ?? apiPost)<Record<string, never>>(
    '/api/tr/validate/testers',
    request,
  );
  if (answer.code === CODES.testerErrors) return show(testerErrors(answer.message ?? {}));
  if (answer.code === CODES.success) return go({ type: 'accepted', step: 'testers' });
  return unexpected(answer);
}

export async function checkTestKits(state: TWizardState, ctx: TStepContext): Promise<TStepOutcome> {
  const request = { testKitInfo: testKitsPayload(state.testKits) };
  const parsed = ZValidateTestKitsRequest.safeParse(request);
  if (!parsed.success) return show(testKitErrors(testKitErrorsFrom(parsed.error.issues)));
  if (request.testKitInfo.length === 0) return go({ type: 'skip', step: 'testKits' });
  const answer = await (ctx.post ?? apiPost)<Record<string, never>>(
    '/api/tr/validate/testkits',
    request,
  );
  if (answer.code === CODES.testKitErrors) return show(testKitErrors(answer.message ?? {}));
  if (answer.code === CODES.success) return go({ type: 'accepted', step: 'testKits' });
  return unexpected(answer);
}

/** The final submit, keyed by the run's Idempotency-Key so a retry never registers twice. */
/** The final submit's body by the shared rules: what to show, or null when it passes. */
function submitProblems(
  request: ReturnType<typeof submitAllPayload>,
  state: TWizardState,
  ctx: TStepContext,
): TStepOutcome | null {
  const parsed = createSubmitAllSchema(certificationRulesFromOrgInfo(ctx.org)).safeParse(request);
  const rules = credentialRulesFromOrgInfo(ctx.org);
  const credentials = rules ? createCredentialsSchema(rules).safeParse(request) : undefined;
  if (parsed.success && credentials?.success !== false) return null;
  const issues = [...(parsed.error?.issues ?? []), ...(credentials?.error?.issues ?? [])];
  return show(finalErrors(finalErrorsFrom(issues, { credentials: Boolean(rules) }), state));
}

export async function submitAll(state: TWizardState, ctx: TStepContext): Promise<TStepOutcome> {
  const request = submitAllPayload(ctx.hash, state, ctx.org);
  const problems = submitProblems(request, state, ctx);
  if (problems) return problems;
  const answer = await (ctx.post ?? apiPost)<Record<string, never>>('/api/tr/submit/all', request, {
    'idempotency-key': state.runId,
  });
  if (answer.code === CODES.finalErrors) return show(finalErrors(answer.message ?? {}, state));
  if (answer.code === CODES.success) return { kind: 'submitted' };
  return unexpected(answer);
}

/**
 * A run from My registrations (from-account.ts): the testers page holds the person, read from
 * the record, and what they add; the shared rules check it (the organization as the run meets
 * it: the certifications still needed), and the server checks it all again at Submit.
 */
export async function checkAccountTesters(
  state: TWizardState,
  ctx: TStepContext,
): Promise<TStepOutcome> {
  return testerProblems(state, ctx) ?? go({ type: 'accepted', step: 'testers' });
}

/**
 * The Submit of a run from My registrations: checked by the final submit's shared rules, then
 * sent as what it adds to the record (POST /api/account/registrations), which sends what is on
 * file with it. The server's field problems come as FINAL ERRORS, positions as sent.
 */
export async function submitFromAccount(
  state: TWizardState,
  ctx: TStepContext,
): Promise<TStepOutcome> {
  const problems = submitProblems(submitAllPayload(ctx.hash, state, ctx.org), state, ctx);
  if (problems) return problems;
  const [tester] = state.testers;
  const request = {
    hashValue: ctx.hash,
    ...(tester
      ? {
          userCerts: testersPayload([tester])[0]?.userCerts ?? [],
          userCredentials: credentialsPayload(
            tester.userCredentials,
            askedCredentials(ctx.org, 'tester'),
          ),
        }
      : {}),
    companyCredentials: credentialsPayload(
      state.companyCredentials,
      askedCredentials(ctx.org, 'company'),
    ),
  };
  const answer = await (ctx.post ?? apiPost)<Record<string, never>>(
    '/api/account/registrations',
    request,
  );
  if (answer.code === CODES.finalErrors) return show(finalErrors(answer.message ?? {}, state));
  if (answer.code === CODES.success) return { kind: 'submitted' };
  return unexpected(answer);
}

type TCheck = (state: TWizardState, ctx: TStepContext) => Promise<TStepOutcome>;

/** The checks the step table names by key. */
const CHECKS: Record<TCheckKey, TCheck> = {
  userType: checkUserType,
  company: checkCompany,
  companyCredentials: checkCompanyCredentials,
  admins: checkAdmins,
  testers: checkTesters,
  testKits: checkTestKits,
  submit: submitAll,
};

/** A run from My registrations: the testers page and Submit act for the signed-in person. */
const ACCOUNT_CHECKS: Record<TCheckKey, TCheck> = {
  ...CHECKS,
  testers: checkAccountTesters,
  submit: submitFromAccount,
};

/** Next on the current page (the match page has no Next: a company is selected or skipped). */
export function checkCurrentPage(state: TWizardState, ctx: TStepContext): Promise<TStepOutcome> {
  const next = currentStep(state).next;
  const checks = state.account ? ACCOUNT_CHECKS : CHECKS;
  return next ? checks[next.check](state, ctx) : Promise.resolve(show(generalErrors()));
}
