import type { EntityManager } from '@mikro-orm/postgresql';
import type { TUserType } from '../../../../shared/constants.js';
import type { TReviewState } from '../../../../shared/review.js';
import type { TStanding } from '../../../../shared/standing.js';
import { escapeLike } from '../../db/like.js';
import {
  idIn,
  query,
  queryComposed,
  type SqlFragment,
  type SqlParams,
  sql,
  whereAll,
} from '../../db/sql.js';
import { STANDING_COLUMNS, type StandingColumns } from '../standing/queries.js';

// Every statement of the users module but the registrations resource's
// (registration-queries.ts): the people lists and their order snapshot, User Info and
// enrollment. Builders return a statement's text and values
// (tests EXPLAIN them); services choose which to run.

export interface UserRow {
  id: number;
  type: TUserType;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  created_at: Date;
  enrolled?: boolean;
  registered_at?: Date;
  review_state?: TReviewState;
  standing?: TStanding;
}

const USER_COLUMNS = 'u.id, u.type, u.first_name, u.last_name, u.email, u.phone, u.created_at';

// Each sort follows an index: users_name_order_covering_idx, users_email_lower_unique, the
// primary key. A sort is its key expressions, all in one direction.
const USER_SORT_KEYS: Record<string, readonly string[]> = {
  lastName: ['lower(u.last_name)', 'lower(u.first_name)', 'u.id'],
  email: ['lower(u.email)', 'u.id'],
  id: ['u.id'],
};
export const USER_SORT_FIELDS = Object.keys(USER_SORT_KEYS);

export interface UserOrder {
  /** A USER_SORT_FIELDS name; anything else sorts by name. */
  sort: string;
  direction: 'asc' | 'desc';
}

export interface UserPageWindow extends UserOrder {
  offset: number;
  limit: number;
}

function sortOf({ sort, direction }: UserOrder) {
  const keys = USER_SORT_KEYS[sort] ?? (USER_SORT_KEYS.lastName as readonly string[]);
  return { keys, order: keys.map((key) => `${key} ${direction}`).join(', ') };
}

/** A sort's key expressions as the columns k0, k1…, by which their values are read back. */
const sortKeyColumns = (keys: readonly string[]) =>
  keys.map((key, i) => `${key} as k${i}`).join(', ');

/**
 * The users search: part of the first name, last name or email, case-insensitive. The
 * expression is exactly the one users_search_trgm_idx indexes. Undefined for blank text.
 */
export function userSearch(text: string | undefined): SqlFragment | undefined {
  const q = text?.trim().toLowerCase();
  if (!q) return undefined;
  return {
    text: `lower(u.first_name || ' ' || u.last_name || ' ' || u.email) like :search`,
    params: { search: `%${escapeLike(q)}%` },
  };
}

interface UserConditions {
  ids?: number[];
  search?: SqlFragment;
  organizationId?: number;
  /** Only with organizationId. */
  enrolled?: boolean;
  /** Only with organizationId. */
  standing?: TStanding;
}

/** The columns and the from-and-where of a filtered list of people, with its values. */
function filteredUsers(conditions: UserConditions) {
  const { organizationId, enrolled, standing, search } = conditions;
  const inOrganization = organizationId !== undefined;
  const where = whereAll([
    inOrganization &&
      enrolled !== undefined && { text: 'r.enrolled = :enrolled', params: { enrolled } },
    inOrganization &&
      standing !== undefined && { text: 'r.standing = :standing', params: { standing } },
    idIn('u.id', conditions.ids),
    search,
  ]);
  return {
    columns: inOrganization
      ? `${USER_COLUMNS}, r.enrolled, r.registered_at, r.review_state, r.standing`
      : USER_COLUMNS,
    from: inOrganization
      ? `from users u join registrations r on r.user_id = u.id and r.organization_id = :organizationId ${where.text}`
      : `from users u ${where.text}`,
    params: inOrganization ? { ...where.params, organizationId } : where.params,
  };
}

/**
 * A search (or a set of ids) matching at most this many people sorts its matches (found
 * through the trigram index, within an organization's registrations when one is named),
 * counting them in the same statement, instead of walking the name order and filtering: a
 * rare name lies anywhere in that order, so the walk can read most of the table for one page.
 */
export const SORT_MATCHES_UP_TO = 5000;

/**
 * One filtered list page and its total: `matches` (the first SORT_MATCHES_UP_TO + 1 matches,
 * counted, and the page of them), then `rows` and `total` for a filter matching more people.
 */
export function userListStatements(conditions: UserConditions, page: UserPageWindow) {
  const { columns, from, params } = filteredUsers(conditions);
  const { order } = sortOf(page);
  const paged = { ...params, limit: page.limit, offset: page.offset };
  return {
    matches: {
      text: `with matches as materialized (select ${columns} ${from} limit ${SORT_MATCHES_UP_TO + 1})
        select counted.total, u.* from (select count(*)::int as total from matches) counted
          left join lateral (select * from matches u order by ${order} limit :limit offset :offset) u on true
        order by ${order}`,
      params: paged,
    },
    rows: {
      text: `select ${columns} ${from} order by ${order} limit :limit offset :offset`,
      params: paged,
    },
    total: { text: `select count(*)::int as total ${from}`, params },
  } satisfies Record<string, SqlFragment>;
}

export const countedMatches = (em: EntityManager, statement: SqlFragment) =>
  queryComposed<UserRow & { total: number }>(em, 'users-counted-matches', statement);
export const userRows = (em: EntityManager, statement: SqlFragment) =>
  queryComposed<UserRow>(em, 'users-page', statement);
export const userTotal = async (em: EntityManager, statement: SqlFragment) =>
  (await queryComposed<{ total: number }>(em, 'users-total', statement))[0]?.total ?? 0;

/**
 * One page of an organization's people (no search, no ids): `count` (one person per
 * registration: the organization's index alone), `walk` (the first `walkLength` entries of the
 * sort's index, the organization's people among them) and `sorted` (all its people, sorted).
 * Each has the shape of its plan written into it, so PostgreSQL's statistics, which lag a
 * fast-growing organization, cannot turn a walk of a few hundred entries into a sort of
 * thousands of rows, or the reverse.
 */
export function organizationPageStatements(
  conditions: { organizationId: number; enrolled?: boolean; standing?: TStanding },
  page: UserPageWindow,
) {
  const { columns, from, params } = filteredUsers(conditions);
  const { keys, order } = sortOf(page);
  const registration: SqlParams = { organizationId: conditions.organizationId };
  // The registration's own filters, written into the count and the walk.
  let filters = '';
  if (conditions.enrolled !== undefined) {
    filters += ' and r.enrolled = :enrolled';
    registration.enrolled = conditions.enrolled;
  }
  if (conditions.standing !== undefined) {
    filters += ' and r.standing = :standing';
    registration.standing = conditions.standing;
  }
  // The walk carries the sort keys as k0, k1…, read from the index.
  const walkKeyColumns = keys.map((_, i) => `walk.k${i}`).join(', ');
  const walkOrder = keys.map((_, i) => `k${i} ${page.direction}`).join(', ');
  return {
    count: {
      text: `select count(*)::int as total from registrations r
        where r.organization_id = :organizationId${filters}`,
      params: registration,
    },
    // The walk reads the sort's index alone; each walked person's registration is looked up by
    // its unique index (`limit 1` keeps that a lookup per person, not a join over all of the
    // organization's registrations); only the page's people are read from the table.
    walk: (walkLength: number): SqlFragment => ({
      text: `select ${columns}
          from (select walk.id, ${walkKeyColumns}, found.*
                  from (select u.id, ${sortKeyColumns(keys)} from users u
                         order by ${order} limit :walkLength) walk
                  join lateral (select r.enrolled, r.registered_at, r.review_state, r.standing
                     from registrations r
                     where r.user_id = walk.id and r.organization_id = :organizationId${filters}
                     limit 1) found
                    on true
                 order by ${walkOrder} limit :limit offset :offset) r
          join users u on u.id = r.id
        order by ${order}`,
      params: { ...registration, walkLength, limit: page.limit, offset: page.offset },
    }),
    sorted: {
      text: `with people as materialized (select ${columns} ${from})
        select * from people u order by ${order} limit :limit offset :offset`,
      params: { ...params, limit: page.limit, offset: page.offset },
    },
  };
}

export const organizationPeopleCount = async (em: EntityManager, statement: SqlFragment) =>
  (await queryComposed<{ total: number }>(em, 'organization-people-count', statement))[0]?.total ??
  0;
export const organizationPeopleWalk = (em: EntityManager, statement: SqlFragment) =>
  queryComposed<UserRow>(em, 'organization-people-walk', statement);
export const organizationPeopleSorted = (em: EntityManager, statement: SqlFragment) =>
  queryComposed<UserRow>(em, 'organization-people-sorted', statement);

/**
 * One page of the unfiltered list from an anchor (the sort key of a row at or before it): the
 * page's ids come from an index-only scan of the sort's index that starts at the anchor and
 * skips `skip` entries; only the rows shown are read from the table.
 */
export function anchoredPage(
  page: UserPageWindow,
  anchor: readonly unknown[] | undefined,
  skip: number,
): SqlFragment {
  const { keys, order } = sortOf(page);
  const params: SqlParams = { limit: page.limit, skip };
  let seek = '';
  if (anchor) {
    const names = keys.map((_, i) => `anchor${i}`);
    names.forEach((name, i) => {
      params[name] = anchor[i];
    });
    seek = `where (${keys.join(', ')}) ${page.direction === 'asc' ? '>=' : '<='} (${names.map((name) => `:${name}`).join(', ')})`;
  }
  return {
    text: `select ${USER_COLUMNS} from users u
      join (select u.id from users u ${seek} order by ${order} limit :limit offset :skip) page
        on page.id = u.id
      order by ${order}`,
    params,
  };
}

/** An anchored page and the number of users with an id above `maxId`, in one statement. */
export function anchoredPageWithAdded(
  em: EntityManager,
  page: UserPageWindow,
  anchored: SqlFragment,
  maxId: number,
) {
  return queryComposed<UserRow & { added: number }>(em, 'users-anchored-page', {
    text: `select added.count as added, u.*
       from (select count(*)::int as count from users where id > :maxId) added
       left join lateral (${anchored.text}) u on true
      order by ${sortOf(page).order}`,
    params: { ...anchored.params, maxId },
  });
}

/**
 * The order snapshot's single statement (one MVCC snapshot for the count and the anchors): how
 * many users, the highest id, and the sort key (k0, k1…) of every `step`-th user in the order.
 */
export function snapshotStatement(order: UserOrder, step: number): SqlFragment {
  const { keys, order: orderBy } = sortOf(order);
  return {
    text: `with counted as (select count(*)::int as total, coalesce(max(id), 0)::int as max_id from users)
    select counted.total, counted.max_id, s.* from counted
      left join (select * from (
          select ${sortKeyColumns(keys)}, row_number() over (order by ${orderBy}) as rn from users u) ordered
        where (rn - 1) % :step = 0) s on true
    order by s.rn`,
    params: { step },
  };
}

/** The snapshot's rows: total and max_id on each; rn and k0, k1… per anchor (none: rn null). */
export const snapshotRows = (em: EntityManager, statement: SqlFragment) =>
  queryComposed<Record<string, unknown> & { total: number; max_id: number; rn: number | null }>(
    em,
    'users-order-snapshot',
    statement,
  );

/** The sort key values of a snapshot row, in the sort's key order. */
export const anchorOf = (order: UserOrder, row: Record<string, unknown>): unknown[] =>
  sortOf(order).keys.map((_, i) => row[`k${i}`]);

/** User Info's statements: of every organization (:organizationId null), or of one. */
type OfUser = { userId: number; organizationId: number | null };

const ORGANIZATIONS_OF_USER = sql<OfUser>(
  'organizations-of-user',
  `select o.id, o.name, r.enrolled, r.id as registration_id, r.review_state, r.registered_at,
          r.reviewed_at, (r.review_state = 'approved' or r.resume_state is not distinct from 'approved') as approved,
          ${STANDING_COLUMNS}
     from registrations r
     join organizations o on o.id = r.organization_id
    where r.user_id = :userId
      and (:organizationId::int is null or r.organization_id = :organizationId::int)
    order by lower(o.name), o.id`,
);
/**
 * The organizations a person registered for, by name, with the registration's enrollment,
 * review and standing.
 */
export const organizationsOfUser = (em: EntityManager, params: OfUser) =>
  query<
    {
      id: number;
      name: string;
      enrolled: boolean;
      registration_id: number;
      review_state: TReviewState;
      registered_at: Date;
      reviewed_at: Date | null;
      /** Approved, or approved and waiting for an item sent from My registrations. */
      approved: boolean;
    } & StandingColumns,
    typeof params
  >(em, ORGANIZATIONS_OF_USER, params);

// Within one organization, the companies of the person's registration with it.
const COMPANIES_OF_USER = sql<OfUser>(
  'companies-of-user',
  `select c.id, c.name from user_companies uc join companies c on c.id = uc.company_id
    where uc.user_id = :userId
      and (:organizationId::int is null or exists (
            select 1 from registrations r
             where r.user_id = uc.user_id and r.company_id = uc.company_id
               and r.organization_id = :organizationId::int))
    order by lower(c.name), c.id`,
);
/** The service providers a person works for, by name. */
export const companiesOfUser = (em: EntityManager, params: OfUser) =>
  query<{ id: number; name: string }, typeof params>(em, COMPANIES_OF_USER, params);

interface CertificationRow {
  id: number;
  number: string;
  expires_on: string;
  agency_id: number | null;
  agency_name: string;
  type_id: number | null;
  type_name: string;
  document_id: string | null;
}

// Within one organization, the certifications of the person's registration with it.
const CERTIFICATIONS_OF_USER = sql<OfUser>(
  'certifications-of-user',
  `select c.id, c.number, to_char(c.expires_on, 'YYYY-MM-DD') as expires_on, c.agency_id,
          c.agency_name, c.type_id, c.type_name, c.document_id
     from certifications c
    where c.user_id = :userId
      and (:organizationId::int is null or c.registration_id in (
            select r.id from registrations r
             where r.user_id = :userId and r.organization_id = :organizationId::int))
    order by c.expires_on desc, c.id`,
);
/** A person's certifications, the latest expiry first. */
export const certificationsOfUser = (em: EntityManager, params: OfUser) =>
  query<CertificationRow, typeof params>(em, CERTIFICATIONS_OF_USER, params);

// users_email_lower_unique
const ID_BY_EMAIL = sql<{ email: string }>(
  'user-id-by-email',
  'select id from users where lower(email) = :email',
);
/** The person with this email (given normalized: trimmed, lower case). */
export const userIdByEmail = async (em: EntityManager, params: { email: string }) =>
  (await query<{ id: number }, typeof params>(em, ID_BY_EMAIL, params))[0];

/**
 * Enrolls the organization's not yet enrolled registrations (those of people matching the
 * search, when one is given); answers the people enrolled.
 */
export function enrollRegistrations(
  em: EntityManager,
  enrollment: { organizationId: number; search?: SqlFragment },
) {
  const match = enrollment.search
    ? `and r.user_id in (select u.id from users u where ${enrollment.search.text})`
    : '';
  return queryComposed<{ user_id: number }>(em, 'enroll-all', {
    text: `update registrations r set enrolled = true, updated_at = now()
        where r.organization_id = :organizationId and r.enrolled = false ${match}
        returning r.user_id`,
    params: { ...enrollment.search?.params, organizationId: enrollment.organizationId },
  });
}
