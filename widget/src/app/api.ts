import { CODES, MESSAGES, type TApiAnswer } from '../../../shared/codes.js';
import { currentLanguage } from './i18n/language.js';

/** What every public call answers with; a thrown failure becomes FETCH FAILURE (spec section 7). */
export type TAnswer<M = unknown> = TApiAnswer<M>;

export const FETCH_FAILURE: TAnswer<string> = {
  code: CODES.fetchFailure,
  message: MESSAGES.apiFetchFailed,
};

export function isFetchFailure(answer: TAnswer): boolean {
  return answer.code === CODES.fetchFailure;
}

/** Any call, read as the answer it gives (FETCH FAILURE when there is none). */
export async function apiCall<M>(path: string, init: RequestInit): Promise<TAnswer<M>> {
  try {
    const response = await fetch(path, { credentials: 'include', ...init });
    const body = (await response.json()) as Partial<TAnswer<M>>;
    if (typeof body?.code !== 'string') return FETCH_FAILURE as TAnswer<M>;
    return body as TAnswer<M>;
  } catch {
    return FETCH_FAILURE as TAnswer<M>;
  }
}

export function apiGet<M>(path: string): Promise<TAnswer<M>> {
  return apiCall<M>(path, { method: 'GET', headers: { accept: 'application/json' } });
}

export function apiPost<M>(
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<TAnswer<M>> {
  return apiCall<M>(path, {
    method: 'POST',
    // The server answers in the language shown (its messages come from the same catalogue).
    headers: {
      accept: 'application/json',
      'accept-language': currentLanguage(),
      'content-type': 'application/json',
      ...headers,
    },
    body: JSON.stringify(body),
  });
}
