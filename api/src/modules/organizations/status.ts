import { todayInProgramZone } from '../../../../shared/program-zone.js';
import type { TOrganizationStatus } from '../../../../shared/staff.js';

// An organization's access: active through the whole of its allowed-until day in the program's
// time zone (spec section 3), inactive (its link expired) from the next day.

export function statusOf(allowedUntil: string, today = todayInProgramZone()): TOrganizationStatus {
  return allowedUntil.slice(0, 10) >= today ? 'active' : 'inactive';
}
