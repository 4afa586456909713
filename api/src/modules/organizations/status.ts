import type { TOrganizationStatus } from '../../../../shared/staff.js';

// An organization's access: active through the whole of its allowed-until day (a UTC date,
// spec section 3), inactive (its link expired) from the next day.

/** Today's date in UTC as YYYY-MM-DD. */
export function todayUtc(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

export function statusOf(allowedUntil: string, today = todayUtc()): TOrganizationStatus {
  return allowedUntil.slice(0, 10) >= today ? 'active' : 'inactive';
}
