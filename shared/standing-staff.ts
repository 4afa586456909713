// Staff's side of a registration's standing (issue 27): suspending and reinstating from the
// console, the rules the console and the server both check, and their words. The standings
// themselves are in standing.ts (no zod there: the public pages read it).
import { z } from 'zod';
import { todayInProgramZone } from './program-zone.js';
import { isIsoDate } from './registration.js';
import type { TStanding } from './standing.js';

/** The longest reason staff may give (it is emailed to the person and kept in the audit log). */
export const STANDING_REASON_MAX = 500;

export const STANDING_STAFF_MESSAGES = {
  reasonRequired: 'Please give a reason.',
  reasonTooLong: `The reason must be ${STANDING_REASON_MAX} characters or less.`,
  untilInvalid: 'Please enter a valid date (YYYY-MM-DD).',
  untilPast: 'The last day of the suspension cannot be before today.',
  notApproved: 'Only an approved registration can be suspended.',
  alreadySuspended: 'This registration is already suspended.',
  alreadyActive: 'This registration is already active.',
  lapsedNotSuspendable:
    'This registration has lapsed and is no longer enrolled: there is nothing to suspend.',
  lapsedNotReinstatable:
    'This registration has lapsed. It cannot be reinstated: the person must register again.',
  registrationNotFound: 'Registration not found.',
  suspended: 'Registration suspended. The person has been emailed.',
  reinstated: 'Registration reinstated. The person has been emailed.',
} as const;

const ZReason = z
  .string({ error: STANDING_STAFF_MESSAGES.reasonRequired })
  .trim()
  .min(1, STANDING_STAFF_MESSAGES.reasonRequired)
  .max(STANDING_REASON_MAX, STANDING_STAFF_MESSAGES.reasonTooLong);

/** A suspension's last day: a date in the program's time zone, today or later; none when blank. */
const ZUntil = z
  .string({ error: STANDING_STAFF_MESSAGES.untilInvalid })
  .trim()
  .nullish()
  .transform((day) => day || null)
  .refine((day) => day === null || isIsoDate(day), STANDING_STAFF_MESSAGES.untilInvalid)
  .refine(
    (day) => day === null || !isIsoDate(day) || day >= todayInProgramZone(),
    STANDING_STAFF_MESSAGES.untilPast,
  );

/** POST /api/admin/registrations/{id}/suspend */
export const ZSuspendRequest = z.object({ reason: ZReason, until: ZUntil });
export type TSuspendRequest = z.infer<typeof ZSuspendRequest>;

/** POST /api/admin/registrations/{id}/reinstate */
export const ZReinstateRequest = z.object({ reason: ZReason });
export type TReinstateRequest = z.infer<typeof ZReinstateRequest>;

/** What staff may do to a registration's standing now (the console offers only these). */
export function standingActions(registration: { standing: TStanding; approved: boolean }): {
  suspend: boolean;
  reinstate: boolean;
} {
  return {
    suspend: registration.standing === 'active' && registration.approved,
    reinstate: registration.standing === 'suspended',
  };
}
