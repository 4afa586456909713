import { CODES } from '../../../../shared/codes.js';
import type { TOpenedDraft } from '../../../../shared/drafts.js';
import { apiPost, isFetchFailure } from '../api.js';
import type { TWizardState } from '../wizard/state.js';
import { draftDataOf } from './draft-data.js';

export type TSaveOutcome =
  | { kind: 'saved' }
  | { kind: 'invalid'; message: string }
  | { kind: 'unreachable' };

/** POST /api/drafts/save: the run's draft, and its link emailed to `email`. */
export async function saveDraft(
  hash: string,
  state: TWizardState,
  email: string,
): Promise<TSaveOutcome> {
  const answer = await apiPost<{ draft_errors?: { email?: string }; generalErrors?: string[] }>(
    '/api/drafts/save',
    { hashValue: hash, runId: state.runId, email, data: draftDataOf(state) },
  );
  if (isFetchFailure(answer)) return { kind: 'unreachable' };
  if (answer.code === CODES.success) return { kind: 'saved' };
  const message =
    typeof answer.message === 'string'
      ? answer.message
      : (answer.message?.draft_errors?.email ?? answer.message?.generalErrors?.[0] ?? answer.code);
  return { kind: 'invalid', message };
}

export type TOpenOutcome =
  | { kind: 'opened'; draft: TOpenedDraft }
  | { kind: 'refused'; code: string; message: string }
  | { kind: 'unreachable' };

/** POST /api/drafts/open: the draft a link's token names. */
export async function openDraft(token: string): Promise<TOpenOutcome> {
  const answer = await apiPost<{ draft: TOpenedDraft } | string>('/api/drafts/open', { token });
  if (isFetchFailure(answer)) return { kind: 'unreachable' };
  if (answer.code === CODES.success && typeof answer.message === 'object') {
    return { kind: 'opened', draft: answer.message.draft };
  }
  const message = typeof answer.message === 'string' ? answer.message : answer.code;
  return { kind: 'refused', code: answer.code, message };
}
