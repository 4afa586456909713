import type { EntityManager } from '@mikro-orm/postgresql';
import type { TCompany } from '../../../../shared/registration.js';
import { query, type SqlPart, sql } from '../../db/sql.js';
import { companyKeys } from './normalize.js';

/** A company as the statements below name its values: what was typed, and its keys. */
export type CompanyValues = Omit<TCompany, 'companyID'> & {
  companyNameKey: string;
  companyAddressKey: string;
  companyCityKey: string;
  companyZip5: string;
  companyPhoneKey: string;
};

export function companyValues({ companyID: _named, ...typed }: TCompany): CompanyValues {
  const keys = companyKeys(typed);
  return {
    ...typed,
    companyNameKey: keys.nameKey,
    companyAddressKey: keys.addressKey,
    companyCityKey: keys.cityKey,
    companyZip5: keys.zip5,
    companyPhoneKey: keys.phoneKey,
  };
}

/**
 * The oldest company with the same normalized name, address line 1, city, state and 5-digit
 * zip, answering its id (no row when there is none).
 */
export const exactCompany: SqlPart<TCompany, CompanyValues> = {
  text: `select id from companies
   where name_key = :companyNameKey and address_key = :companyAddressKey
     and city_key = :companyCityKey and state = :companyState and zip5 = :companyZip5
   order by id limit 1`,
  values: companyValues,
};

/**
 * A new company with the keys matching compares, as `insert … select`: the embedding statement
 * adds its own `where` (whether to insert at all) and `returning`.
 */
export const newCompany: SqlPart<TCompany, CompanyValues> = {
  text: `insert into companies (name, phone, address1, address2, city, state, zip,
                          name_key, address_key, city_key, zip5, phone_key)
   select :companyName, :companyPhone, :companyAddress1, :companyAddress2, :companyCity,
          :companyState, :companyZip, :companyNameKey, :companyAddressKey, :companyCityKey,
          :companyZip5, :companyPhoneKey`,
  values: companyValues,
};

/** How many possible matches of each kind are looked for, and how many are offered. */
export type MatchLimits = {
  nameSimilarityThreshold: number;
  maxPossibleMatches: number;
};

/**
 * Possible matches: a similar name in the same state, or the same address and zip, or the same
 * phone. Best first: the closest name, then address and phone matches. Each kind gives at most
 * its own best maxPossibleMatches, so the work is bounded however many companies are alike: the
 * names come nearest first from companies_state_name_trgm_gist_idx (distance is 1 - similarity,
 * so once the nearest fall under the threshold every further one does too). The index orders by
 * distance alone: among names exactly as near as the last one offered (one name more than ten
 * times in a state), which ones are offered is the index's choice.
 */
const POSSIBLE_COMPANIES = `with nearest as (
     select c.id, similarity(c.name_key, :companyNameKey) as score from companies c
      where c.state = :companyState
      order by c.name_key <-> :companyNameKey limit :maxPossibleMatches),
   candidates as (
     select id, score from nearest where score >= :nameSimilarityThreshold
     union
     (select c.id, similarity(c.name_key, :companyNameKey) as score from companies c
       where c.address_key = :companyAddressKey and c.zip5 = :companyZip5
       order by score desc, c.id limit :maxPossibleMatches)
     union
     (select c.id, similarity(c.name_key, :companyNameKey) as score from companies c
       where :companyPhoneKey <> '' and c.phone_key = :companyPhoneKey
       order by score desc, c.id limit :maxPossibleMatches))
   select c.id, c.name, c.address1, c.address2, c.city, c.state, c.zip
     from candidates m join companies c on c.id = m.id
    order by m.score desc, m.id asc
    limit :maxPossibleMatches`;

/**
 * The whole match in one statement: the exact company when there is one (a row with `exact`
 * true), else the possible matches; the possible ones are not looked for when the exact one
 * is found.
 */
export const MATCH_COMPANY = sql<CompanyValues & MatchLimits>(
  'match-company',
  `with exact as (${exactCompany.text})
  select true as exact, id, null as name, null as address1, null as address2, null as city,
         null as state, null as zip
    from exact
  union all
  select false, id, name, address1, address2, city, state, zip
    from (${POSSIBLE_COMPANIES}) possible
   where not exists (select 1 from exact)`,
);

/** A company found by matching; name and address are null on the exact match's row. */
export interface CompanyMatchRow {
  exact: boolean;
  id: number;
  name: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  zip: string;
}

export const findCompanyMatches = (
  em: EntityManager,
  company: TCompany,
  limits: MatchLimits,
): Promise<CompanyMatchRow[]> =>
  query<CompanyMatchRow, CompanyValues & MatchLimits>(em, MATCH_COMPANY, {
    ...companyValues(company),
    ...limits,
  });
