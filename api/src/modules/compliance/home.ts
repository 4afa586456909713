import type { EntityManager } from '@mikro-orm/postgresql';
import { QUEUE_COUNT_UP_TO } from '../../../../shared/constants.js';
import { addDays, programTimeZone, todayInProgramZone } from '../../../../shared/program-zone.js';
import type { TComplianceSummaryResponse } from '../../../../shared/staff-responses.js';
import { query } from '../../db/sql.js';
import { EXPIRATIONS_PER_WEEK, HOME_COUNTS, REGISTRATIONS_PER_WEEK } from './queries.js';

// The admin home's picture of compliance: what waits for review, what expires within 30 days or
// has expired, the registrations suspended and lapsed, and registrations per week over the last 26 weeks beside the expirations due in
// the coming 13.

export const WEEKS_BACK = 26;
export const WEEKS_AHEAD = 13;

/** The Monday (YYYY-MM-DD) of a day's week. */
function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

const capped = (count: string | number) =>
  Number(count) > QUEUE_COUNT_UP_TO ? null : Number(count);

export async function complianceSummary(
  em: EntityManager,
  organizationId: number | undefined,
  today = todayInProgramZone(),
): Promise<TComplianceSummaryResponse> {
  const organization = organizationId ?? 0;
  const thisWeek = mondayOf(today);
  const firstWeek = addDays(thisWeek, -7 * (WEEKS_BACK - 1));
  const lastWeek = addDays(thisWeek, 7 * WEEKS_AHEAD);
  const [counts] = await query<
    { waiting: string; expiring: string; expired: string; suspended: string; lapsed: string },
    { today: string; soon: string; organizationId: number }
  >(em, HOME_COUNTS, { today, soon: addDays(today, 30), organizationId: organization });
  const registrations = await query<{ week: string; n: number }, Record<string, unknown>>(
    em,
    REGISTRATIONS_PER_WEEK,
    { zone: programTimeZone(), fromDay: firstWeek, organizationId: organization },
  );
  const expirations = await query<{ week: string; n: number }, Record<string, unknown>>(
    em,
    EXPIRATIONS_PER_WEEK,
    { today, toDay: addDays(lastWeek, 6), organizationId: organization },
  );
  const byWeek = (rows: { week: string; n: number }[]) =>
    new Map(rows.map((row) => [row.week, Number(row.n)]));
  const registered = byWeek(registrations);
  const due = byWeek(expirations);
  const weeks: TComplianceSummaryResponse['weeks'] = [];
  for (let week = firstWeek; week <= lastWeek; week = addDays(week, 7)) {
    weeks.push({
      weekOf: week,
      registrations: week <= thisWeek ? (registered.get(week) ?? 0) : null,
      expirationsDue: week >= thisWeek ? (due.get(week) ?? 0) : null,
    });
  }
  return {
    today,
    waitingForReview: capped(counts?.waiting ?? 0),
    expiringIn30Days: capped(counts?.expiring ?? 0),
    expired: capped(counts?.expired ?? 0),
    suspended: capped(counts?.suspended ?? 0),
    lapsed: capped(counts?.lapsed ?? 0),
    weeks,
  };
}
