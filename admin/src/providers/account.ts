import type { TAccountResponse } from '../../../shared/staff-responses';
import type { HttpClient } from './httpClient';
import { tokenStore } from './tokenStore';

// The signed-in person (role, two-step state), read once per token and shared by the
// authProvider's permissions and identity; the account page forgets it after a change.

let cached: { token: string; answer: Promise<TAccountResponse> } | undefined;

export function currentAccount(httpClient: HttpClient): Promise<TAccountResponse> {
  const token = tokenStore.get() ?? '';
  if (cached?.token !== token) {
    const answer = httpClient('/api/sc/account').then((response) => response.json);
    answer.catch(() => {
      if (cached?.answer === answer) cached = undefined;
    });
    cached = { token, answer };
  }
  return cached.answer;
}

/** The next read asks the server again (after two-step sign-in was turned on or off). */
export function forgetAccount(): void {
  cached = undefined;
}
