import type { TEmailFrequency } from '../../../../shared/constants.js';
import { programZoneFormat } from '../../../../shared/program-zone.js';

// When scheduled registration reports go out: 8:00 in the program's time zone (America/New_York
// by default, EST or EDT as the season has it) on the days each frequency names.

const SEND_HOUR = 8;

interface LocalDate {
  year: number;
  month: number;
  day: number;
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
}

const partsFormat = () =>
  programZoneFormat('en-US', {
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });

function zonedParts(instant: Date) {
  const parts = Object.fromEntries(
    partsFormat()
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** The program-zone calendar date of an instant. */
export function localDateOf(instant: Date): LocalDate {
  const { year, month, day } = zonedParts(instant);
  return { year, month, day, weekday: new Date(Date.UTC(year, month - 1, day)).getUTCDay() };
}

/** Minutes the program zone is ahead of UTC at an instant (-300 in winter, -240 in summer). */
function offsetMinutes(instant: Date): number {
  const p = zonedParts(instant);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/** The instant of a wall-clock time in the program zone (8:00 is never inside a DST jump). */
export function programZoneInstant(year: number, month: number, day: number, hour: number): Date {
  const guess = Date.UTC(year, month - 1, day, hour);
  const first = guess - offsetMinutes(new Date(guess)) * 60_000;
  return new Date(guess - offsetMinutes(new Date(first)) * 60_000);
}

/** Whether a frequency sends on a program-zone date. */
export function isDue(frequency: TEmailFrequency, date: LocalDate): boolean {
  switch (frequency) {
    case 'daily':
      return date.weekday >= 1 && date.weekday <= 5;
    case 'weekly':
      return date.weekday === 1;
    case 'twiceWeekly':
      return date.weekday === 1 || date.weekday === 4;
    case 'monthly':
      return date.day === 1;
  }
}

/** The next send time strictly after `after`. */
export function nextRunAt(frequency: TEmailFrequency, after: Date): Date {
  const start = localDateOf(after);
  for (let offset = 0; offset <= 62; offset++) {
    const noon = new Date(Date.UTC(start.year, start.month - 1, start.day + offset, 12));
    const date = {
      year: noon.getUTCFullYear(),
      month: noon.getUTCMonth() + 1,
      day: noon.getUTCDate(),
      weekday: noon.getUTCDay(),
    };
    if (!isDue(frequency, date)) continue;
    const run = programZoneInstant(date.year, date.month, date.day, SEND_HOUR);
    if (run.getTime() > after.getTime()) return run;
  }
  throw new Error(`no run of ${frequency} within two months`);
}
