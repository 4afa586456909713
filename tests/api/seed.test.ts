import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../api/src/config.js';
import { Organization, OrganizationAgency, StaffAccount } from '../../api/src/db/entities/index.js';
import { createOrm, type Orm } from '../../api/src/db/orm.js';
import { verifyPassword } from '../../api/src/modules/staff-auth/passwords.js';
import { DEMO_ORGANIZATION_NAME, seed } from '../../api/src/seed.js';
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

const config = () =>
  loadConfig({
    NODE_ENV: 'development',
    DATA_DIR: '/tmp/backflow-seed-test',
    JWT_SECRET: 'z'.repeat(40),
    ADMIN_EMAIL: 'Staff.Lead@Example.org',
    ADMIN_PASSWORD: 'correct horse battery',
    PUBLIC_URL: 'http://localhost:4000',
  });

describe('start-up seed', () => {
  it('creates the first staff account and the demo organization once', async () => {
    const first = await seed(orm.em.fork(), config());
    expect(first.createdStaff).toBe(true);
    expect(first.createdDemo).toBe(true);
    expect(first.demoFormUrl).toMatch(/^http:\/\/localhost:4000\/form\/[A-Za-z0-9_-]{43}$/);

    const second = await seed(orm.em.fork(), config());
    expect(second.createdStaff).toBe(false);
    expect(second.createdDemo).toBe(false);
    expect(second.demoFormUrl).toBe(first.demoFormUrl);

    const em = orm.em.fork();
    expect(await em.count(StaffAccount)).toBe(1);
    expect(await em.count(Organization, { name: DEMO_ORGANIZATION_NAME })).toBe(1);
  });

  it('stores the staff password as an argon2id hash', async () => {
    const staff = await orm.em
      .fork()
      .findOneOrFail(StaffAccount, { email: 'Staff.Lead@Example.org' });
    expect(staff.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(staff.passwordHash ?? '', 'correct horse battery')).toBe(true);
    expect(await verifyPassword(staff.passwordHash ?? '', 'wrong')).toBe(false);
  });

  it('enables the default agencies on the demo organization', async () => {
    const em = orm.em.fork();
    const links = await em.find(
      OrganizationAgency,
      { organization: { name: DEMO_ORGANIZATION_NAME } },
      { populate: ['agency'] },
    );
    expect(links.map((link) => link.agency.name).sort()).toEqual(['ABPA', 'ASSE', 'AWWA']);
  });

  it('creates no demo organization in production', async () => {
    const production = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: '/tmp/backflow-seed-test',
      JWT_SECRET: 'z'.repeat(40),
      WEBHOOK_SECRET_KEY: Buffer.alloc(32, 1).toString('base64'),
      ADMIN_EMAIL: 'ops@example.org',
      ADMIN_PASSWORD: 'correct horse battery',
      PUBLIC_URL: 'https://backflow.example.org',
      SMTP_URL: 'smtp://mail.example.org:587',
    });
    const result = await seed(orm.em.fork(), production);
    expect(result.createdDemo).toBe(false);
    expect(result.demoFormUrl).toBeUndefined();
  });
});
