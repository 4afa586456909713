import { afterEach, describe, expect, it } from 'vitest';
import {
  addMonths,
  DEFAULT_PROGRAM_TIME_ZONE,
  daysBetween,
  isTimeZone,
  programTimeZone,
  setProgramTimeZone,
  todayInProgramZone,
} from './program-zone.js';

afterEach(() => setProgramTimeZone(DEFAULT_PROGRAM_TIME_ZONE));

describe('the program time zone', () => {
  it('is America/New_York unless set', () => {
    expect(programTimeZone()).toBe('America/New_York');
  });

  it('puts 23:59 Eastern on its own day and 00:00 on the next, in winter and in summer', () => {
    expect(todayInProgramZone(new Date('2026-12-15T04:59:00Z'))).toBe('2026-12-14');
    expect(todayInProgramZone(new Date('2026-12-15T05:00:00Z'))).toBe('2026-12-15');
    expect(todayInProgramZone(new Date('2026-07-15T03:59:00Z'))).toBe('2026-07-14');
    expect(todayInProgramZone(new Date('2026-07-15T04:00:00Z'))).toBe('2026-07-15');
  });

  it('follows the setting and refuses a zone nobody knows', () => {
    setProgramTimeZone('America/Los_Angeles');
    expect(todayInProgramZone(new Date('2026-12-15T07:59:00Z'))).toBe('2026-12-14');
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(() => setProgramTimeZone('Mars/Olympus_Mons')).toThrow(RangeError);
    expect(programTimeZone()).toBe('America/Los_Angeles');
  });
});

describe('calendar arithmetic', () => {
  it('adds months keeping the day, or the last day of a shorter month', () => {
    expect(addMonths('2025-04-01', 12)).toBe('2026-04-01');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2028-02-29', 12)).toBe('2029-02-28');
    expect(addMonths('2026-08-31', 6)).toBe('2027-02-28');
    expect(addMonths('2026-11-30', 3)).toBe('2027-02-28');
  });

  it('counts whole days across DST changes, month ends and leap days', () => {
    expect(daysBetween('2026-03-07', '2026-03-09')).toBe(2);
    expect(daysBetween('2026-10-31', '2026-11-02')).toBe(2);
    expect(daysBetween('2028-02-28', '2028-03-01')).toBe(2);
    expect(daysBetween('2027-02-28', '2027-03-01')).toBe(1);
    expect(daysBetween('2026-05-01', '2026-04-01')).toBe(-30);
  });
});
