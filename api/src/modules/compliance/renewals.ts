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
  },
  today: string,
): { certifications: number[]; testKits: number[] } {
  if (!RENEWABLE_STATES.includes(state)) return { certifications: [], testKits: [] };
  return {
    certifications: items.certifications
      .filter((item) => isRenewable(item.expiresOn, today))
      .map((item) => item.id),
    testKits: items.testKits
      .filter((item) => isRenewable(item.dueOn, today))
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

/**
 * A renewal's own rules: a later date (a certification's not already expired) and its new
 * document. Problems are added to `errors` by field.
 */
export function checkRenewal(renewal: RenewalInput, today: string, errors: TCorrectionErrors) {
  const path = (field: string) => correctionPath(renewal.kind, renewal.id, field);
  const dateField = renewal.kind === 'certification' ? 'certExp' : 'kitCalibDate';
  if (renewal.newDate <= renewal.currentDate) {
    errors.fieldErrors[path(dateField)] ??= MESSAGES.renewalDateNotLater;
  } else if (renewal.kind === 'certification' && renewal.newDate < today) {
    errors.fieldErrors[path(dateField)] ??= MESSAGES.certificationExpired;
  }
  if (!renewal.documentId) {
    const documentField = renewal.kind === 'certification' ? 'certDocLink' : 'kitCalibDocLink';
    errors.fieldErrors[path(documentField)] ??= MESSAGES.renewalDocumentRequired;
  }
}
