import type { EntityManager } from '@mikro-orm/postgresql';
import { StaffAccount, StaffRecoveryCode } from '../../db/entities/index.js';
import { type Actor, recordAudit } from '../audit/service.js';
import { passwordProblem } from './password-policy.js';
import { hashPassword } from './passwords.js';
import { findStaffByEmail, revokeSessions } from './service.js';

// The staff command's operations (npm run staff) and the start-up seed's first account: the way
// in for the first Administrator, and back in when no Administrator can sign in.

export class StaffAccountError extends Error {
  override name = 'StaffAccountError';
}

/** Changes made from the command line are audited under this name. */
const COMMAND_LINE: Actor = { id: null, email: 'npm run staff' };

async function checkNewPassword(password: string, email: string) {
  const problem = await passwordProblem(password, email);
  if (problem) throw new StaffAccountError(problem);
}

/**
 * Adds an active Administrator, or makes an existing account one again: reactivated, with the
 * new password, its sessions ended.
 */
export async function addStaff(
  em: EntityManager,
  email: string,
  password: string,
): Promise<'created' | 'updated'> {
  const trimmed = email.trim();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(trimmed)) {
    throw new StaffAccountError('Please give a valid email address.');
  }
  await checkNewPassword(password, trimmed);
  const passwordHash = await hashPassword(password);
  const existing = await findStaffByEmail(em, trimmed);
  if (existing) {
    const before = { role: existing.role, active: existing.active };
    existing.passwordHash = passwordHash;
    existing.active = true;
    existing.role = 'administrator';
    await em.flush();
    await revokeSessions(em, existing.id);
    await audit(em, existing.id, 'update', before, {
      role: 'administrator',
      active: true,
      password: 'set',
    });
    return 'updated';
  }
  const account = await createAdministrator(em, trimmed, passwordHash);
  await audit(em, account.id, 'create', null, { email: trimmed, role: 'administrator' });
  return 'created';
}

/**
 * Start-up seeding's first account (ADMIN_EMAIL / ADMIN_PASSWORD), an Administrator: added when
 * no account has the email; an existing one is left as it is. Answers whether it was added.
 */
export async function addFirstStaff(
  em: EntityManager,
  email: string,
  password: string,
): Promise<boolean> {
  const trimmed = email.trim();
  if (await findStaffByEmail(em, trimmed)) return false;
  await createAdministrator(em, trimmed, await hashPassword(password));
  return true;
}

async function createAdministrator(em: EntityManager, email: string, passwordHash: string) {
  const account = em.create(StaffAccount, {
    email,
    role: 'administrator',
    passwordHash,
    googleSubject: null,
    active: true,
    lastLoginAt: null,
  });
  await em.flush();
  return account;
}

async function audit(
  em: EntityManager,
  staffId: number,
  action: 'create' | 'update' | 'deactivate' | 'password_change' | 'two_factor_off',
  before: Record<string, unknown> | null,
  after: Record<string, unknown>,
) {
  recordAudit(em, COMMAND_LINE, {
    action,
    entityType: 'staff_account',
    entityId: staffId,
    before,
    after,
  });
  await em.flush();
}

async function existingAccount(em: EntityManager, email: string) {
  const account = await findStaffByEmail(em, email);
  if (!account) throw new StaffAccountError(`No staff account has the email ${email.trim()}.`);
  return account;
}

/** Disables an account: it can no longer sign in and its open sessions end. */
export async function disableStaff(em: EntityManager, email: string): Promise<void> {
  const account = await existingAccount(em, email);
  account.active = false;
  await em.flush();
  const ended = await revokeSessions(em, account.id);
  await audit(
    em,
    account.id,
    'deactivate',
    { active: true },
    { active: false, sessionsEnded: ended },
  );
}

/** Sets a new password and signs the account out everywhere. */
export async function resetStaffPassword(
  em: EntityManager,
  email: string,
  password: string,
): Promise<void> {
  const account = await existingAccount(em, email);
  await checkNewPassword(password, account.email);
  account.passwordHash = await hashPassword(password);
  await em.flush();
  const ended = await revokeSessions(em, account.id);
  await audit(em, account.id, 'password_change', null, { sessionsEnded: ended });
}

/** Turns two-step sign-in off (a lost phone and no recovery code left). */
export async function resetStaffTwoFactor(em: EntityManager, email: string): Promise<void> {
  const account = await existingAccount(em, email);
  account.totpSecret = null;
  account.totpEnabledAt = null;
  account.totpLastStep = null;
  await em.nativeDelete(StaffRecoveryCode, { staff: account.id });
  await em.flush();
  await audit(em, account.id, 'two_factor_off', null, { email: account.email });
}
