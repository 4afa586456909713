import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { batchSize, type LimitBatches, limitBatches } from '../../api/src/plugins/limit-batches.js';
import {
  type CounterAddition,
  type CounterState,
  postgresCounters,
  redisCounters,
  type SharedCounters,
} from '../../api/src/plugins/shared-counters.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { engineTestsRun } from '../helpers/optional-engines.js';
import { type RedisServer, startRedisServer } from '../helpers/redis.js';

// Limits counted in batches: each layer stands for one instance, each on its own connection to
// the real store, and a counting wrapper shows when the store is asked.

// The Redis store's tests need redis-server (an optional engine: tests/helpers/optional-engines.ts).
const withRedis = engineTestsRun('redis');
let database: TestDatabase;
let redis: RedisServer | undefined;

beforeAll(async () => {
  [database, redis] = await Promise.all([
    createTestDatabase(),
    withRedis ? startRedisServer() : undefined,
  ]);
});

function redisUrl(): string {
  if (!redis) throw new Error('redis-server was not started');
  return redis.url;
}
afterAll(async () => {
  await Promise.all([database?.drop(), redis?.close()]);
});

const MINUTE = 60_000;
const noLog = () => {};
/** Long enough that only the test flushes. */
const NO_TIMER = { flushEveryMs: 3_600_000 };

/** The store, counting the additions asked of it; `failing` makes them fail as an outage does. */
function watched(counters: SharedCounters) {
  const seen = { calls: 0, failed: 0, failing: false, additions: [] as CounterAddition[][] };
  const store: SharedCounters = {
    ...counters,
    async add(additions) {
      seen.calls += 1;
      seen.additions.push([...additions]);
      if (seen.failing) {
        seen.failed += 1;
        throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
      }
      return counters.add(additions);
    },
  };
  return { store, seen };
}

const admitted = (states: CounterState[], limit: number) =>
  states.filter((state) => state.count <= limit).length;

/** `times` requests on one key, one after another, as one client sends them. */
async function oneByOne(limits: LimitBatches, key: string, limit: number, times: number) {
  const states: CounterState[] = [];
  for (let i = 0; i < times; i++) states.push(await limits.increment(key, MINUTE, limit));
  return states;
}

describe('limits counted in batches in PostgreSQL', () =>
  batchesBehave(() => postgresCounters(database.url, noLog)));
describe.skipIf(!withRedis)('limits counted in batches in Redis', () =>
  batchesBehave(() => redisCounters(redisUrl(), noLog)),
);

function batchesBehave(create: () => SharedCounters) {
  let counters: SharedCounters;
  const opened: LimitBatches[] = [];
  const layer = (options: Parameters<typeof limitBatches>[1] = NO_TIMER) => {
    const { store, seen } = watched(counters);
    const limits = limitBatches(store, options);
    opened.push(limits);
    return { limits, seen };
  };
  beforeAll(() => {
    counters = create();
  });
  afterAll(async () => {
    await Promise.all(opened.map((limits) => limits.close()));
    await counters.close();
  });

  it('counts a limit of 20 or less exactly, asking the store for each request it admits', async () => {
    expect(batchSize(20)).toBe(1);
    const { limits, seen } = layer();
    const key = `test:${randomUUID()}`;
    const states = await oneByOne(limits, key, 6, 10);
    expect(states.map((state) => state.count)).toEqual([1, 2, 3, 4, 5, 6, 7, 7, 7, 7]);
    expect(seen.calls).toBe(6);
    expect((await counters.read(key)).count).toBe(6);
  });

  it('refuses without asking the store once the count it learned is over the limit', async () => {
    const { limits, seen } = layer();
    const key = `test:${randomUUID()}`;
    // Other instances admitted the whole limit already.
    await counters.add([{ key, amount: 100, windowMs: MINUTE }]);
    const first = await limits.increment(key, MINUTE, 100);
    expect(first.count).toBe(101);
    expect(seen.calls).toBe(1);
    const states = await oneByOne(limits, key, 100, 50);
    expect(admitted(states, 100)).toBe(0);
    expect(states.every((state) => state.resetInMs > 0)).toBe(true);
    expect(seen.calls).toBe(1);
    expect((await counters.read(key)).count).toBe(101);
  });

  it('admits up to a batch less one without the store, then waits for its answer', async () => {
    expect(batchSize(200)).toBe(10);
    const { limits, seen } = layer();
    const key = `test:${randomUUID()}`;
    const states = await oneByOne(limits, key, 200, 10);
    // The first sight of the key asks the store; the next nine are decided here.
    expect(states.map((state) => state.count)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(seen.calls).toBe(1);
    expect((await counters.read(key)).count).toBe(1);
    // The tenth untold request would make a batch: it goes with the nine to the store.
    expect((await limits.increment(key, MINUTE, 200)).count).toBe(11);
    expect(seen.calls).toBe(2);
    expect(seen.additions[1]).toEqual([{ key, amount: 10, windowMs: MINUTE }]);
    expect((await counters.read(key)).count).toBe(11);
  });

  it('decides near the limit by the store, so one instance alone never admits past it', async () => {
    const { limits } = layer();
    const key = `test:${randomUUID()}`;
    await counters.add([{ key, amount: 195, windowMs: MINUTE }]);
    expect(admitted(await oneByOne(limits, key, 200, 10), 200)).toBe(5);
  });

  it('tells the store every key admitted here on its timer, all in one call', async () => {
    const { limits, seen } = layer({ flushEveryMs: 50 });
    const keys = [`test:${randomUUID()}`, `test:${randomUUID()}`];
    for (const key of keys) await limits.increment(key, MINUTE, 200);
    // Decided here at once, so no timer falls between them.
    await Promise.all(
      keys.flatMap((key) => [1, 2, 3].map(() => limits.increment(key, MINUTE, 200))),
    );
    expect(seen.calls).toBe(2);
    await vi.waitFor(async () => {
      for (const key of keys) expect((await counters.read(key)).count).toBe(4);
    });
    const flush = seen.additions.find((additions) => additions.length > 1);
    expect(flush).toEqual(keys.map((key) => ({ key, amount: 3, windowMs: MINUTE })));
  });

  it('tells the store what it admitted when it closes', async () => {
    const { limits } = layer();
    const key = `test:${randomUUID()}`;
    await oneByOne(limits, key, 200, 5);
    expect((await counters.read(key)).count).toBe(1);
    await limits.close();
    expect((await counters.read(key)).count).toBe(5);
  });

  it('starts counting again from the store once the window has ended', async () => {
    const { limits, seen } = layer();
    const key = `test:${randomUUID()}`;
    await limits.increment(key, 1_000, 2);
    await limits.increment(key, 1_000, 2);
    expect((await limits.increment(key, 1_000, 2)).count).toBe(3);
    const callsWhenRefused = seen.calls;
    let next = { count: 3, resetInMs: 0 };
    await vi.waitFor(
      async () => {
        next = await limits.increment(key, 1_000, 2);
        expect(next.count).toBeLessThanOrEqual(2);
      },
      { timeout: 5_000, interval: 50 },
    );
    expect(next.count).toBe(1);
    expect(seen.calls).toBe(callsWhenRefused + 1);
  });

  it('forgets the oldest key past its cap, and asks the store again when it returns', async () => {
    const { limits, seen } = layer({ ...NO_TIMER, mostKeys: 2 });
    const [oldest, other, newest] = [1, 2, 3].map(() => `test:${randomUUID()}`) as [
      string,
      string,
      string,
    ];
    await limits.increment(oldest, MINUTE, 6);
    await limits.increment(other, MINUTE, 200);
    await limits.increment(other, MINUTE, 200);
    await limits.increment(newest, MINUTE, 200);
    expect(seen.calls).toBe(3);
    // `other` keeps its untold request, `oldest` was forgotten: its count comes from the store.
    expect((await limits.increment(oldest, MINUTE, 6)).count).toBe(2);
    expect(seen.calls).toBe(4);
    await limits.close();
    expect((await counters.read(other)).count).toBe(2);
  });

  it('fails requests with the store while it is down and tells it what it admitted on its return', async () => {
    const { limits, seen } = layer({ flushEveryMs: 20 });
    const key = `test:${randomUUID()}`;
    await oneByOne(limits, key, 200, 3);
    seen.failing = true;
    await limits.increment(key, MINUTE, 200);
    await vi.waitFor(() => expect(seen.failed).toBeGreaterThan(0));
    // Nothing is admitted here while the store fails: each request asks it, and fails with it.
    const callsBefore = seen.calls;
    await expect(limits.increment(key, MINUTE, 200)).rejects.toThrow(/ECONNREFUSED/);
    expect(seen.calls).toBeGreaterThan(callsBefore);
    seen.failing = false;
    expect((await limits.increment(key, MINUTE, 200)).count).toBeLessThanOrEqual(5);
    await vi.waitFor(async () => expect((await counters.read(key)).count).toBe(5));
  });

  it('keeps the overshoot of four instances on one key within instances × (batch − 1)', async () => {
    const limit = 200;
    const instances = 4;
    expect(batchSize(limit)).toBe(10);
    const bound = limit + instances * (10 - 1);
    const key = `test:${randomUUID()}`;
    const stores = Array.from({ length: instances }, create);
    const layers = stores.map((store) => limitBatches(store));
    const perInstance = 152;
    const states = await Promise.all(
      layers.map(async (limits) => {
        const answers = [];
        // Eight requests at a time per instance, as concurrent clients would send them.
        for (let sent = 0; sent < perInstance; sent += 8) {
          answers.push(
            ...(await Promise.all(
              Array.from({ length: 8 }, () => limits.increment(key, MINUTE, limit)),
            )),
          );
        }
        return answers;
      }),
    );
    await Promise.all(layers.map((limits) => limits.close()));
    await Promise.all(stores.map((store) => store.close()));
    const total = admitted(states.flat(), limit);
    expect(total).toBeGreaterThanOrEqual(limit);
    expect(total).toBeLessThanOrEqual(bound);
  });
}
