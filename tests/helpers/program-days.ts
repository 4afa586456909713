import { programZoneInstant } from '../../api/src/modules/reports/report-frequency.js';

// The moments the scheduled runs start on a day (YYYY-MM-DD) of the program's time zone.

const parts = (day: string) => day.split('-').map(Number) as [number, number, number];

/** 00:05 in New York: when the night's standing run starts. */
export function justAfterMidnight(day: string): Date {
  return new Date(programZoneInstant(...parts(day), 0).getTime() + 5 * 60_000);
}

/** 8:00 in New York: when the reminders are sent. */
export const eightAm = (day: string): Date => programZoneInstant(...parts(day), 8);
