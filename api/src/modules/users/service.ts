import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TUserType } from '../../../../shared/constants.js';
import { normalizeEmail } from '../../../../shared/registration.js';
import { STAFF_MESSAGES } from '../../../../shared/staff.js';
import { Registration, User } from '../../db/entities/index.js';
import { escapeLike } from '../../db/like.js';
import { AppError, fieldError } from '../../errors.js';
import { type Actor, recordAudit } from '../audit/service.js';
import { requireOrganization } from '../organizations/service.js';
import {
  ANCHOR_STEP,
  forgetOrderSnapshots,
  orderSnapshot,
  sortKeyColumns,
} from './order-snapshot.js';

export interface UserInput {
  type: TUserType;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

export interface UserRecord extends UserInput {
  id: number;
  createdAt: string;
  /** Present when listed for one organization: that registration's enrollment. */
  enrolled?: boolean;
  registeredAt?: string;
}

export interface UserDetail extends UserRecord {
  organizations: { id: number; name: string; enrolled: boolean }[];
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

export interface UserFilter {
  ids?: number[];
  /** Part of the first name, last name or email (users_search_trgm_idx). */
  q?: string;
  organizationId?: number;
  /** Only with organizationId. */
  enrolled?: boolean;
}

export interface UserPage {
  sort: string;
  order: 'ASC' | 'DESC';
  offset: number;
  limit: number;
}

// Each sort follows an index: users_name_order_covering_idx, users_email_lower_unique, the
// primary key. A sort is its key expressions, all in one direction.
const USER_SORT_KEYS: Record<string, readonly string[]> = {
  lastName: ['lower(u.last_name)', 'lower(u.first_name)', 'u.id'],
  email: ['lower(u.email)', 'u.id'],
  id: ['u.id'],
};
export const USER_SORT_FIELDS = Object.keys(USER_SORT_KEYS);

/**
 * A search (or a set of ids) matching at most this many people sorts its matches (found
 * through the trigram index, within an organization's registrations when one is named),
 * counting them in the same statement, instead of walking the name order and filtering: a
 * rare name lies anywhere in that order, so the walk can read most of the table for one page.
 */
export const SORT_MATCHES_UP_TO = 5000;

interface UserRow {
  id: number;
  type: TUserType;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  created_at: Date;
  enrolled?: boolean;
  registered_at?: Date;
}

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
  return record;
}

const USER_COLUMNS = 'u.id, u.type, u.first_name, u.last_name, u.email, u.phone, u.created_at';

function userQuery(filter: UserFilter) {
  const joins: string[] = [];
  const where: string[] = [];
  const params: unknown[] = [];
  let columns = USER_COLUMNS;
  if (filter.organizationId !== undefined) {
    columns += ', r.enrolled, r.registered_at';
    joins.push('join registrations r on r.user_id = u.id and r.organization_id = ?');
    params.push(filter.organizationId);
    if (filter.enrolled !== undefined) {
      where.push('r.enrolled = ?');
      params.push(filter.enrolled);
    }
  }
  if (filter.ids) {
    where.push(filter.ids.length > 0 ? 'u.id in (?)' : 'false');
    if (filter.ids.length > 0) params.push(filter.ids);
  }
  const q = filter.q?.trim().toLowerCase();
  if (q) {
    where.push(`lower(u.first_name || ' ' || u.last_name || ' ' || u.email) like ?`);
    params.push(`%${escapeLike(q)}%`);
  }
  const from = `from users u ${joins.join(' ')} ${where.length > 0 ? `where ${where.join(' and ')}` : ''}`;
  return { columns, from, params };
}

function sortOf(page: UserPage) {
  const keys = USER_SORT_KEYS[page.sort] ?? (USER_SORT_KEYS.lastName as readonly string[]);
  const direction: 'asc' | 'desc' = page.order === 'DESC' ? 'desc' : 'asc';
  return { keys, direction, order: keys.map((key) => `${key} ${direction}`).join(', ') };
}

/**
 * The SQL of one filtered list page and of its total (exported so tests can EXPLAIN it):
 * `matches` (the first SORT_MATCHES_UP_TO + 1 matches, counted, and the page of them), then
 * `rows` and `total` for a filter matching more people.
 */
export function userListQueries(filter: UserFilter, page: UserPage) {
  const { columns, from, params } = userQuery(filter);
  const { order } = sortOf(page);
  return {
    matches: {
      sql: `with matches as materialized (select ${columns} ${from} limit ${SORT_MATCHES_UP_TO + 1})
        select counted.total, u.* from (select count(*)::int as total from matches) counted
          left join lateral (select * from matches u order by ${order} limit ? offset ?) u on true
        order by ${order}`,
      params: [...params, page.limit, page.offset],
    },
    rows: {
      sql: `select ${columns} ${from} order by ${order} limit ? offset ?`,
      params: [...params, page.limit, page.offset],
    },
    total: { sql: `select count(*)::int as total ${from}`, params },
  };
}

/**
 * An organization's people are paged by walking the sort's index when the walk reads at most
 * this many entries per person of the organization; otherwise its people are sorted.
 */
const WALK_ENTRIES_PER_PERSON = 2;

/**
 * The SQL of one page of an organization's people (no search, no ids), exported so tests can
 * EXPLAIN it: `count` (one person per registration: the organization's index alone), `walk`
 * (the first `walkLength` entries of the sort's index, the organization's people among them)
 * and `sorted` (all its people, sorted). Each has the shape of its plan written into it, so
 * PostgreSQL's statistics, which lag a fast-growing organization, cannot turn a walk of a few
 * hundred entries into a sort of thousands of rows, or the reverse.
 */
export function organizationPageQueries(
  filter: UserFilter & { organizationId: number },
  page: UserPage,
) {
  const { columns, from, params } = userQuery(filter);
  const { keys, direction, order } = sortOf(page);
  const enrolled = filter.enrolled === undefined ? '' : ' and r.enrolled = ?';
  const registration = [
    filter.organizationId,
    ...(filter.enrolled === undefined ? [] : [filter.enrolled]),
  ];
  // The walk carries the sort keys as k0, k1…, read from the index.
  const walkKeys = sortKeyColumns(keys);
  const walkKeyColumns = keys.map((_, i) => `walk.k${i}`).join(', ');
  const walkOrder = keys.map((_, i) => `k${i} ${direction}`).join(', ');
  return {
    count: {
      sql: `select count(*)::int as total from registrations r
        where r.organization_id = ?${enrolled}`,
      params: registration,
    },
    // The walk reads the sort's index alone; each walked person's registration is looked up by
    // its unique index (`limit 1` keeps that a lookup per person, not a join over all of the
    // organization's registrations); only the page's people are read from the table.
    walk: (walkLength: number) => ({
      sql: `select ${columns}
          from (select walk.id, ${walkKeyColumns}, found.*
                  from (select u.id, ${walkKeys} from users u order by ${order} limit ?) walk
                  join lateral (select r.enrolled, r.registered_at from registrations r
                     where r.user_id = walk.id and r.organization_id = ?${enrolled} limit 1) found
                    on true
                 order by ${walkOrder} limit ? offset ?) r
          join users u on u.id = r.id
        order by ${order}`,
      params: [walkLength, ...registration, page.limit, page.offset],
    }),
    sorted: {
      sql: `with people as materialized (select ${columns} ${from})
        select * from people u order by ${order} limit ? offset ?`,
      params: [...params, page.limit, page.offset],
    },
  };
}

async function listOrganizationUsers(
  em: EntityManager,
  filter: UserFilter & { organizationId: number },
  page: UserPage,
): Promise<{ rows: UserRecord[]; total: number }> {
  const { keys, direction } = sortOf(page);
  const queries = organizationPageQueries(filter, page);
  const [counted] = await em.execute<{ total: number }[]>(queries.count.sql, queries.count.params);
  const total = counted?.total ?? 0;
  if (page.offset >= total) return { rows: [], total };
  // Spread evenly through the sort order, the people up to the end of the page lie within
  // this many entries of it; a quarter more, and a few hundred, for an uneven spread.
  const everyone = Math.max(total, (await orderSnapshot(em, keys, direction)).total);
  const walkLength = Math.ceil((((page.offset + page.limit) * everyone) / total) * 1.25) + 200;
  if (walkLength <= total * WALK_ENTRIES_PER_PERSON) {
    const walk = queries.walk(walkLength);
    const rows = await em.execute<UserRow[]>(walk.sql, walk.params);
    // A short page that is not the last: the organization's people sit later in the order.
    if (rows.length === page.limit || page.offset + rows.length >= total) {
      return { rows: rows.map(toRecord), total };
    }
  }
  const rows = await em.execute<UserRow[]>(queries.sorted.sql, queries.sorted.params);
  return { rows: rows.map(toRecord), total };
}

/**
 * One page of the unfiltered list, from the anchor at or before it (see order-snapshot.ts):
 * the page's ids come from an index-only scan of the sort's index that starts at the anchor
 * and skips fewer than ANCHOR_STEP entries; only the rows shown are read from the table.
 */
export function anchoredPageQuery(
  page: UserPage,
  anchor: readonly unknown[] | undefined,
  skip: number,
) {
  const { keys, direction, order } = sortOf(page);
  const seek = anchor
    ? `where (${keys.join(', ')}) ${direction === 'asc' ? '>=' : '<='} (${keys.map(() => '?').join(', ')})`
    : '';
  return {
    sql: `select ${USER_COLUMNS} from users u
      join (select u.id from users u ${seek} order by ${order} limit ? offset ?) page
        on page.id = u.id
      order by ${order}`,
    params: [...(anchor ?? []), page.limit, skip],
  };
}

async function listAllUsers(
  em: EntityManager,
  page: UserPage,
): Promise<{ rows: UserRecord[]; total: number }> {
  const { keys, direction, order } = sortOf(page);
  const snapshot = await orderSnapshot(em, keys, direction);
  // Past the snapshot's last anchor (users added since), the walk starts at the last one.
  const block = Math.max(
    0,
    Math.min(Math.floor(page.offset / ANCHOR_STEP), snapshot.anchors.length - 1),
  );
  const query = anchoredPageQuery(
    page,
    block > 0 ? snapshot.anchors[block] : undefined,
    page.offset - block * ANCHOR_STEP,
  );
  // The page and the users added since the snapshot, in one statement.
  const found = await em.execute<(UserRow & { added: number })[]>(
    `select added.count as added, u.*
       from (select count(*)::int as count from users where id > ?) added
       left join lateral (${query.sql}) u on true
      order by ${order}`,
    [snapshot.maxId, ...query.params],
  );
  const total = snapshot.total + (found[0]?.added ?? 0);
  return { rows: found.filter((row) => row.id !== null).map(toRecord), total };
}

export async function listUsers(
  em: EntityManager,
  filter: UserFilter,
  page: UserPage,
): Promise<{ rows: UserRecord[]; total: number }> {
  if (filter.organizationId === undefined && !filter.ids && !filter.q?.trim()) {
    return listAllUsers(em, page);
  }
  const { organizationId } = filter;
  if (organizationId !== undefined && !filter.ids && !filter.q?.trim()) {
    return listOrganizationUsers(em, { ...filter, organizationId }, page);
  }
  // A search or a set of ids counts and sorts its matches in one statement; only one matching
  // more people counts them separately.
  const queries = userListQueries(filter, page);
  const found = await em.execute<(UserRow & { total: number })[]>(
    queries.matches.sql,
    queries.matches.params,
  );
  const matches = found[0]?.total ?? 0;
  if (matches <= SORT_MATCHES_UP_TO) {
    return { rows: found.filter((row) => row.id !== null).map(toRecord), total: matches };
  }
  const [count] = await em.execute<{ total: number }[]>(queries.total.sql, queries.total.params);
  const total = count?.total ?? 0;
  if (page.offset >= total) return { rows: [], total };
  const rows = await em.execute<UserRow[]>(queries.rows.sql, queries.rows.params);
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

/** The User Info page: the person, their organizations, service providers and certifications. */
export async function getUserDetail(em: EntityManager, id: number): Promise<UserDetail> {
  const user = await getUser(em, id);
  const organizations = await em.execute<{ id: number; name: string; enrolled: boolean }[]>(
    `select o.id, o.name, r.enrolled from registrations r
       join organizations o on o.id = r.organization_id
      where r.user_id = ? order by lower(o.name), o.id`,
    [id],
  );
  const companies = await em.execute<{ id: number; name: string }[]>(
    `select c.id, c.name from user_companies uc join companies c on c.id = uc.company_id
      where uc.user_id = ? order by lower(c.name), c.id`,
    [id],
  );
  const certifications = await em.execute<
    {
      id: number;
      number: string;
      expires_on: string;
      agency_id: number | null;
      agency_name: string;
      type_id: number | null;
      type_name: string;
      document_id: string | null;
    }[]
  >(
    `select id, number, to_char(expires_on, 'YYYY-MM-DD') as expires_on, agency_id, agency_name,
            type_id, type_name, document_id
       from certifications where user_id = ? order by expires_on desc, id`,
    [id],
  );
  return {
    ...user,
    organizations,
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
  const rows = await em.execute<{ id: number }[]>('select id from users where lower(email) = ?', [
    normalizeEmail(email),
  ]);
  if (rows[0] && rows[0].id !== exceptId) {
    throw fieldError('email', STAFF_MESSAGES.userEmailTaken, 409);
  }
}

/** Runs a write; a duplicate email arriving concurrently answers 409 like the pre-check does. */
async function uniqueEmail<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) {
      throw fieldError('email', STAFF_MESSAGES.userEmailTaken, 409);
    }
    throw error;
  }
}

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
    const params: unknown[] = [organizationId];
    let match = '';
    const text = q?.trim().toLowerCase();
    if (text) {
      match = `and r.user_id in (select u.id from users u
        where lower(u.first_name || ' ' || u.last_name || ' ' || u.email) like ?)`;
      params.push(`%${escapeLike(text)}%`);
    }
    const changed = await tx.execute<{ user_id: number }[]>(
      `update registrations r set enrolled = true, updated_at = now()
        where r.organization_id = ? and r.enrolled = false ${match}
        returning r.user_id`,
      params,
    );
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
