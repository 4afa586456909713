import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrm, type Orm } from '../../api/src/db/orm.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';

let database: TestDatabase;
let orm: Orm;
beforeAll(async () => {
  database = await createTestDatabase();
  orm = await createOrm({ databaseUrl: database.url });
});
afterAll(async () => {
  await orm.close(true);
  await database.drop();
});

// Through the EntityManager so driver errors arrive converted, as services see them.
const sql = <T extends Record<string, unknown>[] = Record<string, unknown>[]>(
  query: string,
  params: unknown[] = [],
) => orm.em.fork().execute<T>(query, params);

describe('the database schema built by the migrations', () => {
  it('matches the entity definitions (no migration is missing)', async () => {
    const diff = await orm.getMigrator().checkMigrationNeeded();
    expect(diff).toBe(false);
  });

  it('has the approved agencies with their types linked', async () => {
    const rows = await sql(
      `select a.name as agency, count(*)::int as types from certification_agencies a
       join agency_types l on l.agency_id = a.id group by a.name order by a.name`,
    );
    expect(rows).toEqual([
      { agency: 'ABPA', types: 2 },
      { agency: 'ASSE', types: 3 },
      { agency: 'AWWA', types: 2 },
    ]);
  });

  it('keeps user emails unique regardless of case', async () => {
    await sql(
      `insert into users (type, first_name, last_name, email) values ('tester', 'Ann', 'Lee', 'Ann@Example.com')`,
    );
    await expect(
      sql(
        `insert into users (type, first_name, last_name, email) values ('admin', 'A', 'L', 'ann@example.COM')`,
      ),
    ).rejects.toBeInstanceOf(UniqueConstraintViolationException);
  });

  it('keeps organization names unique regardless of case', async () => {
    const insert = (name: string, hash: string) =>
      sql(
        `insert into organizations (name, form_hash, primary_email, report_frequency, allowed_until)
         values (?, ?, 'ops@example.org', 'weekly', '2034-12-31')`,
        [name, hash],
      );
    await insert('Springfield Water', 'hash-one');
    await expect(insert('SPRINGFIELD water', 'hash-two')).rejects.toBeInstanceOf(
      UniqueConstraintViolationException,
    );
  });

  it('refuses a user type other than admin or tester', async () => {
    await expect(
      sql(
        `insert into users (type, first_name, last_name, email) values ('owner', 'B', 'C', 'b@example.com')`,
      ),
    ).rejects.toThrow();
  });

  it('backs the list queries with indexes', async () => {
    const rows = await sql<{ indexname: string }[]>(
      `select indexname from pg_indexes where schemaname = 'public'`,
    );
    const names = rows.map((row) => row.indexname);
    for (const index of [
      'organizations_name_words_idx',
      'users_search_trgm_idx',
      'users_name_order_covering_idx',
      'registrations_organization_registered_at_idx',
      'companies_state_name_trgm_gist_idx',
      'documents_unattached_created_idx',
      'registrations_review_queue_idx',
      'registrations_review_queue_organization_idx',
      'registrations_review_queue_user_type_idx',
    ]) {
      expect(names).toContain(index);
    }
  });
});
