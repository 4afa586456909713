import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrm, type Orm } from '../../../api/src/db/orm.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/database.js';

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

const execute = (sql: string, params: unknown[] = []) =>
  orm.em.fork().getConnection().execute(sql, params);

describe('the review migration', () => {
  it("keeps each registration's user type with it, whoever writes them", async () => {
    const [organization] = await execute(
      `insert into organizations (name, form_hash, primary_email, report_frequency, allowed_until)
       values ('User Type Water', 'user-type-hash', 'ops@example.org', 'weekly', '2034-12-31')
       returning id`,
    );
    const [user] = await execute(
      `insert into users (type, first_name, last_name, email)
       values ('admin', 'Ada', 'Typed', 'ada-typed@example.org') returning id`,
    );
    await execute('insert into registrations (user_id, organization_id) values (?, ?)', [
      user?.id,
      organization?.id,
    ]);
    const typeOf = async () =>
      (await execute('select user_type from registrations where user_id = ?', [user?.id]))[0]
        ?.user_type;
    expect(await typeOf()).toBe('admin');
    await execute(`update users set type = 'tester' where id = ?`, [user?.id]);
    expect(await typeOf()).toBe('tester');
  });

  it('puts every registration that existed before it in the queue as Pending review', async () => {
    const migrator = orm.getMigrator();
    await migrator.down({ to: 'Migration20261122120505_company_state_name_nearest' });
    const [organization] = await execute(
      `insert into organizations (name, form_hash, primary_email, report_frequency, allowed_until)
       values ('Before Review Water', 'before-review-hash', 'ops@example.org', 'weekly', '2034-12-31')
       returning id`,
    );
    const registeredAt = ['2024-03-01T14:00:00Z', '2025-07-04T09:30:00Z'];
    for (const [n, at] of registeredAt.entries()) {
      const [user] = await execute(
        `insert into users (type, first_name, last_name, email) values ('tester', 'Old', ?, ?)
         returning id`,
        [`Timer ${n}`, `old-${n}@example.org`],
      );
      await execute(
        `insert into registrations (user_id, organization_id, enrolled, registered_at)
         values (?, ?, ?, ?)`,
        [user?.id, organization?.id, n === 1, at],
      );
    }
    await migrator.up();
    const rows = await execute(
      `select review_state, review_version, queued_at, registered_at, resubmitted_at, reviewed_at,
              enrolled, user_type
         from registrations where organization_id = ? order by registered_at`,
      [organization?.id],
    );
    expect(rows).toHaveLength(2);
    for (const [n, row] of rows.entries()) {
      expect(row).toMatchObject({
        review_state: 'pending',
        review_version: 1,
        resubmitted_at: null,
        reviewed_at: null,
        enrolled: n === 1,
        user_type: 'tester',
      });
      expect(new Date(row.queued_at).toISOString()).toBe(
        new Date(registeredAt[n] ?? '').toISOString(),
      );
    }
  });
});
