import { z } from 'zod';
import { MAX_DATABASE_ID } from '../../../../shared/registration.js';
import { AppError } from '../../errors.js';

// The query dialect of ra-data-simple-rest: sort=["field","ASC"], range=[0,24],
// filter={"q":"…","id":[1,2]} (all JSON in the query string).

/** Longest page a client may ask for (react-admin's export asks for 1,000). */
const MAX_PAGE_ROWS = 1000;

export const ZListQuerystring = z.object({
  sort: z.string().max(200).optional(),
  range: z.string().max(100).optional(),
  filter: z.string().max(4000).optional(),
});
type TListQuerystring = z.infer<typeof ZListQuerystring>;

export interface ListQuery {
  sort: string;
  order: 'ASC' | 'DESC';
  offset: number;
  limit: number;
  filter: Record<string, unknown>;
}

function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw AppError.badRequest(`The ${what} parameter must be JSON.`);
  }
}

export function parseListQuery(
  query: TListQuerystring,
  options: { sortFields: readonly string[]; defaultSort: string; defaultOrder?: 'ASC' | 'DESC' },
): ListQuery {
  let sort = options.defaultSort;
  let order: 'ASC' | 'DESC' = options.defaultOrder ?? 'ASC';
  if (query.sort) {
    const parsed = parseJson(query.sort, 'sort');
    if (!Array.isArray(parsed) || typeof parsed[0] !== 'string') {
      throw AppError.badRequest('sort must look like ["field","ASC"].');
    }
    if (!options.sortFields.includes(parsed[0])) {
      throw AppError.badRequest(
        `Sorting by ${parsed[0]} is not supported; use one of ${options.sortFields.join(', ')}.`,
      );
    }
    sort = parsed[0];
    const direction = String(parsed[1] ?? 'ASC').toUpperCase();
    if (direction !== 'ASC' && direction !== 'DESC') {
      throw AppError.badRequest('The sort order must be ASC or DESC.');
    }
    order = direction;
  }
  let offset = 0;
  let limit = MAX_PAGE_ROWS;
  if (query.range) {
    const parsed = parseJson(query.range, 'range');
    const valid =
      Array.isArray(parsed) &&
      Number.isInteger(parsed[0]) &&
      Number.isInteger(parsed[1]) &&
      parsed[0] >= 0 &&
      parsed[1] >= parsed[0];
    if (!valid) throw AppError.badRequest('range must look like [0,24].');
    offset = parsed[0];
    limit = Math.min(parsed[1] - parsed[0] + 1, MAX_PAGE_ROWS);
  }
  let filter: Record<string, unknown> = {};
  if (query.filter) {
    const parsed = parseJson(query.filter, 'filter');
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
      throw AppError.badRequest('filter must be a JSON object.');
    }
    filter = parsed as Record<string, unknown>;
  }
  return { sort, order, offset, limit, filter };
}

/**
 * The Content-Range header ra-data-simple-rest reads the total from. An uncounted total is
 * written `*` (HTTP's unknown length); the console then pages without a total.
 */
export function contentRange(
  resource: string,
  offset: number,
  count: number,
  total: number | null,
) {
  const length = total ?? '*';
  return count === 0
    ? `${resource} */${length}`
    : `${resource} ${offset}-${offset + count - 1}/${length}`;
}

function toId(value: unknown): number | undefined {
  const id = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 && id <= MAX_DATABASE_ID
    ? id
    : undefined;
}

/** filter.id as getMany sends it (a list) or a single id; undefined when absent. */
export function idsFilter(value: unknown): number[] | undefined {
  if (value === undefined || value === null) return undefined;
  const list = Array.isArray(value) ? value : [value];
  const ids = list.map(toId);
  if (ids.some((id) => id === undefined)) throw AppError.badRequest('filter.id must hold ids.');
  return [...new Set(ids as number[])];
}

/** One id filter (organization, user …); undefined when absent or empty. */
export function idFilter(value: unknown, name: string): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const id = toId(value);
  if (id === undefined) throw AppError.badRequest(`filter.${name} must be an id.`);
  return id;
}

export function booleanFilter(value: unknown, name: string): boolean | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw AppError.badRequest(`filter.${name} must be true or false.`);
}

/** One of a list of values (a role, a standing …); undefined when absent or empty. */
export function oneOfFilter<T extends string>(
  values: readonly T[],
  value: unknown,
  name: string,
): T | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (!(values as readonly unknown[]).includes(value)) {
    throw AppError.badRequest(`filter.${name} must be one of ${values.join(', ')}.`);
  }
  return value as T;
}

export function textFilter(value: unknown, name: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || value.length > 255) {
    throw AppError.badRequest(`filter.${name} must be text of 255 characters or less.`);
  }
  return value.trim() === '' ? undefined : value;
}

/** A date (YYYY-MM-DD, start of that UTC day) or an ISO instant. */
export function instantFilter(value: unknown, name: string, endOfDay = false): Date | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const date = new Date(`${value}T00:00:00Z`);
    if (!Number.isNaN(date.getTime())) {
      return endOfDay ? new Date(date.getTime() + 24 * 60 * 60 * 1000) : date;
    }
  }
  if (typeof value === 'string') {
    const instant = new Date(value);
    if (!Number.isNaN(instant.getTime()) && /^\d{4}-\d{2}-\d{2}T/.test(value)) {
      return endOfDay ? new Date(instant.getTime() + 1) : instant;
    }
  }
  throw AppError.badRequest(`filter.${name} must be a date (YYYY-MM-DD) or an ISO timestamp.`);
}
