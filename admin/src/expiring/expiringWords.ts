import type { TAdminExpiringResponse } from '../../../shared/admin-responses';
import type { TExpiryStatus } from '../../../shared/reminders';

// What the Expiring view and User Info show of an item's due date and reminders.

type TItem = Pick<
  TAdminExpiringResponse,
  'kind' | 'number' | 'agency' | 'type' | 'serial' | 'manufacturer' | 'model' | 'issuer'
>;

/**
 * "Certification AW-7001 (AWWA, Tester)", "Test kit SN-1 (Watts TK-99) calibration" or
 * "General liability insurance (Prairie Mutual)", "Driver's license D-1".
 */
export function itemName(item: TItem): string {
  switch (item.kind) {
    case 'certification':
      return `Certification ${item.number ?? ''} (${item.agency ?? ''}, ${item.type ?? ''})`;
    case 'calibration':
      return `Test kit ${item.serial ?? ''} (${item.manufacturer ?? ''} ${item.model ?? ''}) calibration`;
    case 'credential':
      return [item.type, item.number, item.issuer && `(${item.issuer})`].filter(Boolean).join(' ');
  }
}

/** Days left as a chip: red once expired, amber within 7 days. */
export function expiryChip(row: Pick<TAdminExpiringResponse, 'daysLeft'>): {
  label: string;
  color: 'error' | 'warning' | 'default';
} {
  if (row.daysLeft < 0) {
    const ago = -row.daysLeft;
    return { label: `Expired ${ago} ${ago === 1 ? 'day' : 'days'} ago`, color: 'error' };
  }
  if (row.daysLeft === 0) return { label: 'Due today', color: 'error' };
  return {
    label: `${row.daysLeft} ${row.daysLeft === 1 ? 'day' : 'days'}`,
    color: row.daysLeft <= 7 ? 'warning' : 'default',
  };
}

/** "Jan 5, 2027 (30 days before)", or "None". */
export function reminderSent(
  row: Pick<TAdminExpiringResponse, 'lastReminderAt' | 'lastReminderDays'>,
): string {
  if (!row.lastReminderAt) return 'None';
  const when = new Date(row.lastReminderAt).toLocaleDateString('en-US', { dateStyle: 'medium' });
  const days = row.lastReminderDays ?? 0;
  return `${when} (${days === 0 ? 'on the day' : `${days} days before`})`;
}

/** A status in User Info's words: "Valid", "Expiring in 12 days", "Expires today", "Expired". */
export function statusLabel(item: {
  status: TExpiryStatus | null;
  daysLeft: number | null;
}): string {
  if (item.status === null || item.daysLeft === null) return '';
  if (item.status === 'expired') return 'Expired';
  if (item.status === 'valid') return 'Valid';
  if (item.daysLeft === 0) return 'Expires today';
  return `Expiring in ${item.daysLeft} ${item.daysLeft === 1 ? 'day' : 'days'}`;
}
