import type { EntityManager } from '@mikro-orm/postgresql';
import type { TUserType } from '../../../../shared/constants.js';
import { normalizeEmail } from '../../../../shared/registration.js';
import type { TReviewState } from '../../../../shared/review.js';
import { STAFF_MESSAGES } from '../../../../shared/staff.js';
import type { TStanding } from '../../../../shared/standing.js';
import { Registration, User } from '../../db/entities/index.js';
import { AppError, fieldError, uniqueField } from '../../errors.js';
import { type Actor, recordAudit } from '../audit/service.js';
import type { OrganizationScope } from '../organization-access/scope.js';
import { requireOrganization } from '../organizations/views.js';
import { standingFields } from '../standing/records.js';
import { recordPersonChanges } from '../webhooks/person-events.js';
import { ANCHOR_STEP, forgetOrderSnapshots, orderSnapshot } from './order-snapshot.js';
import {
  anchoredPage,
  anchoredPageWithAdded,
  certificationsOfUser,
  companiesOfUser,
  countedMatches,
  enrollRegistrations,
  organizationPageStatements,
  organizationPeopleCount,
  organizationPeopleSorted,
  organizationPeopleWalk,
  organizationsOfUser,
  SORT_MATCHES_UP_TO,
  USER_SORT_FIELDS,
  type UserPageWindow,
  type UserRow,
  userIdByEmail,
  userListStatements,
  userRows,
  userSearch,
  userTotal,
} from './queries.js';

interface UserInput {
  type: TUserType;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

export interface UserRecord extends UserInput {
  id: number;
  createdAt: string;
  /**
   * Present when listed for one organization: that registration's enrollment, review and
   * standing.
   */
  enrolled?: boolean;
  registeredAt?: string;
  reviewState?: TReviewState;
  standing?: TStanding;
}

export interface UserDetail extends UserRecord {
  organizations: ({
    id: number;
    name: string;
    enrolled: boolean;
    registrationId: number;
    reviewState: TReviewState;
    /** ISO instants. */
    registeredAt: string;
    reviewedAt: string | null;
    approved: boolean;
  } & ReturnType<typeof standingFields>)[];
  companies: { id: number; name: string }[];
  certifications: {
    id: number;
    number: string;
    expiresOn: string;
    agencyId: number | null;
    agencyName: string;
    typeId: number | null;
    typeName: string;
    documentId: string | null;
  }[];
}

interface UserFilter {
  ids?: number[];
  /** Part of the first name, last name or email (users_search_trgm_idx). */
  q?: string;
  organizationId?: number;
  /** Only with organizationId. */
  enrolled?: boolean;
  /** Only with organizationId. */
  standing?: TStanding;
}

interface UserPage {
  sort: string;
  order: 'ASC' | 'DESC';
  offset: number;
  limit: number;
}

export { USER_SORT_FIELDS };

function toRecord(row: UserRow): UserRecord {
  const record: UserRecord = {
    id: row.id,
    type: row.type,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    createdAt: new Date(row.created_at).toISOString(),
  };
  if (row.enrolled !== undefined) record.enrolled = row.enrolled;
  if (row.registered_at !== undefined)
    record.registeredAt = new Date(row.registered_at).toISOString();
  if (row.review_state !== undefined) record.reviewState = row.review_state;
  if (row.standing !== undefined) record.standing = row.standing;
  return record;
}

function windowOf(page: UserPage): UserPageWindow {
  return {
    sort: page.sort,
    direction: page.order === 'DESC' ? 'desc' : 'asc',
    offset: page.offset,
    limit: page.limit,
  };
}

/**
 * An organization's people are paged by walking the sort's index when the walk reads at most
 * this many entries per person of the organization; otherwise its people are sorted.
 */
const WALK_ENTRIES_PER_PERSON = 2;

async function listOrganizationUsers(
  em: EntityManager,
  filter: { organizationId: number; enrolled?: boolean; standing?: TStanding },
  page: UserPage,
): Promise<{ rows: UserRecord[]; total: number }> {
  const window = windowOf(page);
  const statements = organizationPageStatements(filter, window);
  const total = await organizationPeopleCount(em, statements.count);
  if (page.offset >= total) return { rows: [], total };
  // Spread evenly through the sort order, the people up to the end of the page lie within
  // this many entries of it; a quarter more, and a few hundred, for an uneven spread.
  const everyone = Math.max(total, (await orderSnapshot(em, window)).total);
  const walkLength = Math.ceil((((page.offset + page.limit) * everyone) / total) * 1.25) + 200;
  if (walkLength <= total * WALK_ENTRIES_PER_PERSON) {
    const rows = await organizationPeopleWalk(em, statements.walk(walkLength));
    // A short page that is not the last: the organization's people sit later in the order.
    if (rows.length === page.limit || page.offset + rows.length >= total) {
      return { rows: rows.map(toRecord), total };
    }
  }
  const rows = await organizationPeopleSorted(em, statements.sorted);
  return { rows: rows.map(toRecord), total };
}

/**
 * One page of the unfiltered list, from the anchor at or before it (see order-snapshot.ts),
 * skipping fewer than ANCHOR_STEP entries, with the users added since the snapshot counted in
 * the same statement.
 */
async function listAllUsers(
  em: EntityManager,
  page: UserPage,
): Promise<{ rows: UserRecord[]; total: number }> {
  const window = windowOf(page);
  const snapshot = await orderSnapshot(em, window);
  // Past the snapshot's last anchor (users added since), the walk starts at the last one.
  const block = Math.max(
    0,
    Math.min(Math.floor(page.offset / ANCHOR_STEP), snapshot.anchors.length - 1),
  );
  const anchored = anchoredPage(
    window,
    block > 0 ? snapshot.anchors[block] : undefined,
    page.offset - block * ANCHOR_STEP,
  );
  const found = await anchoredPageWithAdded(em, window, anchored, snapshot.maxId);
  const total = snapshot.total + (found[0]?.added ?? 0);
  return { rows: found.filter((row) => row.id !== null).map(toRecord), total };
}

export async function listUsers(
  em: EntityManager,
  filter: UserFilter,
  page: UserPage,
): Promise<{ rows: UserRecord[]; total: number }> {
  const search = userSearch(filter.q);
  if (filter.organizationId === undefined && !filter.ids && !search) {
    return listAllUsers(em, page);
  }
  const { organizationId } = filter;
  if (organizationId !== undefined && !filter.ids && !search) {
    const { enrolled, standing } = filter;
    return listOrganizationUsers(em, { organizationId, enrolled, standing }, page);
  }
  // A search or a set of ids counts and sorts its matches in one statement; only one matching
  // more people counts them separately.
  const statements = userListStatements(
    {
      ids: filter.ids,
      search,
      organizationId,
      enrolled: filter.enrolled,
      standing: filter.standing,
    },
    windowOf(page),
  );
  const found = await countedMatches(em, statements.matches);
  const matches = found[0]?.total ?? 0;
  if (matches <= SORT_MATCHES_UP_TO) {
    return { rows: found.filter((row) => row.id !== null).map(toRecord), total: matches };
  }
  const total = await userTotal(em, statements.total);
  if (page.offset >= total) return { rows: [], total };
  const rows = await userRows(em, statements.rows);
  return { rows: rows.map(toRecord), total };
}

export async function getUser(em: EntityManager, id: number): Promise<UserRecord> {
  const { rows } = await listUsers(
    em,
    { ids: [id] },
    { sort: 'id', order: 'ASC', offset: 0, limit: 1 },
  );
  if (!rows[0]) throw AppError.notFound(STAFF_MESSAGES.userNotFound);
  return rows[0];
}

/**
 * The User Info page: the person, their organizations (each registration's enrollment and
 * review), service providers and certifications.
 */
export async function getUserDetail(
  em: EntityManager,
  id: number,
  scope: OrganizationScope,
): Promise<UserDetail> {
  const user = await getUser(em, id);
  // An organization's people see the person as registered with their organization only.
  const of = { userId: id, organizationId: scope.every ? null : scope.organizationId };
  const organizations = await organizationsOfUser(em, of);
  const companies = await companiesOfUser(em, of);
  const certifications = await certificationsOfUser(em, of);
  return {
    ...user,
    organizations: organizations.map((organization) => ({
      id: organization.id,
      name: organization.name,
      enrolled: organization.enrolled,
      registrationId: organization.registration_id,
      reviewState: organization.review_state,
      registeredAt: new Date(organization.registered_at).toISOString(),
      reviewedAt: organization.reviewed_at
        ? new Date(organization.reviewed_at).toISOString()
        : null,
      approved: organization.approved,
      ...standingFields(organization),
    })),
    companies,
    certifications: certifications.map((cert) => ({
      id: cert.id,
      number: cert.number,
      expiresOn: cert.expires_on,
      agencyId: cert.agency_id,
      agencyName: cert.agency_name,
      typeId: cert.type_id,
      typeName: cert.type_name,
      documentId: cert.document_id,
    })),
  };
}

async function checkEmailFree(em: EntityManager, email: string, exceptId?: number) {
  const row = await userIdByEmail(em, { email: normalizeEmail(email) });
  if (row && row.id !== exceptId) {
    throw fieldError('email', STAFF_MESSAGES.userEmailTaken, 409);
  }
}

/** Runs a write; a duplicate email arriving concurrently answers 409 like the pre-check does. */
const uniqueEmail = <T>(write: () => Promise<T>) =>
  uniqueField('email', STAFF_MESSAGES.userEmailTaken, write);

function snapshot(user: UserRecord): Record<string, unknown> {
  return {
    type: user.type,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: user.phone,
  };
}

export async function createUser(
  em: EntityManager,
  actor: Actor,
  input: UserInput,
): Promise<UserRecord> {
  await checkEmailFree(em, input.email);
  const id = await uniqueEmail(() =>
    em.transactional(async (tx) => {
      const user = tx.create(User, { ...input, email: input.email.trim() });
      await tx.flush();
      recordAudit(tx, actor, {
        action: 'create',
        entityType: 'user',
        entityId: user.id,
        before: null,
        after: { ...input },
      });
      return user.id;
    }),
  );
  forgetOrderSnapshots(em);
  return getUser(em, id);
}

export async function updateUser(
  em: EntityManager,
  actor: Actor,
  id: number,
  changes: Partial<UserInput>,
): Promise<UserRecord> {
  const before = await getUser(em, id);
  if (changes.email !== undefined) await checkEmailFree(em, changes.email, id);
  await uniqueEmail(() =>
    em.transactional(async (tx) => {
      const user = await tx.findOneOrFail(User, { id });
      tx.assign(user, changes);
      await tx.flush();
      await recordPersonChanges(tx, id, {
        type: [before.type, user.type],
        first_name: [before.firstName, user.firstName],
        last_name: [before.lastName, user.lastName],
        email: [before.email, user.email],
        phone: [before.phone, user.phone],
      });
      recordAudit(tx, actor, {
        action: 'update',
        entityType: 'user',
        entityId: id,
        before: snapshot(before),
        after: snapshot({ ...before, ...changes }),
      });
    }),
  );
  forgetOrderSnapshots(em);
  return getUser(em, id);
}

/** Removes a person with their registrations and certifications. */
export async function deleteUser(em: EntityManager, actor: Actor, id: number): Promise<UserRecord> {
  const before = await getUser(em, id);
  await em.transactional(async (tx) => {
    await tx.nativeDelete(User, { id });
    recordAudit(tx, actor, {
      action: 'delete',
      entityType: 'user',
      entityId: id,
      before: snapshot(before),
      after: null,
    });
  });
  forgetOrderSnapshots(em);
  return before;
}

/** Marks one person's registration for an organization enrolled (or not). */
export async function setEnrollment(
  em: EntityManager,
  actor: Actor,
  organizationId: number,
  userId: number,
  enrolled: boolean,
): Promise<boolean> {
  await em.transactional(async (tx) => {
    const registration = await tx.findOne(Registration, {
      organization: organizationId,
      user: userId,
    });
    if (!registration) throw AppError.notFound(STAFF_MESSAGES.registrationNotFound);
    if (registration.enrolled === enrolled) return;
    const before = registration.enrolled;
    registration.enrolled = enrolled;
    recordAudit(tx, actor, {
      action: 'enroll',
      entityType: 'registration',
      entityId: registration.id,
      before: { organizationId, userId, enrolled: before },
      after: { organizationId, userId, enrolled },
    });
  });
  return enrolled;
}

/**
 * Enrolls every registered person of an organization (only those matching `q` when given, as
 * the Find Users list shows them). Answers how many changed.
 */
export async function enrollAll(
  em: EntityManager,
  actor: Actor,
  organizationId: number,
  q?: string,
): Promise<number> {
  await requireOrganization(em, organizationId);
  return em.transactional(async (tx) => {
    const changed = await enrollRegistrations(tx, { organizationId, search: userSearch(q) });
    if (changed.length > 0) {
      recordAudit(tx, actor, {
        action: 'enroll_all',
        entityType: 'organization',
        entityId: organizationId,
        before: { enrolled: false, userIds: changed.map((row) => row.user_id) },
        after: { enrolled: true, count: changed.length },
      });
    }
    return changed.length;
  });
}
