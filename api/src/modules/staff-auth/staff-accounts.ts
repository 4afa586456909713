import type { FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TAdminStaffResponse } from '../../../../shared/admin-responses.js';
import { STAFF_MESSAGES } from '../../../../shared/staff.js';
import type { TStaffRole, TStaffStatus } from '../../../../shared/staff-roles.js';
import { StaffAccount, StaffSession, type TStaffAccount } from '../../db/entities/index.js';
import { AppError, fieldError } from '../../errors.js';
import { type Actor, recordAudit } from '../audit/service.js';
import { stagePasswordLink } from './password-links.js';
import { lockActiveAdministrators } from './queries.js';
import { findStaffByEmail, revokeSessions, signInMethods } from './service.js';

// The Staff screen's decisions: invitations, roles, deactivation, password links and sessions.
// Every change is audited in the transaction that makes it.

export const STAFF_SORT_FIELDS = ['email', 'name', 'role', 'lastLoginAt', 'id'] as const;

export function staffStatus(account: TStaffAccount): TStaffStatus {
  if (!account.active) return 'deactivated';
  return account.passwordHash || account.googleSubject ? 'active' : 'invited';
}

/** A provider staff account (the Staff screen lists no organization's person). */
type ProviderAccount = TStaffAccount & { role: TStaffRole };

export function staffRecord(account: ProviderAccount): TAdminStaffResponse {
  return {
    id: account.id,
    email: account.email,
    name: account.name,
    role: account.role,
    status: staffStatus(account),
    lastSignInAt: account.lastLoginAt ? account.lastLoginAt.toISOString() : null,
    signInMethods: signInMethods(account),
    createdAt: account.createdAt.toISOString(),
  };
}

/** What the audit log keeps of an account: never a hash or a secret. */
const snapshot = (account: TStaffAccount) => ({
  email: account.email,
  name: account.name,
  role: account.role,
  status: staffStatus(account),
});

interface StaffFilter {
  ids?: number[];
  q?: string;
  role?: TStaffRole;
  status?: TStaffStatus;
}

const STATUS_WHERE: Record<TStaffStatus, FilterQuery<TStaffAccount>> = {
  active: {
    active: true,
    $or: [{ passwordHash: { $ne: null } }, { googleSubject: { $ne: null } }],
  },
  invited: { active: true, passwordHash: null, googleSubject: null },
  deactivated: { active: false },
};

/** A page of staff accounts; staff are few, so the ORM's own query serves. */
export async function listStaff(
  em: EntityManager,
  filter: StaffFilter,
  page: { sort: string; order: 'ASC' | 'DESC'; offset: number; limit: number },
): Promise<{ rows: TAdminStaffResponse[]; total: number }> {
  // The provider's own staff: an organization's people are on their organizations' pages.
  const where: FilterQuery<TStaffAccount>[] = [{ role: { $ne: null } }];
  if (filter.ids) where.push({ id: { $in: filter.ids } });
  if (filter.q) {
    const like = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push({ $or: [{ email: { $ilike: like } }, { name: { $ilike: like } }] });
  }
  if (filter.role) where.push({ role: filter.role });
  if (filter.status) where.push(STATUS_WHERE[filter.status]);
  const [accounts, total] = await em.findAndCount(
    StaffAccount,
    { $and: where },
    {
      orderBy: { [page.sort]: page.order, id: page.order },
      offset: page.offset,
      limit: page.limit,
    },
  );
  return { rows: (accounts as ProviderAccount[]).map(staffRecord), total };
}

async function accountById(em: EntityManager, id: number): Promise<ProviderAccount> {
  const account = await em.findOne(StaffAccount, { id, role: { $ne: null } });
  if (!account) throw AppError.notFound(STAFF_MESSAGES.staffNotFound);
  return account as ProviderAccount;
}

export async function getStaff(em: EntityManager, id: number): Promise<TAdminStaffResponse> {
  return staffRecord(await accountById(em, id));
}

/**
 * Refuses a change that would leave no active Administrator who can sign in. The Administrators'
 * rows stay locked until the caller's transaction ends, so two such changes cannot both pass.
 */
async function keepAnAdministrator(em: EntityManager, account: ProviderAccount) {
  const administrators = await lockActiveAdministrators(em);
  if (administrators.length === 1 && administrators[0] === account.id) {
    throw AppError.conflict(STAFF_MESSAGES.lastAdministrator);
  }
}

/** Creates an invited account and emails its set-password link. */
export async function inviteStaff(
  em: EntityManager,
  actor: Actor,
  invitation: { email: string; name: string; role: TStaffRole },
  publicUrl: string,
): Promise<TAdminStaffResponse> {
  if (await findStaffByEmail(em, invitation.email)) {
    throw fieldError('email', STAFF_MESSAGES.staffEmailTaken, 409);
  }
  const account = await em.transactional(async (tx) => {
    const created = tx.create(StaffAccount, {
      email: invitation.email.trim(),
      name: invitation.name,
      role: invitation.role,
      passwordHash: null,
      googleSubject: null,
      active: true,
      lastLoginAt: null,
    });
    await tx.flush();
    await stagePasswordLink(tx, created, 'invite', publicUrl);
    recordAudit(tx, actor, {
      action: 'invite',
      entityType: 'staff_account',
      entityId: created.id,
      before: null,
      after: snapshot(created),
    });
    return created as ProviderAccount;
  });
  return staffRecord(account);
}

/** Changes a person's name or role; a role change takes effect on their next request. */
export async function updateStaff(
  em: EntityManager,
  actor: Actor,
  id: number,
  change: { name?: string; role?: TStaffRole },
): Promise<TAdminStaffResponse> {
  const account = await em.transactional(async (tx) => {
    const found = await accountById(tx, id);
    const before = snapshot(found);
    if (change.role && change.role !== found.role && found.role === 'administrator') {
      await keepAnAdministrator(tx, found);
    }
    if (change.name !== undefined) found.name = change.name;
    if (change.role) found.role = change.role;
    const after = snapshot(found);
    if (JSON.stringify(before) !== JSON.stringify(after)) {
      recordAudit(tx, actor, {
        action: before.role === after.role ? 'update' : 'role_change',
        entityType: 'staff_account',
        entityId: found.id,
        before,
        after,
      });
    }
    return found;
  });
  return staffRecord(account);
}

/**
 * Deactivates an account (refused from its next request on, every session revoked at once: each
 * process reads them on every request) or reactivates it.
 */
export async function setStaffActive(
  em: EntityManager,
  actor: Actor,
  id: number,
  active: boolean,
): Promise<TAdminStaffResponse> {
  const account = await em.transactional(async (tx) => {
    const found = await accountById(tx, id);
    if (found.active === active) return found;
    if (!active && found.role === 'administrator') await keepAnAdministrator(tx, found);
    const before = snapshot(found);
    found.active = active;
    await tx.flush();
    const ended = active ? undefined : await revokeSessions(tx, found.id);
    recordAudit(tx, actor, {
      action: active ? 'reactivate' : 'deactivate',
      entityType: 'staff_account',
      entityId: found.id,
      before,
      after: { ...snapshot(found), ...(ended === undefined ? {} : { sessionsEnded: ended }) },
    });
    return found;
  });
  return staffRecord(account);
}

/** Emails a set-password link: the invitation again while invited, a reset link otherwise. */
export async function sendPasswordLink(
  em: EntityManager,
  actor: Actor,
  id: number,
  publicUrl: string,
): Promise<TAdminStaffResponse> {
  const account = await em.transactional(async (tx) => {
    const found = await accountById(tx, id);
    if (!found.active) throw AppError.conflict(STAFF_MESSAGES.staffDeactivatedNoLink);
    const purpose = staffStatus(found) === 'invited' ? 'invite' : 'reset';
    await stagePasswordLink(tx, found, purpose, publicUrl);
    recordAudit(tx, actor, {
      action: 'password_link',
      entityType: 'staff_account',
      entityId: found.id,
      before: null,
      after: { email: found.email, purpose },
    });
    return found;
  });
  return staffRecord(account);
}

/** A person's live sessions, most recently seen first. */
export async function liveSessions(em: EntityManager, staffId: number) {
  await accountById(em, staffId);
  const sessions = await em.find(
    StaffSession,
    { staff: staffId, revokedAt: null, expiresAt: { $gt: new Date() } },
    { orderBy: { lastSeenAt: 'DESC', id: 'ASC' } },
  );
  return sessions.map((session) => ({
    id: session.id,
    staffId,
    startedAt: session.issuedAt.toISOString(),
    lastSeenAt: session.lastSeenAt.toISOString(),
    expiresAt: session.expiresAt.toISOString(),
    ipAddress: session.ipAddress,
    userAgent: session.userAgent,
  }));
}

/** Ends one session of the person, or all of them ("Sign out everywhere"); answers how many. */
export async function endStaffSessions(
  em: EntityManager,
  actor: Actor,
  staffId: number,
  sessionId?: string,
): Promise<number> {
  return em.transactional(async (tx) => {
    const account = await accountById(tx, staffId);
    const ended = sessionId
      ? await tx.nativeUpdate(
          StaffSession,
          { id: sessionId, staff: staffId, revokedAt: null },
          { revokedAt: new Date() },
        )
      : await revokeSessions(tx, staffId);
    if (sessionId && ended === 0) throw AppError.notFound(STAFF_MESSAGES.sessionNotFound);
    recordAudit(tx, actor, {
      action: 'session_revoked',
      entityType: sessionId ? 'staff_session' : 'staff_account',
      entityId: sessionId ?? account.id,
      before: null,
      after: { email: account.email, sessionsEnded: ended },
    });
    return ended;
  });
}
