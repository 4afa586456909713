import { createHash } from 'node:crypto';
import { Redis, type Result } from 'ioredis';
import pg from 'pg';
import {
  type RateLimiterAbstract,
  RateLimiterPostgres,
  RateLimiterRedis,
  type RateLimiterRes,
} from 'rate-limiter-flexible';

// Counters every app instance shares, so a limit of N a minute admits N in total whichever
// instance answers. The layout is rate-limiter-flexible's: its PostgreSQL limiter on the
// unlogged table shared_state.rate_limit_counters (created by a migration), or its Redis limiter
// when REDIS_URL is set. Adding is our own statement over that layout (one round trip adds to
// many keys); reading, setting and forgetting are the library's. Rate limits
// (plugins/rate-limits.ts, through the batches of plugins/limit-batches.ts) count through it, and
// so can anything else that must count across instances (sign-in throttling).

/** One key's count in its current window. */
export interface CounterState {
  count: number;
  /** Until the window ends and the count starts again from zero (0 when nothing is counted). */
  resetInMs: number;
}

/** Counts to add to one key, starting a window of `windowMs` when the key has none. */
export interface CounterAddition {
  key: string;
  amount: number;
  windowMs: number;
}

/**
 * A fixed window per key, starting at the key's first count: `increment` counts one more
 * (starting a window of `windowMs` when the key has none) and answers the new state, `add` does
 * the same for several keys and amounts at once (each key's addition atomic, all in one round
 * trip) and answers each key's new state in order, `read` answers a state without counting,
 * `set` puts a count that ends `windowMs` from now, `reset` forgets the key. Callers give each
 * key one window length.
 */
export interface SharedCounters {
  readonly store: 'postgresql' | 'redis';
  increment(key: string, windowMs: number): Promise<CounterState>;
  add(additions: readonly CounterAddition[]): Promise<CounterState[]>;
  read(key: string): Promise<CounterState>;
  set(key: string, count: number, windowMs: number): Promise<void>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

/** Counts never reach it: the library only refuses past its points, and we judge limits ourselves. */
const UNLIMITED = 2_000_000_000;
/** The table's key column holds 255 characters; longer keys (an email in a key) are hashed. */
const LONGEST_KEY = 200;

/**
 * The key as the store keeps it: in UTF-8, where a lone surrogate (a typed email can hold one)
 * becomes U+FFFD, so the key the store answers with is the key asked for.
 */
const storedKey = (key: string) => {
  const utf8 = Buffer.from(key).toString();
  return utf8.length > LONGEST_KEY
    ? `sha256:${createHash('sha256').update(utf8).digest('hex')}`
    : utf8;
};

const stateOf = (result: RateLimiterRes | null): CounterState =>
  result
    ? { count: result.consumedPoints, resetInMs: Math.max(0, result.msBeforeNext) }
    : { count: 0, resetInMs: 0 };

/** The library's windows are whole seconds. */
const windowSeconds = (windowMs: number) => Math.max(1, Math.ceil(windowMs / 1000));

/** An addition as the store writes it: the library's form of the key, the window in seconds. */
interface StoredAddition {
  key: string;
  amount: number;
  seconds: number;
}

/** Adds each amount to its key (distinct keys) in one round trip; the new states by key. */
type AddToStore = (additions: StoredAddition[]) => Promise<Map<string, CounterState>>;

function countersOver(
  store: SharedCounters['store'],
  limiterFor: (keyPrefix: string, seconds: number) => RateLimiterAbstract,
  addToStore: AddToStore,
  close: () => Promise<void>,
): SharedCounters {
  // The library's window belongs to a limiter: one limiter per window length, all on the same
  // keys (a window only decides when a new count ends).
  const limiters = new Map<number, RateLimiterAbstract>();
  const limiter = (windowMs: number) => {
    const seconds = windowSeconds(windowMs);
    let existing = limiters.get(seconds);
    if (!existing) {
      existing = limiterFor('c', seconds);
      limiters.set(seconds, existing);
    }
    return existing;
  };
  const anyLimiter = () => limiter(1_000);
  const rowKey = (key: string) => anyLimiter().getKey(storedKey(key));
  const counters: SharedCounters = {
    store,
    async increment(key, windowMs) {
      const [state] = await counters.add([{ key, amount: 1, windowMs }]);
      return state as CounterState;
    },
    async add(additions) {
      // A statement or a pipeline touches each key once: additions to one key are summed.
      const merged = new Map<string, StoredAddition>();
      for (const { key, amount, windowMs } of additions) {
        const row = rowKey(key);
        const earlier = merged.get(row);
        if (earlier) earlier.amount += amount;
        else merged.set(row, { key: row, amount, seconds: windowSeconds(windowMs) });
      }
      if (merged.size === 0) return [];
      const states = await addToStore([...merged.values()]);
      return additions.map(({ key }) => {
        const state = states.get(rowKey(key));
        if (!state) throw new Error('the counters store answered without a counted key');
        return state;
      });
    },
    async read(key) {
      return stateOf(await anyLimiter().get(storedKey(key)));
    },
    async set(key, count, windowMs) {
      await anyLimiter().set(storedKey(key), count, windowSeconds(windowMs));
    },
    async reset(key) {
      await anyLimiter().delete(storedKey(key));
    },
    close,
  };
  return counters;
}

/**
 * The library's PostgreSQL upsert for many keys at once: a key whose window has ended (or that
 * has none) starts again from its amount with a new end, written in this instance's clock as
 * the library writes it. Rows are taken in key order, the same on every instance, so two
 * instances' batches wait for each other instead of deadlocking.
 */
const ADD_STATEMENT = `
  insert into shared_state.rate_limit_counters as counter (key, points, expire)
  select key, amount, $4::bigint + seconds * 1000
    from unnest($1::varchar[], $2::int[], $3::int[]) as addition (key, amount, seconds)
   order by key
  on conflict (key) do update set
    points = case when counter.expire <= $4 then excluded.points
                  else counter.points + excluded.points end,
    expire = case when counter.expire <= $4 then excluded.expire else counter.expire end
  returning key, points, expire`;

/** Counters in PostgreSQL, on a small pool of their own. */
export function postgresCounters(
  databaseUrl: string,
  onError: (error: Error) => void,
): SharedCounters {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 4,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 3_000,
  });
  // An idle connection lost with the server must not end the process; the pool replaces it.
  pool.on('error', onError);
  return countersOver(
    'postgresql',
    (keyPrefix, duration) =>
      new RateLimiterPostgres({
        storeClient: pool,
        storeType: 'pool',
        schemaName: 'shared_state',
        tableName: 'rate_limit_counters',
        tableCreated: true,
        keyPrefix,
        points: UNLIMITED,
        duration,
      }),
    async (additions) => {
      const now = Date.now();
      const { rows } = await pool.query<{ key: string; points: number; expire: string }>({
        name: 'shared-counters-add',
        text: ADD_STATEMENT,
        values: [
          additions.map((each) => each.key),
          additions.map((each) => each.amount),
          additions.map((each) => each.seconds),
          now,
        ],
      });
      const answeredAt = Date.now();
      return new Map(
        rows.map((row) => [
          row.key,
          { count: row.points, resetInMs: Math.max(0, Number(row.expire) - answeredAt) },
        ]),
      );
    },
    () => pool.end(),
  );
}

declare module 'ioredis' {
  interface RedisCommander<Context> {
    sharedCountersAdd(
      key: string,
      amount: number,
      seconds: number,
    ): Result<[number, number], Context>;
  }
}

/** The library's Redis script: add to the key, starting its window when it has none. */
const ADD_SCRIPT = `
redis.call('set', KEYS[1], 0, 'EX', ARGV[2], 'NX')
local consumed = redis.call('incrby', KEYS[1], ARGV[1])
local ttl = redis.call('pttl', KEYS[1])
if ttl == -1 then
  redis.call('expire', KEYS[1], ARGV[2])
  ttl = 1000 * ARGV[2]
end
return {consumed, ttl}`;

/** Counters in Redis (REDIS_URL). */
export function redisCounters(redisUrl: string, onError: (error: Error) => void): SharedCounters {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 3_000 });
  redis.on('error', onError);
  redis.defineCommand('sharedCountersAdd', { numberOfKeys: 1, lua: ADD_SCRIPT });
  return countersOver(
    'redis',
    (keyPrefix, duration) =>
      new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: `backflow:${keyPrefix}`,
        points: UNLIMITED,
        duration,
      }),
    async (additions) => {
      const pipeline = redis.pipeline();
      for (const { key, amount, seconds } of additions) {
        pipeline.sharedCountersAdd(key, amount, seconds);
      }
      const replies = (await pipeline.exec()) ?? [];
      return new Map(
        additions.map(({ key }, index) => {
          const [error, reply] = replies[index] ?? [new Error('the counters store did not answer')];
          if (error) throw error;
          const [count, resetInMs] = reply as [number, number];
          return [key, { count, resetInMs: Math.max(0, resetInMs) }];
        }),
      );
    },
    async () => {
      await redis.quit().catch(() => redis.disconnect());
    },
  );
}
