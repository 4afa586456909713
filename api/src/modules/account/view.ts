import type { EntityManager } from '@mikro-orm/postgresql';
import type {
  TAccountCertification,
  TAccountCredential,
  TAccountItemStatus,
  TAccountTestKit,
  TAccountView,
} from '../../../../shared/account.js';
import { programTimeZone, todayInProgramZone } from '../../../../shared/program-zone.js';
import { expiryStatus } from '../../../../shared/reminders.js';
import { query } from '../../db/sql.js';
import { AppError } from '../../errors.js';
import { openFor } from '../reregistration/service.js';
import { CREDENTIAL_OPTIONS, CREDENTIALS, type CredentialRow } from './credential-queries.js';
import {
  ADMIN_COMPANY,
  CERTIFICATIONS,
  type CertificationRow,
  COMPANY_PEOPLE,
  type CompanyPersonRow,
  PERSON,
  type PersonRow,
  REGISTRATIONS,
  REMINDERS,
  type RegistrationRow,
  type ReminderRow,
  TEST_KITS,
  type TestKitRow,
} from './record-queries.js';

// What a signed-in registrant sees of their own record: their person, company, registrations,
// and each certification, test kit and credential once, however many registrations carry it,
// with its status on today (program time zone), its document and the reminders sent about it.

/** Where the signed-in registrant opens one of their documents. */
export const accountDocumentUrl = (id: string) => `/api/account/documents/${id}`;

type ItemRow = CertificationRow | TestKitRow | CredentialRow;

/** The rows of each item (its key), in the order given (its latest date first). */
function byItem<R extends ItemRow>(rows: readonly R[]): R[][] {
  const groups = new Map<string, R[]>();
  for (const row of rows) {
    const group = groups.get(row.item_key);
    if (group) group.push(row);
    else groups.set(row.item_key, [row]);
  }
  return [...groups.values()];
}

/** What is waiting for review on an item's rows: a renewal, or the item itself (new). */
const waitingOf = (rows: readonly ItemRow[]): TAccountItemStatus | null =>
  rows.some((row) => row.renewal_waiting)
    ? 'renewalWaiting'
    : rows.every((row) => row.review_waiting)
      ? 'reviewWaiting'
      : null;

function status(
  dueOn: string,
  waiting: TAccountItemStatus | null,
  today: string,
): { status: TAccountItemStatus; daysLeft: number } {
  const expiry = expiryStatus(dueOn, today);
  return waiting ? { ...expiry, status: waiting } : expiry;
}

function shared(rows: readonly ItemRow[], reminders: readonly ReminderRow[]) {
  const [first] = rows as [ItemRow];
  return {
    document: first.document_id
      ? {
          id: first.document_id,
          name: first.document_name ?? '',
          url: accountDocumentUrl(first.document_id),
        }
      : null,
    organizations: [...new Set(rows.map((row) => row.organization_name))],
    reminders: reminders
      .filter((reminder) => reminder.item_key === first.item_key)
      .map((reminder) => ({
        dueOn: reminder.due_on,
        thresholdDays: reminder.threshold_days,
        sentAt: new Date(reminder.sent_at).toISOString(),
      })),
  };
}

function certification(
  rows: readonly CertificationRow[],
  reminders: readonly ReminderRow[],
  today: string,
): TAccountCertification {
  const [first] = rows as [CertificationRow];
  const waiting = waitingOf(rows);
  return {
    key: first.item_key,
    agencyName: first.agency_name,
    typeName: first.type_name,
    number: first.number,
    expiresOn: first.expires_on,
    ...status(first.expires_on, waiting, today),
    ...shared(
      rows,
      reminders.filter((reminder) => reminder.item_kind === 'certification'),
    ),
  };
}

function testKit(
  rows: readonly TestKitRow[],
  reminders: readonly ReminderRow[],
  today: string,
): TAccountTestKit {
  const [first] = rows as [TestKitRow];
  const waiting = waitingOf(rows);
  const dueOn = rows.find((row) => row.due_on !== null)?.due_on ?? null;
  return {
    key: first.item_key,
    serial: first.serial,
    manufacturer: first.manufacturer,
    model: first.model,
    calibratedOn: first.calibrated_on,
    dueOn,
    ...(dueOn ? status(dueOn, waiting, today) : { status: waiting, daysLeft: null }),
    ...shared(
      rows,
      reminders.filter((reminder) => reminder.item_kind === 'calibration'),
    ),
  };
}

function credential(
  rows: readonly CredentialRow[],
  reminders: readonly ReminderRow[],
  today: string,
): TAccountCredential {
  const [first] = rows as [CredentialRow];
  const waiting = waitingOf(rows);
  return {
    key: first.item_key,
    typeName: first.type_name,
    holder: first.holder,
    issuer: first.issuer,
    number: first.number,
    coverage: first.coverage,
    // Recorded only where an organization asks it.
    additionalInsured:
      rows.find((row) => row.additional_insured !== null)?.additional_insured ?? null,
    expiresOn: first.expires_on,
    ...(first.expires_on
      ? status(first.expires_on, waiting, today)
      : { status: waiting ?? 'valid', daysLeft: null }),
    ...shared(
      rows,
      reminders.filter((reminder) => reminder.item_kind === 'credential'),
    ),
  };
}

/** The whole of what the person sees. */
export async function accountView(em: EntityManager, userId: number): Promise<TAccountView> {
  const today = todayInProgramZone();
  const [person] = await query<PersonRow, { userId: number }>(em, PERSON, { userId });
  // The session outlived its person (staff deleted them): nothing to show.
  if (!person) throw AppError.unauthorized();
  const registrations = await query<RegistrationRow, { userId: number; zone: string }>(
    em,
    REGISTRATIONS,
    { userId, zone: programTimeZone() },
  );
  const certifications = await query<CertificationRow, { userId: number }>(em, CERTIFICATIONS, {
    userId,
  });

  const reminders = await query<ReminderRow, { userId: number }>(em, REMINDERS, { userId });
  const [administered] = await query<{ company_id: number }, { userId: number }>(
    em,
    ADMIN_COMPANY,
    { userId },
  );
  const testKits = await query<TestKitRow, { userId: number; companyId: number }>(em, TEST_KITS, {
    userId,
    companyId: administered?.company_id ?? 0,
  });
  const kept = { userId, companyId: administered?.company_id ?? 0 };
  const credentials = await query<CredentialRow, typeof kept>(em, CREDENTIALS, kept);
  const asked = await query<{ id: number }, typeof kept>(em, CREDENTIAL_OPTIONS, kept);
  const people = administered
    ? await query<CompanyPersonRow, { companyId: number }>(em, COMPANY_PEOPLE, {
        companyId: administered.company_id,
      })
    : [];
  return {
    person: {
      firstName: person.first_name,
      lastName: person.last_name,
      email: person.email,
      phone: person.phone,
      userType: person.type,
      directoryHidden: person.directory_hidden,
    },
    company:
      person.company_name === null
        ? null
        : {
            name: person.company_name,
            phone: person.company_phone ?? '',
            address1: person.company_address1 ?? '',
            address2: person.company_address2 ?? '',
            city: person.company_city ?? '',
            state: person.company_state ?? '',
            zip: person.company_zip ?? '',
          },
    registrations: registrations.map((row) => ({
      id: row.id,
      organizationName: row.organization_name,
      reviewState: row.review_state,
      enrolled: row.enrolled,
      registeredOn: row.registered_on,
      standing: row.standing,
      validThrough: row.valid_through,
      canRegisterAgain: openFor(row, today),
    })),
    companyPeople: people.map((row) => ({
      id: row.id,
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      userType: row.type,
    })),
    certifications: byItem(certifications)
      .map((rows) => certification(rows, reminders, today))
      .sort((a, b) => a.expiresOn.localeCompare(b.expiresOn)),
    testKits: byItem(testKits)
      .map((rows) => testKit(rows, reminders, today))
      .sort((a, b) => (a.dueOn ?? '9999').localeCompare(b.dueOn ?? '9999')),
    credentials: byItem(credentials)
      .map((rows) => credential(rows, reminders, today))
      .sort((a, b) => (a.expiresOn ?? '9999').localeCompare(b.expiresOn ?? '9999')),
    credentialsAsked: asked.length > 0,
    today,
  };
}
