import { describe, expect, it } from 'vitest';
import { MESSAGES } from './codes.js';
import { addCatalogue, localizeMessage } from './i18n/catalogue.js';
import { es } from './i18n/es.js';
import { todayInProgramZone } from './program-zone.js';
import {
  credentialMissing,
  credentialProblems,
  parseCoverage,
  periodStart,
  SEED_CREDENTIAL_TYPES,
  type TCredentialRequirement,
  type TCredentialType,
  validThrough,
} from './requirements.js';

const type = (name: string): TCredentialType => {
  const found = SEED_CREDENTIAL_TYPES.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no seed type ${name}`);
  return found;
};
const insurance = type('General liability insurance');
const training = type('Confined-space training');
const strict: TCredentialRequirement = {
  required: true,
  minimumCoverage: 1_000_000,
  additionalInsured: true,
};
const onDay = (programDate: string) => ({ programDate, acceptExpired: false });
const certificate = {
  issuer: 'Acme Mutual',
  coverage: '1000000',
  additionalInsured: true,
  expirationDate: '2027-06-30',
};

describe("an organization's credential rules", () => {
  it('takes coverage exactly at the minimum and refuses one dollar under, in its words', () => {
    expect(credentialProblems(certificate, insurance, strict, onDay('2026-11-26'))).toEqual({});
    expect(
      credentialProblems(
        { ...certificate, coverage: '999999' },
        insurance,
        strict,
        onDay('2026-11-26'),
      ),
    ).toEqual({ coverage: 'Coverage must be at least $1,000,000.' });
  });

  it('reads coverage as people write it and refuses what is not an amount', () => {
    expect(parseCoverage('$1,000,000')).toBe(1_000_000);
    expect(parseCoverage(' 1,000,000.00 ')).toBe(1_000_000);
    expect(parseCoverage('2000000')).toBe(2_000_000);
    for (const text of ['one million', '1,00,000', '-5', '1e6', '']) {
      expect(parseCoverage(text), text).toBeNull();
    }
    expect(
      credentialProblems(
        { ...certificate, coverage: 'lots' },
        insurance,
        strict,
        onDay('2026-11-26'),
      ),
    ).toEqual({ coverage: MESSAGES.coverageInvalid });
  });

  it('asks for additional insured only where the organization requires it', () => {
    const without = { ...certificate, additionalInsured: false };
    expect(credentialProblems(without, insurance, strict, onDay('2026-11-26'))).toEqual({
      additionalInsured: 'The certificate must name the organization as additional insured.',
    });
    const lenient = { ...strict, additionalInsured: false, minimumCoverage: null };
    expect(credentialProblems(without, insurance, lenient, onDay('2026-11-26'))).toEqual({});
  });

  it('keeps a credential current through its expiration day and refuses it the day after', () => {
    const entry = { expirationDate: '2026-11-26' };
    expect(credentialProblems(entry, training, strict, onDay('2026-11-26'))).toEqual({});
    expect(credentialProblems(entry, training, strict, onDay('2026-11-27'))).toEqual({
      expirationDate: MESSAGES.credentialExpired,
    });
    // An organization that takes expired items takes it.
    expect(
      credentialProblems(entry, training, strict, {
        programDate: '2026-11-27',
        acceptExpired: true,
      }),
    ).toEqual({});
  });

  it("judges December 31 to January 1 on New York's day, not the server's", () => {
    const entry = { expirationDate: '2026-12-31' };
    // 04:30 UTC on January 1 is still December 31 in New York.
    const lateEvening = todayInProgramZone(new Date('2027-01-01T04:30:00Z'));
    expect(lateEvening).toBe('2026-12-31');
    expect(credentialProblems(entry, training, strict, onDay(lateEvening))).toEqual({});
    const newYear = todayInProgramZone(new Date('2027-01-01T05:00:00Z'));
    expect(credentialProblems(entry, training, strict, onDay(newYear))).toEqual({
      expirationDate: MESSAGES.credentialExpired,
    });
  });

  it('asks for the facts its type carries, and names a missing required credential', () => {
    expect(credentialProblems({}, insurance, strict, onDay('2026-11-26'))).toEqual({
      issuer: MESSAGES.fieldRequired,
      coverage: MESSAGES.fieldRequired,
      additionalInsured: MESSAGES.additionalInsuredRequired,
      expirationDate: MESSAGES.fieldRequired,
    });
    expect(
      credentialProblems(
        { expirationDate: '2027-01-01' },
        type('Business license'),
        strict,
        onDay('2026-11-26'),
      ),
    ).toEqual({
      number: MESSAGES.fieldRequired,
    });
    expect(credentialMissing(insurance)).toBe('General liability insurance is required.');
  });

  it('speaks Spanish with the amount and the name kept', () => {
    addCatalogue('es', es);
    expect(localizeMessage('Coverage must be at least $1,000,000.', 'es')).toBe(
      'La cobertura debe ser de al menos $1,000,000.',
    );
    expect(localizeMessage(credentialMissing(insurance), 'es')).toBe(
      'Se requiere: General liability insurance.',
    );
  });
});

describe('how long an approval keeps a registration valid', () => {
  it('is until withdrawn by default, through December 31 for a calendar year', () => {
    expect(validThrough('2026-06-10', 'untilWithdrawn')).toBeNull();
    expect(validThrough('2026-06-10', 'calendarYear')).toBe('2026-12-31');
    expect(validThrough('2026-12-31', 'calendarYear')).toBe('2026-12-31');
  });

  it('is twelve months to the day before, across a leap day', () => {
    expect(validThrough('2026-03-15', 'twelveMonths')).toBe('2027-03-14');
    expect(validThrough('2023-03-01', 'twelveMonths')).toBe('2024-02-29');
    expect(validThrough('2024-02-29', 'twelveMonths')).toBe('2025-02-28');
    expect(validThrough('2027-01-01', 'twelveMonths')).toBe('2027-12-31');
  });
});

describe('the period an approval starts', () => {
  const today = '2027-11-20';
  it('starts today on a first approval or after a lapse', () => {
    expect(periodStart({ approvedOn: null, validThrough: null, reregistered: false }, today)).toBe(
      today,
    );
    expect(
      periodStart(
        { approvedOn: '2026-01-05', validThrough: '2026-12-31', reregistered: true },
        today,
      ),
    ).toBe(today);
  });

  it('keeps the period when an approved registration comes back for a renewal', () => {
    expect(
      periodStart(
        { approvedOn: '2027-01-05', validThrough: '2027-12-31', reregistered: false },
        today,
      ),
    ).toBe('2027-01-05');
  });

  it('runs a re-registration approved before the end from the day after it', () => {
    const start = periodStart(
      { approvedOn: '2027-01-05', validThrough: '2027-12-31', reregistered: true },
      today,
    );
    expect(start).toBe('2028-01-01');
    expect(validThrough(start, 'calendarYear')).toBe('2028-12-31');
    expect(
      periodStart({ approvedOn: '2027-01-05', validThrough: today, reregistered: true }, today),
    ).toBe('2027-11-21');
  });
});
