import type { EntityManager } from '@mikro-orm/postgresql';
import { todayInProgramZone } from '../../../../shared/program-zone.js';
import type { TOrganizationStatus } from '../../../../shared/staff.js';
import { wordPrefixQuery } from '../../db/word-prefix.js';
import { inScope, type OrganizationScope, organizationIds } from '../organization-access/scope.js';
import {
  allOrganizationNames,
  countedWordMatches,
  countOrganizations,
  ORGANIZATION_SORT_FIELDS,
  type OrganizationConditions,
  organizationPage,
  organizationsOfStatus,
  organizationWhere,
  registrationCount,
} from './queries.js';
import { type OrganizationView, viewsFor } from './views.js';

// Finding organizations: the console's list (word search, paging, sorting), the name search,
// the active and inactive lists, and their counts and names.

interface OrganizationFilter {
  ids?: number[];
  /** Word prefixes of the name. */
  q?: string;
  status?: TOrganizationStatus;
}

export { ORGANIZATION_SORT_FIELDS };

function conditionsOf(filter: OrganizationFilter): OrganizationConditions {
  const words = filter.q === undefined ? undefined : wordPrefixQuery(filter.q);
  return {
    ids: filter.ids,
    words,
    status: filter.status && { active: filter.status === 'active', today: todayInProgramZone() },
  };
}

/**
 * A word search counts its matches up to this many; past it the total is "more than" (null).
 * An exact count of a common word reads every match (most of a large table), while the page
 * itself reads a few rows; no registration program has this many organizations.
 */
export const WORD_SEARCH_COUNT_CAP = 2000;

type Page = { order: 'asc' | 'desc'; offset: number; limit: number };

/**
 * One page of the organizations matching a word search, in name order, and their count up to
 * WORD_SEARCH_COUNT_CAP. One statement reads the first CAP + 1 matches through the words index
 * (id and name only), counts them and, when that is all of them, sorts them for the page and
 * joins the page's rows; a word matching more organizations is common enough that walking the
 * name order fills the page early, so that is the second plan (total null).
 */
async function wordSearchPage<S extends 'row' | 'idAndName'>(
  em: EntityManager,
  select: S,
  conditions: OrganizationConditions,
  page: Page,
) {
  const where = organizationWhere(conditions);
  const organizations = { direction: page.order, offset: page.offset, limit: page.limit };
  const found = await countedWordMatches(em, {
    select,
    where,
    cap: WORD_SEARCH_COUNT_CAP,
    page: organizations,
  });
  const total = found[0]?.total ?? 0;
  if (total <= WORD_SEARCH_COUNT_CAP) {
    return { rows: found.filter((row) => row.id !== null), total };
  }
  const rows = await organizationPage(em, { select, where, sort: 'name', page: organizations });
  return { rows, total: null };
}

export async function listOrganizations(
  em: EntityManager,
  filter: OrganizationFilter,
  page: { sort: string; order: 'ASC' | 'DESC'; offset: number; limit: number },
): Promise<{ rows: OrganizationView[]; total: number | null }> {
  const conditions = conditionsOf(filter);
  const direction = page.order === 'DESC' ? 'desc' : 'asc';
  const byName = !ORGANIZATION_SORT_FIELDS.includes(page.sort) || page.sort === 'name';
  const wordSearch = conditions.words !== undefined;
  if (byName && wordSearch) {
    const found = await wordSearchPage(em, 'row', conditions, {
      order: direction,
      offset: page.offset,
      limit: page.limit,
    });
    return { rows: await viewsFor(em, found.rows), total: found.total };
  }
  const where = organizationWhere(conditions);
  // The page and the total are independent: asked at once, on two connections.
  const [rows, total] = await Promise.all([
    organizationPage(em, {
      select: 'row',
      where,
      sort: page.sort,
      page: { direction, offset: page.offset, limit: page.limit },
    }),
    countOrganizations(em, where, wordSearch ? WORD_SEARCH_COUNT_CAP : undefined),
  ]);
  return {
    rows: await viewsFor(em, rows),
    total: total > WORD_SEARCH_COUNT_CAP ? null : total,
  };
}

/** Organizations whose name has a word starting with each typed word: [{id, name}]. */
export async function searchOrganizations(
  em: EntityManager,
  scope: OrganizationScope,
  text: string,
  limit = 50,
): Promise<{ id: number; name: string }[]> {
  const words = wordPrefixQuery(text);
  if (!words) return [];
  const found = await wordSearchPage(
    em,
    'idAndName',
    { words, ids: organizationIds(scope, undefined) },
    { order: 'asc', offset: 0, limit },
  );
  return found.rows.map(({ id, name }) => ({ id, name }));
}

/** Every organization of one status the request may touch, by name: the active and inactive lists. */
export async function organizationsByStatus(
  em: EntityManager,
  scope: OrganizationScope,
  status: TOrganizationStatus,
): Promise<{ id: number; name: string; createdOn: string; allowedUntil: string }[]> {
  const rows = await organizationsOfStatus(em, {
    active: status === 'active',
    today: todayInProgramZone(),
  });
  return rows
    .filter((row) => inScope(scope, row.id))
    .map((row) => ({
      id: row.id,
      name: row.name,
      createdOn: row.created_on,
      allowedUntil: row.allowed_until,
    }));
}

/** How many people registered for the organization. */
export function countRegistrations(em: EntityManager, organizationId: number): Promise<number> {
  return registrationCount(em, { organizationId });
}

/** id → name of every organization the request may touch, by name. */
export async function organizationNames(
  em: EntityManager,
  scope: OrganizationScope,
): Promise<Record<string, string>> {
  const rows = (await allOrganizationNames(em)).filter((row) => inScope(scope, row.id));
  return Object.fromEntries(rows.map((row) => [String(row.id), row.name]));
}
