import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TESTING_RULES,
  dueStatus,
  earlyWindowStart,
  endOfMonth,
  firstTestDue,
  nextTestDue,
  type TTestingRules,
} from './assembly-due.js';
import { todayInProgramZone } from './program-zone.js';

const rules = (changes: Partial<TTestingRules> = {}): TTestingRules => ({
  ...DEFAULT_TESTING_RULES,
  ...changes,
});
const passed = (
  testedOn: string,
  dueOn: string | null = null,
  hazard: 'high' | 'low' = 'high',
) => ({
  hazard,
  testedOn,
  dueOn,
  passed: true,
});

describe('the next test due on anniversaries', () => {
  it('is a whole interval after a first test, per hazard', () => {
    const twoIntervals = rules({ intervalMonths: { high: 6, low: 24 } });
    expect(nextTestDue(twoIntervals, passed('2026-03-15', null, 'high'))).toBe('2026-09-15');
    expect(nextTestDue(twoIntervals, passed('2026-03-15', null, 'low'))).toBe('2028-03-15');
    expect(nextTestDue(rules(), passed('2026-03-15'))).toBe('2027-03-15');
  });

  it('keeps the anniversary for a test on the first and the last day of the early window, not one day before it', () => {
    const due = '2026-06-30';
    expect(earlyWindowStart(rules(), due)).toBe('2026-04-01');
    expect(nextTestDue(rules(), passed('2026-04-01', due))).toBe('2027-06-30');
    expect(nextTestDue(rules(), passed('2026-06-30', due))).toBe('2027-06-30');
    expect(nextTestDue(rules(), passed('2026-03-31', due))).toBe('2027-03-31');
    // Late: the anniversary moves to the test's day.
    expect(nextTestDue(rules(), passed('2026-07-01', due))).toBe('2027-07-01');
    // Another window length.
    const thirty = rules({ earlyDays: 30 });
    expect(nextTestDue(thirty, passed('2026-05-31', due))).toBe('2027-06-30');
    expect(nextTestDue(thirty, passed('2026-05-30', due))).toBe('2027-05-30');
    expect(nextTestDue(rules({ earlyDays: 0 }), passed('2026-06-29', due))).toBe('2027-06-29');
  });

  it('takes an anniversary on February 29 to February 28, and month-end rounding back to the 29th in a leap year', () => {
    expect(nextTestDue(rules(), passed('2024-02-29'))).toBe('2025-02-28');
    expect(nextTestDue(rules(), passed('2025-02-10', '2025-02-28'))).toBe('2026-02-28');
    expect(
      nextTestDue(rules({ intervalMonths: { high: 48, low: 48 } }), passed('2024-02-29')),
    ).toBe('2028-02-29');
    const monthEnd = rules({ endOfMonth: true });
    expect(nextTestDue(monthEnd, passed('2024-02-29'))).toBe('2025-02-28');
    expect(nextTestDue(monthEnd, passed('2027-02-01', '2027-02-28'))).toBe('2028-02-29');
  });

  it('rounds to the end of the month when the organization asks', () => {
    const monthEnd = rules({ endOfMonth: true });
    expect(nextTestDue(monthEnd, passed('2026-03-02'))).toBe('2027-03-31');
    expect(nextTestDue(monthEnd, passed('2026-12-31'))).toBe('2027-12-31');
    expect(nextTestDue(monthEnd, passed('2026-04-30', '2026-04-30'))).toBe('2027-04-30');
    expect(endOfMonth('2026-02-03')).toBe('2026-02-28');
    expect(endOfMonth('2028-02-03')).toBe('2028-02-29');
    expect(endOfMonth('2026-12-01')).toBe('2026-12-31');
  });

  it('leaves an assembly that failed due at once', () => {
    expect(nextTestDue(rules(), { ...passed('2026-05-01', '2026-06-30'), passed: false })).toBe(
      '2026-05-01',
    );
  });
});

describe('the next test due in a season', () => {
  const spring = rules({
    mode: 'season',
    season: { start: { month: 1, day: 1 }, end: { month: 5, day: 31 } },
    earlyDays: 0,
  });
  // November 1 to February 28, the program in New York.
  const winter = rules({
    mode: 'season',
    season: { start: { month: 11, day: 1 }, end: { month: 2, day: 28 } },
    earlyDays: 0,
  });

  it("is the end of next year's season for a test inside this year's", () => {
    expect(nextTestDue(spring, passed('2026-01-01'))).toBe('2027-05-31');
    expect(nextTestDue(spring, passed('2026-05-31'))).toBe('2027-05-31');
    expect(
      nextTestDue(
        rules({ ...spring, intervalMonths: { high: 24, low: 24 } }),
        passed('2026-03-01'),
      ),
    ).toBe('2028-05-31');
  });

  it('counts a test after the season for the season it missed', () => {
    expect(nextTestDue(spring, passed('2026-06-01'))).toBe('2027-05-31');
    expect(nextTestDue(spring, passed('2026-12-31'))).toBe('2027-05-31');
  });

  it('counts a test inside the early window before the season for the coming season', () => {
    const early = rules({ ...spring, earlyDays: 90 });
    expect(earlyWindowStart(early, '2027-05-31')).toBe('2026-10-03');
    expect(nextTestDue(early, passed('2026-10-03'))).toBe('2028-05-31');
    expect(nextTestDue(early, passed('2026-10-02'))).toBe('2027-05-31');
  });

  it('crosses a year end: a test from November 1 counts for the February that follows', () => {
    expect(nextTestDue(winter, passed('2026-11-01'))).toBe('2028-02-28');
    expect(nextTestDue(winter, passed('2027-01-15'))).toBe('2028-02-28');
    expect(nextTestDue(winter, passed('2027-02-28'))).toBe('2028-02-28');
    // One day before the season: late for the last one.
    expect(nextTestDue(winter, passed('2026-10-31'))).toBe('2027-02-28');
    expect(nextTestDue(winter, passed('2027-03-01'))).toBe('2028-02-28');
    // The program's day, not UTC's: 8 pm in New York on October 31 is already November 1 in UTC.
    const evening = todayInProgramZone(new Date('2026-11-01T00:30:00Z'));
    expect(evening).toBe('2026-10-31');
    expect(nextTestDue(winter, passed(evening))).toBe('2027-02-28');
  });

  it('ends a season on February 29 in leap years', () => {
    const leap = rules({
      ...winter,
      season: { start: { month: 11, day: 1 }, end: { month: 2, day: 29 } },
    });
    expect(nextTestDue(leap, passed('2026-12-01'))).toBe('2028-02-29');
    expect(nextTestDue(leap, passed('2027-12-01'))).toBe('2029-02-28');
  });
});

describe("an assembly's due status", () => {
  it('is overdue the day after its due date, due inside the early window, current before it', () => {
    const due = '2026-06-30';
    expect(dueStatus(rules(), due, '2026-07-01')).toBe('overdue');
    expect(dueStatus(rules(), due, '2026-06-30')).toBe('due');
    expect(dueStatus(rules(), due, '2026-04-01')).toBe('due');
    expect(dueStatus(rules(), due, '2026-03-31')).toBe('current');
    expect(dueStatus(rules(), null, '2026-03-31')).toBe('unknown');
  });

  it('is due at installation when never tested', () => {
    expect(firstTestDue('2026-02-01')).toBe('2026-02-01');
    expect(firstTestDue(null)).toBeNull();
  });
});
