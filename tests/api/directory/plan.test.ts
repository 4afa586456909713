import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { positionalValues } from '../../../api/src/db/sql.js';
import { DIRECTORY_LISTING } from '../../../api/src/modules/directory/queries.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { directoryOrganization, tester } from './helpers.js';

// The listing's condition on registrations must stay the partial index's predicate word for
// word, or the planner can no longer read an organization's candidates from it (a silent
// slowdown the bench would catch only later).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the directory listing', () => {
  it('can read its registrations from registrations_directory_idx', async () => {
    const em = t.app.orm.em.fork();
    const organization = await directoryOrganization(em);
    await tester(em, { organization });
    const params = {
      slug: organization.directorySlug as string,
      today: '2026-03-09',
      words: null,
      city: null,
      sort: 'name' as const,
      limit: 25,
      offset: 0,
    };
    const plan = await em.transactional(async (tx) => {
      // Tiny tables are cheapest to scan: leave the planner only the indexes it can use.
      await tx.execute('set local enable_seqscan = off');
      return tx.execute<{ 'QUERY PLAN': string }[]>(
        `explain ${DIRECTORY_LISTING.positional}`,
        positionalValues(DIRECTORY_LISTING, params),
      );
    });
    expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toContain(
      'registrations_directory_idx',
    );
  });
});
