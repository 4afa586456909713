import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsync, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { type LimitBatches, limitBatches } from './limit-batches.js';
import {
  type CounterState,
  postgresCounters,
  redisCounters,
  type SharedCounters,
} from './shared-counters.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Counters shared by every instance (see shared-counters.ts). */
    sharedCounters: SharedCounters;
  }
}

interface RateLimitsOptions {
  databaseUrl: string;
  redisUrl: string | undefined;
}

type StoreCallback = (error: Error | null, state?: { current: number; ttl: number }) => void;

/**
 * Where @fastify/rate-limit counts: in the shared counters through this instance's batches
 * (limit-batches.ts), one namespace per route.
 */
function sharedStore(limits: LimitBatches) {
  const answer = (state: Promise<CounterState>, callback: StoreCallback) => {
    state.then(
      ({ count, resetInMs }) => callback(null, { current: count, ttl: resetInMs }),
      (error: Error) => callback(error),
    );
  };
  class SharedStore {
    namespace = 'app';
    incr(key: string, callback: StoreCallback, timeWindow: number, max: number) {
      answer(limits.increment(`${this.namespace}:${key}`, timeWindow, max), callback);
    }
    read(key: string, callback: StoreCallback) {
      answer(limits.read(`${this.namespace}:${key}`), callback);
    }
    /**
     * A route's limit counts apart from other routes' (as the plugin's own store does). The
     * plugin passes the route's merged limit options, the route itself under routeInfo.
     */
    child(routeOptions: RouteOptions & { routeInfo?: Partial<RouteOptions> }) {
      const { method, url } = routeOptions.routeInfo ?? {};
      const store = new SharedStore();
      if (url) store.namespace = `${String(method)} ${url}`;
      return store;
    }
  }
  return SharedStore;
}

/**
 * @fastify/rate-limit on the shared counters: routes opt in with `config.rateLimit`, keyed by
 * the client address as Fastify sees it (X-Forwarded-For only counts when TRUST_PROXY names
 * the proxies). A limit is counted in batches (limit-batches.ts), so it may admit a few more
 * than its number across instances (docs/decisions.md, "Rate limits counted in batches").
 * Decorates `sharedCounters`, exact, for other counts across instances.
 */
const rateLimitsPlugin: FastifyPluginAsync<RateLimitsOptions> = async (app, options) => {
  const onError = (error: unknown) => app.log.warn({ err: error }, 'rate-limit counters');
  const counters = options.redisUrl
    ? redisCounters(options.redisUrl, onError)
    : postgresCounters(options.databaseUrl, onError);
  const limits = limitBatches(counters, { onError });
  app.decorate('sharedCounters', counters);
  app.addHook('onClose', async () => {
    await limits.close();
    await counters.close();
  });
  await app.register(rateLimit, { global: false, store: sharedStore(limits) });
};

export default fp(rateLimitsPlugin, { name: 'rate-limits' });
