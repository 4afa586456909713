// The program's time zone: every date decision (a link's last day, active and inactive
// organizations, expiry, reminders, report ranges and schedules) is made in it. One setting per
// deployment (PROGRAM_TIME_ZONE); the server sets it at start, the console from its config.
// No Node or DOM imports.

export const DEFAULT_PROGRAM_TIME_ZONE = 'America/New_York';

let zone = DEFAULT_PROGRAM_TIME_ZONE;

/** True when the runtime knows the IANA zone name. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return name.trim() !== '';
  } catch {
    return false;
  }
}

export function setProgramTimeZone(name: string): void {
  if (!isTimeZone(name)) throw new RangeError(`Unknown time zone: ${name}`);
  zone = name;
}

export function programTimeZone(): string {
  return zone;
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** A date format in the program's time zone, built once per zone, locale and options. */
export function programZoneFormat(
  locale: string,
  options: Omit<Intl.DateTimeFormatOptions, 'timeZone'>,
): Intl.DateTimeFormat {
  const key = `${zone}|${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone: zone });
    formats.set(key, format);
  }
  return format;
}

/** The date (YYYY-MM-DD) an instant (by default now) falls on in the program's time zone. */
export function todayInProgramZone(instant: Date = new Date()): string {
  return programZoneFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    instant,
  );
}

/** Adds days to a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** Whole days from one YYYY-MM-DD date to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Adds calendar months to a date; a day the month lacks becomes its last (Jan 31 + 1 → Feb 28/29). */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const firstOfTarget = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(
    Date.UTC(firstOfTarget.getUTCFullYear(), firstOfTarget.getUTCMonth() + 1, 0),
  ).getUTCDate();
  firstOfTarget.setUTCDate(Math.min(day, lastDay));
  return firstOfTarget.toISOString().slice(0, 10);
}
