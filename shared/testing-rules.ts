import { z } from 'zod';
import {
  DEFAULT_NOTICE_DAYS,
  DEFAULT_RETEST_DAYS,
  MAX_NOTICE_DAYS,
  MAX_RETEST_DAYS,
} from './assembly-compliance.js';
import {
  DUE_DATE_MODES,
  MAX_EARLY_DAYS,
  MAX_INTERVAL_MONTHS,
  type TTestingRules,
} from './assembly-due.js';

// An organization's testing rules as its console form writes them (its Program managers, the
// provider's Editors), checked the same on the page and on the server.

export const TESTING_RULES_MESSAGES = {
  intervalInvalid: `Please enter a number of months from 1 to ${MAX_INTERVAL_MONTHS}.`,
  earlyDaysInvalid: `Please enter a number of days from 0 to ${MAX_EARLY_DAYS}.`,
  modeInvalid: 'Please choose the anniversary of the last test or a season each year.',
  seasonRequired: "Please enter the season's first and last day.",
  dayInvalid: 'Please enter a day of the year that exists, such as 1/1 or 5/31.',
  noticeDaysInvalid: `Please enter a number of days from 0 to ${MAX_NOTICE_DAYS}.`,
  retestDaysInvalid: `Please enter a number of days from 1 to ${MAX_RETEST_DAYS}.`,
  saved: 'Testing rules saved. Due dates were computed again for {count} assemblies.',
} as const;

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

const ZWholeNumber = (min: number, max: number, message: string) =>
  z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);

const ZMonthDay = z
  .object({
    month: ZWholeNumber(1, 12, TESTING_RULES_MESSAGES.dayInvalid),
    day: ZWholeNumber(1, 31, TESTING_RULES_MESSAGES.dayInvalid),
  })
  .refine(
    ({ month, day }) => day <= (DAYS_IN_MONTH[month - 1] ?? 0),
    TESTING_RULES_MESSAGES.dayInvalid,
  );

export const ZTestingRules = z
  .object({
    intervalMonths: z.object({
      high: ZWholeNumber(1, MAX_INTERVAL_MONTHS, TESTING_RULES_MESSAGES.intervalInvalid),
      low: ZWholeNumber(1, MAX_INTERVAL_MONTHS, TESTING_RULES_MESSAGES.intervalInvalid),
    }),
    mode: z.enum(DUE_DATE_MODES, { error: TESTING_RULES_MESSAGES.modeInvalid }),
    season: z.object({ start: ZMonthDay, end: ZMonthDay }).nullable().optional().default(null),
    earlyDays: ZWholeNumber(0, MAX_EARLY_DAYS, TESTING_RULES_MESSAGES.earlyDaysInvalid),
    endOfMonth: z.boolean(),
    // Optional for clients that predate them: the defaults.
    noticeDays: ZWholeNumber(0, MAX_NOTICE_DAYS, TESTING_RULES_MESSAGES.noticeDaysInvalid).default(
      DEFAULT_NOTICE_DAYS,
    ),
    retestDays: ZWholeNumber(1, MAX_RETEST_DAYS, TESTING_RULES_MESSAGES.retestDaysInvalid).default(
      DEFAULT_RETEST_DAYS,
    ),
  })
  .superRefine((rules, context) => {
    if (rules.mode === 'season' && !rules.season) {
      context.addIssue({
        code: 'custom',
        path: ['season'],
        message: TESTING_RULES_MESSAGES.seasonRequired,
      });
    }
  })
  // Anniversaries keep no season: the rules say one thing.
  .transform(
    (rules): TTestingRules => ({ ...rules, season: rules.mode === 'season' ? rules.season : null }),
  );

export const ZTestingRulesRecord = z.object({
  /** The organization's id: react-admin's record id. */
  id: z.number().int(),
  intervalMonths: z.object({ high: z.number().int(), low: z.number().int() }),
  mode: z.enum(DUE_DATE_MODES),
  season: z
    .object({
      start: z.object({ month: z.number().int(), day: z.number().int() }),
      end: z.object({ month: z.number().int(), day: z.number().int() }),
    })
    .nullable(),
  earlyDays: z.number().int(),
  endOfMonth: z.boolean(),
  noticeDays: z.number().int(),
  retestDays: z.number().int(),
  /** Assemblies whose due date the last save computed again (0 on a read). */
  recomputed: z.number().int(),
});
export type TTestingRulesRecord = z.infer<typeof ZTestingRulesRecord>;
