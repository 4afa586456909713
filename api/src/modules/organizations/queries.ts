import type { EntityManager } from '@mikro-orm/postgresql';
import type { TRegistrationValidity } from '../../../../shared/standing.js';
import { idIn, query, queryComposed, type SqlFragment, sql, whereAll } from '../../db/sql.js';

// Every statement of the organizations module. Services decide which to run; these return rows.

export interface OrganizationRow {
  id: number;
  name: string;
  form_hash: string;
  primary_email: string;
  extra_emails: string[];
  report_frequency: string;
  allowed_until: string;
  required_certifications: number;
  form_banner: string;
  home_banner: string;
  internal_notes: string;
  embed_origins: string[];
  calibration_interval_months: number;
  accept_expired_certifications: boolean;
  registration_validity: TRegistrationValidity;
  suspend_on_expiry: boolean;
  require_two_factor: boolean;
  directory_enabled: boolean;
  directory_slug: string | null;
  directory_intro: string | null;
  directory_disclaimer: string | null;
  directory_noindex: boolean;
  created_at: Date;
  created_on: string;
}

const ORGANIZATION_COLUMNS = `o.id, o.name, o.form_hash, o.primary_email, o.extra_emails,
  o.report_frequency, to_char(o.allowed_until, 'YYYY-MM-DD') as allowed_until,
  o.required_certifications, o.form_banner, o.home_banner, o.internal_notes, o.embed_origins,
  o.calibration_interval_months, o.accept_expired_certifications, o.registration_validity,
  o.suspend_on_expiry, o.require_two_factor, o.directory_enabled, o.directory_slug, o.directory_intro,
  o.directory_disclaimer, o.directory_noindex, o.created_at,
  to_char(o.created_at at time zone 'UTC', 'YYYY-MM-DD') as created_on`;

/** What a list reads of each organization: its whole row, or the id and name a search answers. */
const SELECTIONS = { row: ORGANIZATION_COLUMNS, idAndName: 'o.id, o.name' } as const;
type Selection = keyof typeof SELECTIONS;
type SelectedRow<S extends Selection> = S extends 'row'
  ? OrganizationRow
  : Pick<OrganizationRow, 'id' | 'name'>;

/** The list's sorts, each an index's leading column. */
const SORT_KEYS: Record<string, string> = {
  id: 'o.id',
  name: 'lower(o.name)',
  allowedUntil: 'o.allowed_until',
  createdAt: 'o.created_at',
};
export const ORGANIZATION_SORT_FIELDS = Object.keys(SORT_KEYS);

const BY_ID = sql<{ id: number }>(
  'organization-by-id',
  `select ${ORGANIZATION_COLUMNS} from organizations o where o.id = :id`,
);
export const organizationById = async (em: EntityManager, params: { id: number }) =>
  (await query<OrganizationRow, { id: number }>(em, BY_ID, params))[0];

const NAME_BY_ID = sql<{ id: number }>(
  'organization-name-by-id',
  'select id, name from organizations where id = :id',
);
export const organizationNameById = async (em: EntityManager, params: { id: number }) =>
  (await query<{ id: number; name: string }, { id: number }>(em, NAME_BY_ID, params))[0];

// organizations_name_lower_unique
const ID_BY_NAME = sql<{ name: string }>(
  'organization-id-by-name',
  'select id from organizations where lower(name) = lower(:name)',
);
export const organizationIdByName = async (em: EntityManager, params: { name: string }) =>
  (await query<{ id: number }, { name: string }>(em, ID_BY_NAME, params))[0];

// organizations_directory_slug_unique
const DIRECTORY_SLUG_HOLDER = sql<{ slug: string; organizationId: number | null }>(
  'organization-directory-slug-holder',
  `select id from organizations
    where directory_slug = :slug and (:organizationId::int is null or id <> :organizationId::int)`,
);
/** Another organization whose directory has this address, if any. */
export const directorySlugHolder = async (
  em: EntityManager,
  params: { slug: string; organizationId: number | null },
) => (await query<{ id: number }, typeof params>(em, DIRECTORY_SLUG_HOLDER, params))[0];

const AGENCY_IDS = sql<{ organizationIds: number[] }>(
  'organization-agency-ids',
  `select organization_id, agency_id from organization_agencies
    where organization_id in (:organizationIds) order by agency_id`,
);
/** The enabled agencies' ids of each organization (none given, none read). */
export const agencyIdsOfOrganizations = (
  em: EntityManager,
  params: { organizationIds: number[] },
) => query<{ organization_id: number; agency_id: number }, typeof params>(em, AGENCY_IDS, params);

const AGENCIES_WITH_TYPES = sql<{ organizationId: number }>(
  'organization-agencies-with-types',
  `select a.id as agency_id, a.name as agency, t.id as type_id, t.name as type
     from organization_agencies oa
     join certification_agencies a on a.id = oa.agency_id
     left join agency_types at on at.agency_id = a.id
     left join certification_types t on t.id = at.type_id
    where oa.organization_id = :organizationId
    order by lower(a.name), a.id, lower(t.name), t.id`,
);
/** The organization's enabled agencies, each with its types (a row per pair, or per lone agency). */
export const agenciesWithTypes = (em: EntityManager, params: { organizationId: number }) =>
  query<
    { agency_id: number; agency: string; type_id: number | null; type: string | null },
    typeof params
  >(em, AGENCIES_WITH_TYPES, params);

const AGENCY_IDS_NAMED = sql<{ names: string[] }>(
  'agency-ids-named',
  'select id from certification_agencies where lower(name) in (:names) order by id',
);
/** The agencies with these names (lower case). */
export const agencyIdsNamed = (em: EntityManager, params: { names: string[] }) =>
  query<{ id: number }, typeof params>(em, AGENCY_IDS_NAMED, params);

export interface OrganizationConditions {
  ids?: number[];
  /** A to_tsquery text of word prefixes. */
  words?: string;
  /** Active or inactive on this date (YYYY-MM-DD). */
  status?: { active: boolean; today: string };
}

/** The where clause of a filtered list, with its values. */
export function organizationWhere(conditions: OrganizationConditions): SqlFragment {
  const { words, status } = conditions;
  return whereAll([
    idIn('o.id', conditions.ids),
    // organizations_name_words_idx
    words !== undefined && {
      text: "o.name_words @@ to_tsquery('simple', :words)",
      params: { words },
    },
    status && {
      text: `o.allowed_until ${status.active ? '>=' : '<'} :today::date`,
      params: { today: status.today },
    },
  ]);
}

export interface OrganizationPage {
  direction: 'asc' | 'desc';
  offset: number;
  limit: number;
}

/**
 * The first `cap` + 1 matches of a word search through the words index (id and name only),
 * counted, with the page of them sorted by name and joined to its rows.
 */
export function countedWordMatches<S extends Selection>(
  em: EntityManager,
  search: { select: S; where: SqlFragment; cap: number; page: OrganizationPage },
) {
  const { direction } = search.page;
  return queryComposed<SelectedRow<S> & { total: number; id: number | null }>(
    em,
    'organization-word-matches',
    {
      text: `with matches as materialized (
       select o.id, lower(o.name) as name_key from organizations o ${search.where.text}
        limit ${search.cap + 1})
     select counted.total, ${SELECTIONS[search.select]}
       from (select count(*)::int as total from matches) counted
       left join lateral (select * from matches
                           order by name_key ${direction}, id ${direction}
                           limit :limit offset :offset) m on true
       left join organizations o on o.id = m.id
      order by m.name_key ${direction}, m.id ${direction}`,
      params: { ...search.where.params, limit: search.page.limit, offset: search.page.offset },
    },
  );
}

/** One page of the organizations matching `where`, in a sort's order (by name if unknown) then id. */
export function organizationPage<S extends Selection>(
  em: EntityManager,
  list: { select: S; where: SqlFragment; sort: string; page: OrganizationPage },
) {
  const { direction } = list.page;
  return queryComposed<SelectedRow<S>>(em, 'organization-page', {
    text: `select ${SELECTIONS[list.select]} from organizations o ${list.where.text}
      order by ${SORT_KEYS[list.sort] ?? SORT_KEYS.name} ${direction}, o.id ${direction}
      limit :limit offset :offset`,
    params: { ...list.where.params, limit: list.page.limit, offset: list.page.offset },
  });
}

/** How many organizations match `where`; with a cap, at most cap + 1 are counted. */
export async function countOrganizations(
  em: EntityManager,
  where: SqlFragment,
  cap?: number,
): Promise<number> {
  const [row] = await queryComposed<{ total: number }>(em, 'organization-count', {
    text:
      cap === undefined
        ? `select count(*)::int as total from organizations o ${where.text}`
        : `select count(*)::int as total from (
           select 1 from organizations o ${where.text} limit ${cap + 1}) o`,
    params: where.params,
  });
  return row?.total ?? 0;
}

const statusList = (comparison: '>=' | '<') =>
  sql<{ today: string }>(
    `organizations-${comparison === '>=' ? 'active' : 'inactive'}`,
    `select id, name, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as created_on,
            to_char(allowed_until, 'YYYY-MM-DD') as allowed_until
       from organizations where allowed_until ${comparison} :today::date
      order by lower(name), id`,
  );
const ACTIVE = statusList('>=');
const INACTIVE = statusList('<');
/** Every active (or inactive) organization on a date, by name. */
export const organizationsOfStatus = (
  em: EntityManager,
  params: { active: boolean; today: string },
) =>
  query<{ id: number; name: string; created_on: string; allowed_until: string }, { today: string }>(
    em,
    params.active ? ACTIVE : INACTIVE,
    { today: params.today },
  );

const REGISTRATION_COUNT = sql<{ organizationId: number }>(
  'organization-registration-count',
  'select count(*)::int as total from registrations where organization_id = :organizationId',
);
export const registrationCount = async (em: EntityManager, params: { organizationId: number }) =>
  (await query<{ total: number }, typeof params>(em, REGISTRATION_COUNT, params))[0]?.total ?? 0;

const NAMES = sql(
  'organization-names',
  'select id, name from organizations order by lower(name), id',
);
/** Every organization's id and name, by name. */
export const allOrganizationNames = (em: EntityManager) =>
  query<{ id: number; name: string }, Record<string, never>>(em, NAMES, {});
