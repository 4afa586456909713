import type { EntityManager } from '@mikro-orm/postgresql';
import { ACCOUNT_PATH } from '../../../../shared/account.js';
import { DEFAULT_LANGUAGE, languageOf } from '../../../../shared/i18n/languages.js';
import { addDays, daysBetween, todayInProgramZone } from '../../../../shared/program-zone.js';
import { REMINDER_THRESHOLDS } from '../../../../shared/reminders.js';
import { json, query } from '../../db/sql.js';
import { stagedEmailRow } from '../email/outbox.js';
import { type StagedEmailRow, stagedEmailsInsert } from '../email/queries.js';
import { newStatusLink } from '../review/status-links.js';
import type { RecordedEvent } from '../webhooks/events.js';
import { certificationExpiring, testKitCalibrationDue } from '../webhooks/payloads.js';
import { webhookEventsInsert } from '../webhooks/queries.js';
import { type ReminderItem, reminderEmail, reminderItemName } from './emails.js';
import { itemFacts } from './items.js';
import {
  CLAIM_REMINDERS,
  REMINDER_CANDIDATES,
  type ReminderCandidateRow,
  STAGE_REMINDER_EMAILS,
} from './queries.js';

// The daily reminder run: every item due within 60 days whose current threshold (60, 30, 7 or
// 0 days) has no reminder yet gets one, a page of people at a time. Each page is one
// transaction that claims its reminders (the unique index lets only one run write each),
// stages one email per person for the reminders it claimed and records their webhook events
// (keyed, so another person's reminder of the same kit records nothing more), so a crash or a
// second instance never sends an (item, threshold) twice and a retry sends what a crashed run
// did not.

/** Items read per page; a person's items are never split between pages. */
const PAGE_ROWS = 500;

export interface ReminderRunOptions {
  now: Date;
  publicUrl: string;
  supportUrl: string;
  pageRows?: number;
  /** Called after each page's commit (progress; tests stop a run here). */
  afterPage?: (page: { people: number; reminders: number }) => Promise<void> | void;
}

export interface ReminderRunResult {
  today: string;
  emails: number;
  reminders: number;
}

/** The rows of whole people: a full page holds back its last person for the next page. */
function wholePeople(rows: ReminderCandidateRow[], full: boolean): ReminderCandidateRow[] {
  const last = rows.at(-1)?.user_id;
  if (!full || last === undefined) return rows;
  const whole = rows.filter((row) => row.user_id !== last);
  // One person with a page of items: take them all (items beyond the page wait for tomorrow).
  return whole.length > 0 ? whole : rows;
}

const itemOf = (row: ReminderCandidateRow): ReminderItem => ({
  kind: row.item_kind,
  dueOn: row.due_on,
  ...itemFacts(row),
  organizations: [...new Set(row.registrations.map((entry) => entry.organization))].sort(),
});

/**
 * A claimed reminder's webhook events: one per certification or test kit it covers (a person's
 * item on several registrations is one row each there). Credentials and periods have none.
 */
function reminderEvents(row: ReminderCandidateRow, today: string): RecordedEvent[] {
  const point = { threshold_days: row.threshold_days, days_left: daysBetween(today, row.due_on) };
  return row.registrations.flatMap((entry) => {
    if (row.item_kind === 'certification') {
      const certification = {
        ...row,
        id: entry.itemId,
        registration_id: entry.registrationId,
        organization_id: entry.organizationId,
        expires_on: row.due_on,
      };
      return [certificationExpiring(certification, point)];
    }
    if (row.item_kind === 'calibration') {
      const kit = {
        ...row,
        id: entry.itemId,
        organization_id: entry.organizationId,
        company_id: entry.companyId,
        calibration_due_on: row.due_on,
      };
      return [testKitCalibrationDue(kit, point)];
    }
    return [];
  });
}

async function sendPage(
  em: EntityManager,
  rows: ReminderCandidateRow[],
  today: string,
  options: ReminderRunOptions,
): Promise<{ people: number; reminders: number }> {
  return em.transactional(async (tx) => {
    const claimed = await query<
      {
        id: number;
        user_id: number;
        item_kind: string;
        item_key: string;
        due_on: string;
        threshold_days: number;
      },
      { reminders: string }
    >(tx, CLAIM_REMINDERS, {
      reminders: json(
        rows.map((row) => ({
          userId: row.user_id,
          itemKind: row.item_kind,
          itemKey: row.item_key,
          itemLabel: reminderItemName(DEFAULT_LANGUAGE, itemOf(row)),
          dueOn: row.due_on,
          thresholdDays: row.threshold_days,
        })),
      ),
    });
    const claimedKeys = new Map(
      claimed.map((reminder) => [
        `${reminder.user_id}|${reminder.item_kind}|${reminder.item_key}|${reminder.due_on}|${reminder.threshold_days}`,
        reminder.id,
      ]),
    );
    const byPerson = new Map<number, { rows: ReminderCandidateRow[]; firstId: number }>();
    for (const row of rows) {
      const id = claimedKeys.get(
        `${row.user_id}|${row.item_kind}|${row.item_key}|${row.due_on}|${row.threshold_days}`,
      );
      if (id === undefined) continue;
      const entry = byPerson.get(row.user_id) ?? { rows: [], firstId: id };
      entry.rows.push(row);
      entry.firstId = Math.min(entry.firstId, id);
      byPerson.set(row.user_id, entry);
    }
    const links: ReturnType<typeof newStatusLink>['row'][] = [];
    const emails: StagedEmailRow[] = [];
    for (const [userId, { rows: personRows, firstId }] of byPerson) {
      const [first] = personRows;
      if (!first) continue;
      const registrations = new Map<number, { organization: string; formHash: string }>();
      for (const row of personRows) {
        for (const entry of row.registrations) registrations.set(entry.registrationId, entry);
      }
      const personLinks = [...registrations]
        .sort(([, a], [, b]) => a.organization.localeCompare(b.organization))
        .map(([id, entry]) => {
          const link = newStatusLink(
            { id, formHash: entry.formHash },
            options.publicUrl,
            options.now,
          );
          links.push(link.row);
          return { organization: entry.organization, url: link.url, expiresOn: link.expiresOn };
        });
      emails.push(
        stagedEmailRow(
          reminderEmail({
            userId,
            email: first.email,
            firstName: first.first_name,
            language: languageOf(first.language) ?? DEFAULT_LANGUAGE,
            today,
            firstReminderId: firstId,
            items: personRows.map(itemOf),
            links: personLinks,
            supportUrl: options.supportUrl,
            accountUrl: `${options.publicUrl}${ACCOUNT_PATH}`,
          }),
        ),
      );
    }
    if (emails.length > 0) {
      await query(tx, STAGE_REMINDER_EMAILS, {
        links: json(links),
        ...webhookEventsInsert.values(
          [...byPerson.values()].flatMap((person) =>
            person.rows.flatMap((row) => reminderEvents(row, today)),
          ),
        ),
        ...stagedEmailsInsert.values(emails),
      });
    }
    return { people: byPerson.size, reminders: claimed.length };
  });
}

/** One run on the program zone's day of `now`; safe to run twice or on several instances. */
export async function runReminders(
  em: EntityManager,
  options: ReminderRunOptions,
): Promise<ReminderRunResult> {
  const today = todayInProgramZone(options.now);
  const limit = options.pageRows ?? PAGE_ROWS;
  const result: ReminderRunResult = { today, emails: 0, reminders: 0 };
  let afterUserId = 0;
  for (;;) {
    const rows = await query<ReminderCandidateRow, Parameters<typeof candidates>[0]>(
      em,
      REMINDER_CANDIDATES,
      candidates({ today, afterUserId, limit }),
    );
    if (rows.length === 0) return result;
    const page = wholePeople(rows, rows.length === limit);
    const sent = await sendPage(em.fork(), page, today, options);
    result.emails += sent.people;
    result.reminders += sent.reminders;
    await options.afterPage?.(sent);
    afterUserId = page.at(-1)?.user_id ?? afterUserId;
    if (rows.length < limit) return result;
  }
}

function candidates(page: { today: string; afterUserId: number; limit: number }) {
  return {
    today: page.today,
    fromDay: page.today,
    toDay: addDays(page.today, REMINDER_THRESHOLDS[0]),
    thresholds: json(REMINDER_THRESHOLDS),
    afterUserId: page.afterUserId,
    limit: page.limit,
  };
}
