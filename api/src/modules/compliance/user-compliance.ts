import type { EntityManager } from '@mikro-orm/postgresql';
import { todayInProgramZone } from '../../../../shared/program-zone.js';
import { expiryStatus } from '../../../../shared/reminders.js';
import { query } from '../../db/sql.js';
import {
  REMINDERS_OF_USER,
  TEST_KITS_OF_USER,
  type UserReminderRow,
  type UserTestKitRow,
} from './queries.js';

// What User Info shows of a person's compliance: each certification's and test kit's status on
// today (program time zone) and the reminders sent.

/** A certification with its status and days left. */
export function withExpiry<T extends { expiresOn: string }>(
  certification: T,
  today = todayInProgramZone(),
) {
  return { ...certification, ...expiryStatus(certification.expiresOn, today) };
}

export async function userCompliance(em: EntityManager, userId: number) {
  const today = todayInProgramZone();
  const [kits, reminders] = [
    await query<UserTestKitRow, { userId: number }>(em, TEST_KITS_OF_USER, { userId }),
    await query<UserReminderRow, { userId: number }>(em, REMINDERS_OF_USER, { userId }),
  ];
  return {
    testKits: kits.map((kit) => ({
      id: kit.id,
      serial: kit.serial,
      manufacturer: kit.manufacturer,
      model: kit.model,
      calibratedOn: kit.calibrated_on,
      dueOn: kit.due_on,
      organizationName: kit.organization_name,
      ...(kit.due_on ? expiryStatus(kit.due_on, today) : { status: null, daysLeft: null }),
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
