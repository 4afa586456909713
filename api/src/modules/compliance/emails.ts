import { translate } from '../../../../shared/i18n/catalogue.js';
import { formatDay, type TLanguage } from '../../../../shared/i18n/languages.js';
import { daysBetween } from '../../../../shared/program-zone.js';
import type { TReminderItemKind } from '../../../../shared/reminders.js';
import type { StagedEmail } from '../email/outbox.js';
import type { ItemFacts } from './items.js';

// The reminder email: one per person and run, in the language of their registration, listing
// every item due with the organizations it is registered with and a personal link per
// organization to send the renewal.

export const REMINDER_EMAIL_KIND = 'compliance_reminder';

export interface ReminderItem extends ItemFacts {
  kind: TReminderItemKind;
  dueOn: string;
  organizations: string[];
}

export interface ReminderEmail {
  userId: number;
  email: string;
  firstName: string;
  language: TLanguage;
  today: string;
  /** Identifies the run's message to this person (its first reminder's id). */
  firstReminderId: number;
  items: ReminderItem[];
  links: { organization: string; url: string; expiresOn: string }[];
  supportUrl: string;
  /** My registrations, where the person renews once for every organization. */
  accountUrl: string;
}

const text = (value: string | null) => value ?? '';

/** What an item is, as the reminder names it. */
export function reminderItemName(language: TLanguage, item: ReminderItem): string {
  switch (item.kind) {
    case 'certification':
      return translate(language, 'reminders.certification', {
        number: text(item.number),
        agency: text(item.agency),
        type: text(item.type),
      });
    case 'calibration':
      return translate(language, 'reminders.calibration', {
        serial: text(item.serial),
        manufacturer: text(item.manufacturer),
        model: text(item.model),
      });
    case 'credential':
      return translate(language, 'reminders.credential', {
        type: text(item.type),
        number: text(item.number),
      }).trim();
    case 'registration':
      return translate(language, 'reminders.registration');
  }
}

export function reminderEmail(message: ReminderEmail): StagedEmail {
  const { language } = message;
  const lines = [translate(language, 'reminders.greeting', { firstName: message.firstName }), ''];
  lines.push(translate(language, 'reminders.intro'), '');
  for (const item of message.items) {
    const due = translate(language, 'reminders.due', {
      date: formatDay(language, item.dueOn),
      days: daysBetween(message.today, item.dueOn),
    });
    lines.push(`- ${reminderItemName(language, item)} ${due}`);
    lines.push(
      `  ${translate(language, 'reminders.registeredWith', { organizations: item.organizations.join(', ') })}`,
    );
  }
  lines.push('', translate(language, 'reminders.renew'));
  if (message.items.some((item) => item.kind === 'registration')) {
    lines.push(translate(language, 'reminders.reregister'));
  }
  for (const link of message.links) lines.push(`${link.organization}: ${link.url}`);
  const lastDay = message.links[0]?.expiresOn;
  if (lastDay) {
    lines.push(translate(language, 'reminders.linkValid', { date: formatDay(language, lastDay) }));
  }
  lines.push('', translate(language, 'account.emailLine', { link: message.accountUrl }));
  lines.push('', translate(language, 'reminders.support', { link: message.supportUrl }));
  return {
    dedupeKey: `reminder:${message.userId}:${message.today}:${message.firstReminderId}`,
    kind: REMINDER_EMAIL_KIND,
    recipients: [message.email],
    subject: translate(language, 'reminders.subject'),
    textBody: `${lines.join('\n')}\n`,
  };
}
