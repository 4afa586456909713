/** YYYY-MM-DD of a date or timestamp (the UTC date, as the spec shows allowedUntil). */
export function isoDay(value: unknown): string {
  if (typeof value !== 'string' && !(value instanceof Date)) return '';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? String(value) : date.toISOString().slice(0, 10);
}

/** A readable local date and time of an ISO instant. */
export const dateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
