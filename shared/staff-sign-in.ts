// The words and rules of signing in, choosing a password and two-step sign-in, shared by the API
// and the console's small sign-in entry (which must not load zod or the console), so this file
// imports nothing.

/** Shortest staff password (ADMIN_PASSWORD, the staff command, invitations, resets, changes). */
export const MIN_STAFF_PASSWORD = 12;
/** Longest password accepted anywhere; long passphrases are welcome. */
export const MAX_STAFF_PASSWORD = 1024;
/** Digits of an authenticator app's code. */
export const TOTP_DIGITS = 6;

export const SIGN_IN_MESSAGES = {
  emailRequired: 'Email is required.',
  passwordRequired: 'Password is required.',
  rateLimited: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  noAccessYet: 'Your account has no access yet. Ask an administrator to invite you.',
  passwordTooShort: `The password must be at least ${MIN_STAFF_PASSWORD} characters.`,
  passwordTooLong: `The password must be ${MAX_STAFF_PASSWORD} characters or less.`,
  passwordTooCommon:
    'This password is too common or too easy to guess. Please choose a longer, less predictable one.',
  passwordsDiffer: 'The two passwords do not match.',
  passwordSet: 'Your password is set. Please sign in.',
  linkInvalid:
    'This link is not valid: it has expired or was already used. Ask an administrator for a new one.',
  codeRequired: 'Enter the code from your authenticator app, or a recovery code.',
  codeIncorrect: 'That code is not correct. Please try again.',
  challengeExpired: 'Your sign-in took too long. Please sign in again.',
} as const;

/** The length rule of a new password; the common-password check runs on the server. */
export function newPasswordProblem(password: string): string | undefined {
  if (password.length < MIN_STAFF_PASSWORD) return SIGN_IN_MESSAGES.passwordTooShort;
  if (password.length > MAX_STAFF_PASSWORD) return SIGN_IN_MESSAGES.passwordTooLong;
  return undefined;
}
