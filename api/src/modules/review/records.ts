import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import type {
  ZAdminReviewResponse,
  ZReviewHistoryEntry,
} from '../../../../shared/admin-responses.js';
import type { TUserType } from '../../../../shared/constants.js';
import { todayInProgramZone } from '../../../../shared/program-zone.js';
import { expiryStatus } from '../../../../shared/reminders.js';
import { EXPIRING_SOON_DAYS, REVIEW_STAFF_MESSAGES } from '../../../../shared/review.js';
import {
  DOCUMENT_DECISION_LABELS,
  DOCUMENT_REJECTION_REASON_LABELS,
  REGISTRATION_REJECTION_REASON_LABELS,
} from '../../../../shared/review-messages.js';
import { AppError } from '../../errors.js';
import {
  type CertificationReviewRow,
  type QueueConditions,
  type QueueRow,
  queuePage,
  type ReviewHistoryRow,
  reviewCertifications,
  reviewHistory,
  reviewHistoryOfUser,
  reviewRegistration,
  reviewTestKits,
  type TestKitReviewRow,
} from './queries.js';

// The read side of review: the queue, one registration's whole review, and the history of
// decisions told in the console's words.

type ReviewRecord = z.output<typeof ZAdminReviewResponse>;
type HistoryEntry = z.output<typeof ZReviewHistoryEntry>;
type ReviewItem = NonNullable<ReviewRecord['certifications']>[number];
type ReviewDocument = NonNullable<ReviewItem['document']>;
type EarlierVersion = ReviewItem['earlierVersions'][number];

export { QUEUE_SORT_FIELDS } from './queries.js';

const iso = (instant: Date | string) => new Date(instant).toISOString();

function queueRecord(row: QueueRow): ReviewRecord {
  return {
    id: row.id,
    version: row.version,
    state: row.state,
    queuedAt: iso(row.queued_at),
    registeredAt: iso(row.registered_at),
    resubmitted: row.resubmitted_at !== null,
    fromAccount: row.account_change_at !== null,
    userId: row.user_id,
    userType: row.user_type as TUserType,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    organizationId: row.organization_id,
    organizationName: row.organization_name,
    companyName: row.company_name,
    standing: row.standing,
  };
}

/** The Review Queue: registrations waiting (new and resubmitted), oldest first by default. */
export async function listQueue(
  em: EntityManager,
  filter: QueueConditions,
  page: { sort: string; order: 'ASC' | 'DESC'; offset: number; limit: number },
) {
  const { rows, total } = await queuePage(em, filter, {
    sort: page.sort,
    direction: page.order === 'DESC' ? 'desc' : 'asc',
    offset: page.offset,
    limit: page.limit,
  });
  return { rows: rows.map(queueRecord), total };
}

/** A certification's recorded facts and its decision, as staff and its registrant read them. */
export const certificationFacts = (row: CertificationReviewRow) => ({
  id: row.id,
  number: row.number,
  expiresOn: row.expires_on,
  agencyId: row.agency_id,
  agencyName: row.agency_name,
  typeId: row.type_id,
  typeName: row.type_name,
  decision: row.decision,
  reason: row.reason,
  note: row.note,
});

/** A test kit's recorded facts and its decision. */
export const testKitFacts = (row: TestKitReviewRow) => ({
  id: row.id,
  serial: row.serial,
  manufacturer: row.manufacturer,
  model: row.model,
  calibratedOn: row.calibrated_on,
  decision: row.decision,
  reason: row.reason,
  note: row.note,
});

const reviewDocument = (id: string, contentType: string | null, size: number | null) => ({
  id,
  contentType: contentType ?? 'application/octet-stream',
  size: Number(size ?? 0),
  url: `/api/documents/${id}`,
});

function documentOf(row: {
  document_id: string | null;
  content_type: string | null;
  size: number | null;
}): ReviewDocument | null {
  return row.document_id ? reviewDocument(row.document_id, row.content_type, row.size) : null;
}

/** An item as the audit log keeps it (decisions and resubmissions). */
export interface AuditedItem {
  item: 'certification' | 'testKit';
  itemId: number;
  label: string;
  decision?: string;
  reason?: string | null;
  note?: string | null;
  /** What the item said, for resubmissions: its fields and its document. */
  details?: string;
  document?: { id: string; contentType: string; size: number } | null;
}

const reasonText = (reason: unknown, note: unknown) => {
  const label =
    DOCUMENT_REJECTION_REASON_LABELS[reason as keyof typeof DOCUMENT_REJECTION_REASON_LABELS];
  return [label, typeof note === 'string' && note ? `“${note}”` : ''].filter(Boolean).join(' ');
};

const itemsOf = (snapshot: Record<string, unknown> | null): AuditedItem[] =>
  Array.isArray(snapshot?.items) ? (snapshot.items as AuditedItem[]) : [];

const STANDING_CHANGES: Record<string, string> = {
  suspend: 'Suspended',
  reinstate: 'Reinstated',
  lapse: 'Lapsed',
};

/** A standing change, told for the console: "Suspended through 2026-12-31: reason". */
function standingSummary(action: string, after: Record<string, unknown>): string {
  const standing = STANDING_CHANGES[action] ?? action;
  const until = typeof after.until === 'string' ? ` through ${after.until}` : '';
  const automatic = after.automatic ? ' automatically' : '';
  return `${standing}${automatic}${until}: ${String(after.reason ?? '')}`;
}

/** One audit entry of a registration, told for the console. */
function historySummary(row: ReviewHistoryRow): string {
  const after = row.after ?? {};
  switch (row.action) {
    case 'review_document': {
      const [item] = itemsOf(after);
      if (!item) return 'Document decision';
      const decision = DOCUMENT_DECISION_LABELS[item.decision as 'accepted'] ?? item.decision;
      const reason = item.decision === 'rejected' ? `: ${reasonText(item.reason, item.note)}` : '';
      return `${item.label}: ${decision}${reason}`;
    }
    case 'approve':
      return after.resumed
        ? 'Approved again: every item sent from My registrations was accepted'
        : 'Approved and enrolled';
    case 'account_update':
      if (row.registration_id === '0') {
        const changed = Object.keys(after).map(
          (field) =>
            `${field} from “${String(row.before?.[field] ?? '')}” to “${String(after[field])}”`,
        );
        return `Changed from My registrations: ${changed.join(', ')}`;
      }
      return `Sent from My registrations (${itemsOf(after)
        .map((item) => `${item.label}: ${item.details ?? ''}`)
        .join('; ')})`;
    case 'request_changes':
      return `Changes requested (${itemsOf(after)
        .map((item) => item.label)
        .join(', ')})`;
    case 'reject': {
      const reason =
        REGISTRATION_REJECTION_REASON_LABELS[
          after.reason as keyof typeof REGISTRATION_REJECTION_REASON_LABELS
        ] ?? '';
      return `Rejected: ${[reason, after.note ? `“${String(after.note)}”` : ''].filter(Boolean).join(' ')}`;
    }
    case 'resubmit':
      return `Resubmitted with corrections (${itemsOf(after)
        .map((item) => `${item.label}${item.document ? ', new document' : ''}`)
        .join('; ')})`;
    case 'enroll':
      return after.enrolled ? 'Enrolled' : 'Unenrolled';
    case 'suspend':
    case 'reinstate':
    case 'lapse':
      return standingSummary(row.action, after);
    default:
      return row.action;
  }
}

function historyEntry(row: ReviewHistoryRow): HistoryEntry {
  return {
    id: row.id,
    registrationId: Number(row.registration_id),
    at: iso(row.created_at),
    action: row.action,
    by: row.staff_email,
    summary: historySummary(row),
  };
}

/** The earlier versions of each item, from the resubmissions that replaced them. */
function earlierVersions(history: ReviewHistoryRow[]): Map<string, EarlierVersion[]> {
  const versions = new Map<string, EarlierVersion[]>();
  for (const row of history) {
    if (row.action !== 'resubmit') continue;
    for (const item of itemsOf(row.before)) {
      const key = `${item.item}:${item.itemId}`;
      const { document } = item;
      versions.set(key, [
        ...(versions.get(key) ?? []),
        {
          replacedAt: iso(row.created_at),
          summary: `${item.details ?? item.label} — rejected: ${reasonText(item.reason, item.note)}`,
          document: document
            ? reviewDocument(document.id, document.contentType, document.size)
            : null,
        },
      ]);
    }
  }
  return versions;
}

/** One registration's whole review: who, which company, each document with its decision. */
export async function getReview(
  em: EntityManager,
  id: number,
  today: string = todayInProgramZone(),
): Promise<ReviewRecord> {
  const row = await reviewRegistration(em, id);
  if (!row) throw AppError.notFound(REVIEW_STAFF_MESSAGES.registrationNotFound);
  const [certifications, testKits, history] = [
    await reviewCertifications(em, id),
    await reviewTestKits(em, row.submission_id),
    await reviewHistory(em, id),
  ];
  const earlier = earlierVersions(history);
  const earlierOf = (kind: string, itemId: number) => earlier.get(`${kind}:${itemId}`) ?? [];
  return {
    ...queueRecord(row),
    phone: row.phone,
    enrolled: row.enrolled,
    reviewedAt: row.reviewed_at ? iso(row.reviewed_at) : null,
    rejectionReason: row.rejection_reason,
    rejectionNote: row.rejection_note,
    company:
      row.company_id === null
        ? null
        : {
            id: row.company_id,
            name: row.company_name ?? '',
            phone: row.company_phone ?? '',
            address1: row.address1 ?? '',
            address2: row.address2 ?? '',
            city: row.city ?? '',
            state: row.state_code ?? '',
            zip: row.zip ?? '',
            matched: row.company_matched,
          },
    certifications: certifications.map((certification) => ({
      ...certificationFacts(certification),
      expiry: expiryStatus(certification.expires_on, today, EXPIRING_SOON_DAYS).status,
      document: documentOf(certification),
      earlierVersions: earlierOf('certification', certification.id),
      renewal: certification.renewal,
    })),
    testKits: testKits.map((kit) => ({
      ...testKitFacts(kit),
      document: documentOf(kit),
      earlierVersions: earlierOf('testKit', kit.id),
      renewal: kit.renewal,
    })),
    history: history
      .filter((entry) => Number(entry.registration_id) === id || entry.action === 'resubmit')
      .map(historyEntry),
  };
}

/** A person's registrations' decisions, oldest first (User Info). */
export async function userReviewHistory(em: EntityManager, userId: number) {
  return (await reviewHistoryOfUser(em, userId)).map(historyEntry);
}
