import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

// The registration link lookup is the public side's hottest call and its answer changes only
// when staff change the organization. So each process keeps the answers for a few seconds, and
// every process forgets all of them whenever a staff call that can change something is answered
// by any of them (plugins/invalidation.ts); one that cannot hear of changes keeps nothing.

export interface LinkCache {
  /** The kept value for the hash, or what load() gives (kept until ttl; a failure is not). */
  get<T>(hash: string, load: () => Promise<T>): Promise<T>;
  clear(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    linkCache: LinkCache;
  }
}

const MAX_ENTRIES = 5_000;

function createLinkCache(ttlMs: number, trustworthy: () => boolean): LinkCache {
  const entries = new Map<string, { until: number; value: Promise<unknown> }>();
  return {
    get<T>(hash: string, load: () => Promise<T>): Promise<T> {
      if (ttlMs <= 0 || !trustworthy()) return load();
      const now = Date.now();
      const kept = entries.get(hash);
      if (kept && kept.until > now) return kept.value as Promise<T>;
      if (entries.size >= MAX_ENTRIES) entries.clear();
      const value = load();
      entries.set(hash, { until: now + ttlMs, value });
      value.catch(() => entries.delete(hash));
      return value;
    },
    clear() {
      entries.clear();
    },
  };
}

const STAFF_PREFIXES = ['/api/sc/', '/api/admin/'];
/** Staff calls sent with POST that only read (lists, reports) or sign in. */
const STAFF_READ_PREFIXES = ['/api/sc/get/', '/api/sc/session/'];

const mayChange = (method: string, url: string) =>
  method !== 'GET' &&
  STAFF_PREFIXES.some((prefix) => url.startsWith(prefix)) &&
  !STAFF_READ_PREFIXES.some((prefix) => url.startsWith(prefix));

/**
 * Decorates app.linkCache; before any successful staff write is answered, every instance is
 * told to forget what it keeps.
 */
export default fp(
  async (app: FastifyInstance) => {
    const { invalidation } = app;
    const cache = createLinkCache(
      app.config.orgInfoCacheSeconds * 1000,
      () => invalidation.listening,
    );
    app.decorate('linkCache', cache);
    invalidation.onChange(() => cache.clear());
    app.addHook('onSend', async (request, reply) => {
      // A refused or failed call changed nothing (each write is one transaction).
      if (reply.statusCode >= 400 || !mayChange(request.method, request.url)) return;
      // The change is answered whether or not the others could be told: they keep answers for
      // ORGINFO_CACHE_SECONDS at most.
      await invalidation.announce().catch((error: unknown) => {
        request.log.warn({ err: error }, 'could not tell other instances of a staff change');
      });
    });
  },
  { name: 'link-cache', dependencies: ['invalidation'] },
);
