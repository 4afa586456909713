import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedBenchData } from '../../bench/seed.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

describe('the benchmark seeder', () => {
  it('fills a database in the documented proportions, with consistent links', async () => {
    const counts = await seedBenchData(database.url, { users: 500 });
    expect(counts).toMatchObject({ organizations: 10, companies: 100, users: 500, testKits: 75 });
    expect(counts.registrations).toBeGreaterThan(550);
    expect(counts.registrations).toBeLessThan(650);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query(`select
        (select count(*) from users where type = 'tester')::int as testers,
        (select count(*) from certifications c join users u on u.id = c.user_id where u.type <> 'tester')::int as admin_certs,
        (select count(*) from registrations r where not exists (select 1 from certifications c where c.registration_id = r.id)
           and exists (select 1 from users u where u.id = r.user_id and u.type = 'tester'))::int as testers_without_certs,
        (select count(*) from organizations where allowed_until < current_date)::int as expired,
        (select count(distinct lower(email)) from users)::int as distinct_emails,
        (select count(*) from registrations where review_state = 'pending')::int as waiting,
        (select count(*) from registrations
          where (review_state = 'pending') = (reviewed_at is not null)
             or queued_at <> registered_at)::int as inconsistent_reviews`);
      const stats = rows[0];
      expect(stats.testers).toBe(167);
      expect(stats.admin_certs).toBe(0);
      expect(stats.testers_without_certs).toBe(0);
      expect(stats.expired).toBeGreaterThan(0);
      expect(stats.distinct_emails).toBe(500);
      // The last month's registrations wait for review (a twenty-fourth of two years' worth).
      expect(stats.waiting).toBeGreaterThan(0);
      expect(stats.waiting).toBeLessThan(counts.registrations * 0.1);
      expect(stats.inconsistent_reviews).toBe(0);
    } finally {
      await client.end();
    }
  });

  it('adds to what is there when run twice', async () => {
    const second = await seedBenchData(database.url, { users: 100 });
    expect(second.users).toBe(600);
  });
});
