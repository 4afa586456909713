// My registrations' own answer codes (beside SUCCESS, UNAUTHORIZED, FORBIDDEN, RATE LIMITED), in
// a file without zod: the site compares them on its first screen, where the shared rules are not
// loaded (shared/account.ts gives them to the server with the schemas).

export const ACCOUNT_CODES = {
  linkInvalid: 'SIGN IN LINK INVALID',
  accountErrors: 'ACCOUNT ERRORS',
} as const;
