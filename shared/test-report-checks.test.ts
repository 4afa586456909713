import { describe, expect, it } from 'vitest';
import { addFieldCatalogue, checkMessage } from './i18n/field.js';
import { FIELD_ES } from './i18n/field-es.js';
import { setProgramTimeZone, todayInProgramZone } from './program-zone.js';
import {
  activeOn,
  checkAsOf,
  checkTestDate,
  coverageOn,
  type TCheckFailure,
  type TPeriod,
  type TRecordAsOf,
} from './test-report-checks.js';

addFieldCatalogue('es', FIELD_ES);
setProgramTimeZone('America/New_York');

/** An instant at noon in New York on a program day. */
const noon = (day: string) => `${day}T17:00:00Z`;

const record = (changes: Partial<TRecordAsOf> = {}): TRecordAsOf => ({
  organization: 'Springfield Water',
  tester: 'Pat Rivera',
  assembly: { number: 'BF-100', status: 'active', installedOn: '2019-05-01' },
  registration: [{ at: noon('2026-01-05'), active: true }],
  certification: {
    number: 'C-77',
    agency: 'ABPA',
    agencyAccepted: true,
    periods: [{ from: null, through: '2027-06-30', acceptedAt: noon('2026-01-05') }],
  },
  kit: {
    serial: 'TK-1042',
    periods: [{ from: '2026-06-01', through: '2027-06-01', acceptedAt: noon('2026-06-02') }],
  },
  credentials: [],
  filingWindowDays: 30,
  ...changes,
});

const checksOf = (changes: Partial<TRecordAsOf>, testDate: string, today = '2027-03-20') =>
  checkAsOf(record(changes), testDate, today).map((failure) => failure.check);

describe('the checks as of the test date', () => {
  it('pass a test the record covered that day', () => {
    expect(checkAsOf(record(), '2027-03-10', '2027-03-20')).toEqual([]);
  });

  it('take a certification expiring on the test date as valid through that day, not the day after', () => {
    const expiring = (through: string) => ({
      certification: {
        ...record().certification,
        periods: [{ from: null, through, acceptedAt: noon('2026-01-05') }],
      },
    });
    expect(checksOf(expiring('2027-03-10'), '2027-03-10')).toEqual([]);
    expect(checkAsOf(record(expiring('2027-03-09')), '2027-03-10', '2027-03-20')).toEqual([
      {
        check: 'certificationExpired',
        params: { number: 'C-77', testDate: '2027-03-10', through: '2027-03-09' },
      },
    ]);
  });

  it('refuse a calibration accepted after the test date, in the words the tester reads', () => {
    const kit = {
      serial: 'TK-1042',
      periods: [{ from: '2027-02-20', through: '2028-02-20', acceptedAt: noon('2027-03-03') }],
    };
    const [failure] = checkAsOf(record({ kit }), '2027-03-01', '2027-03-20');
    expect(failure).toEqual({
      check: 'calibrationNotAcceptedUntil',
      params: { kit: 'TK-1042', testDate: '2027-03-01', acceptedOn: '2027-03-03' },
    });
    expect(checkMessage(failure as TCheckFailure, 'en')).toBe(
      'The calibration of kit TK-1042 was not accepted until March 3, 2027; the test is dated March 1, 2027.',
    );
    expect(checkMessage(failure as TCheckFailure, 'es')).toBe(
      'La calibración del kit de prueba TK-1042 no fue aceptada hasta el 3 de marzo de 2027; la prueba tiene fecha del 1 de marzo de 2027.',
    );
    // Accepted on the test date itself: it covers that day.
    const sameDay = {
      ...kit,
      periods: [{ ...(kit.periods[0] as TPeriod), acceptedAt: noon('2027-03-01') }],
    };
    expect(checksOf({ kit: sameDay }, '2027-03-01')).toEqual([]);
  });

  it('check an older test against the period that covered it, and refuse a date between two periods', () => {
    const periods: TPeriod[] = [
      { from: null, through: '2027-03-31', acceptedAt: noon('2026-01-05') },
      { from: null, through: '2029-03-31', acceptedAt: noon('2027-04-10') },
    ];
    const certification = { ...record().certification, periods };
    const registration = [{ at: noon('2026-01-05'), active: true }];
    expect(checksOf({ certification, registration }, '2027-03-20', '2027-04-15')).toEqual([]);
    expect(checksOf({ certification, registration }, '2027-04-12', '2027-04-15')).toEqual([]);
    // Between the first period's end and the renewal's acceptance.
    expect(checkAsOf(record({ certification }), '2027-04-05', '2027-04-15')).toEqual([
      {
        check: 'certificationNotAcceptedUntil',
        params: { number: 'C-77', testDate: '2027-04-05', acceptedOn: '2027-04-10' },
      },
    ]);
    // A kit calibrated again after a gap: the day between is covered by neither.
    const kit = {
      serial: 'TK-1042',
      periods: [
        { from: '2026-01-10', through: '2027-01-10', acceptedAt: noon('2026-01-11') },
        { from: '2027-02-01', through: '2028-02-01', acceptedAt: noon('2027-02-02') },
      ],
    };
    expect(checkAsOf(record({ kit }), '2027-01-20', '2027-02-10')).toEqual([
      {
        check: 'calibrationExpired',
        params: { kit: 'TK-1042', testDate: '2027-01-20', through: '2027-01-10' },
      },
    ]);
    expect(checksOf({ kit }, '2027-02-03', '2027-02-10')).toEqual([]);
  });

  it('refuse a test dated before the calibration it names', () => {
    const kit = {
      serial: 'TK-1042',
      periods: [{ from: '2027-03-05', through: '2028-03-05', acceptedAt: noon('2027-03-05') }],
    };
    expect(checkAsOf(record({ kit }), '2027-03-04', '2027-03-20')).toEqual([
      {
        check: 'calibrationAfterTest',
        params: { kit: 'TK-1042', testDate: '2027-03-04', from: '2027-03-05' },
      },
    ]);
  });

  it('decide each day in New York across the year end, wherever the code runs', () => {
    // Accepted at 11:30 pm on December 31 in New York (January 1 in UTC): it counts for December 31.
    const late = '2027-01-01T04:30:00Z';
    const kit = {
      serial: 'TK-1042',
      periods: [{ from: '2026-12-30', through: '2027-12-30', acceptedAt: late }],
    };
    expect(checksOf({ kit }, '2026-12-31', '2027-01-05')).toEqual([]);
    const certification = {
      ...record().certification,
      periods: [{ from: null, through: '2026-12-31', acceptedAt: noon('2026-01-05') }],
    };
    expect(checksOf({ certification }, '2026-12-31', '2027-01-05')).toEqual([]);
    expect(checksOf({ certification }, '2027-01-01', '2027-01-05')).toEqual([
      'certificationExpired',
    ]);
    // 10 pm on December 31 in New York is January 1 in UTC: a test dated January 1 is tomorrow.
    const today = todayInProgramZone(new Date('2027-01-01T03:00:00Z'));
    expect(today).toBe('2026-12-31');
    expect(checkTestDate('2027-01-01', today, 30)).toEqual({
      check: 'testDateFuture',
      params: { testDate: '2027-01-01' },
    });
  });

  it("hold the test date to today and the organization's filing window, at its last day", () => {
    expect(checkTestDate('2027-03-20', '2027-03-20', 30)).toBeNull();
    expect(checkTestDate('2027-03-21', '2027-03-20', 30)?.check).toBe('testDateFuture');
    expect(checkTestDate('2027-02-18', '2027-03-20', 30)).toBeNull();
    expect(checkTestDate('2027-02-17', '2027-03-20', 30)).toEqual({
      check: 'testDateTooOld',
      params: { testDate: '2027-02-17', days: 30, earliest: '2027-02-18' },
    });
    expect(checkTestDate('2027-02-30', '2027-03-20', 30)?.check).toBe('testDateInvalid');
    expect(checkTestDate('03/01/2027', '2027-03-20', 30)?.check).toBe('testDateInvalid');
    expect(checkAsOf(record(), 'soon', '2027-03-20')).toEqual([
      { check: 'testDateInvalid', params: {} },
    ]);
  });

  it('refuse a test before the assembly was installed, and an assembly removed or replaced', () => {
    const installed = (installedOn: string) => ({
      assembly: { number: 'BF-100', status: 'active' as const, installedOn },
    });
    expect(checksOf(installed('2027-03-10'), '2027-03-10')).toEqual([]);
    expect(checksOf(installed('2027-03-11'), '2027-03-10')).toEqual(['testDateBeforeInstalled']);
    expect(
      checksOf(
        { assembly: { number: 'BF-100', status: 'removed', installedOn: null } },
        '2027-03-10',
      ),
    ).toEqual(['assemblyRemoved']);
    expect(
      checksOf(
        { assembly: { number: 'BF-100', status: 'replaced', installedOn: null } },
        '2027-03-10',
      ),
    ).toEqual(['assemblyReplaced']);
  });

  it("take the registration's activity on the test date from its last change that day or before", () => {
    const registration = [
      { at: noon('2026-01-05'), active: true },
      { at: noon('2027-03-12'), active: false },
      { at: noon('2027-03-15'), active: true },
    ];
    expect(activeOn(registration, '2026-01-04')).toBe(false);
    expect(activeOn(registration, '2027-03-11')).toBe(true);
    expect(activeOn(registration, '2027-03-12')).toBe(false);
    expect(activeOn(registration, '2027-03-14')).toBe(false);
    expect(activeOn(registration, '2027-03-15')).toBe(true);
    const [failure] = checkAsOf(record({ registration }), '2027-03-13', '2027-03-20');
    expect(checkMessage(failure as TCheckFailure, 'en')).toBe(
      'The registration of Pat Rivera with Springfield Water was not active on March 13, 2027.',
    );
  });

  it('refuse a certification of an agency the organization does not accept, and one never accepted', () => {
    const certification = { ...record().certification, agencyAccepted: false };
    expect(checksOf({ certification }, '2027-03-10')).toEqual(['certificationAgencyNotAccepted']);
    const none = { ...record().certification, periods: [] };
    expect(checksOf({ certification: none }, '2027-03-10')).toEqual(['certificationNotAccepted']);
  });

  it('check each credential the organization requires, one that never expires included', () => {
    const credentials = [
      {
        type: 'General liability insurance',
        periods: [{ from: null, through: '2027-03-01', acceptedAt: noon('2026-02-01') }],
      },
      {
        type: 'Backflow training',
        periods: [{ from: null, through: null, acceptedAt: noon('2026-02-01') }],
      },
      { type: 'City business licence', periods: [] },
    ];
    const failures = checkAsOf(record({ credentials }), '2027-03-10', '2027-03-20');
    expect(failures.map((failure) => checkMessage(failure, 'en'))).toEqual([
      'General liability insurance expired on March 1, 2027; the test is dated March 10, 2027.',
      'City business licence has not been accepted yet.',
    ]);
  });

  it('name the nearest reason when no period covers the day', () => {
    expect(coverageOn([], '2027-01-01')).toEqual({ covered: false, reason: 'none' });
    const periods: TPeriod[] = [
      { from: '2025-01-01', through: '2025-12-31', acceptedAt: noon('2025-01-02') },
      { from: '2026-01-01', through: '2026-06-30', acceptedAt: noon('2026-01-02') },
      { from: '2027-06-01', through: '2028-05-31', acceptedAt: noon('2027-06-01') },
    ];
    expect(coverageOn(periods, '2027-01-01')).toEqual({
      covered: false,
      reason: 'expired',
      through: '2026-06-30',
    });
    expect(coverageOn(periods, '2024-12-31')).toEqual({
      covered: false,
      reason: 'notStarted',
      from: '2025-01-01',
    });
    expect(coverageOn(periods, '2026-01-01')).toEqual({
      covered: false,
      reason: 'notYetAccepted',
      acceptedOn: '2026-01-02',
    });
    expect(coverageOn(periods, '2026-01-02')).toEqual({ covered: true });
  });
});
