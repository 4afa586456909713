import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { composedSql, positionalValues, type SqlFragment } from '../../../api/src/db/sql.js';
import { ANCHOR_STEP } from '../../../api/src/modules/users/order-snapshot.js';
import {
  anchoredPage,
  organizationPageStatements,
  SORT_MATCHES_UP_TO,
  snapshotStatement,
  userListStatements,
  userSearch,
} from '../../../api/src/modules/users/queries.js';
import { listUsers } from '../../../api/src/modules/users/service.js';
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
       join organizations o on o.name = 'Index Org ' || ((u.id / 10) % 500 + 1)
      where u.id % 10 = 0`,
  );
  // And one large organization: a third of everyone, every other one of them enrolled; and one
  // of 2,220 people who all sort last by name (Last9, Last90 to Last99, Last900 to Last999).
  await em.execute(
    `insert into organizations (name, form_hash, primary_email, report_frequency, allowed_until)
     values ('Index Org Large', 'index-org-hash-large', '', 'weekly', '2034-12-31')`,
  );
  await em.execute(
    `insert into registrations (user_id, organization_id, enrolled)
     select u.id, o.id, u.id % 2 = 0 from users u
       join organizations o on o.name = 'Index Org Large'
      where u.id % 3 = 1`,
  );
  await em.execute(
    `insert into organizations (name, form_hash, primary_email, report_frequency, allowed_until)
     values ('Index Org Late', 'index-org-hash-late', '', 'weekly', '2034-12-31')`,
  );
  await em.execute(
    `insert into registrations (user_id, organization_id)
     select u.id, o.id from users u join organizations o on o.name = 'Index Org Late'
      where u.last_name like 'Last9%'`,
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

async function plan(statement: SqlFragment): Promise<string> {
  const compiled = composedSql('explained', `explain ${statement.text}`);
  const rows = await t.app.orm.em
    .fork()
    .execute<{ 'QUERY PLAN': string }[]>(
      compiled.positional,
      positionalValues(compiled, statement.params),
    );
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

describe('list queries over 100k users', () => {
  it('pages by name through users_name_order_covering_idx, deep pages from an anchor', async () => {
    const anchored = anchoredPage(
      { sort: 'lastName', direction: 'asc', offset: 50_000, limit: 25 },
      ['last2500', 'first12500', 12500],
      0,
    );
    const deep = await plan(anchored);
    expect(deep).toContain('Index Only Scan using users_name_order_covering_idx');
    expect(deep).toMatch(/Index Cond: \(ROW\(/);
    const backwards = anchoredPage(
      { sort: 'lastName', direction: 'desc', offset: 0, limit: 25 },
      undefined,
      0,
    );
    expect(await plan(backwards)).toContain('users_name_order_covering_idx');
    const snapshot = snapshotStatement({ sort: 'lastName', direction: 'asc' }, ANCHOR_STEP);
    expect(await plan(snapshot)).toContain('Index Only Scan using users_name_order_covering_idx');
  });

  it('searches names and emails through users_search_trgm_idx', async () => {
    const page = { sort: 'lastName', direction: 'asc' as const, offset: 0, limit: 25 };
    const rare = userListStatements({ search: userSearch('person4242@') }, page);
    expect(await plan(rare.matches)).toContain('users_search_trgm_idx');
    expect(await plan(rare.total)).toContain('users_search_trgm_idx');
    // More than SORT_MATCHES_UP_TO matches: the page walks the name order instead of sorting.
    const common = userListStatements({ search: userSearch('person') }, page);
    expect(await plan(common.rows)).not.toContain('CTE');
  });

  it('lists one organization through its registrations index, a large one in name order', async () => {
    const page = { sort: 'lastName', direction: 'asc' as const, offset: 0, limit: 25 };
    const small = organizationPageStatements(
      { organizationId: await organizationId('Index Org 7') },
      page,
    );
    const counting = await plan(small.count);
    const index =
      /registrations_organization_(registered_at|certification_count)_idx|registrations_user_organization_unique/;
    expect(counting).toMatch(index);
    const sorting = await plan(small.sorted);
    expect(sorting).toMatch(index);
    expect(sorting).not.toContain('Seq Scan');
    const large = organizationPageStatements(
      { organizationId: await organizationId('Index Org Large') },
      page,
    ).walk(500);
    const walking = await plan(large);
    expect(walking).toContain('users_name_order_covering_idx');
    expect(walking).not.toContain('Seq Scan');
  });

  it("counts and pages an organization's people as the plain queries would, walking or sorting", async () => {
    for (const name of ['Index Org 7', 'Index Org Large', 'Index Org Late']) {
      const id = await organizationId(name);
      const where = `id in (select user_id from registrations where organization_id = ${id})`;
      const [count] = await t.app.orm.em
        .fork()
        .execute<{ total: number }[]>(`select count(*)::int as total from users where ${where}`);
      expect(count?.total, name).toBeGreaterThanOrEqual(20);
      for (const [sort, order, offset] of [
        ['lastName', 'DESC', 5],
        ['lastName', 'ASC', 0],
        ['email', 'ASC', 6_000],
        ['id', 'DESC', 30_000],
      ] as const) {
        const page = await listed(sort, order, offset, { organization: id });
        expect(page.total, name).toBe(count?.total);
        expect(page.ids, `${name} ${sort} ${order} at ${offset}`).toEqual(
          await offsetIds(sort, order, offset, where),
        );
      }
    }
    expect((await listed('lastName', 'ASC', 0, { organization: 999_999 })).total).toBe(0);
  });

  it('walks the name order for a large organization, sorts a small one, and sorts when the walk falls short', async () => {
    const statements = async (name: string) => {
      const em = t.app.orm.em.fork();
      const execute = vi.spyOn(em, 'execute');
      await listUsers(
        em,
        { organizationId: await organizationId(name) },
        { sort: 'lastName', order: 'ASC', offset: 0, limit: 25 },
      );
      return execute.mock.calls
        .map(([sql]) =>
          String(sql).includes('from (select u.id,')
            ? 'walk'
            : /people as materialized/.test(String(sql))
              ? 'sort'
              : 'other',
        )
        .filter((kind) => kind !== 'other');
    };
    expect(await statements('Index Org Large')).toEqual(['walk']);
    expect(await statements('Index Org 7')).toEqual(['sort']);
    // Its people all sort last: the walk of the first entries finds none of them.
    expect(await statements('Index Org Late')).toEqual(['walk', 'sort']);
  });

  it("counts and sorts an organization's enrolled or not enrolled people", async () => {
    const id = await organizationId('Index Org Large');
    for (const enrolled of [true, false]) {
      const where = `id in (select user_id from registrations where organization_id = ${id} and enrolled = ${enrolled})`;
      const [count] = await t.app.orm.em
        .fork()
        .execute<{ total: number }[]>(`select count(*)::int as total from users where ${where}`);
      const page = await listed('lastName', 'ASC', 40, { organization: id, enrolled });
      expect(page.total).toBe(count?.total);
      expect(page.ids).toEqual(await offsetIds('lastName', 'ASC', 40, where));
    }
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

  async function listed(sort: string, order: string, offset: number, filter = {}) {
    const response = await t.app.inject({
      url: `/api/admin/users?${new URLSearchParams({
        sort: JSON.stringify([sort, order]),
        range: JSON.stringify([offset, offset + 24]),
        filter: JSON.stringify(filter),
      })}`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    return {
      ids: response.json().map((user: { id: number }) => user.id),
      total: Number(String(response.headers['content-range']).split('/')[1]),
    };
  }

  const ORDERS: Record<string, string> = {
    lastName: 'lower(last_name) #, lower(first_name) #, id #',
    email: 'lower(email) #, id #',
    id: 'id #',
  };

  async function offsetIds(sort: string, order: string, offset: number, where = 'true') {
    const rows = await t.app.orm.em
      .fork()
      .execute<{ id: number }[]>(
        `select id from users where ${where} order by ${ORDERS[sort]?.replaceAll('#', order)} limit 25 offset ${offset}`,
      );
    return rows.map((row) => row.id);
  }

  it('answers every sort, both ways, at any depth, as an OFFSET over the whole order would', async () => {
    for (const sort of Object.keys(ORDERS)) {
      for (const order of ['ASC', 'DESC']) {
        for (const offset of [0, ANCHOR_STEP - 1, ANCHOR_STEP, 4_010, 50_012, USERS - 10]) {
          const page = await listed(sort, order, offset);
          expect(page.total).toBe(USERS);
          expect(page.ids, `${sort} ${order} at ${offset}`).toEqual(
            await offsetIds(sort, order, offset),
          );
        }
      }
    }
    expect((await listed('lastName', 'ASC', USERS)).ids).toEqual([]);
  });

  it('counts and sorts the matches of a name search in one statement, or walks the order past the limit', async () => {
    // 'last42' is in 111 last names of 20 people each: 2,220 matches.
    const few = await listed('lastName', 'ASC', 100, { q: 'last42' });
    expect(few.total).toBe(2_220);
    expect(few.ids).toEqual(await offsetIds('lastName', 'ASC', 100, `last_name ilike '%last42%'`));
    expect((await listed('lastName', 'ASC', 2_220, { q: 'last42' })).ids).toEqual([]);
    const many = await listed('email', 'DESC', 30, { q: 'person' });
    expect(many.total).toBeGreaterThan(SORT_MATCHES_UP_TO);
    expect(many.total).toBe(USERS);
    expect(many.ids).toEqual(await offsetIds('email', 'DESC', 30));
  });

  it('counts people registered after the snapshot, and forgets it when staff delete someone', async () => {
    await listed('id', 'ASC', 0);
    const em = t.app.orm.em.fork();
    const added = await em.execute<{ id: number }[]>(
      `insert into users (type, first_name, last_name, email)
       select 'tester', 'Added' || n, 'Aaa', 'added' || n || '@example.org'
         from generate_series(1, 3) as n returning id`,
    );
    const after = await listed('id', 'DESC', 0);
    expect(after.total).toBe(USERS + 3);
    expect(after.ids.slice(0, 3)).toEqual(added.map((row) => row.id).reverse());
    const byName = await listed('lastName', 'ASC', 0);
    expect(byName.ids.slice(0, 3)).toEqual(added.map((row) => row.id));
    for (const row of added) {
      const removed = await t.app.inject({
        method: 'DELETE',
        url: `/api/admin/users/${row.id}`,
        headers: bearer(token),
      });
      expect(removed.statusCode).toBe(200);
    }
    const again = await listed('id', 'DESC', 0);
    expect(again.total).toBe(USERS);
    expect(again.ids).toEqual(await offsetIds('id', 'DESC', 0));
  });
});
