import { DEFAULT_NOTICE_DAYS, DEFAULT_RETEST_DAYS } from './assembly-compliance.js';
import { addDays, addMonths } from './program-zone.js';

// When a backflow assembly is next due for its test: the organization's testing rules (interval
// per hazard, anniversary or a season each year, the early-test window, month-end rounding)
// applied to the assembly's last test. Dates are program-zone days (YYYY-MM-DD); the page and
// the server compute the same date from this file alone.

export const ASSEMBLY_HAZARDS = ['high', 'low'] as const;
export type TAssemblyHazard = (typeof ASSEMBLY_HAZARDS)[number];

export const DUE_DATE_MODES = ['anniversary', 'season'] as const;
export type TDueDateMode = (typeof DUE_DATE_MODES)[number];

/** A day of the year, month 1-12 and day 1-31 (February 29 is allowed: it means the month's end). */
export interface TMonthDay {
  month: number;
  day: number;
}

export interface TTestingRules {
  /** Months between tests, per hazard. */
  intervalMonths: Record<TAssemblyHazard, number>;
  /** 'anniversary': due a whole interval after the test; 'season': due at a season's end. */
  mode: TDueDateMode;
  /** The season each year's tests fall in (mode 'season'); it may cross a year end. */
  season: { start: TMonthDay; end: TMonthDay } | null;
  /** Days before the due date (before the season's start, with seasons) a test still counts for it. */
  earlyDays: number;
  /** A computed due date moves to the last day of its month. */
  endOfMonth: boolean;
  /** Days before the due date an assembly is Due (shared/assembly-compliance.ts). */
  noticeDays: number;
  /** Days after a failed test its retest is due. */
  retestDays: number;
}

export const DEFAULT_TESTING_RULES: TTestingRules = {
  intervalMonths: { high: 12, low: 12 },
  mode: 'anniversary',
  season: null,
  earlyDays: 90,
  endOfMonth: false,
  noticeDays: DEFAULT_NOTICE_DAYS,
  retestDays: DEFAULT_RETEST_DAYS,
};

export const MAX_INTERVAL_MONTHS = 120;
export const MAX_EARLY_DAYS = 365;

const pad = (n: number) => String(n).padStart(2, '0');
const yearOf = (date: string) => Number(date.slice(0, 4));

/** The last day of a date's month. */
export function endOfMonth(date: string): string {
  return addDays(addMonths(`${date.slice(0, 7)}-01`, 1), -1);
}

/** A month-day in a year; a day the month lacks (February 29) becomes its last. */
function inYear(year: number, { month, day }: TMonthDay): string {
  const first = `${year}-${pad(month)}-01`;
  const last = endOfMonth(first);
  return Number(last.slice(8)) < day ? last : `${year}-${pad(month)}-${pad(day)}`;
}

/** Whether the season crosses a year end (its end falls before its start in the calendar). */
const crossesYearEnd = (season: { start: TMonthDay; end: TMonthDay }) =>
  season.end.month * 100 + season.end.day < season.start.month * 100 + season.start.day;

/** The first day of the season that ends on `seasonEnd`. */
function seasonStartFor(rules: TTestingRules, seasonEnd: string): string {
  const season = rules.season as NonNullable<TTestingRules['season']>;
  const year = yearOf(seasonEnd) - (crossesYearEnd(season) ? 1 : 0);
  return inYear(year, season.start);
}

/** The first season end on or after a day. */
function seasonEndOnOrAfter(rules: TTestingRules, date: string): string {
  const season = rules.season as NonNullable<TTestingRules['season']>;
  const thisYear = inYear(yearOf(date), season.end);
  return thisYear >= date ? thisYear : inYear(yearOf(date) + 1, season.end);
}

const rounded = (rules: TTestingRules, date: string) =>
  rules.endOfMonth ? endOfMonth(date) : date;

/** The first day a test counts for a due date (the early-test window's start). */
export function earlyWindowStart(rules: TTestingRules, dueOn: string): string {
  const from = rules.mode === 'season' && rules.season ? seasonStartFor(rules, dueOn) : dueOn;
  return addDays(from, -rules.earlyDays);
}

export interface TDueInput {
  hazard: TAssemblyHazard;
  /** The day of the test. */
  testedOn: string;
  /** Whether it passed: a failed test leaves the assembly due at once (the test's day). */
  passed: boolean;
  /** The due date on file when the test was made; null for a first test (anniversaries use it). */
  dueOn: string | null;
}

/**
 * The next test due after a test. With anniversaries, a passing test inside the early window of
 * the due date on file counts for that due date and the next is a whole interval after it (the
 * anniversary stays); a test before the window, after the due date (late) or a first test
 * starts again from its own day. With seasons, a passing test counts for the season it falls in
 * or whose early window it falls in, else for the last season before it (a late test); the next
 * is the end of the season an interval later. A failed test is due again at once. Month-end
 * rounding applies to the date computed.
 */
export function nextTestDue(rules: TTestingRules, input: TDueInput): string {
  const { testedOn, dueOn } = input;
  if (!input.passed) return testedOn;
  const interval = rules.intervalMonths[input.hazard];
  if (rules.mode === 'season' && rules.season) {
    const coming = seasonEndOnOrAfter(rules, testedOn);
    const counted =
      testedOn >= earlyWindowStart(rules, coming)
        ? coming
        : inYear(yearOf(coming) - 1, rules.season.end);
    return rounded(rules, seasonEndOnOrAfter(rules, addMonths(counted, interval)));
  }
  const inWindow =
    dueOn !== null && testedOn >= earlyWindowStart(rules, dueOn) && testedOn <= dueOn;
  return rounded(rules, addMonths(inWindow ? (dueOn as string) : testedOn, interval));
}

/**
 * The due date of an assembly with no test on file: its installation day (tested when
 * installed), null when that is not known either.
 */
export function firstTestDue(installedOn: string | null): string | null {
  return installedOn;
}

export const DUE_STATUSES = ['overdue', 'due', 'current', 'unknown'] as const;
export type TDueStatus = (typeof DUE_STATUSES)[number];

/** Whether an assembly is past its due date, inside its early window, or current, today. */
export function dueStatus(rules: TTestingRules, dueOn: string | null, today: string): TDueStatus {
  if (dueOn === null) return 'unknown';
  if (today > dueOn) return 'overdue';
  return today >= earlyWindowStart(rules, dueOn) ? 'due' : 'current';
}
