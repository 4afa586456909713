// Readings as testers type them: psid with one decimal and inches with two (or a fraction), held
// as tenths and hundredths, integers compared exactly: never binary floats, where 4.9 + 0.1 is
// not 5.0.

export const MAX_PSID_TENTHS = 999;
export const MAX_INCHES_HUNDREDTHS = 99_999;

export type TValueProblem = 'empty' | 'notANumber' | 'tooManyDecimals' | 'negative' | 'tooLarge';
export type TParsedValue = { ok: true; value: number } | { ok: false; problem: TValueProblem };

export const refuse = (problem: TValueProblem): TParsedValue => ({ ok: false, problem });

/** A decimal as typed, in units of 10^-places, read from its digits (never through a float). */
export function parseDecimal(
  value: string | number,
  places: number,
  maximum: number,
): TParsedValue {
  const text = String(value).trim();
  if (text === '') return refuse('empty');
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(text);
  const [, sign, whole = '', fraction = ''] = match ?? [];
  if (!match || (whole === '' && fraction === '')) return refuse('notANumber');
  const decimals = fraction.replace(/0+$/, '');
  if (sign && /[1-9]/.test(whole + decimals)) return refuse('negative');
  if (decimals.length > places) return refuse('tooManyDecimals');
  const units = Number(whole || 0) * 10 ** places + Number(decimals.padEnd(places, '0') || 0);
  return units > maximum ? refuse('tooLarge') : { ok: true, value: units };
}

/** psid as typed ("4.9", " 5 ", 5.0) in tenths: 49, 50; at most one decimal, 0.0 to 99.9. */
export const parseTenths = (value: string | number) => parseDecimal(value, 1, MAX_PSID_TENTHS);

/** Tenths as psid are written: 49 → "4.9", 50 → "5.0". */
export function formatTenths(tenths: number): string {
  const size = Math.abs(tenths);
  return `${tenths < 0 ? '-' : ''}${Math.floor(size / 10)}.${size % 10}`;
}

/**
 * Inches as typed ("0.75", "3/4", "1 1/2", '2"') in hundredths: 75, 75, 150, 200; at most two
 * decimals, and fractions only where they come to whole hundredths (3/8 is refused, not rounded).
 */
export function parseInches(value: string | number): TParsedValue {
  const text = String(value)
    .trim()
    .toLowerCase()
    .replace(/\s*(inches|inch|in\.?|")$/, '');
  const fraction = /^(?:(\d+)[\s-]+)?(\d+)\/(\d+)$/.exec(text);
  if (!fraction) return parseDecimal(text, 2, MAX_INCHES_HUNDREDTHS);
  const over = Number(fraction[3]);
  if (over === 0) return refuse('notANumber');
  const scaled = (Number(fraction[1] ?? 0) * over + Number(fraction[2])) * 100;
  if (scaled / over > MAX_INCHES_HUNDREDTHS) return refuse('tooLarge');
  return scaled % over === 0 ? { ok: true, value: scaled / over } : refuse('tooManyDecimals');
}

/** Hundredths as inches, without trailing zeros: 100 → "1", 150 → "1.5", 75 → "0.75". */
export function formatInches(hundredths: number): string {
  const decimals = String(hundredths % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  const whole = Math.floor(hundredths / 100);
  return decimals ? `${whole}.${decimals}` : String(whole);
}

/** A value not typed yet: undefined, null or blank text. */
export const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
