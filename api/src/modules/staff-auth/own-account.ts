import type { EntityManager } from '@mikro-orm/postgresql';
import { STAFF_MESSAGES } from '../../../../shared/staff.js';
import type {
  TAccountResponse,
  TTwoFactorSetupResponse,
} from '../../../../shared/staff-responses.js';
import { SIGN_IN_MESSAGES } from '../../../../shared/staff-sign-in.js';
import { StaffAccount, StaffRecoveryCode, type TStaffAccount } from '../../db/entities/index.js';
import { AppError, fieldError } from '../../errors.js';
import { recordAudit } from '../audit/service.js';
import {
  organizationRequiresTwoFactorOf,
  organizationsOfPerson,
} from '../organization-people/queries.js';
import { findPasswordLink, spendPasswordLink } from './password-links.js';
import { passwordProblem } from './password-policy.js';
import { hashPassword, verifyPassword } from './passwords.js';
import {
  type AuthenticatedStaff,
  revokeSessions,
  type SignInRules,
  signInMethods,
  twoFactorRequired,
} from './service.js';
import {
  acceptSecondFactor,
  acceptTotpCode,
  newRecoveryCodes,
  newTotpEnrolment,
} from './two-factor.js';

// The signed-in person's own account: the account page's password change and two-step sign-in,
// and a password chosen through an invitation or reset link.

async function own(em: EntityManager, staff: AuthenticatedStaff): Promise<TStaffAccount> {
  return em.findOneOrFail(StaffAccount, { id: staff.id });
}

/**
 * Whether two-step sign-in is required of the person: by their staff role (REQUIRE_2FA_FOR), or
 * by any organization they hold a role in, so it cannot be turned off while one asks for it.
 */
async function twoFactorRequiredOf(
  em: EntityManager,
  account: TStaffAccount,
  rules: SignInRules,
): Promise<boolean> {
  if (account.role) return twoFactorRequired(rules, account.role);
  return organizationRequiresTwoFactorOf(em, { staffId: account.id });
}

export async function getAccount(
  em: EntityManager,
  staff: AuthenticatedStaff,
  rules: SignInRules,
): Promise<TAccountResponse> {
  const account = await own(em, staff);
  const organizations = account.role
    ? []
    : (await organizationsOfPerson(em, { staffId: account.id })).map((row) => ({
        id: row.organization_id,
        name: row.name,
        role: row.role,
      }));
  return {
    id: account.id,
    email: account.email,
    name: account.name,
    role: account.role ?? null,
    access: staff.access,
    organizations,
    signInMethods: signInMethods(account),
    hasPassword: Boolean(account.passwordHash),
    twoFactorEnabled: Boolean(account.totpEnabledAt),
    twoFactorRequired: await twoFactorRequiredOf(em, account, rules),
    mustEnrollTwoFactor: staff.mustEnrollTwoFactor,
  };
}

async function checkedHash(password: string, email: string, field: string) {
  const problem = await passwordProblem(password, email);
  if (problem) throw fieldError(field, problem);
  return hashPassword(password);
}

/** A new password for the signed-in person; their other sessions end. */
export async function changeOwnPassword(
  em: EntityManager,
  staff: AuthenticatedStaff,
  change: { currentPassword: string; newPassword: string },
): Promise<void> {
  const account = await own(em, staff);
  if (
    account.passwordHash &&
    !(await verifyPassword(account.passwordHash, change.currentPassword))
  ) {
    throw fieldError('currentPassword', STAFF_MESSAGES.currentPasswordIncorrect);
  }
  account.passwordHash = await checkedHash(change.newPassword, account.email, 'newPassword');
  await em.flush();
  const ended = await revokeSessions(em, account.id, staff.sessionId);
  recordAudit(em, staff, {
    action: 'password_change',
    entityType: 'staff_account',
    entityId: account.id,
    before: null,
    after: { otherSessionsEnded: ended },
  });
  await em.flush();
}

/** Whom an invitation or reset link is for; 404 when it is unknown, used or expired. */
export async function describePasswordLink(em: EntityManager, token: string) {
  const link = await findPasswordLink(em, token);
  if (!link) throw AppError.notFound(SIGN_IN_MESSAGES.linkInvalid);
  return { email: link.staff.email, purpose: link.purpose };
}

/**
 * Sets the password an invitation or reset link was sent for; the link is spent and every
 * session of the person ends. Two-step sign-in stays as it was: a reset never bypasses it.
 */
export async function setPasswordFromLink(
  em: EntityManager,
  token: string,
  password: string,
): Promise<void> {
  const link = await findPasswordLink(em, token);
  if (!link) throw AppError.notFound(SIGN_IN_MESSAGES.linkInvalid);
  const account = link.staff;
  const passwordHash = await checkedHash(password, account.email, 'password');
  await em.transactional(async (tx) => {
    if (!(await spendPasswordLink(tx, link.id))) {
      throw AppError.notFound(SIGN_IN_MESSAGES.linkInvalid);
    }
    await tx.nativeUpdate(StaffAccount, { id: account.id }, { passwordHash });
    const ended = await revokeSessions(tx, account.id);
    recordAudit(tx, account, {
      action: 'password_set',
      entityType: 'staff_account',
      entityId: account.id,
      before: null,
      after: { purpose: link.purpose, sessionsEnded: ended },
    });
  });
}

/** Starts setting up an authenticator app: a new secret, kept unused until a code confirms it. */
export async function startTwoFactor(
  em: EntityManager,
  staff: AuthenticatedStaff,
): Promise<TTwoFactorSetupResponse> {
  const account = await own(em, staff);
  if (account.totpEnabledAt) throw AppError.conflict(STAFF_MESSAGES.twoFactorAlreadyOn);
  const enrolment = await newTotpEnrolment(account);
  account.totpSecret = enrolment.secret;
  account.totpLastStep = null;
  await em.flush();
  return enrolment;
}

/** Turns two-step sign-in on with a first code from the app; answers the recovery codes. */
export async function confirmTwoFactor(
  em: EntityManager,
  staff: AuthenticatedStaff,
  code: string,
): Promise<string[]> {
  const account = await own(em, staff);
  if (account.totpEnabledAt) throw AppError.conflict(STAFF_MESSAGES.twoFactorAlreadyOn);
  if (!account.totpSecret) throw AppError.conflict(STAFF_MESSAGES.twoFactorNotStarted);
  if (!(await acceptTotpCode(em, account, account.totpSecret, code))) {
    throw fieldError('code', SIGN_IN_MESSAGES.codeIncorrect);
  }
  await em.nativeUpdate(StaffAccount, { id: account.id }, { totpEnabledAt: new Date() });
  const codes = await newRecoveryCodes(em, account.id);
  recordAudit(em, staff, {
    action: 'two_factor_on',
    entityType: 'staff_account',
    entityId: account.id,
    before: null,
    after: { recoveryCodes: codes.length },
  });
  await em.flush();
  return codes;
}

/** Turns two-step sign-in off with a code (app or recovery), unless the role requires it. */
export async function disableTwoFactor(
  em: EntityManager,
  staff: AuthenticatedStaff,
  code: string,
  rules: SignInRules,
): Promise<void> {
  const account = await own(em, staff);
  if (await twoFactorRequiredOf(em, account, rules)) {
    throw AppError.conflict(STAFF_MESSAGES.twoFactorRequiredForRole);
  }
  if (!account.totpEnabledAt) return;
  if (!(await acceptSecondFactor(em, account, code))) {
    throw fieldError('code', SIGN_IN_MESSAGES.codeIncorrect);
  }
  await em.nativeUpdate(
    StaffAccount,
    { id: account.id },
    { totpSecret: null, totpEnabledAt: null, totpLastStep: null },
  );
  await em.nativeDelete(StaffRecoveryCode, { staff: account.id });
  recordAudit(em, staff, {
    action: 'two_factor_off',
    entityType: 'staff_account',
    entityId: account.id,
    before: null,
    after: null,
  });
  await em.flush();
}
