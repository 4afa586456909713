import type { EntityManager } from '@mikro-orm/postgresql';
import {
  ACCOUNT_CODES,
  ACCOUNT_CONFIRM_EMAIL_PATH,
  EMAIL_CHANGE_LINK_HOURS,
  SIGN_IN_EMAILS_PER_HOUR,
} from '../../../../shared/account.js';
import { CODES, MESSAGES, type TApiAnswer } from '../../../../shared/codes.js';
import { fillMessage } from '../../../../shared/fill-message.js';
import { translate } from '../../../../shared/i18n/catalogue.js';
import { LANGUAGE_PARAMETER, type TLanguage } from '../../../../shared/i18n/languages.js';
import { normalizeEmail } from '../../../../shared/registration.js';
import { query } from '../../db/sql.js';
import { AppError } from '../../errors.js';
import type { SharedCounters } from '../../plugins/shared-counters.js';
import {
  hashSecretToken,
  isSecretTokenShaped,
  newSecretToken,
} from '../../security/secret-tokens.js';
import { recordAudit } from '../audit/service.js';
import { stageEmail } from '../email/outbox.js';
import { recordPersonChanges } from '../webhooks/person-events.js';
import {
  EMAIL_TAKEN,
  SET_EMAIL,
  STAGE_EMAIL_CHANGE,
  TAKE_EMAIL_CHANGE,
} from './session-queries.js';

// Changing a registrant's email: a link goes to the new address, and the email on file changes
// only when it is opened there. The database's unique index on lower(email) decides between two
// people claiming one address at once. Both addresses are told; the change ends every session.

export const EMAIL_CHANGE_KIND = 'account_email_change';
export const EMAIL_CHANGED_KIND = 'account_email_changed';
const HOUR_MS = 3_600_000;

const emailProblem = (message: string) =>
  new AppError(422, ACCOUNT_CODES.accountErrors, { fieldErrors: { email: message } });

const linkInvalid = () =>
  new AppError(410, ACCOUNT_CODES.linkInvalid, MESSAGES.accountEmailLinkInvalid);

export async function requestEmailChange(
  em: EntityManager,
  userId: number,
  request: { email: string },
  options: { counters: SharedCounters; language: TLanguage; publicUrl: string },
): Promise<TApiAnswer<string>> {
  const newEmail = request.email.trim();
  const [person] = await em
    .getConnection()
    .execute<{ email: string }[]>('select email from users where id = ?', [userId]);
  if (!person) throw AppError.unauthorized();
  if (normalizeEmail(person.email) === normalizeEmail(newEmail)) {
    throw emailProblem(MESSAGES.accountEmailSame);
  }
  const [taken] = await query<{ taken: boolean }, { userId: number; email: string }>(
    em,
    EMAIL_TAKEN,
    { userId, email: newEmail },
  );
  if (taken?.taken) throw emailProblem(MESSAGES.accountEmailTaken);
  // No mailbox receives more than a few links an hour, whoever asks.
  const { count } = await options.counters.increment(
    `account-email-change:${normalizeEmail(newEmail)}`,
    HOUR_MS,
  );
  if (count > SIGN_IN_EMAILS_PER_HOUR) {
    throw new AppError(429, CODES.rateLimited, MESSAGES.accountTooManyLinks);
  }
  const token = newSecretToken();
  const tokenHash = hashSecretToken(token);
  const link = `${options.publicUrl}${ACCOUNT_CONFIRM_EMAIL_PATH}?${LANGUAGE_PARAMETER}=${options.language}#${token}`;
  const values = { link, hours: EMAIL_CHANGE_LINK_HOURS, email: newEmail };
  await query(em, STAGE_EMAIL_CHANGE, {
    userId,
    newEmail,
    tokenHash,
    expiresAt: new Date(Date.now() + EMAIL_CHANGE_LINK_HOURS * HOUR_MS),
    dedupeKey: `account-email-change:${tokenHash.slice(0, 32)}`,
    kind: EMAIL_CHANGE_KIND,
    subject: translate(options.language, 'account.emailChange.subject', values),
    textBody: `${translate(options.language, 'account.emailChange.body', values)}\n`,
  });
  return {
    code: CODES.success,
    message: fillMessage(MESSAGES.accountEmailConfirmSent, { email: newEmail }),
  };
}

/**
 * Opens a confirmation link: the email on file becomes the new one, unless someone else took
 * it meanwhile (then nothing changes and the link is still usable for another try).
 */
export async function confirmEmailChange(
  em: EntityManager,
  token: string,
  options: { language: TLanguage; supportUrl: string },
): Promise<TApiAnswer<string>> {
  if (!isSecretTokenShaped(token)) throw linkInvalid();
  return em.transactional(async (tx) => {
    const [change] = await query<
      { user_id: number; new_email: string; old_email: string },
      { tokenHash: string }
    >(tx, TAKE_EMAIL_CHANGE, { tokenHash: hashSecretToken(token) });
    if (!change) throw linkInvalid();
    try {
      await query(tx, SET_EMAIL, { userId: change.user_id, email: change.new_email });
    } catch (error) {
      // users_email_lower_unique: another person has the address now.
      if ((error as { code?: unknown }).code === '23505') {
        throw AppError.conflict(MESSAGES.accountEmailTaken);
      }
      throw error;
    }
    await recordPersonChanges(tx, change.user_id, { email: [change.old_email, change.new_email] });
    recordAudit(
      tx,
      { id: null, email: change.new_email },
      {
        action: 'account_update',
        entityType: 'user',
        entityId: change.user_id,
        before: { email: change.old_email },
        after: { email: change.new_email },
      },
    );
    const values = {
      oldEmail: change.old_email,
      newEmail: change.new_email,
      supportUrl: options.supportUrl,
    };
    const stamp = `${change.user_id}:${Date.now()}`;
    for (const recipient of [change.old_email, change.new_email]) {
      stageEmail(tx, {
        dedupeKey: `account-email-changed:${stamp}:${normalizeEmail(recipient)}`,
        kind: EMAIL_CHANGED_KIND,
        recipients: [recipient],
        subject: translate(options.language, 'account.emailChanged.subject', values),
        textBody: `${translate(options.language, 'account.emailChanged.body', values)}\n`,
      });
    }
    return {
      code: CODES.success,
      message: fillMessage(MESSAGES.accountEmailChanged, { email: change.new_email }),
    };
  });
}
