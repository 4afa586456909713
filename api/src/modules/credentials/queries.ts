import type { EntityManager } from '@mikro-orm/postgresql';
import type { TCredentialTypeRecord } from '../../../../shared/credential-types.js';
import type { TCredentialTypeRequirement } from '../../../../shared/organization-requirements.js';
import { query, queryComposed, type SqlFragment, sql } from '../../db/sql.js';

// Every statement of the credentials module: the credential types staff keep, and the ones each
// organization asks for.

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

const REQUIREMENTS_OF_ORGANIZATION = sql<{ organizationId: number }>(
  'credential-requirements-of-organization',
  `select t.id, t.name, t.holder, t.expires, t.facts, r.required,
      r.minimum_coverage::float8 as "minimumCoverage", r.additional_insured as "additionalInsured"
    from organization_credential_requirements r
    join credential_types t on t.id = r.credential_type_id
   where r.organization_id = :organizationId
   order by t.holder, lower(t.name), t.id`,
);
/** The credential types an organization asks for, with what it asks: the company's first. */
export const requirementsOfOrganization = (em: EntityManager, params: { organizationId: number }) =>
  query<TCredentialTypeRequirement, typeof params>(em, REQUIREMENTS_OF_ORGANIZATION, params);

/**
 * The credential types an organization asks for as one jsonb list, in the order and with the
 * fields of requirementsOfOrganization, for a statement about the organization in `organizationId`
 * (a column or an expression) that wants them in the same row: the registration link's row.
 */
export const credentialRequirementsJsonSql = (organizationId: string) => `coalesce((
  select jsonb_agg(jsonb_build_object('id', t.id, 'name', t.name, 'holder', t.holder,
           'expires', t.expires, 'facts', to_jsonb(t.facts), 'required', r.required,
           'minimumCoverage', r.minimum_coverage, 'additionalInsured', r.additional_insured)
         order by t.holder, lower(t.name), t.id)
    from organization_credential_requirements r
    join credential_types t on t.id = r.credential_type_id
   where r.organization_id = ${organizationId}), '[]'::jsonb)`;
