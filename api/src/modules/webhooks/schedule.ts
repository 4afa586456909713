// When a failed delivery is tried again, and when a failing endpoint is given up on. Pure
// functions of times, so the job queue, the console's "next attempt" column and the tests
// read one schedule.

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * The wait before each attempt, the first one immediately (Svix's schedule): 8 attempts over
 * 27 h 35 min 5 s, so an event outlives a receiver's full day of downtime.
 */
export const ATTEMPT_DELAYS_MS: readonly number[] = [
  0,
  5 * SECOND,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  5 * HOUR,
  10 * HOUR,
  10 * HOUR,
];

export const MAX_ATTEMPTS = ATTEMPT_DELAYS_MS.length;

/** An endpoint failing without a single success for this long is disabled. */
export const DISABLE_AFTER_MS = 3 * DAY;

/**
 * When attempt `attempt + 1` is due, given that attempt `attempt` (counted from 1) failed at
 * `failedAt`; null once every attempt is spent.
 */
export function nextAttemptAt(attempt: number, failedAt: Date): Date | null {
  const delay = ATTEMPT_DELAYS_MS[attempt];
  if (!Number.isInteger(attempt) || attempt < 1 || delay === undefined) return null;
  return new Date(failedAt.getTime() + delay);
}

/**
 * Whether an endpoint is to be disabled at `now`, given its first failure since its last
 * success (null: it has not failed since). Asked after each failed attempt, so an endpoint
 * disables only while it is still failing, exactly three days after the failures began.
 */
export function shouldDisableEndpoint(firstFailureSinceSuccess: Date | null, now: Date): boolean {
  if (firstFailureSinceSuccess === null) return false;
  return now.getTime() - firstFailureSinceSuccess.getTime() >= DISABLE_AFTER_MS;
}
