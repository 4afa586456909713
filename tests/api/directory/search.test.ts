import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TOrganization } from '../../../api/src/db/entities/index.js';
import { directoryBySlug, directoryCsvRows } from '../../../api/src/modules/directory/service.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { directoryOrganization, tester } from './helpers.js';

// Finding a tester in one organization's directory: word beginnings of the tester's or the
// company's name, a city, two sorts, pages of 25 in a stable order, the cities to choose from.

let t: TestApp;
let organization: TOrganization;
let slug: string;
beforeAll(async () => {
  t = await createTestApp();
  organization = await directoryOrganization(t.app.orm.em.fork());
  slug = organization.directorySlug as string;
  const people = [
    ['Ann', 'Smith', 'Zeta Plumbing', 'Springfield'],
    ['Bob', 'Goldsmith', 'Alpha Backflow', 'Shelbyville'],
    ['Cara', "O'Neil", 'Smith & Sons', ' springfield '],
    ['Dev', 'Annan', 'Mid-State Testing', 'Capital City'],
  ];
  for (const [firstName, lastName, companyName, city] of people) {
    await tester(t.app.orm.em.fork(), { organization, firstName, lastName, companyName, city });
  }
});
afterAll(() => t.close());

const TODAY = '2026-03-09';
const find = (options: { q?: string; city?: string; sort?: 'name' | 'company'; page?: number }) =>
  directoryBySlug(t.app.orm.em.fork(), slug, { today: TODAY, ...options });
const firstNames = async (options: Parameters<typeof find>[0]) =>
  ((await find(options))?.entries ?? []).map((entry) => entry.firstName);

describe('searching one organization’s directory', () => {
  it('matches the beginning of any word of the first, last or company name, in any case', async () => {
    expect(await firstNames({ q: 'ann' })).toEqual(['Dev', 'Ann']);
    expect(await firstNames({ q: 'SMI' })).toEqual(['Cara', 'Ann']);
    expect(await firstNames({ q: 'gold' })).toEqual(['Bob']);
    expect(await firstNames({ q: 'neil' })).toEqual(['Cara']);
    expect(await firstNames({ q: 'back' })).toEqual(['Bob']);
    expect(await firstNames({ q: 'state' })).toEqual(['Dev']);
    // Inside a word is no beginning; every typed word must match.
    expect(await firstNames({ q: 'mith' })).toEqual([]);
    expect(await firstNames({ q: 'ann zeta' })).toEqual(['Ann']);
    expect(await firstNames({ q: 'ann alpha' })).toEqual([]);
    // Nothing searchable typed is no search.
    expect(await firstNames({ q: ' &*! ' })).toHaveLength(4);
    const counted = await find({ q: 'smi' });
    expect(counted?.total).toBe(2);
  });

  it('filters by city, case and spaces ignored, and offers every listed city once', async () => {
    expect(await firstNames({ city: 'SPRINGFIELD' })).toEqual(['Cara', 'Ann']);
    expect(await firstNames({ city: 'Springfield', q: 'cara' })).toEqual(['Cara']);
    expect(await firstNames({ city: 'Ogdenville' })).toEqual([]);
    const found = await find({ q: 'nobody', city: 'Ogdenville' });
    expect(found?.cities).toEqual(['Capital City', 'Shelbyville', 'Springfield']);
  });

  it('sorts by last name or by company name', async () => {
    expect(await firstNames({})).toEqual(['Dev', 'Bob', 'Cara', 'Ann']);
    expect(await firstNames({ sort: 'company' })).toEqual(['Bob', 'Dev', 'Cara', 'Ann']);
  });

  it('pages 25 at a time in one stable order, equal names included, with the total', async () => {
    const crowd = await directoryOrganization(t.app.orm.em.fork());
    for (let i = 0; i < 30; i++) {
      await tester(t.app.orm.em.fork(), {
        organization: crowd,
        firstName: i % 2 === 0 ? 'Same' : 'Other',
        lastName: 'Lee',
        companyName: 'One Company',
      });
    }
    const crowdSlug = crowd.directorySlug as string;
    for (const sort of ['name', 'company'] as const) {
      const pages = [1, 2, 3].map((page) =>
        directoryBySlug(t.app.orm.em.fork(), crowdSlug, { today: TODAY, sort, page }),
      );
      const [first, second, third] = await Promise.all(pages);
      expect(first).toMatchObject({ total: 30, pages: 2, page: 1 });
      expect(first?.entries).toHaveLength(25);
      expect(second?.entries).toHaveLength(5);
      expect(third?.entries).toEqual([]);
      const all = await directoryCsvRows(t.app.orm.em.fork(), crowdSlug, { today: TODAY, sort });
      // The CSV holds every entry in the pages' order (one certification each here).
      const paged = [...(first?.entries ?? []), ...(second?.entries ?? [])];
      expect(all?.rows.slice(1).map((row) => row[8])).toEqual(
        paged.map((entry) => entry.certifications[0]?.number),
      );
      expect(new Set(paged.map((entry) => entry.certifications[0]?.number)).size).toBe(30);
      // The print view: every entry on one page, in the same order.
      const everything = await directoryBySlug(t.app.orm.em.fork(), crowdSlug, {
        today: TODAY,
        sort,
        all: true,
      });
      expect(everything).toMatchObject({ total: 30, page: 1, pages: 1 });
      expect(everything?.entries).toEqual(paged);
    }
  });
});
