// The compliance lifecycle's shared words and numbers: what expires, when testers are reminded,
// and an item's status as staff and registrants read it. No Node or DOM imports.
import { daysBetween } from './program-zone.js';

export const REMINDER_ITEM_KINDS = ['certification', 'calibration'] as const;
export type TReminderItemKind = (typeof REMINDER_ITEM_KINDS)[number];

/** Days before the due date a reminder is sent, largest first; 0 is the day itself. */
export const REMINDER_THRESHOLDS = [60, 30, 7, 0] as const;

/**
 * The threshold whose reminder is due with this many days left: the smallest threshold at or
 * above them (so a run missed on the 60th day sends the 60-day reminder on the 59th), none once
 * the date has passed or before the first threshold.
 */
export function reminderThreshold(daysLeft: number): number | undefined {
  if (daysLeft < 0 || daysLeft > REMINDER_THRESHOLDS[0]) return undefined;
  return [...REMINDER_THRESHOLDS].reverse().find((threshold) => threshold >= daysLeft);
}

export type TExpiryStatus = 'valid' | 'expiring' | 'expired';

/** An item's status on a day: expired after its due date, expiring within 60 days. */
export function expiryStatus(
  dueOn: string,
  today: string,
): { status: TExpiryStatus; daysLeft: number } {
  const daysLeft = daysBetween(today, dueOn);
  const status =
    daysLeft < 0 ? 'expired' : daysLeft <= REMINDER_THRESHOLDS[0] ? 'expiring' : 'valid';
  return { status, daysLeft };
}

/** The status in the console's words: "Valid", "Expiring in 12 days", "Expired". */
export function expiryStatusLabel(dueOn: string, today: string): string {
  const { status, daysLeft } = expiryStatus(dueOn, today);
  if (status === 'expired') return 'Expired';
  if (status === 'valid') return 'Valid';
  if (daysLeft === 0) return 'Expires today';
  return `Expiring in ${daysLeft} ${daysLeft === 1 ? 'day' : 'days'}`;
}
