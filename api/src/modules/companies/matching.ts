import type { EntityManager } from '@mikro-orm/postgresql';
import type { TCompany, TCompanyMatch } from '../../../../shared/registration.js';
import { type CompanyKeys, companyKeys } from './normalize.js';

/**
 * pg_trgm similarity of normalized names (same state) at or above which a company is offered
 * as a possible match. Measured on near-duplicates (docs/decisions.md, "Company matching
 * thresholds"): typos score about 0.8, dropped or added words 0.5-0.67; unrelated names that
 * share only a trade word score about 0.25. Names differing in one word of three ("Smith" /
 * "Jones Backflow Testing", 0.59) are also offered: a wrong suggestion costs a click on Skip,
 * a missed one a duplicate company.
 */
export const NAME_SIMILARITY_THRESHOLD = 0.45;
export const MAX_POSSIBLE_MATCHES = 10;

export type CompanyMatchResult =
  | { kind: 'exact'; companyId: number }
  | { kind: 'possible'; matches: TCompanyMatch[] }
  | { kind: 'none' };

/**
 * The oldest company with the same normalized name, address line 1, city, state and 5-digit
 * zip, as SQL answering its id (none when there is none); its parameters come from
 * exactCompanyParams().
 */
export const EXACT_COMPANY_SQL = `select id from companies
   where name_key = ? and address_key = ? and city_key = ? and state = ? and zip5 = ?
   order by id limit 1`;

export function exactCompanyParams(
  company: TCompany,
  keys: CompanyKeys = companyKeys(company),
): unknown[] {
  return [keys.nameKey, keys.addressKey, keys.cityKey, company.companyState, keys.zip5];
}

interface MatchRow {
  id: number;
  name: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  zip: string;
}

/**
 * Possible matches, as SQL (parameters from possibleCompaniesParams()): a similar name in the
 * same state, or the same address and zip, or the same phone. Best first: the closest name,
 * then address and phone matches. Each kind gives at most its own best MAX_POSSIBLE_MATCHES,
 * so the work is bounded however many companies are alike: the names come nearest first from
 * companies_state_name_trgm_gist_idx (distance is 1 - similarity, so once the nearest fall
 * under the threshold every further one does too). The index orders by distance alone: among
 * names exactly as near as the tenth (one name more than ten times in a state), which ones are
 * offered is the index's choice.
 */
const POSSIBLE_COMPANIES_SQL = `with nearest as (
     select c.id, similarity(c.name_key, ?) as score from companies c
      where c.state = ?
      order by c.name_key <-> ? limit ?),
   candidates as (
     select id, score from nearest where score >= ?
     union
     (select c.id, similarity(c.name_key, ?) as score from companies c
       where c.address_key = ? and c.zip5 = ? order by score desc, c.id limit ?)
     union
     (select c.id, similarity(c.name_key, ?) as score from companies c
       where ? <> '' and c.phone_key = ? order by score desc, c.id limit ?))
   select c.id, c.name, c.address1, c.address2, c.city, c.state, c.zip
     from candidates m join companies c on c.id = m.id
    order by m.score desc, m.id asc
    limit ?`;

function possibleCompaniesParams(
  company: TCompany,
  keys: CompanyKeys = companyKeys(company),
): unknown[] {
  const most = MAX_POSSIBLE_MATCHES;
  return [
    ...[keys.nameKey, company.companyState, keys.nameKey, most, NAME_SIMILARITY_THRESHOLD],
    ...[keys.nameKey, keys.addressKey, keys.zip5, most],
    ...[keys.nameKey, keys.phoneKey, keys.phoneKey, most],
    most,
  ];
}

/**
 * The whole match in one statement: the exact company when there is one (a row with `exact`
 * true), else the possible matches; the possible ones are not looked for when the exact one
 * is found.
 */
export const MATCH_COMPANY_SQL = `with exact as (${EXACT_COMPANY_SQL})
  select true as exact, id, null as name, null as address1, null as address2, null as city,
         null as state, null as zip
    from exact
  union all
  select false, id, name, address1, address2, city, state, zip
    from (${POSSIBLE_COMPANIES_SQL}) possible
   where not exists (select 1 from exact)`;

export function matchCompanyParams(
  company: TCompany,
  keys: CompanyKeys = companyKeys(company),
): unknown[] {
  return [...exactCompanyParams(company, keys), ...possibleCompaniesParams(company, keys)];
}

export async function matchCompany(
  em: EntityManager,
  company: TCompany,
): Promise<CompanyMatchResult> {
  const rows = await em
    .getConnection()
    .execute<(MatchRow & { exact: boolean })[]>(MATCH_COMPANY_SQL, matchCompanyParams(company));
  const [first] = rows;
  if (first?.exact) return { kind: 'exact', companyId: first.id };
  if (!first) return { kind: 'none' };
  return {
    kind: 'possible',
    matches: rows.map((row) => ({
      companyID: row.id,
      companyName: row.name,
      companyAddress1: row.address1,
      companyAddress2: row.address2,
      companyCity: row.city,
      companyState: row.state,
      companyZip: row.zip,
    })),
  };
}
