import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { positionalValues, query, sql } from '../../../api/src/db/sql.js';
import {
  MAX_POSSIBLE_MATCHES,
  matchCompany,
  NAME_SIMILARITY_THRESHOLD,
} from '../../../api/src/modules/companies/matching.js';
import {
  addressKey,
  cityKey,
  companyNameKey,
  phoneKey,
  zipKey,
} from '../../../api/src/modules/companies/normalize.js';
import {
  type CompanyValues,
  companyValues,
  exactCompany,
  MATCH_COMPANY,
  newCompany,
} from '../../../api/src/modules/companies/queries.js';
import { ZCompany } from '../../../shared/registration.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { unique } from './fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('normalized keys', () => {
  it('reads company names without case, punctuation, legal forms or a leading "the"', () => {
    const key = companyNameKey('Acme Backflow Testing');
    for (const spelling of [
      'ACME Backflow Testing, Inc.',
      'Acme  Backflow-Testing LLC',
      'The Acme Backflow Testing Co.',
      'acme backflow testing l.l.c.',
      'Acme Backflow Testing Corporation',
    ]) {
      expect(companyNameKey(spelling)).toBe(key);
    }
    expect(companyNameKey('Smith & Sons Plumbing')).toBe(companyNameKey('Smith and Sons Plumbing'));
    expect(companyNameKey('A.B.C. Plumbing')).toBe('abc plumbing');
    // A name made only of legal-form words keeps them rather than becoming empty.
    expect(companyNameKey('Co Inc')).toBe('co inc');
  });

  it('reads addresses with USPS abbreviations', () => {
    expect(addressKey('123 North Main Street, Suite 4')).toBe('123 n main st ste 4');
    expect(addressKey('123 N. Main St. Ste 4')).toBe('123 n main st ste 4');
    expect(addressKey('77 Elm Avenue')).toBe(addressKey('77 elm ave'));
    expect(cityKey('Saint Louis')).toBe(cityKey('St. Louis'));
  });

  it('keeps five zip digits, whole Canadian postal codes and phone digits', () => {
    expect(zipKey('62701-1234', 'IL')).toBe('62701');
    expect(zipKey('k1a 0b1', 'ON')).toBe('K1A0B1');
    expect(phoneKey('(217) 555-0142')).toBe('2175550142');
    expect(phoneKey('+1 217.555.0142')).toBe('2175550142');
    expect(phoneKey('555')).toBe('');
  });
});

describe('company matching', () => {
  it('gives every placeholder of the shared company statements a value named for the company', () => {
    const company = ZCompany.parse({
      companyName: 'Acme Backflow',
      companyPhone: '555-010-0000',
      companyAddress1: '1 Main Street',
      companyCity: 'Springfield',
      companyState: 'IL',
      companyZip: '62701',
    });
    for (const fragment of [exactCompany, newCompany]) {
      const names = sql('fragment', fragment.text).numberedNames;
      expect(names.length).toBeGreaterThan(0);
      const values = fragment.values(company);
      for (const name of names) {
        expect(name).toMatch(/^company[A-Z]/);
        expect(values).toHaveProperty(name);
      }
    }
  });

  const insert = sql<CompanyValues>('test-new-company', `${newCompany.text} returning id`);
  async function existing(overrides: Record<string, string>) {
    const company = ZCompany.parse({
      companyName: 'Company',
      companyPhone: '',
      companyAddress1: `${unique()} Road`,
      companyCity: 'Springfield',
      companyState: 'IL',
      companyZip: '62701',
      ...overrides,
    });
    const [row] = await query<{ id: number }, CompanyValues>(
      t.app.orm.em.fork(),
      insert,
      newCompany.values(company),
    );
    return row?.id as number;
  }
  const match = (input: Record<string, string>) =>
    matchCompany(
      t.app.orm.em.fork(),
      ZCompany.parse({
        companyPhone: '',
        companyCity: 'Springfield',
        companyState: 'IL',
        companyZip: '62701',
        companyAddress1: `${unique()} Other Road`,
        ...input,
      }),
    );
  const possibleIds = async (input: Record<string, string>) => {
    const result = await match(input);
    return result.kind === 'possible' ? result.matches.map((m) => m.companyID) : [];
  };

  it('finds an exact match through spelling differences and zip+4', async () => {
    const base = unique();
    const id = await existing({
      companyName: `Kestrel ${base} Backflow Testing, Inc.`,
      companyAddress1: '123 North Main Street',
      companyCity: 'Springfield',
      companyZip: '62701-1234',
      companyState: 'IL',
    });
    expect(
      await match({
        companyName: `KESTREL ${base} backflow testing llc`,
        companyAddress1: '123 N. Main St.',
        companyCity: 'springfield',
        companyZip: '62701',
      }),
    ).toEqual({ kind: 'exact', companyId: id });
  });

  it('offers similar names in the same state as possible matches, not in another state', async () => {
    const base = unique();
    const id = await existing({
      companyName: `Bluewater ${base} Backflow Services`,
      companyState: 'OH',
      companyZip: '43004',
    });
    // A typo and a dropped word both stay above the threshold.
    expect(
      await possibleIds({
        companyName: `Bluwater ${base} Backflow Services`,
        companyState: 'OH',
        companyZip: '43004',
      }),
    ).toContain(id);
    expect(
      await possibleIds({
        companyName: `Bluewater ${base} Backflow`,
        companyState: 'OH',
        companyZip: '43004',
      }),
    ).toContain(id);
    expect(
      await possibleIds({
        companyName: `Bluewater ${base} Backflow Services`,
        companyState: 'KY',
        companyZip: '40202',
      }),
    ).not.toContain(id);
  });

  it('does not offer a different company that only shares a trade word', async () => {
    const base = unique();
    const id = await existing({
      companyName: `Northside ${base} Plumbing`,
      companyState: 'TX',
      companyZip: '75001',
    });
    expect(
      await possibleIds({
        companyName: `Riverbend Plumbing Services`,
        companyState: 'TX',
        companyZip: '75001',
      }),
    ).not.toContain(id);
  });

  it('offers a company at the same normalized address and zip, or with the same phone', async () => {
    const id = await existing({
      companyName: `Old Name ${unique()}`,
      companyAddress1: '900 West Elm Avenue',
      companyZip: '62704',
      companyPhone: '(217) 555-0199',
    });
    expect(
      await possibleIds({
        companyName: `New Name ${unique()}`,
        companyAddress1: '900 W Elm Ave',
        companyZip: '62704-0001',
      }),
    ).toContain(id);
    expect(
      await possibleIds({ companyName: `Other ${unique()}`, companyPhone: '217.555.0199' }),
    ).toContain(id);
    expect(
      await match({
        companyName: `Unrelated ${unique()}`,
        companyAddress1: '901 W Elm Ave',
        companyZip: '62704',
      }),
    ).toEqual({ kind: 'none' });
  });

  it('returns at most ten possible matches, best first', async () => {
    const base = unique();
    const ids = [];
    for (let i = 0; i < 12; i++)
      ids.push(
        await existing({
          companyName: `Harbor ${base} Testing ${i}`,
          companyState: 'WA',
          companyZip: '98101',
        }),
      );
    const result = await match({
      companyName: `Harbor ${base} Testing 3`,
      companyState: 'WA',
      companyZip: '98101',
      companyAddress1: '1 Elsewhere Way',
    });
    expect(result.kind).toBe('possible');
    if (result.kind !== 'possible') return;
    expect(result.matches).toHaveLength(10);
    expect(result.matches[0]?.companyID).toBe(ids[3]);
    expect(Object.keys(result.matches[0] ?? {}).sort()).toEqual([
      'companyAddress1',
      'companyAddress2',
      'companyCity',
      'companyID',
      'companyName',
      'companyState',
      'companyZip',
    ]);
  });

  it('offers the ten nearest of thousands of alike names, read nearest first from the index', async () => {
    const base = unique()
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '');
    const em = t.app.orm.em.fork();
    await em.execute(
      `insert into companies (name, address1, city, state, zip, name_key, address_key, city_key,
                              zip5)
       select 'Alike ' || ? || ' Backflow Testing ' || n, n || ' Alike Road', 'Burlington', 'VT',
              '05401', 'alike ' || ? || ' backflow testing ' || n, n || ' alike rd',
              'burlington', '05401'
         from generate_series(1, 3000) as n`,
      [base, base],
    );
    await em.execute('analyze companies');
    const input = ZCompany.parse({
      companyName: `Alike ${base} Backflow Testing 1234`,
      companyPhone: '',
      companyAddress1: '1 Elsewhere Way',
      companyCity: 'Burlington',
      companyState: 'VT',
      companyZip: '05401',
    });
    const result = await matchCompany(em, input);
    expect(result.kind).toBe('possible');
    if (result.kind !== 'possible') return;
    expect(result.matches).toHaveLength(MAX_POSSIBLE_MATCHES);
    expect(result.matches[0]?.companyName).toBe(`Alike ${base} Backflow Testing 1234`);
    // The same scores as scoring every name of the state and keeping the best ten.
    const score = `similarity(name_key, 'alike ${base} backflow testing 1234')`;
    const best = await em.execute<{ score: number }[]>(
      `select ${score} as score from companies where state = 'VT' and ${score} >= ?
        order by score desc limit ?`,
      [NAME_SIMILARITY_THRESHOLD, MAX_POSSIBLE_MATCHES],
    );
    const offered = await em.execute<{ score: number }[]>(
      `select ${score} as score from companies where id in (?) order by score desc`,
      [result.matches.map((match) => match.companyID)],
    );
    expect(offered.map((row) => row.score)).toEqual(best.map((row) => row.score));
    const plan = await em.execute<{ 'QUERY PLAN': string }[]>(
      `explain ${MATCH_COMPANY.positional}`,
      positionalValues(MATCH_COMPANY, {
        ...companyValues(input),
        nameSimilarityThreshold: NAME_SIMILARITY_THRESHOLD,
        maxPossibleMatches: MAX_POSSIBLE_MATCHES,
      }),
    );
    const text = plan.map((row) => row['QUERY PLAN']).join('\n');
    expect(text).toContain('companies_state_name_trgm_gist_idx');
    // The exact match first, and the possible ones only when it finds nothing.
    expect(text).toMatch(/CTE exact[\s\S]*One-Time Filter: \(NOT/);
  });

  it('answers Found Exact Match and Found Possible Matches through the API', async () => {
    const base = unique();
    const id = await existing({
      companyName: `Summit ${base} Backflow`,
      companyAddress1: '5 Oak Street',
      companyState: 'CO',
      companyZip: '80202',
    });
    const post = (company: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/tr/validate/company',
        payload: {
          companyInfo: [
            {
              companyPhone: '',
              companyAddress2: '',
              companyCity: 'Springfield',
              companyState: 'CO',
              companyZip: '80202',
              ...company,
            },
          ],
        },
      });
    const exact = await post({
      companyName: `summit ${base} backflow inc`,
      companyAddress1: '5 Oak St',
    });
    expect(exact.json()).toEqual({ code: 'Found Exact Match', message: { match_found: id } });
    const possible = await post({
      companyName: `Sumit ${base} Backflow`,
      companyAddress1: '77 Pine St',
    });
    expect(possible.json().code).toBe('Found Possible Matches');
    expect(possible.json().message.possible_matches[0]).toMatchObject({
      companyID: id,
      companyState: 'CO',
    });
  });
});
