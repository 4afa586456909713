import { randomBytes, randomUUID } from 'node:crypto';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TAuditAction } from '../../../../shared/audit.js';
import { CODES } from '../../../../shared/codes.js';
import type { TSignInMethod, TStaffAccess, TStaffRole } from '../../../../shared/staff-roles.js';
import { SIGN_IN_MESSAGES } from '../../../../shared/staff-sign-in.js';
import { StaffAccount, StaffSession, type TStaffAccount } from '../../db/entities/index.js';
import { AppError } from '../../errors.js';
import { recordAudit } from '../audit/service.js';
import { organizationsOfPerson } from '../organization-people/queries.js';
import type { GoogleIdentity } from './google.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { sessionWithAccount, staffAccountIdByEmail, touchSession } from './queries.js';

/** The signed-in person a staff request acts for. */
export interface AuthenticatedStaff {
  id: number;
  email: string;
  /** The provider's staff role over every organization, or a role in the session's organization. */
  access: TStaffAccess;
  sessionId: string;
  /** Two-step sign-in is required of them (their role, or their organization) and not set up. */
  mustEnrollTwoFactor: boolean;
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
  verify(token: string): { sub?: unknown; jti?: unknown; purpose?: unknown };
  isExpiredError(error: unknown): boolean;
  /** A short-lived token naming an account whose password (or Google) was right. */
  signChallenge(staffId: number): string;
}

/** Where a request comes from, as a session and the audit log record it. */
export interface Client {
  ip: string;
  userAgent: string;
}

/** What the settings ask of sign-in (REQUIRE_2FA_FOR, TOKEN_TTL_SECONDS). */
export interface SignInRules {
  ttlSeconds: number;
  twoFactorRoles: readonly TStaffRole[];
}

export const twoFactorRequired = (rules: SignInRules, role: TStaffRole) =>
  rules.twoFactorRoles.includes(role);

/** How the account can sign in (the Staff screen's column, the account page). */
export function signInMethods(
  account: Pick<TStaffAccount, 'passwordHash' | 'googleSubject' | 'totpEnabledAt'>,
): TSignInMethod[] {
  const methods: TSignInMethod[] = [];
  if (account.passwordHash) methods.push('password');
  if (account.googleSubject) methods.push('google');
  if (account.totpEnabledAt) methods.push('authenticator');
  return methods;
}

/** The audit entry of a sign-in event, written with its own flush. */
export async function auditSignIn(
  em: EntityManager,
  account: { id: number | null; email: string },
  action: Extract<TAuditAction, 'sign_in' | 'sign_in_failed' | 'sign_out'>,
  details: Record<string, unknown>,
): Promise<void> {
  recordAudit(em, account, {
    action,
    entityType: 'staff_account',
    entityId: account.id ?? '',
    before: null,
    after: details,
  });
  await em.flush();
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
  client: Client,
): Promise<string> {
  // An organization's person starts in the first of their organizations by name.
  const organization = account.role
    ? null
    : ((await organizationsOfPerson(em, { staffId: account.id }))[0]?.organization_id ?? null);
  if (!account.role && organization === null) {
    throw new AppError(403, CODES.forbidden, SIGN_IN_MESSAGES.noAccessYet);
  }
  const now = new Date();
  const id = randomUUID();
  em.create(StaffSession, {
    id,
    staff: account,
    organization,
    issuedAt: now,
    expiresAt: new Date(now.getTime() + ttlSeconds * 1000),
    revokedAt: null,
    lastSeenAt: now,
    ipAddress: client.ip.slice(0, 64),
    userAgent: client.userAgent.slice(0, 255),
  });
  account.lastLoginAt = now;
  await em.flush();
  return tokens.sign({ sub: String(account.id), email: account.email, jti: id });
}

/** Who a session acts as: the provider's staff role, or the membership of its organization. */
function accessOf(session: {
  role: TStaffRole | null;
  organization_id: number | null;
  organization_role: TStaffAccess['role'] | null;
}): TStaffAccess | null {
  if (session.role) return { kind: 'provider', role: session.role };
  if (session.organization_id === null || !session.organization_role) return null;
  return {
    kind: 'organization',
    role: session.organization_role as Extract<TStaffAccess, { kind: 'organization' }>['role'],
    organizationId: session.organization_id,
  };
}

/** A session's last sighting moves at most once a minute: one write a minute, not per request. */
const SEEN_EVERY_MS = 60_000;

/**
 * A token is live while its signature and expiry check out, its session is neither revoked nor
 * past its end, and its account is still active. Role and two-step state are read on every
 * request, so a change of role or a deactivation takes effect at once, on every process.
 */
export async function authenticate(
  em: EntityManager,
  tokens: TokenCodec,
  rules: Pick<SignInRules, 'twoFactorRoles'>,
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
  const access = accessOf(session);
  // An organization's person no longer holding a role in the session's organization.
  if (!access) return { ok: false, reason: 'invalid' };
  if (new Date(session.expires_at).getTime() <= Date.now()) return { ok: false, reason: 'expired' };
  if (Date.now() - new Date(session.last_seen_at).getTime() >= SEEN_EVERY_MS) {
    await touchSession(em, { sessionId: claims.jti });
  }
  return {
    ok: true,
    staff: {
      id: session.staff_id,
      email: session.email,
      access,
      sessionId: claims.jti,
      mustEnrollTwoFactor:
        !session.totp_enabled_at &&
        (session.role
          ? rules.twoFactorRoles.includes(session.role)
          : session.organization_requires_two_factor),
    },
  };
}

/** Revokes one session: its token is refused from now on. */
export async function endSession(em: EntityManager, sessionId: string): Promise<void> {
  await em.nativeUpdate(
    StaffSession,
    { id: sessionId, revokedAt: null },
    { revokedAt: new Date() },
  );
}

/** Revokes every live session of an account but `keep`; answers how many ended. */
export async function revokeSessions(
  em: EntityManager,
  staffId: number,
  keep?: string,
): Promise<number> {
  return em.nativeUpdate(
    StaffSession,
    { staff: staffId, revokedAt: null, ...(keep ? { id: { $ne: keep } } : {}) },
    { revokedAt: new Date() },
  );
}

type GoogleAccountOutcome =
  | { ok: true; account: TStaffAccount }
  | { ok: false; reason: 'disabled' | 'linked-elsewhere' | 'not-invited' };

/**
 * The staff account for a verified staff-domain Google identity: found by Google subject, else
 * linked by email on first Google sign-in (an invitation is taken up this way too), else created
 * with GOOGLE_AUTO_ROLE when that names a role; without one, an account nobody invited gets no
 * access.
 */
export async function accountForGoogle(
  em: EntityManager,
  identity: GoogleIdentity,
  autoRole: TStaffRole | undefined,
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
    if (!byEmail.active) return { ok: false, reason: 'disabled' };
    byEmail.googleSubject = identity.subject;
    await em.flush();
    return outcome(byEmail);
  }
  if (!autoRole) return { ok: false, reason: 'not-invited' };
  try {
    const account = em.create(StaffAccount, {
      email: identity.email.trim(),
      role: autoRole,
      passwordHash: null,
      googleSubject: identity.subject,
      active: true,
      lastLoginAt: null,
    });
    await em.flush();
    recordAudit(em, account, {
      action: 'create',
      entityType: 'staff_account',
      entityId: account.id,
      before: null,
      after: { email: account.email, role: autoRole, through: 'GOOGLE_AUTO_ROLE' },
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
