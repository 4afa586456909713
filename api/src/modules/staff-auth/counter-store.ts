import type { EntityManager } from '@mikro-orm/postgresql';
import { RateLimiterPostgres } from 'rate-limiter-flexible';

/** A count that lives until its window ends. */
export interface Count {
  count: number;
  /** Milliseconds until the count is forgotten (0 when there is none). */
  resetsInMs: number;
}

/**
 * Expiring counters that every server process shares, so limits hold however many processes
 * answer. A count's window starts with its first increment.
 */
export interface CounterStore {
  /** Adds one to the key's count (starting a window of `windowMs` when it has none). */
  increment(key: string, windowMs: number): Promise<Count>;
  read(key: string): Promise<Count>;
  /** Sets the key's count, to be forgotten `windowMs` from now. */
  set(key: string, count: number, windowMs: number): Promise<void>;
  remove(key: string): Promise<void>;
}

const NO_COUNT: Count = { count: 0, resetsInMs: 0 };
/** The library refuses past its limit; counting is all we ask of it. */
const UNLIMITED = 1_000_000_000;

/**
 * Counters in PostgreSQL (the sign_in_counters table, made by a migration) through
 * rate-limiter-flexible's RateLimiterPostgres, on the ORM's connection pool: one row per key,
 * updated atomically by an upsert. Expired rows are deleted by the library every few minutes.
 */
export function postgresCounterStore(em: EntityManager): CounterStore {
  const knex = em.getConnection().getKnex();
  const limiters = new Map<number, RateLimiterPostgres>();
  // The library's window is a property of the limiter: one limiter per window length.
  const limiter = (windowMs: number) => {
    const seconds = Math.max(1, Math.ceil(windowMs / 1000));
    let found = limiters.get(seconds);
    if (!found) {
      found = new RateLimiterPostgres({
        storeClient: knex,
        storeType: 'knex',
        tableName: 'sign_in_counters',
        tableCreated: true,
        keyPrefix: 'c',
        points: UNLIMITED,
        duration: seconds,
      });
      limiters.set(seconds, found);
    }
    return found;
  };
  const any = () => limiter(1000);
  return {
    async increment(key, windowMs) {
      const result = await limiter(windowMs).consume(key, 1);
      return { count: result.consumedPoints, resetsInMs: Math.max(0, result.msBeforeNext) };
    },
    async read(key) {
      const result = await any().get(key);
      if (!result) return NO_COUNT;
      return { count: result.consumedPoints, resetsInMs: Math.max(0, result.msBeforeNext) };
    },
    async set(key, count, windowMs) {
      await any().set(key, count, Math.max(1, Math.ceil(windowMs / 1000)));
    },
    async remove(key) {
      await any().delete(key);
    },
  };
}
