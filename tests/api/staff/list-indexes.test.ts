import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userListQueries } from '../../../api/src/modules/users/service.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { bearer, signIn } from './helpers.js';

let t: TestApp;
let token: string;
const USERS = 100_000;

beforeAll(async () => {
  t = await createTestApp();
  token = (await signIn(t)).token;
  const em = t.app.orm.em.fork();
  await em.execute(
    `insert into users (type, first_name, last_name, email)
     select case when n % 3 = 0 then 'admin' else 'tester' end, 'First' || n, 'Last' || (n % 5000),
            'person' || n || '@example.org'
       from generate_series(1, ${USERS}) as n`,
  );
  // Many organizations of realistic size: the one listed holds 20 of 10,000 registrations.
  await em.execute(
    `insert into organizations (name, form_hash, primary_email, report_frequency, allowed_until)
     select 'Index Org ' || n, 'index-org-hash-' || n, '', 'weekly', '2034-12-31'
       from generate_series(1, 500) as n`,
  );
  await em.execute(
    `insert into registrations (user_id, organization_id)
     select u.id, o.id from users u
       join organizations o on o.name = 'Index Org ' || (u.id % 500 + 1)
      where u.id % 10 = 0`,
  );
  await em.execute('analyze users; analyze registrations');
}, 120_000);
afterAll(() => t.close());

async function organizationId(name: string): Promise<number> {
  const rows = await t.app.orm.em
    .fork()
    .execute<{ id: number }[]>('select id from organizations where name = ?', [name]);
  return rows[0]?.id ?? 0;
}

async function plan(sql: string, params: unknown[]): Promise<string> {
  const rows = await t.app.orm.em
    .fork()
    .execute<{ 'QUERY PLAN': string }[]>(`explain ${sql}`, params);
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

describe('list queries over 100k users', () => {
  it('pages by name through users_name_order_covering_idx, deep pages by an index-only scan', async () => {
    const queries = userListQueries(
      {},
      { sort: 'lastName', order: 'ASC', offset: 50_000, limit: 25 },
    );
    expect(await plan(queries.rows.sql, queries.rows.params)).toContain(
      'Index Only Scan using users_name_order_covering_idx',
    );
    const backwards = userListQueries(
      {},
      { sort: 'lastName', order: 'DESC', offset: 0, limit: 25 },
    );
    expect(await plan(backwards.rows.sql, backwards.rows.params)).toContain(
      'users_name_order_covering_idx',
    );
  });

  it('searches names and emails through users_search_trgm_idx', async () => {
    const queries = userListQueries(
      { q: 'person4242@' },
      { sort: 'lastName', order: 'ASC', offset: 0, limit: 25 },
    );
    expect(await plan(queries.total.sql, queries.total.params)).toContain('users_search_trgm_idx');
  });

  it('sorts the matches of a rare name instead of walking the whole name order', async () => {
    const page = { sort: 'lastName', order: 'ASC' as const, offset: 0, limit: 25 };
    const rare = userListQueries({ q: 'person4242@' }, page, 1);
    expect(await plan(rare.rows.sql, rare.rows.params)).toContain('users_search_trgm_idx');
    const common = userListQueries({ q: 'person' }, page, USERS);
    expect(await plan(common.rows.sql, common.rows.params)).not.toContain('CTE');
  });

  it('lists one organization through its registrations index', async () => {
    const queries = userListQueries(
      { organizationId: await organizationId('Index Org 7') },
      { sort: 'lastName', order: 'ASC', offset: 0, limit: 25 },
    );
    expect(await plan(queries.total.sql, queries.total.params)).toMatch(
      /registrations_organization_(registered_at|certification_count)_idx|registrations_user_organization_unique/,
    );
  });

  it('answers the REST list with the right total and the page asked for', async () => {
    const response = await t.app.inject({
      url: `/api/admin/users?sort=${encodeURIComponent('["lastName","ASC"]')}&range=${encodeURIComponent('[4000,4024]')}`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-range']).toBe(`users 4000-4024/${USERS}`);
    expect(response.json()).toHaveLength(25);
    const found = await t.app.inject({
      method: 'POST',
      url: '/api/sc/get/users_list',
      headers: bearer(token),
      payload: { searchQuery: 'person4242@', page: 1 },
    });
    expect(found.json().message.usersInfo.map((u: { userEmail: string }) => u.userEmail)).toEqual([
      'person4242@example.org',
    ]);
  });
});
