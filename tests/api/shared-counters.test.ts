import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  postgresCounters,
  redisCounters,
  type SharedCounters,
} from '../../api/src/plugins/shared-counters.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { engineTestsRun } from '../helpers/optional-engines.js';
import { type RedisServer, startRedisServer } from '../helpers/redis.js';
import { createOrganization, type OrganizationFixture } from './registration/fixtures.js';
import { createStaff, login, uniqueIp } from './staff/helpers.js';

// Limits are counted across instances: two apps on one database stand for two processes. The
// Redis store's tests need redis-server (an optional engine: see tests/helpers/optional-engines.ts).

const withRedis = engineTestsRun('redis');
let redis: RedisServer | undefined;
let first: TestApp;
let second: TestApp;
let organization: OrganizationFixture;
const LOOKUPS_PER_MINUTE = 6;

beforeAll(async () => {
  if (withRedis) redis = await startRedisServer();
  const env = { RATE_LIMIT_ORGINFO_PER_MINUTE: String(LOOKUPS_PER_MINUTE) };
  first = await createTestApp({ env });
  second = await createTestApp({ env, database: first.database });
  organization = await createOrganization(first.app.orm.em.fork());
});
afterAll(async () => {
  await second?.close();
  await first?.close();
  await redis?.close();
});

const noLog = () => {};

function redisUrl(): string {
  if (!redis) throw new Error('redis-server was not started');
  return redis.url;
}

describe('shared counters in PostgreSQL', () =>
  countersBehave(() => postgresCounters(first.database.url, noLog)));
describe.skipIf(!withRedis)('shared counters in Redis', () =>
  countersBehave(() => redisCounters(redisUrl(), noLog)),
);

function countersBehave(create: () => SharedCounters) {
  let counters: SharedCounters;
  let other: SharedCounters;
  beforeAll(() => {
    counters = create();
    other = create();
  });
  afterAll(async () => {
    await counters.close();
    await other.close();
  });

  it('counts one window per key across every client of the store', async () => {
    const key = `test:${randomUUID()}`;
    expect(await counters.read(key)).toEqual({ count: 0, resetInMs: 0 });
    expect((await counters.increment(key, 60_000)).count).toBe(1);
    expect((await other.increment(key, 60_000)).count).toBe(2);
    const state = await counters.read(key);
    expect(state.count).toBe(2);
    expect(state.resetInMs).toBeGreaterThan(0);
    expect(state.resetInMs).toBeLessThanOrEqual(60_000);
    await other.reset(key);
    expect((await counters.read(key)).count).toBe(0);
  });

  it('adds to many keys in one call, summing a key named twice and starting new keys', async () => {
    const [counted, fresh] = [`test:${randomUUID()}`, `test:${randomUUID()}`];
    await counters.increment(counted, 60_000);
    const states = await other.add([
      { key: counted, amount: 3, windowMs: 60_000 },
      { key: fresh, amount: 1, windowMs: 30_000 },
      { key: counted, amount: 1, windowMs: 60_000 },
    ]);
    expect(states.map((state) => state.count)).toEqual([5, 1, 5]);
    expect((await counters.read(counted)).count).toBe(5);
    const started = await counters.read(fresh);
    expect(started.count).toBe(1);
    expect(started.resetInMs).toBeGreaterThan(20_000);
    expect(started.resetInMs).toBeLessThanOrEqual(30_000);
  });

  it('loses no count when two clients add to the same keys at once, in opposite orders', async () => {
    const keys = Array.from({ length: 20 }, () => `test:${randomUUID()}`);
    const batch = (order: string[]) => order.map((key) => ({ key, amount: 1, windowMs: 60_000 }));
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        (i % 2 === 0 ? counters : other).add(batch(i % 2 === 0 ? keys : [...keys].reverse())),
      ),
    );
    for (const key of keys) expect((await counters.read(key)).count).toBe(40);
  });

  it('takes keys of any length and sets a count that ends with its own window', async () => {
    const key = `staff-login:${'very-long-address.'.repeat(20)}@example.com`;
    await counters.reset(key);
    await counters.increment(key, 60_000);
    expect((await counters.increment(key, 60_000)).count).toBe(2);
    expect((await other.read(key)).count).toBe(2);
    const typed = `staff-login:${randomUUID()}\ud800@example.com`;
    await counters.increment(typed, 60_000);
    expect((await other.increment(typed, 60_000)).count).toBe(2);
    const hold = `test:hold:${randomUUID()}`;
    await counters.set(hold, 1, 30_000);
    const held = await other.read(hold);
    expect(held.count).toBe(1);
    expect(held.resetInMs).toBeGreaterThan(20_000);
    expect(held.resetInMs).toBeLessThanOrEqual(30_000);
  });

  it('starts counting again once the window has passed', async () => {
    const key = `test:${randomUUID()}`;
    await counters.increment(key, 1_000);
    await counters.increment(key, 1_000);
    const deadline = Date.now() + 5_000;
    while ((await counters.read(key)).count !== 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await other.increment(key, 1_000)).count).toBe(1);
  });
}

describe('rate limits across two instances', () => {
  it(`admits ${LOOKUPS_PER_MINUTE} registration-link lookups a minute in total, whichever instance answers`, async () => {
    const remoteAddress = uniqueIp();
    const statuses: number[] = [];
    for (let i = 0; i < LOOKUPS_PER_MINUTE + 4; i++) {
      const app = i % 2 === 0 ? first.app : second.app;
      const response = await app.inject({
        url: `/api/tr/get/orginfo/${organization.hash}`,
        remoteAddress,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(LOOKUPS_PER_MINUTE);
    expect(statuses.slice(LOOKUPS_PER_MINUTE)).toEqual([429, 429, 429, 429]);
  });

  it("holds a sign-in pair's delay on both instances, never the owner on a clean address", async () => {
    const staff = await createStaff(first.app);
    const attacker = uniqueIp();
    // Three free failures, then the fourth starts a delay for that (account, address) pair.
    for (let i = 0; i < 4; i++) {
      const app = i % 2 === 0 ? first.app : second.app;
      expect((await login(app, staff.email, 'wrong password!', attacker)).statusCode).toBe(401);
    }
    expect((await login(second.app, staff.email, staff.password, attacker)).statusCode).toBe(429);
    expect((await login(first.app, staff.email, staff.password, attacker)).statusCode).toBe(429);
    expect((await login(second.app, staff.email, staff.password, uniqueIp())).statusCode).toBe(200);
  });

  it('counts sign-in attempts per client address across both instances', async () => {
    const remoteAddress = uniqueIp();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const app = i % 2 === 0 ? first.app : second.app;
      statuses.push(
        (await login(app, `${randomUUID()}@example.com`, 'x'.repeat(12), remoteAddress)).statusCode,
      );
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it.runIf(withRedis)('counts in Redis instead when REDIS_URL is set', async () => {
    const env = { RATE_LIMIT_ORGINFO_PER_MINUTE: '2', REDIS_URL: redisUrl() };
    const third = await createTestApp({ env, database: first.database });
    const fourth = await createTestApp({ env, database: first.database });
    try {
      expect(third.app.sharedCounters.store).toBe('redis');
      const remoteAddress = uniqueIp();
      const statuses: number[] = [];
      for (const app of [third.app, fourth.app, third.app, fourth.app]) {
        const url = `/api/tr/get/orginfo/${organization.hash}`;
        statuses.push((await app.inject({ url, remoteAddress })).statusCode);
      }
      expect(statuses).toEqual([200, 200, 429, 429]);
    } finally {
      await fourth.close();
      await third.close();
    }
  });
});
