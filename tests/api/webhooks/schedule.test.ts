import { describe, expect, it } from 'vitest';
import {
  ATTEMPT_DELAYS_MS,
  MAX_ATTEMPTS,
  nextAttemptAt,
  shouldDisableEndpoint,
} from '../../../api/src/modules/webhooks/schedule.js';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

describe('the retry schedule', () => {
  it('tries at once, then after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h', () => {
    const failedAt = new Date('2026-11-27T10:00:00Z');
    const nextAfter = (attempt: number) => nextAttemptAt(attempt, failedAt)?.toISOString() ?? null;
    expect(ATTEMPT_DELAYS_MS[0]).toBe(0);
    expect(nextAfter(1)).toBe('2026-11-27T10:00:05.000Z');
    expect(nextAfter(2)).toBe('2026-11-27T10:05:00.000Z');
    expect(nextAfter(3)).toBe('2026-11-27T10:30:00.000Z');
    expect(nextAfter(4)).toBe('2026-11-27T12:00:00.000Z');
    expect(nextAfter(5)).toBe('2026-11-27T15:00:00.000Z');
    expect(nextAfter(6)).toBe('2026-11-27T20:00:00.000Z');
    expect(nextAfter(7)).toBe('2026-11-27T20:00:00.000Z');
    expect(nextAfter(MAX_ATTEMPTS)).toBeNull();
    expect(nextAfter(0)).toBeNull();
    expect(nextAfter(1.5)).toBeNull();
  });

  it('keeps an event for at least 24 hours of failures', () => {
    let at = new Date('2026-11-27T10:00:00Z');
    const first = at;
    let attempts = 1;
    for (let next = nextAttemptAt(attempts, at); next; next = nextAttemptAt(attempts, at)) {
      at = next;
      attempts += 1;
    }
    expect(attempts).toBe(MAX_ATTEMPTS);
    expect(at.getTime() - first.getTime()).toBeGreaterThanOrEqual(DAY);
  });
});

describe('disabling a failing endpoint', () => {
  const firstFailure = new Date('2026-11-27T10:00:00Z');
  const at = (ms: number) => new Date(firstFailure.getTime() + ms);

  it('keeps an endpoint failing for less than 3 days', () => {
    expect(shouldDisableEndpoint(firstFailure, firstFailure)).toBe(false);
    expect(shouldDisableEndpoint(firstFailure, at(3 * DAY - 1))).toBe(false);
  });

  it('disables it once it has failed for 3 days', () => {
    expect(shouldDisableEndpoint(firstFailure, at(3 * DAY))).toBe(true);
    expect(shouldDisableEndpoint(firstFailure, at(30 * DAY))).toBe(true);
  });

  it('never disables an endpoint that has not failed since its last success', () => {
    expect(shouldDisableEndpoint(null, at(30 * DAY))).toBe(false);
  });
});
