// The compliance lifecycle's shared words and numbers: what expires, when testers are reminded,
// and an item's status as staff and registrants read it. No Node or DOM imports.
import { daysBetween } from './program-zone.js';

/** What a reminder is about: an item that expires, or the registration's own period. */
export const REMINDER_ITEM_KINDS = [
  'certification',
  'calibration',
  'credential',
  'registration',
] as const;
export type TReminderItemKind = (typeof REMINDER_ITEM_KINDS)[number];

/** The kinds of item the Expiring view lists: what expires (not a registration's period). */
export const EXPIRING_ITEM_KINDS = [
  'certification',
  'calibration',
  'credential',
] as const satisfies readonly TReminderItemKind[];
export type TExpiringItemKind = (typeof EXPIRING_ITEM_KINDS)[number];

/** Days before the due date a reminder is sent, largest first; 0 is the day itself. */
export const REMINDER_THRESHOLDS = [60, 30, 7, 0] as const;

export const EXPIRY_STATUSES = ['valid', 'expiring', 'expired'] as const;
export type TExpiryStatus = (typeof EXPIRY_STATUSES)[number];

/**
 * An item's status on a day: expired after its due date, expiring within `withinDays` (the
 * reminders' 60 by default; the review screen flags 30).
 */
export function expiryStatus(
  dueOn: string,
  today: string,
  withinDays: number = REMINDER_THRESHOLDS[0],
): { status: TExpiryStatus; daysLeft: number } {
  const daysLeft = daysBetween(today, dueOn);
  const status = daysLeft < 0 ? 'expired' : daysLeft <= withinDays ? 'expiring' : 'valid';
  return { status, daysLeft };
}

/** The Expiring view's windows: expired only, or due within 30, 60 or 90 days (expired too). */
export const EXPIRING_WINDOWS = {
  expired: { days: -1, label: 'Expired' },
  '30': { days: 30, label: 'Expired or due within 30 days' },
  '60': { days: 60, label: 'Expired or due within 60 days' },
  '90': { days: 90, label: 'Expired or due within 90 days' },
} as const;
export type TExpiringWindow = keyof typeof EXPIRING_WINDOWS;
export const EXPIRING_WINDOW_KEYS = Object.keys(EXPIRING_WINDOWS) as TExpiringWindow[];
