import type { EntityManager } from '@mikro-orm/postgresql';
import { escapeLike } from '../../db/like.js';
import { idIn, query, queryComposed, type SqlFragment, sql, whereAll } from '../../db/sql.js';

// Every statement of the certifications module: agencies, types and which types each agency
// certifies; also the org_associated_certs expression other modules' statements embed.

/** The two named lists: certification agencies and certification types. */
const TABLES = { agencies: 'certification_agencies', types: 'certification_types' } as const;
export type NamedList = keyof typeof TABLES;

interface NameConditions {
  ids?: number[];
  /** Part of the name, case-insensitive. */
  q?: string;
}

/** The where clause of a named list (alias `n`), with its values. */
export function nameListWhere(conditions: NameConditions): SqlFragment {
  const q = conditions.q?.trim();
  return whereAll([
    idIn('n.id', conditions.ids),
    q
      ? {
          text: 'lower(n.name) like :pattern',
          params: { pattern: `%${escapeLike(q.toLowerCase())}%` },
        }
      : undefined,
  ]);
}

interface NamedPage {
  /** 'id', or anything else for the name. */
  sort: string;
  direction: 'asc' | 'desc';
  offset: number;
  limit: number;
}

/** One page of agencies or types: id and name. */
export function namedPage(
  em: EntityManager,
  list: { table: NamedList; where: SqlFragment; page: NamedPage },
) {
  const { sort, direction } = list.page;
  return queryComposed<{ id: number; name: string }>(em, `${list.table}-page`, {
    text: `select n.id, n.name from ${TABLES[list.table]} n ${list.where.text}
      order by ${sort === 'id' ? 'n.id' : 'lower(n.name)'} ${direction}, n.id ${direction}
      limit :limit offset :offset`,
    params: { ...list.where.params, limit: list.page.limit, offset: list.page.offset },
  });
}

/** How many agencies or types match `where`. */
export async function countNamed(
  em: EntityManager,
  list: { table: NamedList; where: SqlFragment },
): Promise<number> {
  const [row] = await queryComposed<{ total: number }>(em, `${list.table}-count`, {
    text: `select count(*)::int as total from ${TABLES[list.table]} n ${list.where.text}`,
    params: list.where.params,
  });
  return row?.total ?? 0;
}

const TYPES_OF_AGENCIES = sql<{ agencyIds: number[] }>(
  'types-of-agencies',
  `select at.agency_id, t.id as type_id, t.name as type
     from agency_types at join certification_types t on t.id = at.type_id
    where at.agency_id in (:agencyIds) order by lower(t.name), t.id`,
);
/** The types each of these agencies certifies, by name. */
export const typesOfAgencies = (em: EntityManager, params: { agencyIds: number[] }) =>
  query<{ agency_id: number; type_id: number; type: string }, typeof params>(
    em,
    TYPES_OF_AGENCIES,
    params,
  );

// certification_agencies_name_lower_unique, certification_types_name_lower_unique
const ID_BY_NAME = {
  agencies: sql<{ name: string }>(
    'agency-id-by-name',
    'select id from certification_agencies where lower(name) = lower(:name)',
  ),
  types: sql<{ name: string }>(
    'type-id-by-name',
    'select id from certification_types where lower(name) = lower(:name)',
  ),
};
/** The agency or type with this name (case-insensitive). */
export const idOfName = async (em: EntityManager, params: { table: NamedList; name: string }) =>
  (await query<{ id: number }, { name: string }>(em, ID_BY_NAME[params.table], params))[0];

/**
 * org_associated_certs as a SQL expression of an organization id column (`o.id`): each agency
 * the organization enables with the types linked to it, keyed by id strings; the shape of
 * toAssociatedCertifications (service.ts), for statements that answer it in one read.
 */
export const associatedCertificationsSql = (organizationId: string) => `coalesce((
  select jsonb_object_agg(a.id::text, jsonb_build_object(
    'agency', a.name,
    'associatedTypes', coalesce((
      select jsonb_object_agg(t.id::text, t.name)
        from agency_types l join certification_types t on t.id = l.type_id
       where l.agency_id = a.id), '{}'::jsonb)))
    from organization_agencies oa join certification_agencies a on a.id = oa.agency_id
   where oa.organization_id = ${organizationId}), '{}'::jsonb)`;
