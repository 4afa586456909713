import type { EntityManager } from '@mikro-orm/postgresql';
import type { TOrganizationRole } from '../../../../shared/organization-roles.js';
import { idIn, query, queryComposed, sql, whereAll } from '../../db/sql.js';

// The statements of an organization's people: a person's organizations (their memberships), an
// organization's people, and where their sessions work.

export interface MembershipOrganizationRow {
  organization_id: number;
  name: string;
  role: TOrganizationRole;
}

// organization_memberships_staff_organization_unique
const ORGANIZATIONS_OF_PERSON = sql<{ staffId: number }>(
  'organization-people-of-person',
  `select m.organization_id, o.name, m.role
     from organization_memberships m join organizations o on o.id = m.organization_id
    where m.staff_id = :staffId
    order by lower(o.name), o.id`,
);
/** The organizations a person holds a role in, by name. */
export const organizationsOfPerson = (em: EntityManager, params: { staffId: number }) =>
  query<MembershipOrganizationRow, typeof params>(em, ORGANIZATIONS_OF_PERSON, params);

const REQUIRES_TWO_FACTOR = sql<{ staffId: number }>(
  'organization-people-require-two-factor',
  `select true as required
     from organization_memberships m join organizations o on o.id = m.organization_id
    where m.staff_id = :staffId and o.require_two_factor
    limit 1`,
);
/** Whether an organization the person holds a role in requires two-step sign-in. */
export const organizationRequiresTwoFactorOf = async (
  em: EntityManager,
  params: { staffId: number },
) =>
  (await query<{ required: boolean }, typeof params>(em, REQUIRES_TWO_FACTOR, params)).length > 0;

export interface OrganizationPersonRow {
  id: number;
  organization_id: number;
  staff_id: number;
  role: TOrganizationRole;
  created_at: Date;
  email: string;
  name: string;
  active: boolean;
  password_hash_set: boolean;
  google_subject_set: boolean;
  totp_enabled: boolean;
  last_login_at: Date | null;
  total: string;
}

const ORGANIZATION_PEOPLE_SORTS: Record<string, string> = {
  email: 'lower(a.email)',
  name: 'lower(a.name)',
  role: 'm.role',
  createdAt: 'm.created_at',
  id: 'm.id',
};
export const ORGANIZATION_PEOPLE_SORT_FIELDS = Object.keys(ORGANIZATION_PEOPLE_SORTS);

/** One page of memberships (of an organization, or every one) with their people, and the total. */
export function organizationPeoplePage(
  em: EntityManager,
  params: {
    organizationId: number | undefined;
    ids: number[] | undefined;
    sort: string;
    descending: boolean;
    limit: number;
    offset: number;
  },
) {
  const key = ORGANIZATION_PEOPLE_SORTS[params.sort] ?? 'lower(a.email)';
  const direction = params.descending ? 'desc' : 'asc';
  const where = whereAll([
    params.organizationId === undefined
      ? undefined
      : {
          text: 'm.organization_id = :organizationId',
          params: { organizationId: params.organizationId },
        },
    idIn('m.id', params.ids),
  ]);
  return queryComposed<OrganizationPersonRow>(em, 'organization-people-page', {
    text: `select m.id, m.organization_id, m.staff_id, m.role, m.created_at, a.email, a.name,
                  a.active, a.password_hash is not null as password_hash_set,
                  a.google_subject is not null as google_subject_set,
                  a.totp_enabled_at is not null as totp_enabled, a.last_login_at,
                  count(*) over () as total
             from organization_memberships m join staff_accounts a on a.id = m.staff_id
           ${where.text}
            order by ${key} ${direction}, m.id ${direction}
            limit :limit offset :offset`,
    params: { ...where.params, limit: params.limit, offset: params.offset },
  });
}

// Sessions of a person that work in an organization they no longer hold a role in move to
// another of theirs (the first by name), or end when none is left.
const MOVE_SESSIONS = sql<{ staffId: number; organizationId: number }>(
  'organization-people-move-sessions',
  `update staff_sessions s
      set organization_id = (select m.organization_id
                               from organization_memberships m
                               join organizations o on o.id = m.organization_id
                              where m.staff_id = s.staff_id
                              order by lower(o.name), o.id limit 1),
          revoked_at = case when exists (select 1 from organization_memberships m
                                          where m.staff_id = s.staff_id)
                            then s.revoked_at else coalesce(s.revoked_at, now()) end
    where s.staff_id = :staffId and s.organization_id = :organizationId and s.revoked_at is null`,
);
export const moveSessionsOff = async (
  em: EntityManager,
  params: { staffId: number; organizationId: number },
) => {
  await query(em, MOVE_SESSIONS, params);
};

const SWITCH_SESSION = sql<{ sessionId: string; organizationId: number }>(
  'organization-people-switch-session',
  `update staff_sessions s set organization_id = :organizationId
    where s.id = :sessionId
      and exists (select 1 from organization_memberships m
                   where m.staff_id = s.staff_id and m.organization_id = :organizationId)
    returning s.id`,
);
/** Moves a session to another of its person's organizations; false when they hold no role there. */
export const switchSession = async (
  em: EntityManager,
  params: { sessionId: string; organizationId: number },
) => (await query<{ id: string }, typeof params>(em, SWITCH_SESSION, params)).length > 0;
