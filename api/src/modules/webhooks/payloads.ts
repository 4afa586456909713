import {
  COMPLIANCE_STATUS_LABELS,
  type TComplianceChangeReason,
  type TComplianceStatus,
} from '../../../../shared/assembly-compliance.js';
import type {
  TDocumentRejectionReason,
  TRegistrationRejectionReason,
} from '../../../../shared/review.js';
import type { TStanding } from '../../../../shared/standing.js';
import type { TRegistration } from '../../db/entities/index.js';
import type { RecordedEvent } from './events.js';

// Every event's payload, in one place so the docs and the tests read one file: the ids of what
// changed (as /api/v1 names them), the few state fields a receiver acts on, and one sentence for
// a person. Never a document, an address or a note a reviewer wrote.

/** A person's name as the statements read it. */
interface Named {
  first_name: string;
  last_name: string;
}

const personOf = (person: Named) => `${person.first_name} ${person.last_name}`.trim();

/**
 * A registration as every registration event names it, as the statements read it: its id, its
 * person's, organization's and company's, the person's name and the organization's.
 */
export interface RegistrationFacts extends Named {
  id: number;
  user_id: number;
  organization_id: number;
  company_id: number | null;
  organization_name: string;
}

/** A registration entity's facts; its user and organization must be loaded. */
export const registrationFactsOf = (registration: TRegistration): RegistrationFacts => ({
  id: registration.id,
  user_id: registration.user.id,
  organization_id: registration.organization.id,
  company_id: registration.company?.id ?? null,
  first_name: registration.user.firstName,
  last_name: registration.user.lastName,
  organization_name: registration.organization.name,
});

/** Before its insert (registeredEventsInsert adds the id). */
type NewRegistrationFacts = Omit<RegistrationFacts, 'id'> & { id?: number };

const registrationIds = (r: NewRegistrationFacts) => ({
  ...(r.id === undefined ? {} : { registration_id: r.id }),
  person_id: r.user_id,
  organization_id: r.organization_id,
  company_id: r.company_id,
});

/** How a registration came to wait for review. */
export type TSubmittedVia =
  | 'form'
  | 'account'
  | 'company_admin'
  | 'reregistration'
  | 'corrections'
  | 'renewal';

function submittedSummary(who: string, organization: string, via: TSubmittedVia): string {
  if (via === 'reregistration') {
    return `${who} registered again with ${organization}; the registration waits for review.`;
  }
  if (via === 'corrections') {
    return `${who} sent corrections to ${organization}; the registration waits for review.`;
  }
  if (via === 'renewal') {
    return `${who} sent a renewal to ${organization}; the registration waits for review.`;
  }
  return `${who}'s registration with ${organization} was submitted for review.`;
}

/**
 * A registration waiting for review. Without its id (a statement inserting the registration
 * adds it: registeredEventsInsert), data has every field but registration_id.
 */
export function registrationSubmitted(
  registration: NewRegistrationFacts,
  via: TSubmittedVia,
): RecordedEvent {
  return {
    type: 'registration.submitted',
    organizationIds: [registration.organization_id],
    data: {
      ...registrationIds(registration),
      review_state: 'pending',
      via,
      summary: submittedSummary(personOf(registration), registration.organization_name, via),
    },
  };
}

export function registrationApproved(registration: RegistrationFacts): RecordedEvent {
  return {
    type: 'registration.approved',
    organizationIds: [registration.organization_id],
    data: {
      ...registrationIds(registration),
      review_state: 'approved',
      summary: `${personOf(registration)}'s registration with ${registration.organization_name} was approved.`,
    },
  };
}

/** A document the reviewer sent back, by its kind and id, with the reason's code. */
export interface ReturnedItem {
  kind: 'certification' | 'testKit' | 'credential';
  id: number;
  reason: TDocumentRejectionReason | null;
}

const ITEM_KINDS = {
  certification: 'certification',
  testKit: 'test_kit',
  credential: 'credential',
};

export function registrationChangesRequested(
  registration: RegistrationFacts,
  items: ReturnedItem[],
): RecordedEvent {
  const documents = items.length === 1 ? 'a document' : `${items.length} documents`;
  return {
    type: 'registration.changes_requested',
    organizationIds: [registration.organization_id],
    data: {
      ...registrationIds(registration),
      review_state: 'changes_requested',
      items: items.map((item) => ({
        kind: ITEM_KINDS[item.kind],
        id: item.id,
        reason: item.reason,
      })),
      summary: `${registration.organization_name} asked ${personOf(registration)} to correct ${documents} of their registration.`,
    },
  };
}

export function registrationRejected(
  registration: RegistrationFacts,
  reason: TRegistrationRejectionReason,
): RecordedEvent {
  return {
    type: 'registration.rejected',
    organizationIds: [registration.organization_id],
    data: {
      ...registrationIds(registration),
      review_state: 'rejected',
      reason,
      summary: `${personOf(registration)}'s registration with ${registration.organization_name} was rejected.`,
    },
  };
}

/** A standing change as changeStandings applied it. */
export interface StandingFacts extends RegistrationFacts {
  to_standing: TStanding;
  reason: string;
  /** Made by the product (the night's run, an accepted replacement), not by staff. */
  automatic_change: boolean;
  /** A suspension's last day (YYYY-MM-DD), or null. */
  until: string | null;
  /** The period's last day (YYYY-MM-DD), or null. */
  valid_through: string | null;
  /** When the standing the registration leaves began (ISO), or null for its first. */
  previous_changed_at: string | null;
}

const STANDING_EVENTS = {
  suspended: 'registration.suspended',
  active: 'registration.reinstated',
  lapsed: 'registration.lapsed',
} as const;

/**
 * Suspended, reinstated or lapsed. Keyed by what the change ends, so the same change is never
 * recorded twice: a lapse by the period that ended, any other by when the standing it leaves
 * began.
 */
export function registrationStandingChanged(change: StandingFacts): RecordedEvent {
  const type = STANDING_EVENTS[change.to_standing];
  const organizationIds = [change.organization_id];
  const ids = {
    ...registrationIds(change),
    standing: change.to_standing,
    automatic: change.automatic_change,
  };
  const who = `${personOf(change)}'s registration with ${change.organization_name}`;
  if (change.to_standing === 'lapsed') {
    return {
      type,
      organizationIds,
      data: {
        ...ids,
        valid_through: change.valid_through,
        summary: `${who} lapsed: its period ended on ${change.valid_through}.`,
      },
      dedupeKey: `${type}:${change.id}:${change.valid_through}`,
    };
  }
  const suspended = change.to_standing === 'suspended';
  const until = suspended && change.until ? ` until ${change.until}` : '';
  return {
    type,
    organizationIds,
    data: {
      ...ids,
      reason: change.reason,
      ...(suspended ? { until: change.until } : {}),
      summary: `${who} was ${suspended ? 'suspended' : 'reinstated'}${until}.`,
    },
    dedupeKey: `${type}:${change.id}:${change.previous_changed_at ?? 'first'}`,
  };
}

/** A person's fields as /api/v1 names them, and their words in a summary. */
const PERSON_FIELDS = {
  type: 'user type',
  first_name: 'first name',
  last_name: 'last name',
  email: 'email address',
  phone: 'phone number',
  directory_hidden: 'directory listing',
} as const;
export type TPersonField = keyof typeof PERSON_FIELDS;

function listed(words: string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/** A person, their name, and the organizations they are registered with. */
export interface PersonFacts extends Named {
  id: number;
  organization_ids: number[];
}

/** Which of a person's fields changed (never their values); sent to their organizations. */
export function personUpdated(person: PersonFacts, changed: TPersonField[]): RecordedEvent {
  return {
    type: 'person.updated',
    organizationIds: person.organization_ids,
    data: {
      person_id: person.id,
      changed,
      summary: `${personOf(person)}'s ${listed(changed.map((field) => PERSON_FIELDS[field]))} changed.`,
    },
  };
}

/** A certification on one registration, as the compliance statements read it. */
export interface CertificationFacts extends Named {
  id: number;
  registration_id: number;
  user_id: number;
  organization_id: number;
  agency: string | null;
  type: string | null;
  /** YYYY-MM-DD. */
  expires_on: string;
}

const certificationIds = (c: CertificationFacts) => ({
  certification_id: c.id,
  registration_id: c.registration_id,
  person_id: c.user_id,
  organization_id: c.organization_id,
});

const certificationOf = (c: CertificationFacts) =>
  `${personOf(c)}'s ${[c.agency, c.type].filter(Boolean).join(' ')} certification`;

/** Where a reminder stands: its threshold (60, 30, 7 or 0 days) and the days actually left. */
export interface ReminderPoint {
  threshold_days: number;
  days_left: number;
}

const inDays = (daysLeft: number, on: string) =>
  daysLeft === 0 ? `today, ${on}` : `in ${daysLeft} day${daysLeft === 1 ? '' : 's'}, on ${on}`;

/** At a reminder threshold: once per certification, expiry date and threshold. */
export function certificationExpiring(
  certification: CertificationFacts,
  reminder: ReminderPoint,
): RecordedEvent {
  return {
    type: 'certification.expiring',
    organizationIds: [certification.organization_id],
    data: {
      ...certificationIds(certification),
      expires_on: certification.expires_on,
      days_left: reminder.days_left,
      threshold_days: reminder.threshold_days,
      summary: `${certificationOf(certification)} expires ${inDays(reminder.days_left, certification.expires_on)}.`,
    },
    dedupeKey: `certification.expiring:${certification.id}:${certification.expires_on}:${reminder.threshold_days}`,
  };
}

/** The first night after its expiry: once per certification and expiry date. */
export function certificationExpired(certification: CertificationFacts): RecordedEvent {
  return {
    type: 'certification.expired',
    organizationIds: [certification.organization_id],
    data: {
      ...certificationIds(certification),
      expires_on: certification.expires_on,
      summary: `${certificationOf(certification)} expired on ${certification.expires_on}.`,
    },
    dedupeKey: `certification.expired:${certification.id}:${certification.expires_on}`,
  };
}

/** A company's test kit as registered with one organization. */
export interface TestKitFacts {
  id: number;
  organization_id: number;
  company_id: number | null;
  serial: string | null;
  manufacturer: string | null;
  model: string | null;
  /** YYYY-MM-DD. */
  calibration_due_on: string;
}

const testKitIds = (k: TestKitFacts) => ({
  test_kit_id: k.id,
  organization_id: k.organization_id,
  company_id: k.company_id,
});

const testKitOf = (k: TestKitFacts) =>
  `Test kit ${[k.manufacturer, k.model].filter(Boolean).join(' ')}, serial ${k.serial},`;

/** At a reminder threshold: once per kit, due date and threshold. */
export function testKitCalibrationDue(kit: TestKitFacts, reminder: ReminderPoint): RecordedEvent {
  return {
    type: 'test_kit.calibration_due',
    organizationIds: [kit.organization_id],
    data: {
      ...testKitIds(kit),
      calibration_due_on: kit.calibration_due_on,
      days_left: reminder.days_left,
      threshold_days: reminder.threshold_days,
      summary: `${testKitOf(kit)} is due for calibration ${inDays(reminder.days_left, kit.calibration_due_on)}.`,
    },
    dedupeKey: `test_kit.calibration_due:${kit.id}:${kit.calibration_due_on}:${reminder.threshold_days}`,
  };
}

/** The first night after its calibration due date: once per kit and due date. */
export function testKitCalibrationExpired(kit: TestKitFacts): RecordedEvent {
  return {
    type: 'test_kit.calibration_expired',
    organizationIds: [kit.organization_id],
    data: {
      ...testKitIds(kit),
      calibration_due_on: kit.calibration_due_on,
      summary: `${testKitOf(kit)} is past its calibration due date, ${kit.calibration_due_on}.`,
    },
    dedupeKey: `test_kit.calibration_expired:${kit.id}:${kit.calibration_due_on}`,
  };
}

/** A location as its events name it: the ids and the utility's account number. */
export interface LocationFacts {
  id: number;
  organization_id: number;
  account_number: string;
}

/** A location added (by hand or by an import) or changed: once per change, in its transaction. */
export function locationChanged(
  change: 'created' | 'updated',
  location: LocationFacts,
): RecordedEvent {
  return {
    type: change === 'created' ? 'location.created' : 'location.updated',
    organizationIds: [location.organization_id],
    data: {
      location_id: location.id,
      organization_id: location.organization_id,
      account_number: location.account_number,
      summary: `Location ${location.account_number} was ${change === 'created' ? 'added' : 'changed'}.`,
    },
  };
}

/** An assembly as its events name it: the ids, the utility's assembly ID and its state. */
export interface AssemblyFacts {
  id: number;
  organization_id: number;
  location_id: number;
  /** The utility's own assembly ID. */
  assembly_number: string;
  type: string;
  status: string;
  next_due_on: string | null;
}

/**
 * An assembly added or changed, or taken out of service (removed, or replaced by another):
 * once per change, in its transaction.
 */
export function assemblyChanged(
  change: 'created' | 'updated' | 'removed',
  assembly: AssemblyFacts,
): RecordedEvent {
  const said = { created: 'added', updated: 'changed', removed: `${assembly.status}` }[change];
  return {
    type: `assembly.${change}`,
    organizationIds: [assembly.organization_id],
    data: {
      assembly_id: assembly.id,
      location_id: assembly.location_id,
      organization_id: assembly.organization_id,
      assembly_number: assembly.assembly_number,
      type: assembly.type,
      status: assembly.status,
      next_due_on: assembly.next_due_on,
      summary: `Assembly ${assembly.assembly_number} (${assembly.type}) was ${said}.`,
    },
  };
}

/** An assembly's compliance status changed, as its event names it. */
export interface AssemblyComplianceFacts {
  id: number;
  organization_id: number;
  location_id: number;
  /** The utility's own assembly ID. */
  assembly_number: string;
  type: string;
  compliance_status: TComplianceStatus | null;
  previous_compliance_status: TComplianceStatus | null;
  retest_by: string | null;
  next_due_on: string | null;
  reason: TComplianceChangeReason;
  /** The program-zone day of the change. */
  on_day: string;
  /**
   * The assembly's version before the change: with the day and both statuses, one event per
   * change, however often recorded.
   */
  version: string;
}

/** An assembly's compliance status changed: once per change, in its transaction. */
export function assemblyComplianceChanged(assembly: AssemblyComplianceFacts): RecordedEvent {
  const { version, ...facts } = assembly;
  const now = assembly.compliance_status
    ? COMPLIANCE_STATUS_LABELS[assembly.compliance_status]
    : 'out of service';
  return {
    type: 'assembly.compliance_changed',
    organizationIds: [assembly.organization_id],
    dedupeKey: `assembly.compliance_changed:${assembly.id}:${version}:${assembly.on_day}:${assembly.previous_compliance_status}:${assembly.compliance_status}`,
    data: {
      assembly_id: facts.id,
      organization_id: facts.organization_id,
      location_id: facts.location_id,
      assembly_number: facts.assembly_number,
      type: facts.type,
      compliance_status: facts.compliance_status,
      previous_compliance_status: facts.previous_compliance_status,
      retest_by: facts.retest_by,
      next_due_on: facts.next_due_on,
      reason: facts.reason,
      on_day: facts.on_day,
      summary: `Assembly ${facts.assembly_number} (${facts.type}) is now ${now}.`,
    },
  };
}

/** A test report as its events name it. */
export interface TestReportFacts {
  id: number;
  organization_id: number;
  assembly_id: number;
  /** The utility's own assembly ID. */
  assembly_number: string;
  test_date: string;
  result: 'pass' | 'fail';
  state: string;
}

/**
 * A test report filed from the field, and each decision on it (accepted, at once or by a
 * Reviewer; rejected; returned to the tester): once per change, in its transaction.
 */
export function testReportChanged(
  change: 'filed' | 'accepted' | 'rejected' | 'returned',
  report: TestReportFacts,
): RecordedEvent {
  return {
    type: `test_report.${change}`,
    organizationIds: [report.organization_id],
    data: {
      test_report_id: report.id,
      organization_id: report.organization_id,
      assembly_id: report.assembly_id,
      assembly_number: report.assembly_number,
      test_date: report.test_date,
      result: report.result,
      state: report.state,
      summary: `The ${report.result === 'pass' ? 'passing' : 'failed'} test of assembly ${report.assembly_number} on ${report.test_date} was ${change}.`,
    },
  };
}
