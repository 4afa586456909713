import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

// The registration link lookup is the public side's hottest call and its answer changes only
// when staff change the organization. So each process keeps the answers for a few seconds, and
// forgets all of them whenever a staff call that can change something is answered.

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

function createLinkCache(ttlMs: number): LinkCache {
  const entries = new Map<string, { until: number; value: Promise<unknown> }>();
  return {
    get<T>(hash: string, load: () => Promise<T>): Promise<T> {
      if (ttlMs <= 0) return load();
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

/** Decorates app.linkCache and clears it before any staff write is answered. */
export default fp(
  async (app: FastifyInstance) => {
    const cache = createLinkCache(app.config.orgInfoCacheSeconds * 1000);
    app.decorate('linkCache', cache);
    app.addHook('onSend', async (request) => {
      if (request.method !== 'GET' && STAFF_PREFIXES.some((p) => request.url.startsWith(p))) {
        cache.clear();
      }
    });
  },
  { name: 'link-cache' },
);
