import type { TAdminReviewResponse } from '../../../shared/admin-responses';
import { DOCUMENT_REJECTION_REASONS, REGISTRATION_REJECTION_REASONS } from '../../../shared/review';
import {
  DOCUMENT_REJECTION_REASON_LABELS,
  REGISTRATION_REJECTION_REASON_LABELS,
} from '../../../shared/review-messages';

// What the review screens show of a review, in the console's words (the state, decision and
// reason labels are the registrant's own, from shared/review-messages.ts).

export type TReview = TAdminReviewResponse;
export type TReviewCertification = NonNullable<TReview['certifications']>[number];
export type TReviewTestKit = NonNullable<TReview['testKits']>[number];
export type TReviewCredential = NonNullable<TReview['credentials']>[number];

export const DOCUMENT_REASON_CHOICES = DOCUMENT_REJECTION_REASONS.map((id) => ({
  id,
  name: DOCUMENT_REJECTION_REASON_LABELS[id],
}));

export const REGISTRATION_REASON_CHOICES = REGISTRATION_REJECTION_REASONS.map((id) => ({
  id,
  name: REGISTRATION_REJECTION_REASON_LABELS[id],
}));

const DAY_MS = 86_400_000;

/** How long something has waited: "3 days", "5 hours", "under an hour". */
export function waitedFor(since: string, now: number = Date.now()): string {
  const waited = Math.max(0, now - Date.parse(since));
  const days = Math.floor(waited / DAY_MS);
  if (days >= 1) return `${days} day${days === 1 ? '' : 's'}`;
  const hours = Math.floor(waited / 3_600_000);
  if (hours >= 1) return `${hours} hour${hours === 1 ? '' : 's'}`;
  return 'under an hour';
}

export const EXPIRY_LABELS = {
  expired: 'Expired',
  expiring: 'Expires soon',
  valid: '',
} as const;
