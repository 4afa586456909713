import type { EntityManager } from '@mikro-orm/postgresql';
import { MESSAGES } from '../../../../shared/codes.js';
import { fillMessage } from '../../../../shared/fill-message.js';
import { todayInProgramZone } from '../../../../shared/program-zone.js';
import { reregistrationOpen, type TStanding } from '../../../../shared/standing.js';
import { query } from '../../db/sql.js';
import { AppError } from '../../errors.js';
import { recordAudit } from '../audit/service.js';
import { recordWebhookEvent } from '../webhooks/events.js';
import { registrationSubmitted } from '../webhooks/payloads.js';
import {
  LOCK_REGISTRATION,
  MARK_REREGISTERED,
  MISSING_ITEMS,
  REREGISTRATION_STATE,
  type ReregistrationRow,
} from './queries.js';

// Registering again for a new period (an organization whose registrations are valid for 12
// months or the calendar year): one confirmation of what is on file, from the reminder's status
// link or My registrations. Whatever has expired or become required since must be renewed or
// added first (the answer names it); the registration then waits in the Review Queue as a
// re-registration, and its approval starts the next period (review/decisions.ts).

/** Whether a registration's person can register again now, and its period's last day. */
export async function reregistrationState(
  em: EntityManager,
  registrationId: number,
  now: Date = new Date(),
): Promise<{ canRegisterAgain: boolean; validThrough: string | null; standing: TStanding }> {
  const [row] = await query<
    Pick<ReregistrationRow, 'review_state' | 'standing' | 'valid_through' | 'reregistered'>,
    { registrationId: number }
  >(em, REREGISTRATION_STATE, { registrationId });
  if (!row) return { canRegisterAgain: false, validThrough: null, standing: 'active' };
  return {
    canRegisterAgain: openFor(row, todayInProgramZone(now)),
    validThrough: row.valid_through,
    standing: row.standing,
  };
}

/** Whether registering again is open on `today` for a registration row as the queries read it. */
export const openFor = (
  row: Pick<ReregistrationRow, 'review_state' | 'standing' | 'valid_through' | 'reregistered'>,
  today: string,
) =>
  reregistrationOpen(
    {
      reviewState: row.review_state,
      standing: row.standing,
      validThrough: row.valid_through,
      reregistered: row.reregistered,
    },
    today,
  );

export interface Reregistered {
  organizationName: string;
}

/**
 * Sends registration `registrationId` back for review as a re-registration, in the caller's
 * transaction. `owner`: the person it must belong to (My registrations), or null (a status link,
 * which opens only its own registration). Audited as the registrant's own change.
 */
export async function reregister(
  tx: EntityManager,
  registrationId: number,
  options: { owner: number | null; now: Date },
): Promise<Reregistered> {
  const [row] = await query<ReregistrationRow, { registrationId: number }>(tx, LOCK_REGISTRATION, {
    registrationId,
  });
  if (!row || (options.owner !== null && row.user_id !== options.owner)) {
    throw AppError.notFound();
  }
  const today = todayInProgramZone(options.now);
  if (row.reregistered) throw AppError.conflict(MESSAGES.reregistrationWaiting);
  if (!openFor(row, today)) throw AppError.conflict(MESSAGES.reregistrationNotOpen);
  const missing = await query<{ item: string }, { registrationId: number; today: string }>(
    tx,
    MISSING_ITEMS,
    { registrationId, today },
  );
  if (missing.length > 0) {
    throw AppError.conflict(
      fillMessage(MESSAGES.reregistrationNeeds, {
        organization: row.organization_name,
        items: missing.map((entry) => entry.item).join('; '),
      }),
    );
  }
  await query(tx, MARK_REREGISTERED, { registrationId, now: options.now });
  recordWebhookEvent(tx, registrationSubmitted(row, 'reregistration'));
  // The registrant acts for themselves: named by their email, with no staff id.
  recordAudit(
    tx,
    { id: null, email: row.email },
    {
      action: 'reregister',
      entityType: 'registration',
      entityId: registrationId,
      before: { state: row.review_state, standing: row.standing, validThrough: row.valid_through },
      after: { state: 'pending', standing: row.standing, reregistered: true },
    },
  );
  return { organizationName: row.organization_name };
}
