/**
 * At most `slots` tasks at a time; the rest wait their turn in order. Final submits go through
 * one so a burst queues here instead of starving the connection pool (whose wait for a free
 * connection is short and would turn a burst into 503s).
 */
export function createLimiter(slots: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running >= slots) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
