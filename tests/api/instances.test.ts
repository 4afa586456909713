import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../api/src/config.js';
import { makeTempFolder } from '../../api/src/db/embedded-postgres.js';
import { createOrm, migrate } from '../../api/src/db/orm.js';
import { withStartupLock } from '../../api/src/db/startup-lock.js';
import { seed } from '../../api/src/seed.js';
import { migrationsList } from '../../migrations/index.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { withDatabase } from '../setup/postgres.js';
import { createOrganization, randomAddress } from './registration/fixtures.js';
import { signIn, staffClient } from './staff/helpers.js';

// Several instances on one database: what one keeps for a moment is forgotten when staff
// change something through another, and start-up takes turns on an empty database.

let first: TestApp;
let second: TestApp;
let call: ReturnType<typeof staffClient>;

beforeAll(async () => {
  // Kept a minute: only a notification can make the second instance show an edit in time.
  const env = { ORGINFO_CACHE_SECONDS: '60' };
  first = await createTestApp({ env });
  second = await createTestApp({ env, database: first.database });
  call = staffClient(first.app, (await signIn(first)).token);
});
afterAll(async () => {
  await second?.close();
  await first?.close();
});

/** Polls until `check` holds, for at most `withinMs`; answers whether it did. */
async function holdsWithin(withinMs: number, check: () => Promise<boolean>): Promise<boolean> {
  const deadline = performance.now() + withinMs;
  for (;;) {
    if (await check()) return true;
    if (performance.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const banner = async (t: TestApp, hash: string) =>
  (
    await t.app.inject({ url: `/api/tr/get/orginfo/${hash}`, remoteAddress: randomAddress() })
  ).json().message.orgInfo.org_banner;

async function listenerBackends(): Promise<number[]> {
  const rows = await first.app.orm.em
    .fork()
    .getConnection()
    .execute<{ pid: number }[]>(
      `select pid from pg_stat_activity where datname = current_database() and application_name = 'listen:backflow_staff_changes'`,
    );
  return rows.map((row) => row.pid);
}

describe('the registration-link cache across instances', () => {
  it('shows an organization edited through one instance through the other within a second', async () => {
    const organization = await createOrganization(first.app.orm.em.fork());
    expect(await banner(second, organization.hash)).toBe('Have your documents ready.');
    const edited = await call(
      'PUT',
      `/api/sc/submit/editorganization/${encodeURIComponent(organization.name)}`,
      {
        orgName: organization.name,
        orgInfo: {
          orgID: organization.id,
          numOfCerts: 1,
          orgEndDate: '2034-12-31',
          orgBanner: 'Bring your gauge.',
        },
      },
    );
    expect(edited.statusCode, edited.body).toBe(200);
    const seen = await holdsWithin(
      1_000,
      async () => (await banner(second, organization.hash)) === 'Bring your gauge.',
    );
    expect(seen).toBe(true);
  });

  it('keeps nothing while it cannot hear of changes, and listens again by itself', async () => {
    const organization = await createOrganization(first.app.orm.em.fork());
    expect(await banner(second, organization.hash)).toBe('Have your documents ready.');
    const backends = await listenerBackends();
    expect(backends).toHaveLength(2);
    await first.app.orm.em
      .fork()
      .getConnection()
      .execute('select pg_terminate_backend(pid) from pg_stat_activity where pid in (?)', [
        backends,
      ]);
    // pg_terminate_backend only signals the sessions: the change below must come once they
    // are gone, or it could be heard by a listener still ending.
    expect(
      await holdsWithin(5_000, async () =>
        (await listenerBackends()).every((pid) => !backends.includes(pid)),
      ),
    ).toBe(true);
    await first.app.orm.em
      .fork()
      .getConnection()
      .execute('update organizations set form_banner = ? where id = ?', [
        'Changed while nobody listened.',
        organization.id,
      ]);
    // Whether or not it is listening again yet, it must not show what it kept before.
    expect(await banner(second, organization.hash)).toBe('Changed while nobody listened.');
    // A session shows in pg_stat_activity before its LISTEN is done: wait for both.
    expect(
      await holdsWithin(
        10_000,
        async () => (await listenerBackends()).length === 2 && second.app.invalidation.listening,
      ),
    ).toBe(true);
  });
});

describe('the users list across instances', () => {
  it('stops counting a person deleted through another instance at once', async () => {
    const secondCall = staffClient(second.app, (await signIn(second)).token);
    const total = async () => {
      const response = await secondCall('GET', '/api/admin/users?range=%5B0%2C24%5D');
      return Number(String(response.headers['content-range']).split('/')[1]);
    };
    const added = await call('POST', '/api/sc/submit/user', {
      userType: 'tester',
      userFirstName: 'Gone',
      userLastName: 'Soon',
      userEmail: `gone.${randomBytes(4).toString('hex')}@example.com`,
      userPhone: '555-0100',
    });
    expect(added.statusCode, added.body).toBe(201);
    const before = await total();
    const { userId } = added.json().userInfo;
    const deleted = await call('DELETE', `/api/admin/users/${userId}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await holdsWithin(1_000, async () => (await total()) === before - 1)).toBe(true);
  });
});

describe('three instances starting together on an empty database', () => {
  it('all start, the schema is migrated once and the seed runs once', async () => {
    const { adminUrl } = inject('testDatabase');
    const name = `empty_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    const url = withDatabase(adminUrl, name);
    const dataDir = await makeTempFolder('backflow-startup-');
    const config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      JWT_SECRET: 'x'.repeat(40),
      SEED_DEMO: 'true',
    });
    const orms = await Promise.all(
      [1, 2, 3].map(() => createOrm({ databaseUrl: url, poolMax: 2 })),
    );
    const turns: { instance: number; at: 'start' | 'end' }[] = [];
    try {
      const results = await Promise.all(
        orms.map((orm, instance) =>
          withStartupLock(url, async () => {
            turns.push({ instance, at: 'start' });
            await migrate(orm);
            const seeded = await seed(orm.em.fork(), config);
            turns.push({ instance, at: 'end' });
            return seeded;
          }),
        ),
      );
      // One at a time: each turn ends before the next starts.
      expect(turns.map((turn) => turn.at)).toEqual([
        'start',
        'end',
        'start',
        'end',
        'start',
        'end',
      ]);
      expect(results.filter((result) => result.createdStaff)).toHaveLength(1);
      expect(results.filter((result) => result.createdDemo)).toHaveLength(1);
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const applied = await client
        .query('select name from mikro_orm_migrations')
        .finally(() => client.end());
      expect(applied.rows.map((row) => row.name).sort()).toEqual(
        migrationsList.map((migration) => migration.name).sort(),
      );
    } finally {
      await Promise.all(orms.map((orm) => orm.close(true)));
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
