import { CODES, MESSAGES, STATUS_CODES } from '../../../../shared/codes.js';
import type { TCorrectionErrors, TStatusView } from '../../../../shared/review.js';
import { apiGet, apiPost, isFetchFailure } from '../api.js';

// The status link's two calls: what the page shows, and sending the corrections. The shared
// correction checks (zod) are fetched once the page shows: they are first needed at Send.

export const loadCorrectionChecks = () => import('./correction-checks.js');

const statusUrl = (hash: string, token: string) =>
  `/api/tr/status/${encodeURIComponent(hash)}/${encodeURIComponent(token)}`;

export type TStatusLookup =
  | { state: 'found'; status: TStatusView }
  | { state: 'invalid' }
  | { state: 'unreachable' };

export async function lookUpStatus(hash: string, token: string): Promise<TStatusLookup> {
  const answer = await apiGet<{ status: TStatusView }>(statusUrl(hash, token));
  if (isFetchFailure(answer)) return { state: 'unreachable' };
  if (answer.code === STATUS_CODES.valid && answer.message?.status) {
    return { state: 'found', status: answer.message.status };
  }
  return { state: 'invalid' };
}

export type TSendOutcome =
  | { kind: 'sent' }
  | { kind: 'errors'; errors: TCorrectionErrors }
  | { kind: 'invalid' }
  | { kind: 'unreachable' };

export async function sendCorrections(
  hash: string,
  token: string,
  body: unknown,
): Promise<TSendOutcome> {
  const answer = await apiPost<unknown>(statusUrl(hash, token), body);
  if (isFetchFailure(answer)) return { kind: 'unreachable' };
  if (answer.code === CODES.success) return { kind: 'sent' };
  if (answer.code === STATUS_CODES.invalid) return { kind: 'invalid' };
  if (answer.code === STATUS_CODES.correctionErrors) {
    return { kind: 'errors', errors: answer.message as TCorrectionErrors };
  }
  // A refusal in words (no longer waiting for corrections, a request the server could not read).
  const message =
    typeof answer.message === 'string' ? answer.message : MESSAGES.correctionsNotAwaited;
  return {
    kind: 'errors',
    errors: { generalErrors: [message || MESSAGES.apiSubmissionError], fieldErrors: {} },
  };
}

export type TRegisterAgainOutcome =
  | { kind: 'sent'; message: string }
  | { kind: 'refused'; message: string }
  | { kind: 'invalid' }
  | { kind: 'unreachable' };

/** Registers again for the next period (uses the link up). */
export async function registerAgain(hash: string, token: string): Promise<TRegisterAgainOutcome> {
  const answer = await apiPost<unknown>(`${statusUrl(hash, token)}/reregister`, {});
  if (isFetchFailure(answer)) return { kind: 'unreachable' };
  const message = typeof answer.message === 'string' ? answer.message : '';
  if (answer.code === CODES.success) return { kind: 'sent', message };
  if (answer.code === STATUS_CODES.invalid) return { kind: 'invalid' };
  return { kind: 'refused', message: message || MESSAGES.apiSubmissionError };
}
