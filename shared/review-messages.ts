// The names of review states, decisions and reasons in English: the console shows them, and the
// registrant's catalogue (shared/i18n, section `status`) holds them with their Spanish, so staff
// and registrant name a decision alike. The *_KEYS maps name each one's catalogue key for the
// status page and the decision emails, which say everything else in the registrant's language.
import type { TKey } from './i18n/catalogue.js';
import type {
  TDocumentDecision,
  TDocumentRejectionReason,
  TRegistrationRejectionReason,
  TReviewState,
} from './review.js';

export const REVIEW_STATE_LABELS: Record<TReviewState, string> = {
  pending: 'Pending review',
  changes_requested: 'Changes requested',
  approved: 'Approved',
  rejected: 'Rejected',
};

export const DOCUMENT_DECISION_LABELS: Record<TDocumentDecision, string> = {
  pending: 'Pending',
  accepted: 'Accepted',
  rejected: 'Rejected',
};

export const DOCUMENT_REJECTION_REASON_LABELS: Record<TDocumentRejectionReason, string> = {
  unreadable: 'Unreadable document',
  mismatch: 'Document does not match the number, agency or type entered',
  expired: 'Expired',
  wrong_document: 'Wrong document',
  other: 'Other',
};

export const REGISTRATION_REJECTION_REASON_LABELS: Record<TRegistrationRejectionReason, string> = {
  not_eligible: 'Not eligible for this program',
  duplicate: 'Duplicate registration',
  not_verified: 'The certifications could not be verified',
  other: 'Other',
};

export const REVIEW_STATE_KEYS = {
  pending: 'status.states.pending',
  changes_requested: 'status.states.changes_requested',
  approved: 'status.states.approved',
  rejected: 'status.states.rejected',
} as const satisfies Record<TReviewState, TKey>;

export const DOCUMENT_DECISION_KEYS = {
  pending: 'status.decisions.pending',
  accepted: 'status.decisions.accepted',
  rejected: 'status.decisions.rejected',
} as const satisfies Record<TDocumentDecision, TKey>;

export const DOCUMENT_REJECTION_REASON_KEYS = {
  unreadable: 'status.documentReasons.unreadable',
  mismatch: 'status.documentReasons.mismatch',
  expired: 'status.documentReasons.expired',
  wrong_document: 'status.documentReasons.wrong_document',
  other: 'status.documentReasons.other',
} as const satisfies Record<TDocumentRejectionReason, TKey>;

export const REGISTRATION_REJECTION_REASON_KEYS = {
  not_eligible: 'status.registrationReasons.not_eligible',
  duplicate: 'status.registrationReasons.duplicate',
  not_verified: 'status.registrationReasons.not_verified',
  other: 'status.registrationReasons.other',
} as const satisfies Record<TRegistrationRejectionReason, TKey>;
