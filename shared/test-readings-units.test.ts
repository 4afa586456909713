import { describe, expect, it } from 'vitest';
import { formatInches, formatTenths, parseInches, parseTenths } from './test-readings-units.js';

const tenths = (text: string) => {
  const parsed = parseTenths(text);
  if (!parsed.ok) throw new Error(`${text} is no psid reading`);
  return parsed.value;
};

describe('psid and inches as testers type them', () => {
  it('reads psid with one decimal as whole tenths', () => {
    expect(parseTenths('4.9')).toEqual({ ok: true, value: 49 });
    for (const text of ['5', '5.0', ' 5.0 ', '5.', '05.00']) {
      expect(parseTenths(text), text).toEqual({ ok: true, value: 50 });
    }
    expect(parseTenths('.5')).toEqual({ ok: true, value: 5 });
    expect(parseTenths('0')).toEqual({ ok: true, value: 0 });
    expect(parseTenths('99.9')).toEqual({ ok: true, value: 999 });
    expect(parseTenths(4.9)).toEqual({ ok: true, value: 49 });
  });

  it('refuses psid with two decimals, below zero, past 99.9, or no number at all, saying which', () => {
    expect(parseTenths('5.05')).toEqual({ ok: false, problem: 'tooManyDecimals' });
    expect(parseTenths('-1')).toEqual({ ok: false, problem: 'negative' });
    expect(parseTenths('100.0')).toEqual({ ok: false, problem: 'tooLarge' });
    expect(parseTenths('9'.repeat(400))).toEqual({ ok: false, problem: 'tooLarge' });
    expect(parseTenths('')).toEqual({ ok: false, problem: 'empty' });
    expect(parseTenths('   ')).toEqual({ ok: false, problem: 'empty' });
    for (const text of ['abc', '.', '-', '4,9', '1e3', '5 psid', 'Infinity']) {
      expect(parseTenths(text), text).toEqual({ ok: false, problem: 'notANumber' });
    }
  });

  it('adds tenths exactly where binary floats do not: 4.8 + 0.1 is 4.9 and 4.9 + 0.1 is 5.0', () => {
    expect(4.8 + 0.1).not.toBe(4.9);
    expect(tenths('4.8') + tenths('0.1')).toBe(tenths('4.9'));
    expect(tenths('4.9') + tenths('0.1')).toBe(tenths('5.0'));
    // A float sum sent as a number is refused, never rounded into a pass or a fail.
    expect(parseTenths(4.8 + 0.1)).toEqual({ ok: false, problem: 'tooManyDecimals' });
  });

  it('writes tenths as psid, one decimal always', () => {
    expect([49, 50, 0, 999, -5].map(formatTenths)).toEqual(['4.9', '5.0', '0.0', '99.9', '-0.5']);
  });

  it('reads inches with two decimals or fractions that come to whole hundredths', () => {
    expect(parseInches('0.75')).toEqual({ ok: true, value: 75 });
    expect(parseInches('3/4')).toEqual({ ok: true, value: 75 });
    expect(parseInches('1 1/2')).toEqual({ ok: true, value: 150 });
    expect(parseInches('1-1/2 in')).toEqual({ ok: true, value: 150 });
    expect(parseInches('2"')).toEqual({ ok: true, value: 200 });
    expect(parseInches(1.25)).toEqual({ ok: true, value: 125 });
    expect(parseInches('3/8')).toEqual({ ok: false, problem: 'tooManyDecimals' });
    expect(parseInches('0.755')).toEqual({ ok: false, problem: 'tooManyDecimals' });
    expect(parseInches('1/0')).toEqual({ ok: false, problem: 'notANumber' });
    expect(parseInches('-1')).toEqual({ ok: false, problem: 'negative' });
    expect(parseInches('1000')).toEqual({ ok: false, problem: 'tooLarge' });
    expect(parseInches('')).toEqual({ ok: false, problem: 'empty' });
    expect([100, 150, 75, 5, 0].map(formatInches)).toEqual(['1', '1.5', '0.75', '0.05', '0']);
  });
});
