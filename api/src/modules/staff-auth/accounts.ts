import type { EntityManager } from '@mikro-orm/postgresql';
import { MIN_STAFF_PASSWORD } from '../../config.js';
import { StaffAccount, StaffSession } from '../../db/entities/index.js';
import { hashPassword } from './passwords.js';
import { findStaffByEmail } from './service.js';

export class StaffAccountError extends Error {
  override name = 'StaffAccountError';
}

function checkPassword(password: string) {
  if (password.length < MIN_STAFF_PASSWORD) {
    throw new StaffAccountError(`The password must be at least ${MIN_STAFF_PASSWORD} characters.`);
  }
}

/** Adds an active staff account, or reactivates an existing one with the new password. */
export async function addStaff(
  em: EntityManager,
  email: string,
  password: string,
): Promise<'created' | 'updated'> {
  checkPassword(password);
  const trimmed = email.trim();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(trimmed)) {
    throw new StaffAccountError('Please give a valid email address.');
  }
  const passwordHash = await hashPassword(password);
  const existing = await findStaffByEmail(em, trimmed);
  if (existing) {
    existing.passwordHash = passwordHash;
    existing.active = true;
    await em.flush();
    return 'updated';
  }
  await createAccount(em, trimmed, passwordHash);
  return 'created';
}

/**
 * Start-up seeding's first account (ADMIN_EMAIL / ADMIN_PASSWORD): added when no account has
 * the email; an existing one is left as it is. Answers whether it was added.
 */
export async function addFirstStaff(
  em: EntityManager,
  email: string,
  password: string,
): Promise<boolean> {
  const trimmed = email.trim();
  if (await findStaffByEmail(em, trimmed)) return false;
  await createAccount(em, trimmed, await hashPassword(password));
  return true;
}

async function createAccount(em: EntityManager, email: string, passwordHash: string) {
  em.create(StaffAccount, {
    email,
    passwordHash,
    googleSubject: null,
    active: true,
    lastLoginAt: null,
  });
  await em.flush();
}

async function existingAccount(em: EntityManager, email: string) {
  const account = await findStaffByEmail(em, email);
  if (!account) throw new StaffAccountError(`No staff account has the email ${email.trim()}.`);
  return account;
}

/** Revokes every live session of an account (its tokens stop working at once). */
async function revokeSessions(em: EntityManager, staffId: number) {
  await em.nativeUpdate(
    StaffSession,
    { staff: staffId, revokedAt: null },
    { revokedAt: new Date() },
  );
}

/** Disables an account: it can no longer sign in and its open sessions end. */
export async function disableStaff(em: EntityManager, email: string): Promise<void> {
  const account = await existingAccount(em, email);
  account.active = false;
  await em.flush();
  await revokeSessions(em, account.id);
}

/** Sets a new password and signs the account out everywhere. */
export async function resetStaffPassword(
  em: EntityManager,
  email: string,
  password: string,
): Promise<void> {
  checkPassword(password);
  const account = await existingAccount(em, email);
  account.passwordHash = await hashPassword(password);
  await em.flush();
  await revokeSessions(em, account.id);
}
