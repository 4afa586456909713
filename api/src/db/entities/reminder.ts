import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { REMINDER_ITEM_KINDS } from '../../../../shared/reminders.js';
import { User } from './user.js';

/**
 * One reminder sent to a person about one item (a certification, or a test kit's calibration)
 * due on one date, at one threshold (60, 30, 7 or 0 days before). The unique index makes each
 * (item, threshold) exactly once, whichever instance or retry writes it; the email is staged in
 * the same transaction. A renewed item has a new due date, so its reminders start again.
 */
export const Reminder = defineEntity({
  name: 'Reminder',
  tableName: 'reminders',
  properties: {
    id: p.integer().primary().autoincrement(),
    user: () => p.manyToOne(User).deleteRule('cascade'),
    itemKind: p.enum([...REMINDER_ITEM_KINDS]).columnType('text'),
    /** Identifies the item across the person's organizations (agency, type and number; or kit). */
    itemKey: p.text(),
    /** What the item is, as staff read it in User Info and the Expiring view. */
    itemLabel: p.text(),
    dueOn: p.date(),
    thresholdDays: p.integer(),
    sentAt: p
      .datetime()
      .onCreate(() => new Date())
      .defaultRaw('now()'),
  },
  uniques: [
    {
      name: 'reminders_item_threshold_unique',
      properties: ['user', 'itemKind', 'itemKey', 'dueOn', 'thresholdDays'],
    },
  ],
  indexes: [{ name: 'reminders_user_idx', properties: ['user', 'sentAt'] }],
});
export type TReminder = InferEntity<typeof Reminder>;
