import type { EntityManager } from '@mikro-orm/postgresql';
import type { TCredentialTypeRecord } from '../../../../shared/credential-types.js';
import { queryComposed, type SqlFragment } from '../../db/sql.js';

// Every statement of the credentials module: the credential types staff keep.

interface TypePage {
  /** 'id', or anything else for the name. */
  sort: string;
  direction: 'asc' | 'desc';
  offset: number;
  limit: number;
}

/** One page of credential types matching `where` (alias `n`, as nameListWhere writes it). */
export function credentialTypePage(em: EntityManager, where: SqlFragment, page: TypePage) {
  return queryComposed<TCredentialTypeRecord>(em, 'credential-types-page', {
    text: `select n.id, n.name, n.holder, n.expires, n.facts from credential_types n ${where.text}
      order by ${page.sort === 'id' ? 'n.id' : 'lower(n.name)'} ${page.direction}, n.id ${page.direction}
      limit :limit offset :offset`,
    params: { ...where.params, limit: page.limit, offset: page.offset },
  });
}

/** How many credential types match `where`. */
export async function countCredentialTypes(em: EntityManager, where: SqlFragment) {
  const [row] = await queryComposed<{ total: number }>(em, 'credential-types-count', {
    text: `select count(*)::int as total from credential_types n ${where.text}`,
    params: where.params,
  });
  return row?.total ?? 0;
}
