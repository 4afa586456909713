import type { EntityManager } from '@mikro-orm/postgresql';
import {
  ORGANIZATION_PEOPLE_MESSAGES,
  type TOrganizationPersonInvite,
  type TOrganizationPersonRecord,
} from '../../../../shared/organization-people.js';
import {
  ORGANIZATION_ROLE_LABELS,
  type TOrganizationRole,
} from '../../../../shared/organization-roles.js';
import {
  OrganizationMembership,
  StaffAccount,
  type TStaffAccount,
} from '../../db/entities/index.js';
import { AppError, fieldError } from '../../errors.js';
import { type Actor, recordAudit } from '../audit/service.js';
import { stageEmail } from '../email/outbox.js';
import { organizationForNew, scopeOfActor } from '../organization-access/scope.js';
import { requireOrganization } from '../organizations/views.js';
import { stagePasswordLink } from '../staff-auth/password-links.js';
import { findStaffByEmail, revokeSessions } from '../staff-auth/service.js';
import { staffStatus } from '../staff-auth/staff-accounts.js';
import {
  moveSessionsOff,
  ORGANIZATION_PEOPLE_SORT_FIELDS,
  type OrganizationPersonRow,
  organizationPeoplePage,
  switchSession,
} from './queries.js';

// An organization's own people in the console: invited by a provider Administrator or the
// organization's Program manager, given a role in it, moved between roles and removed. A person
// is one console account (the same sign-in, passwords and two-step sign-in as the provider's
// staff) with a role in each of their organizations. Every change is audited for the
// organization in the transaction that makes it.

export { ORGANIZATION_PEOPLE_SORT_FIELDS };

function statusOf(row: OrganizationPersonRow): TOrganizationPersonRecord['status'] {
  if (!row.active) return 'deactivated';
  return row.password_hash_set || row.google_subject_set ? 'active' : 'invited';
}

function toRecord(row: OrganizationPersonRow): TOrganizationPersonRecord {
  return {
    id: row.id,
    organizationId: row.organization_id,
    staffId: row.staff_id,
    email: row.email,
    name: row.name,
    role: row.role,
    status: statusOf(row),
    twoFactorEnabled: row.totp_enabled,
    lastSignInAt: row.last_login_at ? new Date(row.last_login_at).toISOString() : null,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export async function listOrganizationPeople(
  em: EntityManager,
  filter: { organizationId?: number; ids?: number[] },
  page: { sort: string; order: 'ASC' | 'DESC'; offset: number; limit: number },
): Promise<{ rows: TOrganizationPersonRecord[]; total: number }> {
  if (filter.ids?.length === 0) return { rows: [], total: 0 };
  const rows = await organizationPeoplePage(em, {
    organizationId: filter.organizationId,
    ids: filter.ids,
    sort: page.sort,
    descending: page.order === 'DESC',
    limit: page.limit,
    offset: page.offset,
  });
  return { rows: rows.map(toRecord), total: Number(rows[0]?.total ?? 0) };
}

export async function getOrganizationPerson(
  em: EntityManager,
  id: number,
): Promise<TOrganizationPersonRecord> {
  const { rows } = await listOrganizationPeople(
    em,
    { ids: [id] },
    { sort: 'id', order: 'ASC', offset: 0, limit: 1 },
  );
  if (!rows[0]) throw AppError.notFound(ORGANIZATION_PEOPLE_MESSAGES.notFound);
  return rows[0];
}

/** What an invitation or a role says the person is: "Reviewer of Springfield Water". */
const roleIn = (role: TOrganizationRole, organizationName: string) =>
  `${ORGANIZATION_ROLE_LABELS[role]} of ${organizationName}`;

/** What the audit log keeps of a membership. */
const snapshot = (person: { email: string; role: TOrganizationRole }) => ({
  email: person.email,
  role: person.role,
});

/**
 * Gives a person a role in an organization: a new console account with an invitation to choose
 * a password, or, for someone who already signs in for another organization, the role and an
 * email saying so (the account of one deactivated when removed from their last organization is
 * active again, with a new invitation). Never one of the provider's staff, who reach every
 * organization already.
 */
export async function inviteOrganizationPerson(
  em: EntityManager,
  actor: Actor,
  invitation: TOrganizationPersonInvite,
  publicUrl: string,
): Promise<TOrganizationPersonRecord> {
  const organizationId = organizationForNew(scopeOfActor(actor), invitation.organizationId ?? null);
  if (organizationId === null) {
    throw fieldError('organizationId', ORGANIZATION_PEOPLE_MESSAGES.organizationRequired);
  }
  const organization = await requireOrganization(em, organizationId);
  const id = await em.transactional(async (tx) => {
    const found = await findStaffByEmail(tx, invitation.email);
    if (found?.role) {
      throw fieldError('email', ORGANIZATION_PEOPLE_MESSAGES.providerStaff, 409);
    }
    if (
      found &&
      (await tx.count(OrganizationMembership, { staff: found, organization: organizationId }))
    ) {
      throw fieldError('email', ORGANIZATION_PEOPLE_MESSAGES.alreadyMember, 409);
    }
    const account: TStaffAccount =
      found ??
      tx.create(StaffAccount, {
        email: invitation.email.trim(),
        name: invitation.name,
        role: null,
        passwordHash: null,
        googleSubject: null,
        active: true,
        lastLoginAt: null,
      });
    const wasDeactivated = !account.active;
    account.active = true;
    const membership = tx.create(OrganizationMembership, {
      staff: account,
      organization: organizationId,
      role: invitation.role,
    });
    await tx.flush();
    const as = roleIn(invitation.role, organization.name);
    if (staffStatus(account) === 'invited' || wasDeactivated) {
      await stagePasswordLink(
        tx,
        account,
        staffStatus(account) === 'invited' ? 'invite' : 'reset',
        publicUrl,
        as,
      );
    } else {
      stageEmail(tx, {
        dedupeKey: `organization-membership:${membership.id}`,
        kind: 'organization-role',
        recipients: [account.email],
        subject: `You are now ${as} in the Backflow Admin Console`,
        textBody: [
          `You have been given the role ${as} in the Backflow Admin Console.`,
          '',
          `Sign in as usual at ${publicUrl}/scadmin and choose ${organization.name} from your organizations.`,
        ].join('\n'),
      });
    }
    recordAudit(tx, actor, {
      action: 'invite',
      entityType: 'organization_membership',
      entityId: membership.id,
      organizationId,
      before: null,
      after: snapshot({ email: account.email, role: invitation.role }),
    });
    await tx.flush();
    return membership.id;
  });
  return getOrganizationPerson(em, id);
}

/**
 * Nobody changes or removes their own role: a Program manager cannot lock themselves (or the
 * organization's last Program manager, who is then themselves) out by a slip.
 */
function refuseOwn(actor: Actor, person: TOrganizationPersonRecord): void {
  if (actor.id !== null && actor.id === person.staffId) {
    throw AppError.conflict(ORGANIZATION_PEOPLE_MESSAGES.ownRole);
  }
}

/** A person's new role in the organization; it holds from their next request. */
export async function changeOrganizationRole(
  em: EntityManager,
  actor: Actor,
  id: number,
  role: TOrganizationRole,
): Promise<TOrganizationPersonRecord> {
  const before = await getOrganizationPerson(em, id);
  refuseOwn(actor, before);
  if (before.role !== role) {
    await em.transactional(async (tx) => {
      await tx.nativeUpdate(OrganizationMembership, { id }, { role });
      recordAudit(tx, actor, {
        action: 'role_change',
        entityType: 'organization_membership',
        entityId: id,
        organizationId: before.organizationId,
        before: snapshot(before),
        after: snapshot({ email: before.email, role }),
      });
    });
  }
  return getOrganizationPerson(em, id);
}

/**
 * Takes a person's role in the organization away at once: their sessions working in it move to
 * another of their organizations, and a person left with none is deactivated (every session
 * ends). Answers the membership as it was.
 */
export async function removeOrganizationPerson(
  em: EntityManager,
  actor: Actor,
  id: number,
): Promise<TOrganizationPersonRecord> {
  const before = await getOrganizationPerson(em, id);
  refuseOwn(actor, before);
  await em.transactional(async (tx) => {
    await tx.nativeDelete(OrganizationMembership, { id });
    const left = await tx.count(OrganizationMembership, { staff: before.staffId });
    if (left === 0) {
      await tx.nativeUpdate(StaffAccount, { id: before.staffId }, { active: false });
      await revokeSessions(tx, before.staffId);
    } else {
      await moveSessionsOff(tx, { staffId: before.staffId, organizationId: before.organizationId });
    }
    recordAudit(tx, actor, {
      action: 'delete',
      entityType: 'organization_membership',
      entityId: id,
      organizationId: before.organizationId,
      before: snapshot(before),
      after: left === 0 ? { deactivated: true } : null,
    });
  });
  return before;
}

/** Emails the person a set-password link: the invitation again while invited, else a reset. */
export async function sendOrganizationPersonLink(
  em: EntityManager,
  actor: Actor,
  id: number,
  publicUrl: string,
): Promise<TOrganizationPersonRecord> {
  const person = await getOrganizationPerson(em, id);
  if (person.status === 'deactivated') {
    throw AppError.conflict('This person is deactivated: invite them again instead.');
  }
  const organization = await requireOrganization(em, person.organizationId);
  await em.transactional(async (tx) => {
    const account = await tx.findOneOrFail(StaffAccount, { id: person.staffId });
    const purpose = person.status === 'invited' ? 'invite' : 'reset';
    await stagePasswordLink(
      tx,
      account,
      purpose,
      publicUrl,
      roleIn(person.role, organization.name),
    );
    recordAudit(tx, actor, {
      action: 'password_link',
      entityType: 'organization_membership',
      entityId: id,
      organizationId: person.organizationId,
      before: null,
      after: { email: person.email, purpose },
    });
  });
  return person;
}

/** Moves the session to another of its person's organizations (404 where they hold no role). */
export async function switchOrganization(
  em: EntityManager,
  sessionId: string,
  organizationId: number,
): Promise<void> {
  if (!(await switchSession(em, { sessionId, organizationId }))) {
    throw AppError.notFound(ORGANIZATION_PEOPLE_MESSAGES.notYourOrganization);
  }
}
