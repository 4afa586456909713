import type { EntityManager } from '@mikro-orm/postgresql';
import type { TAccountItemAnswer } from '../../../../shared/account.js';
import { ACCOUNT_CODES } from '../../../../shared/account.js';
import { CODES, MESSAGES } from '../../../../shared/codes.js';
import { todayInProgramZone } from '../../../../shared/program-zone.js';
import type { TReviewState } from '../../../../shared/review.js';
import { Registration, type TCertification, type TTestKit } from '../../db/entities/index.js';
import { query } from '../../db/sql.js';
import { AppError } from '../../errors.js';
import { recordAudit } from '../audit/service.js';
import { RENEWABLE_STATES } from '../compliance/renewals.js';
import { certificationLabel, testKitLabel } from '../review/items.js';
import { bumpReviewVersions } from '../review/queries.js';
import type { AuditedItem } from '../review/records.js';
import { recordWebhookEvent } from '../webhooks/events.js';
import { registrationFactsOf, registrationSubmitted } from '../webhooks/payloads.js';
import {
  CLAIM_OWN_UPLOAD,
  LOCK_REGISTRATIONS,
  type LockedRegistrationRow,
} from './change-queries.js';
import { ADMIN_COMPANY } from './record-queries.js';

// What every item a registrant sends from My registrations shares: its key across
// organizations, the person's registrations locked for the change, the person's own upload
// attached, and the registrations it went to back in the Review Queue marked as sent from the
// account (an approved one returns to Approved by itself once every item is accepted:
// review/copies.ts). One decision on an item applies to every copy of it (the same document).

/** A certification's key across organizations (the reminders' and the view's). */
export const certificationKey = (c: Pick<TCertification, 'agencyName' | 'typeName' | 'number'>) =>
  [c.agencyName.toLowerCase(), c.typeName.toLowerCase(), c.number.trim().toLowerCase()].join('|');

/** A test kit's key across organizations. */
export const testKitKey = (k: Pick<TTestKit, 'serial' | 'manufacturer' | 'model'>) =>
  [k.serial, k.manufacturer, k.model].map((part) => part.trim().toLowerCase()).join('|');

export const fieldProblem = (field: string, message: string) =>
  new AppError(422, ACCOUNT_CODES.accountErrors, { fieldErrors: { [field]: message } });

export interface Change {
  tx: EntityManager;
  userId: number;
  email: string;
  userType: string;
  registrations: LockedRegistrationRow[];
  /** The registrations that may take a change now. */
  open: LockedRegistrationRow[];
  /** The company the person administers now (a company admin), else null. */
  companyId: number | null;
  today: string;
}

/** Runs a change in one transaction with the person's registrations locked. */
export async function change<T>(
  em: EntityManager,
  userId: number,
  agencyId: number,
  work: (change: Change) => Promise<T>,
): Promise<T> {
  return em.transactional(async (tx) => {
    const registrations = await query<LockedRegistrationRow, { userId: number; agencyId: number }>(
      tx,
      LOCK_REGISTRATIONS,
      { userId, agencyId },
    );
    const [person] = await tx
      .getConnection()
      .execute<{ email: string; type: string }[]>('select email, type from users where id = ?', [
        userId,
      ]);
    if (!person) throw AppError.unauthorized();
    const open = registrations.filter((r) => RENEWABLE_STATES.includes(r.review_state));
    const [administered] = await query<{ company_id: number }, { userId: number }>(
      tx,
      ADMIN_COMPANY,
      { userId },
    );
    return work({
      tx,
      userId,
      email: person.email,
      userType: person.type,
      registrations,
      open,
      companyId: administered?.company_id ?? null,
      today: todayInProgramZone(),
    });
  });
}

/** Attaches the person's own upload; a document that is not theirs, or already used, is refused. */
export async function claimUpload(change: Change, documentId: string, field: string) {
  const claimed = await query<{ id: string }, { userId: number; documentId: string }>(
    change.tx,
    CLAIM_OWN_UPLOAD,
    { userId: change.userId, documentId },
  );
  if (claimed.length === 0) throw fieldProblem(field, MESSAGES.documentLinkInvalid);
}

/** What an item did to one registration, as its audit entry tells it. */
export interface Sent {
  registrationId: number;
  before: AuditedItem[];
  items: AuditedItem[];
}

/**
 * The registrations an item went to go back to the queue, marked as sent from the account; an
 * approved one will return to approved once its items are accepted. Audited on each as made by
 * the registrant, and each reviewer's version moves on.
 */
export async function queue(change: Change, sent: Sent[], alsoShowing: number[] = []) {
  const now = new Date();
  for (const { registrationId, items, before } of sent) {
    const registration = await change.tx.findOneOrFail(Registration, registrationId, {
      populate: ['user', 'organization'],
    });
    const state: TReviewState = registration.reviewState;
    if (state === 'approved') {
      recordWebhookEvent(
        change.tx,
        registrationSubmitted(registrationFactsOf(registration), 'renewal'),
      );
      registration.resumeState = 'approved';
      registration.reviewState = 'pending';
      registration.queuedAt = now;
      registration.resubmittedAt = now;
    }
    registration.accountChangeAt = now;
    recordAudit(
      change.tx,
      { id: null, email: change.email },
      {
        action: 'account_update',
        entityType: 'registration',
        entityId: registrationId,
        before: { state, items: before },
        after: { state: 'pending', items },
      },
    );
  }
  await bumpReviewVersions(change.tx, [
    ...new Set([...sent.map((s) => s.registrationId), ...alsoShowing]),
  ]);
}

export const auditedCertification = (item: TCertification, details: string): AuditedItem => ({
  item: 'certification',
  itemId: item.id,
  label: certificationLabel(item),
  decision: item.reviewDecision,
  details,
  document: item.document ? { id: item.document.id, contentType: '', size: 0 } : null,
});

export const auditedTestKit = (item: TTestKit, details: string): AuditedItem => ({
  item: 'testKit',
  itemId: item.id,
  label: testKitLabel(item),
  decision: item.reviewDecision,
  details,
  document: item.document ? { id: item.document.id, contentType: '', size: 0 } : null,
});

export function answer(sentTo: string[], refusedBy: TAccountItemAnswer['refusedBy']) {
  return { code: CODES.success, message: { sentTo, refusedBy } };
}
