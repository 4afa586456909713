import type { EntityManager } from '@mikro-orm/postgresql';
import {
  ACCOUNT_SIGN_IN_PATH,
  SIGN_IN_EMAILS_PER_HOUR,
  SIGN_IN_LINK_MINUTES,
  type TAccountSignInRequest,
} from '../../../../shared/account.js';
import { CODES, MESSAGES, type TApiAnswer } from '../../../../shared/codes.js';
import { fillMessage } from '../../../../shared/fill-message.js';
import { translate } from '../../../../shared/i18n/catalogue.js';
import { LANGUAGE_PARAMETER, type TLanguage } from '../../../../shared/i18n/languages.js';
import { normalizeEmail } from '../../../../shared/registration.js';
import { query } from '../../db/sql.js';
import { AppError } from '../../errors.js';
import type { SharedCounters } from '../../plugins/shared-counters.js';
import { hashSecretToken, newSecretToken } from '../../security/secret-tokens.js';
import { STAGE_SIGN_IN_LINK } from './session-queries.js';

export const SIGN_IN_EMAIL_KIND = 'account_sign_in';
const HOUR_MS = 3_600_000;

/** The answer to every accepted request, registered email or not: the same bytes. */
export const signInLinkAnswer = (): TApiAnswer<string> => ({
  code: CODES.success,
  message: fillMessage(MESSAGES.accountLinkSent, { minutes: SIGN_IN_LINK_MINUTES }),
});

/**
 * Sends a sign-in link to the email if a registered person has it. Whatever the email, the same
 * work is done (one count, one statement) and the same answer given, so neither the words nor
 * the time tell whether it is registered. Each address is sent at most SIGN_IN_EMAILS_PER_HOUR
 * links an hour, counted across instances; the rest are refused.
 */
export async function requestSignInLink(
  em: EntityManager,
  request: TAccountSignInRequest,
  options: { counters: SharedCounters; language: TLanguage; publicUrl: string; now?: Date },
): Promise<TApiAnswer<string>> {
  const email = normalizeEmail(request.email);
  const { count } = await options.counters.increment(`account-sign-in:${email}`, HOUR_MS);
  if (count > SIGN_IN_EMAILS_PER_HOUR) {
    throw new AppError(429, CODES.rateLimited, MESSAGES.accountTooManyLinks);
  }
  const now = options.now ?? new Date();
  const token = newSecretToken();
  const tokenHash = hashSecretToken(token);
  const link = `${options.publicUrl}${ACCOUNT_SIGN_IN_PATH}?${LANGUAGE_PARAMETER}=${options.language}#${token}`;
  const values = { link, minutes: SIGN_IN_LINK_MINUTES };
  await query(em, STAGE_SIGN_IN_LINK, {
    email,
    tokenHash,
    expiresAt: new Date(now.getTime() + SIGN_IN_LINK_MINUTES * 60_000),
    dedupeKey: `account-sign-in:${tokenHash.slice(0, 32)}`,
    kind: SIGN_IN_EMAIL_KIND,
    subject: translate(options.language, 'account.email.subject', values),
    textBody: `${translate(options.language, 'account.email.body', values)}\n`,
  });
  return signInLinkAnswer();
}
