import type { TAccountView } from '../../../../shared/account.js';
import { ACCOUNT_CODES } from '../../../../shared/account-codes.js';
import { CODES, MESSAGES } from '../../../../shared/codes.js';
import { localizeMessage } from '../../../../shared/i18n/catalogue.js';
import { DEFAULT_LANGUAGE } from '../../../../shared/i18n/languages.js';
import { apiCall, apiGet, apiPost, isFetchFailure, type TAnswer } from '../api.js';
import { currentLanguage } from '../i18n/language.js';
import type { TWizardErrors } from '../wizard/state.js';

// My registrations' calls (docs/api-public.md). The session is an HttpOnly cookie the browser
// sends to /api/account only; every answer is read by its code, and a 401 on any call means the
// session has ended.

export const ACCOUNT_API = '/api/account';

/** A form with nothing to correct (the wizard's own constant stays in the wizard's code). */
export const NO_ERRORS: TWizardErrors = { general: [], fields: {} };

/** The server's message, kept in English so a language switch translates it too. */
export const kept = (message: unknown, fallback: string) =>
  localizeMessage(typeof message === 'string' && message ? message : fallback, DEFAULT_LANGUAGE);

export type TAccountLookup =
  | { kind: 'signedIn'; view: TAccountView }
  | { kind: 'signedOut'; message: string }
  | { kind: 'unreachable' };

export async function lookUpAccount(): Promise<TAccountLookup> {
  const answer = await apiGet<TAccountView>(`${ACCOUNT_API}/me`);
  if (answer.code === CODES.success && answer.message) {
    return { kind: 'signedIn', view: answer.message };
  }
  if (answer.code === CODES.unauthorized) {
    return { kind: 'signedOut', message: kept(answer.message, MESSAGES.unauthorized) };
  }
  return { kind: 'unreachable' };
}

/** What a form's call came to: its message, the problems to show, or the session's end. */
export type TFormOutcome =
  | { kind: 'done'; message: string }
  | { kind: 'errors'; errors: TWizardErrors }
  | { kind: 'signedOut'; message: string };

/** An answer other than SUCCESS: the problems to show, or the session's end. */
export function refusal(answer: TAnswer): Exclude<TFormOutcome, { kind: 'done' }> {
  if (answer.code === CODES.unauthorized) {
    return { kind: 'signedOut', message: kept(answer.message, MESSAGES.unauthorized) };
  }
  if (answer.code === ACCOUNT_CODES.accountErrors) {
    const { fieldErrors = {} } = (answer.message ?? {}) as {
      fieldErrors?: Record<string, unknown>;
    };
    const fields = Object.fromEntries(
      Object.entries(fieldErrors).map(([path, message]) => [
        path,
        kept(message, MESSAGES.valueInvalid),
      ]),
    );
    return { kind: 'errors', errors: { general: [], fields } };
  }
  // Any other refusal (too many links, a request from elsewhere, an item no longer there,
  // nothing that can take the change) or no answer: said above the form.
  const message = isFetchFailure(answer)
    ? MESSAGES.serverUnreachable
    : kept(answer.message, MESSAGES.apiSubmissionError);
  return { kind: 'errors', errors: { general: [message], fields: {} } };
}

function formOutcome(answer: TAnswer): TFormOutcome {
  if (answer.code === CODES.success) return { kind: 'done', message: kept(answer.message, '') };
  return refusal(answer);
}

/** Asks for a sign-in link; the same answer whether or not the email is registered. */
export async function askForSignInLink(email: string): Promise<TFormOutcome> {
  return formOutcome(await apiPost(`${ACCOUNT_API}/sign-in-link`, { email }));
}

export async function changePhone(phone: string): Promise<TFormOutcome> {
  return formOutcome(await apiPost(`${ACCOUNT_API}/phone`, { phone }));
}

/** Leaves every public directory of testers (hidden), or joins them again. */
export async function changeDirectoryListing(hidden: boolean): Promise<TFormOutcome> {
  return formOutcome(await apiPost(`${ACCOUNT_API}/directory`, { hidden }));
}

export type TSessionStart =
  | { kind: 'signedIn' }
  | { kind: 'invalid'; message: string }
  | { kind: 'unreachable' };

/** Trades an emailed link's token for the session cookie. */
export async function startSession(token: string): Promise<TSessionStart> {
  const answer = await apiPost(`${ACCOUNT_API}/session`, { token });
  if (answer.code === CODES.success) return { kind: 'signedIn' };
  if (isFetchFailure(answer)) return { kind: 'unreachable' };
  return { kind: 'invalid', message: kept(answer.message, MESSAGES.accountLinkInvalid) };
}

export type TEmailConfirmation =
  | { kind: 'changed'; message: string }
  | { kind: 'refused'; message: string }
  | { kind: 'unreachable' };

/** Confirms a change of email with the token of the link sent to the new address. */
export async function confirmEmailChange(token: string): Promise<TEmailConfirmation> {
  const answer = await apiPost(`${ACCOUNT_API}/email/confirm`, { token });
  if (answer.code === CODES.success) return { kind: 'changed', message: kept(answer.message, '') };
  if (isFetchFailure(answer)) return { kind: 'unreachable' };
  // Used or expired (410), the address taken meanwhile (409), too many tries (429).
  return { kind: 'refused', message: kept(answer.message, MESSAGES.accountEmailLinkInvalid) };
}

export type TSignOut = { kind: 'signedOut'; message: string } | { kind: 'unreachable' };

export async function signOut(): Promise<TSignOut> {
  const answer = await apiCall(`${ACCOUNT_API}/session`, {
    method: 'DELETE',
    headers: { accept: 'application/json', 'accept-language': currentLanguage() },
  });
  if (isFetchFailure(answer)) return { kind: 'unreachable' };
  return { kind: 'signedOut', message: kept(answer.message, MESSAGES.accountSignedOut) };
}
