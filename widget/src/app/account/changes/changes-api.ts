import type {
  TAccountCertificationOptions,
  TAccountCredentialOptions,
  TAccountItemAnswer,
} from '../../../../../shared/account.js';
import { CODES, MESSAGES } from '../../../../../shared/codes.js';
import { apiGet, apiPost } from '../../api.js';
import { sendFile, type TUploadResult } from '../../wizard/upload.js';
import { ACCOUNT_API, kept, refusal } from '../account-api.js';
import type { TChangeOutcome } from './change.js';

// The calls behind My registrations' changes (docs/api-public.md). The server checks every
// field; its answers are read as the sign-in form's are (account-api.ts).

/** Sends an item, or a person, for review: where it went and why each refusal. */
export async function sendItem(path: string, body: unknown): Promise<TChangeOutcome> {
  const answer = await apiPost<Partial<TAccountItemAnswer>>(`${ACCOUNT_API}${path}`, body);
  if (answer.code !== CODES.success) return refusal(answer);
  const { sentTo = [], refusedBy = [] } = answer.message ?? {};
  return {
    kind: 'sent',
    sentTo,
    refusedBy: refusedBy.map(({ organizationName, message }) => ({
      organizationName,
      message: kept(message, MESSAGES.valueInvalid),
    })),
  };
}

/** Sends a change the server answers in words. */
export async function sendChange(path: string, body: unknown): Promise<TChangeOutcome> {
  const answer = await apiPost(`${ACCOUNT_API}${path}`, body);
  if (answer.code !== CODES.success) return refusal(answer);
  return { kind: 'done', message: kept(answer.message, '') };
}

export type TChoicesLookup<T> =
  | { kind: 'found'; choices: T }
  | Extract<TChangeOutcome, { kind: 'errors' | 'signedOut' }>;

/** The choices an add form offers, from one of the account's `…-options` calls. */
async function lookUpChoices<T>(path: string): Promise<TChoicesLookup<T>> {
  const answer = await apiGet<T>(`${ACCOUNT_API}${path}`);
  if (answer.code === CODES.success && answer.message) {
    return { kind: 'found', choices: answer.message };
  }
  return refusal(answer);
}

/** The agencies and types the add forms offer (those of the person's organizations). */
export const lookUpCertificationOptions = () =>
  lookUpChoices<TAccountCertificationOptions>('/certification-options');

/** The credential types the add form offers (those the person's organizations ask of them). */
export const lookUpCredentialOptions = () =>
  lookUpChoices<TAccountCredentialOptions>('/credential-options');

/**
 * POST /api/account/uploads: a document only this person can send. A 401 ends the session like
 * any other call's.
 */
export async function uploadAccountDocument(
  file: File,
  onProgress: (percent: number) => void,
  onSignedOut: (message: string) => void,
): Promise<TUploadResult> {
  const reply = await sendFile(`${ACCOUNT_API}/uploads`, file, {}, onProgress);
  if (!reply) return { kind: 'unreachable' };
  let answer: { code?: unknown; message?: unknown } = {};
  try {
    const parsed: unknown = JSON.parse(reply.body);
    if (parsed && typeof parsed === 'object') answer = parsed;
  } catch {
    // Not JSON: a proxy's error page, a failed upload like any other.
  }
  const url = (answer.message as { url?: unknown } | undefined)?.url;
  if (answer.code === CODES.success && typeof url === 'string')
    return { kind: 'uploaded', link: url };
  if (answer.code === CODES.unauthorized) {
    onSignedOut(kept(answer.message, MESSAGES.unauthorized));
  }
  return {
    kind: 'failed',
    message:
      typeof answer.message === 'string'
        ? kept(answer.message, MESSAGES.uploadFailed)
        : MESSAGES.uploadFailed,
  };
}
