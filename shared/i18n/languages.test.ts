import { describe, expect, it } from 'vitest';
import { formatDay } from './languages.js';

describe('a day as each language writes it', () => {
  it('writes a YYYY-MM-DD day in words, the same day whatever the local time zone', () => {
    expect(formatDay('en', '2028-02-29')).toBe('February 29, 2028');
    expect(formatDay('es', '2026-12-25')).toBe('25 de diciembre de 2026');
    expect(formatDay('en', '2027-01-01')).toBe('January 1, 2027');
  });

  it('leaves anything that is not a real day as it was given', () => {
    expect(formatDay('en', '2026-13-40')).toBe('2026-13-40');
    expect(formatDay('es', 'soon')).toBe('soon');
  });
});
