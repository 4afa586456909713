import { MESSAGES } from '../../../../shared/codes.js';
import { addDays } from '../../../../shared/program-zone.js';
import { REMINDER_THRESHOLDS } from '../../../../shared/reminders.js';
import {
  correctionPath,
  type TCorrectionErrors,
  type TReviewItemKind,
  type TReviewState,
} from '../../../../shared/review.js';

// Renewals through the registrant's status link: on a registration that is approved or waiting
// for review, an item that is expired or due within 60 days (when reminders start) may be
// renewed with a later date and its new document. The renewal waits beside the item for review
// like a correction, and replaces it once accepted (review/decisions.ts).

export const RENEWABLE_STATES: readonly TReviewState[] = ['approved', 'pending'];

/** Whether an item due on this day may be renewed today. */
export const isRenewable = (dueOn: string | null, today: string) =>
  dueOn !== null && dueOn <= addDays(today, REMINDER_THRESHOLDS[0]);

/** The ids of the items that may be renewed now. */
export function renewableItems(
  state: TReviewState,
  items: {
    certifications: { id: number; expiresOn: string }[];
    testKits: { id: number; dueOn: string | null }[];
    credentials: { id: number; expiresOn: string | null }[];
  },
  today: string,
): { certifications: number[]; testKits: number[]; credentials: number[] } {
  if (!RENEWABLE_STATES.includes(state)) {
    return { certifications: [], testKits: [], credentials: [] };
  }
  return {
    certifications: items.certifications
      .filter((item) => isRenewable(item.expiresOn, today))
      .map((item) => item.id),
    testKits: items.testKits
      .filter((item) => isRenewable(item.dueOn, today))
      .map((item) => item.id),
    credentials: items.credentials
      .filter((item) => isRenewable(item.expiresOn, today))
      .map((item) => item.id),
  };
}

/** One renewal as sent: the item it renews, its new date and document. */
export interface RenewalInput {
  kind: TReviewItemKind;
  id: number;
  /** The date on file (expiry, or calibration date) and the one sent. */
  currentDate: string;
  newDate: string;
  documentId: string | undefined;
}

/** Each kind's date and document fields, and its message for an expiry already past. */
const RENEWAL_FIELDS = {
  certification: {
    date: 'certExp',
    document: 'certDocLink',
    expired: MESSAGES.certificationExpired,
  },
  testKit: { date: 'kitCalibDate', document: 'kitCalibDocLink', expired: null },
  credential: {
    date: 'expirationDate',
    document: 'documentLink',
    expired: MESSAGES.credentialExpired,
  },
} as const satisfies Record<
  TReviewItemKind,
  { date: string; document: string; expired: string | null }
>;

/**
 * A renewal's own rules: a later date (an expiry not already past) and its new document.
 * Problems are added to `errors` by field.
 */
export function checkRenewal(renewal: RenewalInput, today: string, errors: TCorrectionErrors) {
  const path = (field: string) => correctionPath(renewal.kind, renewal.id, field);
  const fields = RENEWAL_FIELDS[renewal.kind];
  if (renewal.newDate <= renewal.currentDate) {
    errors.fieldErrors[path(fields.date)] ??= MESSAGES.renewalDateNotLater;
  } else if (fields.expired && renewal.newDate < today) {
    errors.fieldErrors[path(fields.date)] ??= fields.expired;
  }
  if (!renewal.documentId) {
    errors.fieldErrors[path(fields.document)] ??= MESSAGES.renewalDocumentRequired;
  }
}
