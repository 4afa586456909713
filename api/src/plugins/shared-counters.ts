import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import {
  type RateLimiterAbstract,
  RateLimiterPostgres,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';

// Counters every app instance shares, so a limit of N a minute admits N in total whichever
// instance answers. The counting is rate-limiter-flexible's: its PostgreSQL limiter on the
// unlogged table shared_state.rate_limit_counters (created by a migration), or its Redis limiter when
// REDIS_URL is set. Rate limits (@fastify/rate-limit, plugins/rate-limits.ts) count through it,
// and so can anything else that must count across instances (sign-in throttling).

/** One key's count in its current window. */
export interface CounterState {
  count: number;
  /** Until the window ends and the count starts again from zero (0 when nothing is counted). */
  resetInMs: number;
}

/**
 * A fixed window per key, starting at the key's first count: `increment` counts one more
 * (starting a window of `windowMs` when the key has none) and answers the new state, `read`
 * answers it without counting, `set` puts a count that ends `windowMs` from now, `reset` forgets
 * the key. Callers give each key one window length.
 */
export interface SharedCounters {
  readonly store: 'postgresql' | 'redis';
  increment(key: string, windowMs: number): Promise<CounterState>;
  read(key: string): Promise<CounterState>;
  set(key: string, count: number, windowMs: number): Promise<void>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

/** Counts never reach it: the library only refuses past its points, and we judge limits ourselves. */
const UNLIMITED = 2_000_000_000;
/** The table's key column holds 255 characters; longer keys (an email in a key) are hashed. */
const LONGEST_KEY = 200;

const storedKey = (key: string) =>
  key.length > LONGEST_KEY ? `sha256:${createHash('sha256').update(key).digest('hex')}` : key;

const stateOf = (result: RateLimiterRes | null): CounterState =>
  result
    ? { count: result.consumedPoints, resetInMs: Math.max(0, result.msBeforeNext) }
    : { count: 0, resetInMs: 0 };

function countersOver(
  store: SharedCounters['store'],
  limiterFor: (keyPrefix: string, seconds: number) => RateLimiterAbstract,
  close: () => Promise<void>,
): SharedCounters {
  // The library's window belongs to a limiter: one limiter per window length, all on the same
  // keys (a window only decides when a new count ends).
  const limiters = new Map<number, RateLimiterAbstract>();
  const seconds = (windowMs: number) => Math.max(1, Math.ceil(windowMs / 1000));
  const limiter = (windowMs: number) => {
    let existing = limiters.get(seconds(windowMs));
    if (!existing) {
      existing = limiterFor('c', seconds(windowMs));
      limiters.set(seconds(windowMs), existing);
    }
    return existing;
  };
  const anyLimiter = () => limiter(1_000);
  return {
    store,
    async increment(key, windowMs) {
      try {
        return stateOf(await limiter(windowMs).consume(storedKey(key), 1));
      } catch (refusal) {
        // Past the library's own points it answers with a rejection carrying the state.
        if (refusal instanceof RateLimiterRes) return stateOf(refusal);
        throw refusal;
      }
    },
    async read(key) {
      return stateOf(await anyLimiter().get(storedKey(key)));
    },
    async set(key, count, windowMs) {
      await anyLimiter().set(storedKey(key), count, seconds(windowMs));
    },
    async reset(key) {
      await anyLimiter().delete(storedKey(key));
    },
    close,
  };
}

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
    () => pool.end(),
  );
}

/** Counters in Redis (REDIS_URL). */
export function redisCounters(redisUrl: string, onError: (error: Error) => void): SharedCounters {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 3_000 });
  redis.on('error', onError);
  return countersOver(
    'redis',
    (keyPrefix, duration) =>
      new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: `backflow:${keyPrefix}`,
        points: UNLIMITED,
        duration,
      }),
    async () => {
      await redis.quit().catch(() => redis.disconnect());
    },
  );
}
