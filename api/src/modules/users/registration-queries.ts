import type { EntityManager } from '@mikro-orm/postgresql';
import type { TStanding } from '../../../../shared/standing.js';
import { idIn, queryComposed, type SqlFragment, whereAll } from '../../db/sql.js';
import { STANDING_COLUMNS, type StandingColumns } from '../standing/queries.js';

// The registrations resource's statements: one page of registrations with their person's and
// organization's names and their standing, filtered, and the total.

interface RegistrationRow extends StandingColumns {
  id: number;
  user_id: number;
  organization_id: number;
  company_id: number | null;
  enrolled: boolean;
  registered_at: Date;
  first_name: string;
  last_name: string;
  email: string;
  type: string;
  organization_name: string;
}

export interface RegistrationConditions {
  ids?: number[];
  organizationId?: number;
  userId?: number;
  enrolled?: boolean;
  /** Inclusive lower bound (instant). */
  from?: Date;
  /** Exclusive upper bound (instant). */
  before?: Date;
  standing?: TStanding;
}

// registrations_organization_registered_at_idx serves organization + date range + order;
// registrations_registered_at_idx serves the date range across organizations.
const REGISTRATION_SORTS: Record<string, (direction: string) => string> = {
  registeredAt: (d) => `r.registered_at ${d}, r.id ${d}`,
  id: (d) => `r.id ${d}`,
};
export const REGISTRATION_SORT_FIELDS = Object.keys(REGISTRATION_SORTS);

function registrationWhere(conditions: RegistrationConditions): SqlFragment {
  const { organizationId, userId, enrolled, from, before, standing } = conditions;
  return whereAll([
    idIn('r.id', conditions.ids),
    organizationId !== undefined && {
      text: 'r.organization_id = :organizationId',
      params: { organizationId },
    },
    userId !== undefined && { text: 'r.user_id = :userId', params: { userId } },
    enrolled !== undefined && { text: 'r.enrolled = :enrolled', params: { enrolled } },
    from && { text: 'r.registered_at >= :from', params: { from } },
    before && { text: 'r.registered_at < :before', params: { before } },
    standing && { text: 'r.standing = :standing', params: { standing } },
  ]);
}

/** One page of registrations with their person's and organization's names, and the total. */
export async function registrationPage(
  em: EntityManager,
  conditions: RegistrationConditions,
  page: { sort: string; direction: 'asc' | 'desc'; offset: number; limit: number },
) {
  const where = registrationWhere(conditions);
  const order = (REGISTRATION_SORTS[page.sort] ?? REGISTRATION_SORTS.registeredAt)?.(
    page.direction,
  );
  const rows = await queryComposed<RegistrationRow>(em, 'registrations-page', {
    text: `select r.id, r.user_id, r.organization_id, r.company_id, r.enrolled, r.registered_at,
            u.first_name, u.last_name, u.email, u.type, o.name as organization_name,
            ${STANDING_COLUMNS}
       from registrations r
       join users u on u.id = r.user_id
       join organizations o on o.id = r.organization_id
       ${where.text} order by ${order} limit :limit offset :offset`,
    params: { ...where.params, limit: page.limit, offset: page.offset },
  });
  const [count] = await queryComposed<{ total: number }>(em, 'registrations-count', {
    text: `select count(*)::int as total from registrations r ${where.text}`,
    params: where.params,
  });
  return { rows, total: count?.total ?? 0 };
}
