import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import type {
  ZAdminReviewResponse,
  ZReviewHistoryEntry,
} from '../../../../shared/admin-responses.js';
import {
  DOCUMENT_DECISION_LABELS,
  DOCUMENT_REJECTION_REASON_LABELS,
  REGISTRATION_REJECTION_REASON_LABELS,
} from '../../../../shared/review-messages.js';
import type { OrganizationScope } from '../organization-access/scope.js';
import type { AuditedItem } from './items.js';
import { type ReviewHistoryRow, reviewHistoryOfUser } from './queries.js';

// The history of a review told in the console's words: each audit entry's summary, and the
// earlier versions of items the registrant replaced; with how staff fetch a reviewed document.

type ReviewItem = NonNullable<z.output<typeof ZAdminReviewResponse>['certifications']>[number];
type ReviewDocument = NonNullable<ReviewItem['document']>;
type EarlierVersion = ReviewItem['earlierVersions'][number];
type HistoryEntry = z.output<typeof ZReviewHistoryEntry>;

export const iso = (instant: Date | string) => new Date(instant).toISOString();

export const reviewDocument = (id: string, contentType: string | null, size: number | null) => ({
  id,
  contentType: contentType ?? 'application/octet-stream',
  size: Number(size ?? 0),
  url: `/api/documents/${id}`,
});

export function documentOf(row: {
  document_id: string | null;
  content_type: string | null;
  size: number | null;
}): ReviewDocument | null {
  return row.document_id ? reviewDocument(row.document_id, row.content_type, row.size) : null;
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

export function historyEntry(row: ReviewHistoryRow): HistoryEntry {
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
export function earlierVersions(history: ReviewHistoryRow[]): Map<string, EarlierVersion[]> {
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

/** A person's registrations' decisions, oldest first (User Info). */
export async function userReviewHistory(
  em: EntityManager,
  userId: number,
  scope: OrganizationScope,
) {
  const organizationId = scope.every ? null : scope.organizationId;
  return (await reviewHistoryOfUser(em, { userId, organizationId })).map(historyEntry);
}
