import type { z } from 'zod';
import type { ZStandingFields } from '../../../../shared/admin-responses.js';
import type { StandingColumns } from './queries.js';

/** A registration's standing as the /api/admin records carry it. */
export function standingFields(row: StandingColumns): z.output<typeof ZStandingFields> {
  return {
    standing: row.standing,
    standingReason: row.standing_reason,
    standingChangedAt: row.standing_changed_at
      ? new Date(row.standing_changed_at).toISOString()
      : null,
    suspendedUntil: row.suspended_until,
    suspendedAutomatically: row.suspended_automatically,
  };
}
