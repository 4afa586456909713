import type { TReviewState } from '../../../../shared/review.js';
import type { TStanding } from '../../../../shared/standing.js';
import { type PartValues, sql } from '../../db/sql.js';
import { auditEntriesInsert } from '../audit/queries.js';
import { stagedEmailsInsert } from '../email/queries.js';

// Every statement of a registration's standing: the guarded change of many registrations at
// once (with what the emails and the audit entries name), their audit entries and emails, the
// row a staff decision locks, and the standing's columns other modules' statements show.

/**
 * A registration's standing as staff read it, for the statements of other modules that show it
 * (registrations as `r`): the standing, why and when it last changed, a suspension's last day
 * (YYYY-MM-DD) and whether the product suspended it.
 */
export const STANDING_COLUMNS = `r.standing, r.standing_reason, r.standing_changed_at,
          to_char(r.suspended_until, 'YYYY-MM-DD') as suspended_until, r.suspended_automatically`;

export interface StandingColumns {
  standing: TStanding;
  standing_reason: string | null;
  standing_changed_at: Date | null;
  suspended_until: string | null;
  suspended_automatically: boolean;
}

/** A change as the statement reads it (a jsonb list of these). */
export interface WantedStanding {
  id: number;
  from: TStanding;
  to: TStanding;
  reason: string;
  automatic: boolean;
  until: string | null;
}

export interface AppliedStandingRow {
  id: number;
  from_standing: TStanding;
  to_standing: TStanding;
  reason: string;
  /** YYYY-MM-DD: the suspension's last day, when it has one. */
  until: string | null;
  automatic: boolean;
  enrolled: boolean;
  previous_reason: string | null;
  previous_until: string | null;
  previous_enrolled: boolean;
  /** The language the registration was made in: its person's email is written in it. */
  language: string;
  email: string;
  first_name: string;
  last_name: string;
  organization_name: string;
  user_id: number;
  organization_id: number;
  company_id: number | null;
  /** Made by the product (whatever the standing), not by staff. */
  automatic_change: boolean;
  /** YYYY-MM-DD: the period's last day, when it has one. */
  valid_through: string | null;
  /** When the standing it left began (ISO, microseconds), or null for its first. */
  previous_changed_at: string | null;
}

/**
 * Applies each change (:changes, a jsonb list of WantedStanding, one per registration) to its
 * registration only while it still has the change's `from` standing: of two callers changing one
 * registration at once, the second's update waits for the first's commit, then finds the
 * standing moved and changes nothing. Suspended sets the last day and whether it was automatic;
 * any other standing clears both; Lapsed also unenrolls. Answers the changes applied, with what
 * the registration had before and what its email and its webhook event need.
 */
export const APPLY_STANDING_CHANGES = sql<{ changes: string; now: Date }>(
  'apply-standing-changes',
  `with wanted as (
     select * from jsonb_to_recordset(:changes::jsonb) as c(id int, "from" text, "to" text,
       reason text, automatic boolean, until date)
   ),
   previous as (
     select r.id, r.standing_reason, r.suspended_until, r.enrolled, r.standing_changed_at
       from registrations r
      where r.id = any(array(select id from wanted))
   ),
   changed as (
     update registrations r
        set standing = w."to",
            standing_reason = w.reason,
            standing_changed_at = :now::timestamptz,
            suspended_until = case when w."to" = 'suspended' then w.until end,
            suspended_automatically = (w."to" = 'suspended' and w.automatic),
            enrolled = case when w."to" = 'lapsed' then false else r.enrolled end,
            updated_at = :now::timestamptz
       from wanted w
      where r.id = w.id and r.standing = w."from"
     returning r.id, w."from" as from_standing, r.standing as to_standing,
               r.standing_reason as reason, r.suspended_until, r.suspended_automatically,
               r.enrolled, r.language, r.user_id, r.organization_id, r.company_id,
               r.valid_through, w.automatic as automatic_change
   )
   select c.id, c.from_standing, c.to_standing, c.reason,
          to_char(c.suspended_until, 'YYYY-MM-DD') as until, c.suspended_automatically as automatic,
          c.enrolled, p.standing_reason as previous_reason,
          to_char(p.suspended_until, 'YYYY-MM-DD') as previous_until,
          p.enrolled as previous_enrolled, c.language, u.email, u.first_name, u.last_name,
          o.name as organization_name, c.user_id, c.organization_id, c.company_id,
          c.automatic_change,
          to_char(c.valid_through, 'YYYY-MM-DD') as valid_through,
          to_char(p.standing_changed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')
            as previous_changed_at
     from changed c
     join previous p on p.id = c.id
     join users u on u.id = c.user_id
     join organizations o on o.id = c.organization_id
    order by c.id`,
);

/** The audit entries of the changes applied (audit/queries.ts's plural insert). */
export const AUDIT_STANDING_CHANGES = sql<PartValues<typeof auditEntriesInsert>>(
  'audit-standing-changes',
  auditEntriesInsert.text,
);

/** The emails of the changes applied (the outbox's plural insert). */
export const STAGE_STANDING_EMAILS = sql<PartValues<typeof stagedEmailsInsert>>(
  'stage-standing-emails',
  stagedEmailsInsert.text,
);

export interface LockedStandingRow {
  id: number;
  standing: TStanding;
  review_state: TReviewState;
  resume_state: TReviewState | null;
}

/** One registration's standing and review, locked until the staff decision's commit. */
export const LOCK_REGISTRATION_STANDING = sql<{ id: number }>(
  'lock-registration-standing',
  `select r.id, r.standing, r.review_state, r.resume_state from registrations r
    where r.id = :id
      for update`,
);
