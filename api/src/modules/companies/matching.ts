import type { EntityManager } from '@mikro-orm/postgresql';
import type { TCompany, TCompanyMatch } from '../../../../shared/registration.js';
import { findCompanyMatches } from './queries.js';

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

export async function matchCompany(
  em: EntityManager,
  company: TCompany,
): Promise<CompanyMatchResult> {
  const rows = await findCompanyMatches(em, company, {
    nameSimilarityThreshold: NAME_SIMILARITY_THRESHOLD,
    maxPossibleMatches: MAX_POSSIBLE_MATCHES,
  });
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
