import type { EntityManager } from '@mikro-orm/postgresql';
import { todayInProgramZone } from '../../../../shared/program-zone.js';
import { expiryStatus } from '../../../../shared/reminders.js';
import { query } from '../../db/sql.js';
import type { OrganizationScope } from '../organization-access/scope.js';
import {
  CREDENTIALS_OF_USER,
  REMINDERS_OF_USER,
  TEST_KITS_OF_USER,
  type UserCredentialRow,
  type UserReminderRow,
  type UserTestKitRow,
} from './queries.js';

// What User Info shows of a person's compliance: each certification's, test kit's and
// credential's status on today (program time zone) and the reminders sent.

/** A certification with its status and days left. */
export function withExpiry<T extends { expiresOn: string }>(
  certification: T,
  today = todayInProgramZone(),
) {
  return { ...certification, ...expiryStatus(certification.expiresOn, today) };
}

export async function userCompliance(em: EntityManager, userId: number, scope: OrganizationScope) {
  const today = todayInProgramZone();
  const params = { userId, organizationId: scope.every ? null : scope.organizationId };
  const [kits, credentials, reminders] = [
    await query<UserTestKitRow, typeof params>(em, TEST_KITS_OF_USER, params),
    await query<UserCredentialRow, typeof params>(em, CREDENTIALS_OF_USER, params),
    await query<UserReminderRow, typeof params>(em, REMINDERS_OF_USER, params),
  ];
  const expiryOf = (dueOn: string | null) =>
    dueOn ? expiryStatus(dueOn, today) : { status: null, daysLeft: null };
  return {
    testKits: kits.map((kit) => ({
      id: kit.id,
      serial: kit.serial,
      manufacturer: kit.manufacturer,
      model: kit.model,
      calibratedOn: kit.calibrated_on,
      dueOn: kit.due_on,
      organizationName: kit.organization_name,
      ...expiryOf(kit.due_on),
    })),
    /** Each with its document's id; the caller names the document as its face does. */
    credentials: credentials.map((credential) => ({
      id: credential.id,
      credentialTypeId: credential.credential_type_id,
      organizationId: credential.organization_id,
      organizationName: credential.organization_name,
      typeName: credential.type_name,
      holder: credential.holder,
      issuer: credential.issuer,
      number: credential.number,
      coverage: credential.coverage === null ? null : Number(credential.coverage),
      additionalInsured: credential.additional_insured,
      expiresOn: credential.expires_on,
      ...expiryOf(credential.expires_on),
      documentId: credential.document_id,
    })),
    reminders: reminders.map((reminder) => ({
      id: reminder.id,
      kind: reminder.item_kind,
      item: reminder.item_label,
      dueOn: reminder.due_on,
      thresholdDays: reminder.threshold_days,
      sentAt: new Date(reminder.sent_at).toISOString(),
    })),
  };
}
