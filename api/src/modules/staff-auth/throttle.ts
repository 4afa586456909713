import type { SharedCounters } from '../../plugins/shared-counters.js';

// Sign-in throttling that slows guessing without letting anyone lock the owner out (OWASP
// Authentication Cheat Sheet, "Login Throttling" and "Account Lockout"; ASVS v5.0 V6.3.1 and
// V6.1.1; docs/decisions.md "Sign-in throttling instead of lockout"). Failures are counted per
// account, per client address and per (account, address) pair:
//  - a pair gets a few free failures, then must wait a delay that doubles with each failure;
//  - an account that many addresses are failing against is "under attack": its pairs get no free
//    failures and start with a longer delay, so rotating addresses buys one guess per address;
//  - an address failing against many accounts is refused altogether for a while;
//  - every address has a per-minute budget of attempts on each sign-in call.
// A right password from an address with no recent failures is never refused: nothing another
// address does reaches that address's own counters.

export const SIGN_IN_POLICY = {
  /** How long failures are remembered. */
  windowMs: 60 * 60_000,
  /** Failures of one pair before delays start (an account not under attack). */
  freeFailuresPerPair: 3,
  /** The first delay, doubled with each further failure of the pair, up to the longest. */
  firstDelayMs: 1_000,
  longestDelayMs: 15 * 60_000,
  /** Failures of one account, from all addresses, that put it under attack. */
  accountUnderAttackAt: 10,
  /** Under attack, a pair's first failure already costs this delay. */
  underAttackFirstDelayMs: 30_000,
  /** Failures of one address, against any accounts, after which it is refused. */
  failuresPerAddress: 50,
  /** Attempts per address and minute on each sign-in call, right or wrong. */
  attemptsPerAddressPerMinute: 10,
} as const;

export type SignInCall = 'password' | 'google' | 'two-factor' | 'password-link';

export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAfterMs: number };

interface Attempt {
  call: SignInCall;
  /** The account as typed or claimed (lower-cased email); unknown accounts count too. */
  account: string;
  address: string;
}

const keys = (attempt: Attempt) => ({
  attempts: `attempts:${attempt.call}:${attempt.address}`,
  address: `fail-address:${attempt.address}`,
  account: `fail-account:${attempt.account}`,
  pair: `fail-pair:${attempt.account}|${attempt.address}`,
  hold: `hold:${attempt.account}|${attempt.address}`,
});

export interface SignInThrottle {
  /** Counts the attempt and says whether it may be checked at all. */
  admit(attempt: Attempt): Promise<ThrottleVerdict>;
  /** A wrong password or code: counts it and holds the pair for its delay. */
  failed(attempt: Attempt): Promise<void>;
  /** A right one: the pair starts afresh (the account's count stays: an attack may go on). */
  succeeded(attempt: Attempt): Promise<void>;
}

/** The delay a pair must wait after its `pairFailures`-th failure (0: none). */
export function pairDelayMs(pairFailures: number, underAttack: boolean): number {
  const policy = SIGN_IN_POLICY;
  const free = underAttack ? 0 : policy.freeFailuresPerPair;
  if (pairFailures <= free) return 0;
  const first = underAttack ? policy.underAttackFirstDelayMs : policy.firstDelayMs;
  const doublings = Math.min(pairFailures - free - 1, 30);
  return Math.min(first * 2 ** doublings, policy.longestDelayMs);
}

export function signInThrottle(store: SharedCounters): SignInThrottle {
  const policy = SIGN_IN_POLICY;
  return {
    async admit(attempt) {
      const key = keys(attempt);
      const attempts = await store.increment(key.attempts, 60_000);
      if (attempts.count > policy.attemptsPerAddressPerMinute) {
        return { allowed: false, retryAfterMs: attempts.resetInMs };
      }
      const [address, hold] = await Promise.all([store.read(key.address), store.read(key.hold)]);
      if (address.count >= policy.failuresPerAddress) {
        return { allowed: false, retryAfterMs: address.resetInMs };
      }
      if (hold.count > 0) return { allowed: false, retryAfterMs: hold.resetInMs };
      return { allowed: true };
    },
    async failed(attempt) {
      const key = keys(attempt);
      const [pair, account] = await Promise.all([
        store.increment(key.pair, policy.windowMs),
        store.increment(key.account, policy.windowMs),
        store.increment(key.address, policy.windowMs),
      ]);
      const delay = pairDelayMs(pair.count, account.count >= policy.accountUnderAttackAt);
      if (delay > 0) await store.set(key.hold, 1, delay);
    },
    async succeeded(attempt) {
      const key = keys(attempt);
      await Promise.all([store.reset(key.pair), store.reset(key.hold)]);
    },
  };
}
