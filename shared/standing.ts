// A registration's standing with its organization after approval (issue 27): Active, Suspended
// by staff or automatically when a required item expires, or Lapsed when the organization's
// registration period ends. Only an Active registration is "approved" to the outside (the
// public directory, the integration API). No Node or DOM imports.
import { MESSAGES } from './codes.js';
import { fillMessage } from './fill-message.js';
import { daysBetween } from './program-zone.js';

export const STANDINGS = ['active', 'suspended', 'lapsed'] as const;
export type TStanding = (typeof STANDINGS)[number];

export const STANDING_LABELS: Record<TStanding, string> = {
  active: 'Active',
  suspended: 'Suspended',
  lapsed: 'Lapsed',
};

/** How long an approved registration stays valid, as the organization sets it. */
export const REGISTRATION_VALIDITIES = ['untilWithdrawn', 'twelveMonths', 'calendarYear'] as const;
export type TRegistrationValidity = (typeof REGISTRATION_VALIDITIES)[number];

export const REGISTRATION_VALIDITY_LABELS: Record<TRegistrationValidity, string> = {
  untilWithdrawn: 'Until withdrawn',
  twelveMonths: 'For 12 months from approval',
  calendarYear: 'Through December 31 of the year it was approved',
};

/**
 * The reasons the product gives for the changes it makes by itself, as staff read them in User
 * Info and the audit log; the person's email says them in their language (they are catalogue
 * messages, localized like the server's answers).
 */
export const AUTOMATIC_STANDING_REASONS = {
  lapsed: (validThrough: string) => fillMessage(MESSAGES.standingLapsed, { date: validThrough }),
  suspensionEnded: (lastDay: string) =>
    fillMessage(MESSAGES.standingSuspensionEnded, { date: lastDay }),
  expired: (items: string) => fillMessage(MESSAGES.standingExpired, { items }),
  replaced: MESSAGES.standingReplaced,
};

/** The reason a lapsed registration is Active again. */
export const REREGISTRATION_APPROVED = MESSAGES.standingReregistered;

/** Days before a registration's period ends from which its person can register again. */
export const REREGISTER_FROM_DAYS = 60;

/** What decides whether a registration's person can register again now. */
export interface TReregistrable {
  reviewState: string;
  standing: TStanding;
  validThrough: string | null;
  reregistered: boolean;
}

/**
 * Open to an approved registration with a period: once it has lapsed, or within the last 60
 * days of its period (program-zone days, YYYY-MM-DD), and not while a re-registration waits.
 */
export function reregistrationOpen(registration: TReregistrable, today: string): boolean {
  if (registration.reviewState !== 'approved' || registration.reregistered) return false;
  if (registration.standing === 'lapsed') return true;
  const { validThrough } = registration;
  return validThrough !== null && daysBetween(today, validThrough) <= REREGISTER_FROM_DAYS;
}
