import { randomBytes, randomUUID } from 'node:crypto';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { StaffAccount, StaffSession, type TStaffAccount } from '../../db/entities/index.js';
import type { GoogleIdentity } from './google.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { sessionWithAccount, staffAccountIdByEmail } from './queries.js';

/** The signed-in staff member a request acts for. */
export interface AuthenticatedStaff {
  id: number;
  email: string;
  sessionId: string;
}

export type Authentication =
  | { ok: true; staff: AuthenticatedStaff }
  | { ok: false; reason: 'expired' | 'invalid' };

interface TokenClaims {
  sub: string;
  email: string;
  jti: string;
}

/** Signs and checks console tokens; verify throws TokenExpired or any other error. */
export interface TokenCodec {
  sign(claims: TokenClaims): string;
  verify(token: string): { sub?: unknown; jti?: unknown };
  isExpiredError(error: unknown): boolean;
}

export async function findStaffByEmail(
  em: EntityManager,
  email: string,
): Promise<TStaffAccount | null> {
  const row = await staffAccountIdByEmail(em, { email: email.trim() });
  return row === undefined ? null : em.findOne(StaffAccount, { id: row.id });
}

let dummyHash: Promise<string> | undefined;
/** A real argon2id hash of nothing anyone knows, so unknown emails cost as much as wrong passwords. */
function unknownAccountHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(24).toString('base64url'));
  return dummyHash;
}

/**
 * The active account whose password this is, or null. Unknown emails, Google-only accounts,
 * disabled accounts and wrong passwords all take one argon2 verification and answer the same.
 */
export async function checkPassword(
  em: EntityManager,
  email: string,
  password: string,
): Promise<TStaffAccount | null> {
  const account = await findStaffByEmail(em, email);
  const hash = account?.passwordHash ?? (await unknownAccountHash());
  const matches = await verifyPassword(hash, password);
  if (!account?.passwordHash || !account.active || !matches) return null;
  return account;
}

/** Records a session (its id is the token's jti) and returns the signed token. */
export async function startSession(
  em: EntityManager,
  account: TStaffAccount,
  tokens: TokenCodec,
  ttlSeconds: number,
): Promise<string> {
  const now = new Date();
  const id = randomUUID();
  em.create(StaffSession, {
    id,
    staff: account,
    issuedAt: now,
    expiresAt: new Date(now.getTime() + ttlSeconds * 1000),
    revokedAt: null,
  });
  account.lastLoginAt = now;
  await em.flush();
  return tokens.sign({ sub: String(account.id), email: account.email, jti: id });
}

/**
 * A token is live while its signature and expiry check out, its session is neither revoked nor
 * past its end, and its account is still active.
 */
export async function authenticate(
  em: EntityManager,
  tokens: TokenCodec,
  token: string | undefined,
): Promise<Authentication> {
  if (!token) return { ok: false, reason: 'invalid' };
  let claims: { sub?: unknown; jti?: unknown };
  try {
    claims = tokens.verify(token);
  } catch (error) {
    return { ok: false, reason: tokens.isExpiredError(error) ? 'expired' : 'invalid' };
  }
  if (typeof claims.jti !== 'string' || !/^[0-9a-f-]{36}$/.test(claims.jti)) {
    return { ok: false, reason: 'invalid' };
  }
  const session = await sessionWithAccount(em, { sessionId: claims.jti });
  if (!session || session.revoked_at || !session.active) return { ok: false, reason: 'invalid' };
  if (String(session.staff_id) !== String(claims.sub)) return { ok: false, reason: 'invalid' };
  if (new Date(session.expires_at).getTime() <= Date.now()) return { ok: false, reason: 'expired' };
  return { ok: true, staff: { id: session.staff_id, email: session.email, sessionId: claims.jti } };
}

/** Revokes one session: its token is refused from now on. */
export async function endSession(em: EntityManager, sessionId: string): Promise<void> {
  await em.nativeUpdate(
    StaffSession,
    { id: sessionId, revokedAt: null },
    { revokedAt: new Date() },
  );
}

type GoogleAccountOutcome =
  | { ok: true; account: TStaffAccount }
  | { ok: false; reason: 'disabled' | 'linked-elsewhere' };

/**
 * The staff account for a verified staff-domain Google identity: found by Google subject, else
 * linked by email on first Google sign-in, else created (Google-only, no password).
 */
export async function accountForGoogle(
  em: EntityManager,
  identity: GoogleIdentity,
): Promise<GoogleAccountOutcome> {
  const outcome = (account: TStaffAccount): GoogleAccountOutcome =>
    account.active ? { ok: true, account } : { ok: false, reason: 'disabled' };

  const bySubject = await em.findOne(StaffAccount, { googleSubject: identity.subject });
  if (bySubject) return outcome(bySubject);
  const byEmail = await findStaffByEmail(em, identity.email);
  if (byEmail) {
    if (byEmail.googleSubject && byEmail.googleSubject !== identity.subject) {
      return { ok: false, reason: 'linked-elsewhere' };
    }
    byEmail.googleSubject = identity.subject;
    await em.flush();
    return outcome(byEmail);
  }
  try {
    const account = em.create(StaffAccount, {
      email: identity.email.trim(),
      passwordHash: null,
      googleSubject: identity.subject,
      active: true,
      lastLoginAt: null,
    });
    await em.flush();
    return outcome(account);
  } catch (error) {
    // A concurrent first sign-in created it a moment ago.
    if (!(error instanceof UniqueConstraintViolationException)) throw error;
    em.clear();
    const created = await em.findOne(StaffAccount, { googleSubject: identity.subject });
    if (!created) return { ok: false, reason: 'linked-elsewhere' };
    return outcome(created);
  }
}
