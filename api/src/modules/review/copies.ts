import type { EntityManager } from '@mikro-orm/postgresql';
import type { TDocumentDecisionRequest } from '../../../../shared/review.js';
import { Certification, Credential, Registration, TestKit } from '../../db/entities/index.js';
import { json, query, sql } from '../../db/sql.js';
import { type Actor, recordAudit } from '../audit/service.js';
import { recordWebhookEvent } from '../webhooks/events.js';
import { type RegistrationFacts, registrationApproved } from '../webhooks/payloads.js';
import { acceptRenewal, audited, type ReviewedItem } from './items.js';

// One review for an item sent to several organizations from My registrations: the copies of an
// item are the items waiting for review with the same document (on file, or in the renewal
// waiting beside it) on other registrations, and a decision on one is the decision on all. A
// registration an account change took out of Approved goes back to it by itself once every item
// it shows is accepted.

const COPIES = sql<{ kind: string; id: number; documentId: string }>(
  'review-item-copies',
  `select c.id, c.registration_id as registration_id, null::int as submission_id
     from certifications c
    where :kind = 'certification' and c.id <> :id and c.review_decision = 'pending'
      and coalesce(c.renewal->>'documentId', c.document_id::text) = :documentId
   union all
   select k.id, null, k.submission_id
     from test_kits k
    where :kind = 'testKit' and k.id <> :id and k.review_decision = 'pending'
      and k.retired_at is null
      and coalesce(k.renewal->>'documentId', k.document_id::text) = :documentId
   union all
   select cr.id, cr.registration_id, null
     from credentials cr
    where :kind = 'credential' and cr.id <> :id and cr.review_decision = 'pending'
      and coalesce(cr.renewal->>'documentId', cr.document_id::text) = :documentId
    order by 1`,
);

/** Locks registrations (in id order, as every writer does) and answers their ids. */
const LOCK_REGISTRATIONS = sql<{ registrationIds: string; submissionIds: string }>(
  'review-lock-copy-registrations',
  `select id from registrations
    where id = any(array(select jsonb_array_elements_text(:registrationIds::jsonb)::int))
       or submission_id = any(array(select jsonb_array_elements_text(:submissionIds::jsonb)::int))
    order by id
      for update`,
);

/**
 * Registrations waiting only because of an account change, all of whose items are accepted,
 * back to the state they left (Approved); answers which, with what their events name.
 */
const RESUME = sql<{ ids: string }>(
  'review-resume-account-registrations',
  `with resumed as (
   update registrations r
      set review_state = r.resume_state, resume_state = null, account_change_at = null,
          reviewed_at = now(), review_version = r.review_version + 1, updated_at = now()
    where r.id = any(array(select jsonb_array_elements_text(:ids::jsonb)::int))
      and r.resume_state is not null and r.review_state = 'pending'
      and not exists (select 1 from certifications c
                       where c.registration_id = r.id and c.review_decision <> 'accepted')
      and not exists (select 1 from test_kits k
                       where k.submission_id = r.submission_id and k.retired_at is null
                         and k.review_decision <> 'accepted')
      and not exists (select 1 from credentials cr
                       where cr.registration_id = r.id and cr.review_decision <> 'accepted')
   returning r.id, r.review_state, r.user_id, r.organization_id, r.company_id)
   select s.*, u.first_name, u.last_name, o.name as organization_name
     from resumed s join users u on u.id = s.user_id join organizations o on o.id = s.organization_id
    order by s.id`,
);

const ENTITIES = { certification: Certification, testKit: TestKit, credential: Credential };

const markerOf = (item: ReviewedItem) => item.renewal?.documentId || item.document?.id || null;

/**
 * Gives the copies of a decided item the same decision (and replaces them with their renewal
 * when accepted), each audited on its registration. Answers the registrations whose review
 * changed.
 */
export async function decideCopies(
  tx: EntityManager,
  actor: Actor,
  decided: {
    kind: TDocumentDecisionRequest['item'];
    item: ReviewedItem;
    fromRegistrationId: number;
  },
  request: Pick<TDocumentDecisionRequest, 'decision' | 'reason' | 'note'>,
): Promise<number[]> {
  const documentId = markerOf(decided.item);
  if (!documentId) return [];
  const copies = await query<
    { id: number; registration_id: number | null; submission_id: number | null },
    { kind: string; id: number; documentId: string }
  >(tx, COPIES, { kind: decided.kind, id: decided.item.id, documentId });
  if (copies.length === 0) return [];
  const locked = await query<{ id: number }, { registrationIds: string; submissionIds: string }>(
    tx,
    LOCK_REGISTRATIONS,
    {
      registrationIds: json(copies.flatMap((c) => (c.registration_id ? [c.registration_id] : []))),
      submissionIds: json(copies.flatMap((c) => (c.submission_id ? [c.submission_id] : []))),
    },
  );
  const items = (await tx.find(
    ENTITIES[decided.kind] as typeof Certification,
    { id: { $in: copies.map((c) => c.id) } },
    { refresh: true },
  )) as ReviewedItem[];
  for (const item of items) {
    // Decided meanwhile by someone else: their decision stands.
    if (item.reviewDecision !== 'pending') continue;
    const before = audited(decided.kind, item);
    item.reviewDecision = request.decision;
    item.reviewReason = request.reason;
    item.reviewNote = request.note;
    if (request.decision === 'accepted') acceptRenewal(tx, decided.kind, item);
    const copy = copies.find((c) => c.id === item.id);
    const registrationIds = copy?.registration_id
      ? [copy.registration_id]
      : (await tx.find(Registration, { submission: copy?.submission_id ?? 0 })).map((r) => r.id);
    for (const registrationId of registrationIds) {
      recordAudit(tx, actor, {
        action: 'review_document',
        entityType: 'registration',
        entityId: registrationId,
        before: { items: [before] },
        after: {
          items: [audited(decided.kind, item)],
          sameDocumentAs: decided.fromRegistrationId,
        },
      });
    }
  }
  return locked.map((row) => row.id);
}

/**
 * Registrations back to Approved where an account change took them out of it and every item is
 * now accepted; each audited as approved again. Answers their ids.
 */
export async function resumeAccountRegistrations(
  tx: EntityManager,
  actor: Actor,
  registrationIds: number[],
): Promise<number[]> {
  if (registrationIds.length === 0) return [];
  await tx.flush();
  const resumed = await query<RegistrationFacts & { review_state: string }, { ids: string }>(
    tx,
    RESUME,
    { ids: json([...new Set(registrationIds)]) },
  );
  for (const row of resumed) {
    recordWebhookEvent(tx, registrationApproved(row));
    recordAudit(tx, actor, {
      action: 'approve',
      entityType: 'registration',
      entityId: row.id,
      before: { state: 'pending' },
      after: { state: row.review_state, resumed: true },
    });
  }
  return resumed.map((row) => row.id);
}
