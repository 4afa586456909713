import { MESSAGES } from './codes.js';
import { fillMessage } from './fill-message.js';
import { addDays, addMonths } from './program-zone.js';
import type { TRegistrationValidity } from './standing.js';

// Each organization's own requirements beyond certifications and test kits (issue 27): the
// credentials it asks of a company or a tester (insurance, licences, training), the facts each
// carries, and how long an approved registration stays valid. Rules only, without zod or the
// DOM: the wizard, the status page, My registrations and the server apply these same functions.
// Dates are YYYY-MM-DD days of the program's time zone.

/** The facts a credential type can carry, from a fixed set. */
export const CREDENTIAL_FACTS = ['issuer', 'number', 'coverage', 'additionalInsured'] as const;
export type TCredentialFact = (typeof CREDENTIAL_FACTS)[number];

/** Who holds a credential: the company (one for all its people) or each tester. */
export const CREDENTIAL_HOLDERS = ['company', 'tester'] as const;
export type TCredentialHolder = (typeof CREDENTIAL_HOLDERS)[number];

export interface TCredentialType {
  name: string;
  holder: TCredentialHolder;
  expires: boolean;
  facts: readonly TCredentialFact[];
}

/** The credential types every deployment starts with (staff add and change them). */
export const SEED_CREDENTIAL_TYPES: readonly TCredentialType[] = [
  {
    name: 'General liability insurance',
    holder: 'company',
    expires: true,
    facts: ['issuer', 'coverage', 'additionalInsured'],
  },
  { name: 'Business license', holder: 'company', expires: true, facts: ['number'] },
  { name: "Driver's license", holder: 'tester', expires: true, facts: ['number'] },
  { name: 'Confined-space training', holder: 'tester', expires: true, facts: [] },
  { name: 'Fire-line endorsement', holder: 'tester', expires: true, facts: ['number'] },
];

/** What an organization asks of one credential type. */
export interface TCredentialRequirement {
  /** Required, or accepted when given. */
  required: boolean;
  /** The least coverage it accepts in whole US dollars, where the type carries coverage. */
  minimumCoverage: number | null;
  /** Whether the certificate must name the organization as additional insured. */
  additionalInsured: boolean;
}

/** A credential as entered: every value as typed (the form's fields are text). */
export interface TCredentialEntry {
  issuer?: string;
  number?: string;
  coverage?: string;
  additionalInsured?: boolean;
  expirationDate?: string;
}

/** The organization's rule for expired items, and the day it is judged on. */
export interface TJudgedOn {
  programDate: string;
  acceptExpired: boolean;
}

export type TCredentialField = keyof TCredentialEntry;

/** US dollars as people write them: "$1,000,000" for 1000000. */
export function formatDollars(amount: number): string {
  return `$${amount.toLocaleString('en-US', { maximumFractionDigits: 0 })}`;
}

/** A coverage as typed ("1000000", "$1,000,000", "1,000,000.00") in whole dollars, or null. */
export function parseCoverage(text: string): number | null {
  const plain = text
    .trim()
    .replace(/^\$/, '')
    .replace(/,(?=\d{3}(\D|$))/g, '');
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(plain)) return null;
  return Math.floor(Number(plain));
}

/** A credential is current through the end of its expiration day in the program's zone. */
export function isCurrent(expirationDate: string, programDate: string): boolean {
  return expirationDate >= programDate;
}

/**
 * What is wrong with a credential the organization asks for, field by field (empty when
 * nothing): the facts its type carries, the coverage and additional insured the organization
 * requires, and its expiry when the organization does not take expired items. A date's form is
 * the date field's own check, as for certifications.
 */
export function credentialProblems(
  entry: TCredentialEntry,
  type: TCredentialType,
  requirement: TCredentialRequirement,
  judged: TJudgedOn,
): Partial<Record<TCredentialField, string>> {
  const problems: Partial<Record<TCredentialField, string>> = {};
  const carries = (fact: TCredentialFact) => type.facts.includes(fact);
  if (carries('issuer') && !entry.issuer?.trim()) problems.issuer = MESSAGES.fieldRequired;
  if (carries('number') && !entry.number?.trim()) problems.number = MESSAGES.fieldRequired;
  if (carries('coverage')) {
    const coverage = parseCoverage(entry.coverage ?? '');
    if (!entry.coverage?.trim()) problems.coverage = MESSAGES.fieldRequired;
    else if (coverage === null) problems.coverage = MESSAGES.coverageInvalid;
    else if (requirement.minimumCoverage !== null && coverage < requirement.minimumCoverage) {
      problems.coverage = fillMessage(MESSAGES.coverageTooLow, {
        amount: formatDollars(requirement.minimumCoverage),
      });
    }
  }
  if (carries('additionalInsured') && requirement.additionalInsured && !entry.additionalInsured) {
    problems.additionalInsured = MESSAGES.additionalInsuredRequired;
  }
  if (type.expires) {
    const expiry = entry.expirationDate?.trim() ?? '';
    if (!expiry) problems.expirationDate = MESSAGES.fieldRequired;
    else if (!judged.acceptExpired && !isCurrent(expiry, judged.programDate)) {
      problems.expirationDate = MESSAGES.credentialExpired;
    }
  }
  return problems;
}

/** The message for a required credential that was not given. */
export const credentialMissing = (type: Pick<TCredentialType, 'name'>) =>
  fillMessage(MESSAGES.credentialRequired, { name: type.name });

/**
 * The last day an approval keeps a registration valid (null: until withdrawn). Twelve months:
 * through the day before the approval's date a year on (approved February 29, through February
 * 28). Calendar year: through December 31 of the year approved.
 */
export function validThrough(approvedOn: string, validity: TRegistrationValidity): string | null {
  if (validity === 'untilWithdrawn') return null;
  if (validity === 'calendarYear') return `${approvedOn.slice(0, 4)}-12-31`;
  const [, , day] = approvedOn.split('-');
  const yearOn = addMonths(approvedOn, 12);
  // A date the next year lacks (February 29) ends the day before its month's last day + 1.
  return yearOn.slice(8) === day ? addDays(yearOn, -1) : yearOn;
}

/** What an approval knows of a registration's period. */
export interface TRegistrationPeriod {
  /** The first day of the current period (null: never approved). */
  approvedOn: string | null;
  /** Its last day (null: until withdrawn). */
  validThrough: string | null;
  /** The person confirmed their record for a new period. */
  reregistered: boolean;
}

/**
 * The first day of the period an approval on `today` gives: the same period for a registration
 * already approved that did not re-register (a renewal's review), the day after the current
 * period for a re-registration approved before it ends (so December's re-registration runs
 * through the next December 31), and today otherwise (a first approval, or after a lapse).
 */
export function periodStart(period: TRegistrationPeriod, today: string): string {
  if (period.approvedOn && !period.reregistered) return period.approvedOn;
  if (period.validThrough && period.validThrough >= today) return addDays(period.validThrough, 1);
  return today;
}
