import type { EntityManager } from '@mikro-orm/postgresql';
import type { TAuditAction } from '../../../../shared/audit.js';
import { DEFAULT_LANGUAGE, languageOf } from '../../../../shared/i18n/languages.js';
import type { TStanding } from '../../../../shared/standing.js';
import {
  STANDING_STAFF_MESSAGES,
  type TReinstateRequest,
  type TSuspendRequest,
} from '../../../../shared/standing-staff.js';
import { json, query } from '../../db/sql.js';
import { AppError } from '../../errors.js';
import { type AuditEntryRow, auditEntriesInsert } from '../audit/queries.js';
import { stagedEmailRow } from '../email/outbox.js';
import { stagedEmailsInsert } from '../email/queries.js';
import { registrantLinks } from '../registrant-emails/links.js';
import { registrationStandingChanged } from '../webhooks/payloads.js';
import { recordWebhookEvents } from '../webhooks/queries.js';
import { standingEmail } from './emails.js';
import {
  APPLY_STANDING_CHANGES,
  type AppliedStandingRow,
  AUDIT_STANDING_CHANGES,
  LOCK_REGISTRATION_STANDING,
  type LockedStandingRow,
  STAGE_STANDING_EMAILS,
  type WantedStanding,
} from './queries.js';

// A registration's standing (issue 27): Active, Suspended or Lapsed. Every change, whoever makes
// it (staff from the console, the daily run's automatic suspensions, lifts and lapses), goes
// through changeStandings: a guarded set-based update, so of two callers only one applies a
// change, with its audit entry and its person's email staged in the caller's transaction.

export interface StandingChange {
  registrationId: number;
  /** The standing it must have now for the change to apply (concurrent changes: only one wins). */
  from: TStanding;
  to: TStanding;
  /** Why, in the deciding person's words (staff) or the product's (automatic); shown to the person and audited. */
  reason: string;
  /** Made by the product (daily run, an accepted renewal), not by staff. */
  automatic: boolean;
  /** A suspension's last day (YYYY-MM-DD, program time zone), or null. */
  until?: string | null;
}

/** Who changes standings: a staff member, or the product itself. */
export type StandingActor = { staffId: number } | 'system';

/** The audit log's name for the product's own changes. */
export const SYSTEM_ACTOR_EMAIL = 'system';

const ACTIONS: Record<TStanding, TAuditAction> = {
  suspended: 'suspend',
  active: 'reinstate',
  lapsed: 'lapse',
};

/** The first change of each registration, leaving out those that would change nothing. */
function wantedChanges(changes: StandingChange[]): WantedStanding[] {
  const wanted = new Map<number, WantedStanding>();
  for (const change of changes) {
    if (change.from === change.to || wanted.has(change.registrationId)) continue;
    wanted.set(change.registrationId, {
      id: change.registrationId,
      from: change.from,
      to: change.to,
      reason: change.reason,
      automatic: change.automatic,
      until: change.to === 'suspended' ? (change.until ?? null) : null,
    });
  }
  return [...wanted.values()];
}

function auditEntry(row: AppliedStandingRow, actor: StandingActor): AuditEntryRow {
  return {
    staffId: actor === 'system' ? null : actor.staffId,
    staffEmail: actor === 'system' ? SYSTEM_ACTOR_EMAIL : null,
    action: ACTIONS[row.to_standing],
    entityType: 'registration',
    entityId: String(row.id),
    before: {
      standing: row.from_standing,
      reason: row.previous_reason,
      until: row.previous_until,
      enrolled: row.previous_enrolled,
    },
    after: {
      standing: row.to_standing,
      reason: row.reason,
      until: row.until,
      automatic: row.automatic,
      enrolled: row.enrolled,
    },
  };
}

/** Applies the changes whose registration still has `from`; stages one email per applied change, audits it and records its webhook event, in the caller's transaction. Answers the ids changed. */
export async function changeStandings(
  tx: EntityManager,
  changes: StandingChange[],
  actor: { staffId: number } | 'system',
  now: Date,
): Promise<number[]> {
  const wanted = wantedChanges(changes);
  if (wanted.length === 0) return [];
  const applied = await query<AppliedStandingRow, { changes: string; now: Date }>(
    tx,
    APPLY_STANDING_CHANGES,
    { changes: json(wanted), now },
  );
  if (applied.length === 0) return [];
  const audited = await query<{ id: number; entity_id: string }, { auditRows: string }>(
    tx,
    AUDIT_STANDING_CHANGES,
    auditEntriesInsert.values(applied.map((row) => auditEntry(row, actor))),
  );
  const auditIds = new Map(audited.map((entry) => [Number(entry.entity_id), entry.id]));
  const links = registrantLinks();
  const emails = applied.map((row) =>
    stagedEmailRow(
      standingEmail({
        registrationId: row.id,
        auditId: auditIds.get(row.id) ?? 0,
        to: row.to_standing,
        reason: row.reason,
        until: row.until,
        automatic: row.automatic,
        person: {
          firstName: row.first_name,
          email: row.email,
          language: languageOf(row.language) ?? DEFAULT_LANGUAGE,
        },
        organization: row.organization_name,
        links,
      }),
    ),
  );
  await query(tx, STAGE_STANDING_EMAILS, stagedEmailsInsert.values(emails));
  await recordWebhookEvents(tx, applied.map(registrationStandingChanged));
  return applied.map((row) => row.id);
}

/** Approved, or approved and waiting for an item sent from My registrations. */
const isApproved = (registration: LockedStandingRow) =>
  registration.review_state === 'approved' || registration.resume_state === 'approved';

/** What staff may decide, and why each standing (or an unapproved registration) refuses it. */
const STAFF_DECISIONS = {
  suspend: {
    to: 'suspended',
    refusals: {
      suspended: STANDING_STAFF_MESSAGES.alreadySuspended,
      lapsed: STANDING_STAFF_MESSAGES.lapsedNotSuspendable,
    },
    needsApproval: true,
  },
  reinstate: {
    to: 'active',
    refusals: {
      active: STANDING_STAFF_MESSAGES.alreadyActive,
      lapsed: STANDING_STAFF_MESSAGES.lapsedNotReinstatable,
    },
    needsApproval: false,
  },
} as const satisfies Record<
  string,
  { to: TStanding; refusals: Partial<Record<TStanding, string>>; needsApproval: boolean }
>;

export type TStaffStandingDecision = keyof typeof STAFF_DECISIONS;

/**
 * A staff decision on one registration's standing: suspend (an approved, active registration,
 * until a last day or until reinstated) or reinstate (a suspended one; a lapsed one needs its
 * person to register again). The registration is locked, the decision refused with 409 and its
 * reason when the registration cannot take it (nothing changes), else applied by changeStandings
 * in the same transaction.
 */
export async function decideStanding(
  em: EntityManager,
  staffId: number,
  registrationId: number,
  decision: TStaffStandingDecision,
  request: TSuspendRequest | TReinstateRequest,
): Promise<void> {
  const { to, refusals, needsApproval } = STAFF_DECISIONS[decision];
  await em.transactional(async (tx) => {
    const [registration] = await query<LockedStandingRow, { id: number }>(
      tx,
      LOCK_REGISTRATION_STANDING,
      { id: registrationId },
    );
    if (!registration) throw AppError.notFound(STANDING_STAFF_MESSAGES.registrationNotFound);
    const refusal = (refusals as Partial<Record<TStanding, string>>)[registration.standing];
    if (refusal) throw AppError.conflict(refusal);
    if (needsApproval && !isApproved(registration)) {
      throw AppError.conflict(STANDING_STAFF_MESSAGES.notApproved);
    }
    const change = {
      ...request,
      registrationId,
      from: registration.standing,
      to,
      automatic: false,
    };
    await changeStandings(tx, [change], { staffId }, new Date());
  });
}
