import type { TAssemblyStatus } from './assemblies.js';
import { addDays, todayInProgramZone } from './program-zone.js';

// May this test report be accepted? The checks against the record as it stood on the test date,
// run on the test form as the tester types (from the record kept on the phone) and again by the
// server (from the database), in the program's time zone. Every date here is a program day
// (YYYY-MM-DD); an acceptance is an instant, turned into its program day here, so a decision made
// at 11:30 pm in New York on December 31 counts for December 31 wherever the code runs.
//
// A period is one accepted span of a certification, a kit's calibration or a credential: a
// renewal adds a period and keeps the earlier ones, so an older test date is checked against the
// period that covered it, and a date between two periods is covered by neither. A period counts
// on a day that falls inside its dates (both ends included: a certification expiring on the test
// date is valid that day) and on or after the day it was accepted.

/** One accepted span of a certification, calibration or credential. */
export interface TPeriod {
  /** The first day it covers (a calibration's date); null: from its acceptance. */
  from: string | null;
  /** The last day it covers (an expiry, a calibration's due date); null: no end. */
  through: string | null;
  /** When it was accepted (ISO instant). */
  acceptedAt: string;
}

/** The registration's activity over time: each change, oldest first. */
export interface TActivityChange {
  /** When it changed (ISO instant). */
  at: string;
  active: boolean;
}

export interface TRecordAsOf {
  /** The organization's name, for the messages. */
  organization: string;
  /** The tester who tested, for the messages. */
  tester: string;
  assembly: { number: string; status: TAssemblyStatus; installedOn: string | null };
  registration: TActivityChange[];
  certification: {
    number: string;
    agency: string;
    /** The organization accepts certifications of its agency. */
    agencyAccepted: boolean;
    periods: TPeriod[];
  };
  kit: { serial: string; periods: TPeriod[] };
  /** Each credential type the organization requires, with the periods of the tester's ones. */
  credentials: { type: string; periods: TPeriod[] }[];
  /** Days after the test date a report may still be filed. */
  filingWindowDays: number;
}

export const TEST_REPORT_CHECKS = [
  'testDateInvalid',
  'testDateFuture',
  'testDateTooOld',
  'testDateBeforeInstalled',
  'assemblyRemoved',
  'assemblyReplaced',
  'registrationNotActive',
  'certificationAgencyNotAccepted',
  'certificationNotAccepted',
  'certificationNotAcceptedUntil',
  'certificationExpired',
  'calibrationNotAccepted',
  'calibrationNotAcceptedUntil',
  'calibrationAfterTest',
  'calibrationExpired',
  'credentialNotAccepted',
  'credentialNotAcceptedUntil',
  'credentialExpired',
] as const;
export type TTestReportCheck = (typeof TEST_REPORT_CHECKS)[number];

/** A check the report fails: its code and the values its message names (dates as program days). */
export interface TCheckFailure {
  check: TTestReportCheck;
  params: Record<string, string | number>;
}

/** How a set of periods stands on a day. */
export type TCoverage =
  | { covered: true }
  | { covered: false; reason: 'none' }
  | { covered: false; reason: 'notYetAccepted'; acceptedOn: string }
  | { covered: false; reason: 'expired'; through: string }
  | { covered: false; reason: 'notStarted'; from: string };

const acceptedOn = (period: TPeriod) => todayInProgramZone(new Date(period.acceptedAt));
const inDates = (period: TPeriod, day: string) =>
  (period.from === null || period.from <= day) &&
  (period.through === null || day <= period.through);

/**
 * Whether some period covers the day, and if none does, the nearest reason: a period whose dates
 * hold the day but accepted later (the earliest such acceptance), else the last period that ended
 * before it, else the first that starts after it.
 */
export function coverageOn(periods: readonly TPeriod[], day: string): TCoverage {
  let lateAcceptance: string | null = null;
  let endedBefore: string | null = null;
  let startsAfter: string | null = null;
  for (const period of periods) {
    if (inDates(period, day)) {
      const accepted = acceptedOn(period);
      if (accepted <= day) return { covered: true };
      if (lateAcceptance === null || accepted < lateAcceptance) lateAcceptance = accepted;
    } else if (period.through !== null && period.through < day) {
      if (endedBefore === null || period.through > endedBefore) endedBefore = period.through;
    } else if (period.from !== null && (startsAfter === null || period.from < startsAfter)) {
      startsAfter = period.from;
    }
  }
  if (lateAcceptance !== null) {
    return { covered: false, reason: 'notYetAccepted', acceptedOn: lateAcceptance };
  }
  if (endedBefore !== null) return { covered: false, reason: 'expired', through: endedBefore };
  if (startsAfter !== null) return { covered: false, reason: 'notStarted', from: startsAfter };
  return { covered: false, reason: 'none' };
}

/** Active on a day: the last change made on or before that program day decides. */
export function activeOn(changes: readonly TActivityChange[], day: string): boolean {
  let active = false;
  for (const change of changes) {
    if (todayInProgramZone(new Date(change.at)) > day) break;
    active = change.active;
  }
  return active;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day written YYYY-MM-DD. */
export function isDay(text: string): boolean {
  return DAY.test(text) && addDays(text, 0) === text;
}

/** The test date's own checks: a real day, not after today, inside the filing window. */
export function checkTestDate(
  testDate: string,
  today: string,
  filingWindowDays: number,
): TCheckFailure | null {
  if (!isDay(testDate)) return { check: 'testDateInvalid', params: {} };
  if (testDate > today) return { check: 'testDateFuture', params: { testDate } };
  const earliest = addDays(today, -filingWindowDays);
  if (testDate < earliest) {
    return { check: 'testDateTooOld', params: { testDate, days: filingWindowDays, earliest } };
  }
  return null;
}

/**
 * Every check the report fails against the record as it stood on the test date (empty: it may
 * be accepted). Today is the program day of the filing.
 */
export function checkAsOf(record: TRecordAsOf, testDate: string, today: string): TCheckFailure[] {
  const dateFailure = checkTestDate(testDate, today, record.filingWindowDays);
  if (dateFailure?.check === 'testDateInvalid') return [dateFailure];
  const failures: TCheckFailure[] = dateFailure ? [dateFailure] : [];
  const { assembly, certification, kit } = record;

  if (assembly.status === 'removed') {
    failures.push({ check: 'assemblyRemoved', params: { assembly: assembly.number } });
  } else if (assembly.status === 'replaced') {
    failures.push({ check: 'assemblyReplaced', params: { assembly: assembly.number } });
  }
  if (assembly.installedOn !== null && testDate < assembly.installedOn) {
    failures.push({
      check: 'testDateBeforeInstalled',
      params: { assembly: assembly.number, installedOn: assembly.installedOn, testDate },
    });
  }

  if (!activeOn(record.registration, testDate)) {
    failures.push({
      check: 'registrationNotActive',
      params: { tester: record.tester, organization: record.organization, testDate },
    });
  }

  if (!certification.agencyAccepted) {
    failures.push({
      check: 'certificationAgencyNotAccepted',
      params: { organization: record.organization, agency: certification.agency },
    });
  } else {
    const failure = periodFailure(
      coverageOn(certification.periods, testDate),
      { number: certification.number, testDate },
      {
        none: 'certificationNotAccepted',
        notYetAccepted: 'certificationNotAcceptedUntil',
        expired: 'certificationExpired',
      },
    );
    if (failure) failures.push(failure);
  }

  const kitFailure = periodFailure(
    coverageOn(kit.periods, testDate),
    { kit: kit.serial, testDate },
    {
      none: 'calibrationNotAccepted',
      notYetAccepted: 'calibrationNotAcceptedUntil',
      expired: 'calibrationExpired',
      notStarted: 'calibrationAfterTest',
    },
  );
  if (kitFailure) failures.push(kitFailure);

  for (const credential of record.credentials) {
    const failure = periodFailure(
      coverageOn(credential.periods, testDate),
      { credential: credential.type, testDate },
      {
        none: 'credentialNotAccepted',
        notYetAccepted: 'credentialNotAcceptedUntil',
        expired: 'credentialExpired',
      },
    );
    if (failure) failures.push(failure);
  }
  return failures;
}

/** The failure a coverage means, named by the item's own checks (a reason it lacks: 'none'). */
function periodFailure(
  coverage: TCoverage,
  params: Record<string, string>,
  checks: {
    none: TTestReportCheck;
    notYetAccepted: TTestReportCheck;
    expired: TTestReportCheck;
    notStarted?: TTestReportCheck;
  },
): TCheckFailure | null {
  if (coverage.covered) return null;
  switch (coverage.reason) {
    case 'notYetAccepted':
      return {
        check: checks.notYetAccepted,
        params: { ...params, acceptedOn: coverage.acceptedOn },
      };
    case 'expired':
      return { check: checks.expired, params: { ...params, through: coverage.through } };
    case 'notStarted':
      return checks.notStarted
        ? { check: checks.notStarted, params: { ...params, from: coverage.from } }
        : { check: checks.none, params };
    case 'none':
      return { check: checks.none, params };
  }
}
