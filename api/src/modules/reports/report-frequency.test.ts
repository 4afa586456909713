import { describe, expect, it } from 'vitest';
import { isDue, localDateOf, nextRunAt, programZoneInstant } from './report-frequency.js';

const at = (iso: string) => new Date(iso);

describe('scheduled report times (8:00 America/New_York)', () => {
  it('is 13:00 UTC in winter (EST) and 12:00 UTC in summer (EDT)', () => {
    expect(programZoneInstant(2026, 1, 5, 8).toISOString()).toBe('2026-01-05T13:00:00.000Z');
    expect(programZoneInstant(2026, 7, 6, 8).toISOString()).toBe('2026-07-06T12:00:00.000Z');
  });

  it('sends daily on business days only', () => {
    // Friday 2026-11-20 at 09:00 EST → Monday 2026-11-23 08:00 EST.
    expect(nextRunAt('daily', at('2026-11-20T14:00:00Z')).toISOString()).toBe(
      '2026-11-23T13:00:00.000Z',
    );
    // Tuesday before 8:00 → the same day.
    expect(nextRunAt('daily', at('2026-11-24T12:59:00Z')).toISOString()).toBe(
      '2026-11-24T13:00:00.000Z',
    );
  });

  it('sends weekly on Mondays and twice a week on Mondays and Thursdays', () => {
    expect(nextRunAt('weekly', at('2026-11-17T15:00:00Z')).toISOString()).toBe(
      '2026-11-23T13:00:00.000Z',
    );
    expect(nextRunAt('twiceWeekly', at('2026-11-17T15:00:00Z')).toISOString()).toBe(
      '2026-11-19T13:00:00.000Z',
    );
    expect(nextRunAt('twiceWeekly', at('2026-11-19T13:00:00Z')).toISOString()).toBe(
      '2026-11-23T13:00:00.000Z',
    );
  });

  it('sends monthly on the 1st, across month and year ends', () => {
    expect(nextRunAt('monthly', at('2026-01-31T20:00:00Z')).toISOString()).toBe(
      '2026-02-01T13:00:00.000Z',
    );
    expect(nextRunAt('monthly', at('2026-02-28T20:00:00Z')).toISOString()).toBe(
      '2026-03-01T13:00:00.000Z',
    );
    expect(nextRunAt('monthly', at('2026-12-15T20:00:00Z')).toISOString()).toBe(
      '2027-01-01T13:00:00.000Z',
    );
  });

  it('keeps 8:00 local across the DST changes', () => {
    // DST starts Sunday 2026-03-08: Friday's run is EST, Monday's is EDT.
    expect(nextRunAt('daily', at('2026-03-06T13:30:00Z')).toISOString()).toBe(
      '2026-03-09T12:00:00.000Z',
    );
    // DST ends Sunday 2026-11-01: Friday's run is EDT, Monday's is EST.
    expect(nextRunAt('weekly', at('2026-10-27T12:00:00Z')).toISOString()).toBe(
      '2026-11-02T13:00:00.000Z',
    );
    expect(nextRunAt('monthly', at('2026-09-15T12:00:00Z')).toISOString()).toBe(
      '2026-10-01T12:00:00.000Z',
    );
    // The 1st of November 2026 is the changeover day itself: by 8:00 it is already EST.
    expect(nextRunAt('monthly', at('2026-10-15T12:00:00Z')).toISOString()).toBe(
      '2026-11-01T13:00:00.000Z',
    );
  });

  it('reads dates in the program zone, not UTC', () => {
    // 02:00 UTC on the 2nd is still the 1st in New York.
    expect(localDateOf(at('2026-12-02T02:00:00Z'))).toMatchObject({
      year: 2026,
      month: 12,
      day: 1,
      weekday: 2,
    });
    expect(isDue('monthly', localDateOf(at('2026-12-02T02:00:00Z')))).toBe(true);
  });
});
