import { z } from 'zod';
import { LIMITS } from './constants.js';
import { ZEmail } from './registration.js';
import { requiredFirst, STAFF_MESSAGES } from './staff.js';
import { STAFF_ROLES } from './staff-roles.js';
import { MAX_STAFF_PASSWORD, SIGN_IN_MESSAGES } from './staff-sign-in.js';

// Staff sign-in and staff accounts' requests: signing in (password, Google, the second step),
// invitations, roles, password links and changes, two-step sign-in codes. The words are the
// console's (STAFF_MESSAGES, SIGN_IN_MESSAGES).

export const ZLoginRequest = z.object({
  email: z.string({ error: STAFF_MESSAGES.loginEmailRequired }).trim().max(LIMITS.longText),
  password: z.string({ error: STAFF_MESSAGES.loginPasswordRequired }).max(MAX_STAFF_PASSWORD),
});
export const ZGoogleLoginRequest = z.object({
  token: z
    .string({ error: STAFF_MESSAGES.googleTokenRequired })
    .min(1, STAFF_MESSAGES.googleTokenRequired)
    .max(8192),
});

/** Two-step sign-in's second call: the challenge the first answered and a code. */
export const ZTwoFactorLoginRequest = z.object({
  challenge: z.string({ error: SIGN_IN_MESSAGES.challengeExpired }).min(1).max(4096),
  code: z
    .string({ error: SIGN_IN_MESSAGES.codeRequired })
    .trim()
    .min(1, SIGN_IN_MESSAGES.codeRequired)
    .max(64),
});

/** A new password: its length here; the server also refuses common ones. */
const ZNewPassword = z
  .string({ error: SIGN_IN_MESSAGES.passwordTooShort })
  .max(MAX_STAFF_PASSWORD, SIGN_IN_MESSAGES.passwordTooLong);

export const ZStaffRole = z.enum(STAFF_ROLES, { error: STAFF_MESSAGES.staffRoleInvalid });
const ZStaffName = z.string().trim().max(100, STAFF_MESSAGES.staffNameTooLong);

/** Invite someone (the Staff screen's create). */
export const ZStaffInviteRequest = z.object({
  email: requiredFirst(STAFF_MESSAGES.emailRequired, ZEmail),
  name: ZStaffName.optional().default(''),
  role: ZStaffRole,
});
export const ZStaffUpdateRequest = z.object({
  name: ZStaffName.optional(),
  role: ZStaffRole.optional(),
});

/** An invitation or reset link's token, and the password chosen with it. */
export const ZSetPasswordRequest = z.object({
  token: z
    .string({ error: STAFF_MESSAGES.tokenRequired })
    .min(1, STAFF_MESSAGES.tokenRequired)
    .max(200),
  password: ZNewPassword,
});
export const ZPasswordLinkQuery = z.object({
  token: z
    .string({ error: STAFF_MESSAGES.tokenRequired })
    .min(1, STAFF_MESSAGES.tokenRequired)
    .max(200),
});

export const ZChangePasswordRequest = z.object({
  currentPassword: z.string().max(MAX_STAFF_PASSWORD).optional().default(''),
  newPassword: ZNewPassword,
});

/** A code from the authenticator app (or, to turn two-step sign-in off, a recovery code). */
export const ZTwoFactorCodeRequest = z.object({
  code: z
    .string({ error: SIGN_IN_MESSAGES.codeRequired })
    .trim()
    .min(1, SIGN_IN_MESSAGES.codeRequired)
    .max(64),
});
