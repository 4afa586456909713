/**
 * Keeps the zod schemas built for each set of rules (an organization's certification rules, or
 * its credential rules): building a schema costs far more than using it, and every submit to one
 * organization applies the same rules. The oldest entry goes when the cache is full.
 */
export function cachedByRules<R, T>(build: (rules: R) => T, size = 256) {
  const cache = new Map<string, T>();
  return (rules: R): T => {
    const key = JSON.stringify(rules);
    let built = cache.get(key);
    if (built === undefined) {
      if (cache.size >= size) cache.delete(cache.keys().next().value as string);
      built = build(rules);
      cache.set(key, built);
    }
    return built;
  };
}
