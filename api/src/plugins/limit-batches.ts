import type { CounterState, SharedCounters } from './shared-counters.js';

// Rate limits counted across instances without a store round trip per request
// (docs/decisions.md, "Rate limits counted in batches"). Each instance keeps, per key, the count
// the store last answered and the requests it admitted since without telling the store. It
// admits on its own while fewer than a batch of them are untold and the count it knows leaves
// room; otherwise the request waits for the store's answer, as every request used to. A timer
// tells the store what was admitted every FLUSH_EVERY_MS, all keys in one round trip. So every
// instance can be ahead of the store by less than one batch per key, which bounds the overshoot
// to instances × (batch − 1) requests a window, and a limit of 20 or less stays exact.

/** One batch is a twentieth of the limit: 60 a minute is told to the store every 3 requests. */
const BATCH_DIVISOR = 20;
const FLUSH_EVERY_MS = 200;
/** Keys kept at most; past it the oldest key without untold requests is forgotten. */
const MOST_KEYS = 10_000;
/** Keys looked at from the oldest to find one to forget. */
const EVICTION_SCAN = 64;

/** Per key, an instance holds fewer requests than this that the store has not answered for. */
export const batchSize = (limit: number) => Math.max(1, Math.ceil(limit / BATCH_DIVISOR));

interface Waiter {
  limit: number;
  resolve(state: CounterState): void;
  reject(error: unknown): void;
}

/** What one instance knows of one key in its current window. */
interface KeyCount {
  windowMs: number;
  /** Whether the store has answered for this key (before, `known` and `endsAt` mean nothing). */
  learned: boolean;
  /** The count the store last answered (its highest answer this window). */
  known: number;
  /** When the window ends, in this instance's clock. */
  endsAt: number;
  /** Admitted here, not yet sent to the store. */
  pending: number;
  /** Sent to the store (admitted here, or waiting for its answer), not yet answered. */
  sending: number;
  /** Requests waiting for the store's answer: sent with the next call. */
  waiting: Waiter[];
  /** Whether this key's call for its waiting requests is under way. */
  calling: boolean;
}

export interface LimitBatches {
  /**
   * Counts one request against `limit` in windows of `windowMs`: the state whose count decides
   * it (admitted when the count is at most the limit).
   */
  increment(key: string, windowMs: number, limit: number): Promise<CounterState>;
  /** The key's count as this instance knows it, or as the store has it when unknown here. */
  read(key: string): Promise<CounterState>;
  /** Stops the timer and tells the store every request admitted here. */
  close(): Promise<void>;
}

export interface LimitBatchesOptions {
  /** A failed background flush, once per outage. */
  onError?: (error: unknown) => void;
  flushEveryMs?: number;
  mostKeys?: number;
}

export function limitBatches(
  counters: SharedCounters,
  options: LimitBatchesOptions = {},
): LimitBatches {
  const { onError = () => {}, flushEveryMs = FLUSH_EVERY_MS, mostKeys = MOST_KEYS } = options;
  const counts = new Map<string, KeyCount>();
  // While the store fails, nothing is admitted here: every request asks the store, and fails
  // with it, as it would without batches.
  let reachable = true;
  let closed = false;
  let flushing: Promise<void> | undefined;

  const untold = (count: KeyCount) => count.pending + count.sending + count.waiting.length;

  const learn = (count: KeyCount, state: CounterState, answeredAt: number) => {
    const endsAt = answeredAt + state.resetInMs;
    // An end well past the one known means the store began a new window for this key.
    if (!count.learned || endsAt - count.endsAt > count.windowMs / 2) {
      count.known = state.count;
      count.endsAt = endsAt;
      count.learned = true;
    } else {
      count.known = Math.max(count.known, state.count);
    }
  };

  /** The answer for a request decided without the store, or undefined when it must wait. */
  const decideHere = (count: KeyCount, limit: number, now: number): CounterState | undefined => {
    if (!count.learned) return undefined;
    const resetInMs = Math.max(0, count.endsAt - now);
    // The store counted the limit already: refused until the window ends.
    if (count.known >= limit) return { count: count.known + 1, resetInMs };
    if (!reachable || closed) return undefined;
    const ahead = untold(count);
    if (ahead + 1 >= batchSize(limit) || count.known + ahead + 1 > limit) return undefined;
    count.pending += 1;
    return { count: count.known + ahead + 1, resetInMs };
  };

  /** Sends what waits for the store, with what was admitted here, until nothing waits. */
  const call = async (key: string, count: KeyCount) => {
    count.calling = true;
    while (count.waiting.length > 0) {
      const waiters = count.waiting.splice(0);
      const admitted = count.pending;
      const amount = admitted + waiters.length;
      count.pending = 0;
      count.sending += amount;
      let state: CounterState | undefined;
      try {
        [state] = await counters.add([{ key, amount, windowMs: count.windowMs }]);
      } catch (error) {
        count.sending -= amount;
        count.pending += admitted;
        reachable = false;
        for (const waiter of waiters) waiter.reject(error);
        continue;
      }
      count.sending -= amount;
      reachable = true;
      const answer = state as CounterState;
      learn(count, answer, Date.now());
      // The waiting requests were counted last, in the order they came.
      waiters.forEach((waiter, index) => {
        waiter.resolve({
          count: answer.count - waiters.length + 1 + index,
          resetInMs: answer.resetInMs,
        });
      });
      // Requests that came during the call may not need the store any more.
      const now = Date.now();
      for (const waiter of count.waiting.splice(0)) {
        const here = decideHere(count, waiter.limit, now);
        if (here) waiter.resolve(here);
        else count.waiting.push(waiter);
      }
    }
    count.calling = false;
  };

  const forgettable = (count: KeyCount) => !count.calling && untold(count) === 0;

  /** Forgets the oldest key with nothing untold, when there are too many. */
  const makeRoom = () => {
    if (counts.size < mostKeys) return;
    let looked = 0;
    for (const [key, count] of counts) {
      if (forgettable(count)) {
        counts.delete(key);
        return;
      }
      if (++looked >= EVICTION_SCAN) return;
    }
  };

  const countFor = (key: string, windowMs: number, now: number): KeyCount => {
    const existing = counts.get(key);
    // What was admitted in a window that ended belongs to it, not to the next.
    if (existing && !(existing.learned && now >= existing.endsAt)) return existing;
    if (existing) counts.delete(key);
    else makeRoom();
    const count: KeyCount = {
      windowMs,
      learned: false,
      known: 0,
      endsAt: 0,
      pending: 0,
      sending: 0,
      waiting: [],
      calling: false,
    };
    counts.set(key, count);
    return count;
  };

  /** Tells the store what every key admitted here, in one round trip. */
  const flush = async () => {
    const now = Date.now();
    const batch: { key: string; count: KeyCount; amount: number }[] = [];
    for (const [key, count] of counts) {
      if (count.calling) continue;
      // A window that ended takes what it admitted with it; a key the store never answered
      // for (its call failed) is forgotten once nothing of it is left to tell.
      const ended = count.learned ? now >= count.endsAt : untold(count) === 0;
      if (ended) counts.delete(key);
      else if (count.pending > 0) batch.push({ key, count, amount: count.pending });
    }
    if (batch.length === 0) return;
    for (const { count, amount } of batch) {
      count.pending -= amount;
      count.sending += amount;
    }
    try {
      const states = await counters.add(
        batch.map(({ key, count, amount }) => ({ key, amount, windowMs: count.windowMs })),
      );
      const answeredAt = Date.now();
      batch.forEach(({ count, amount }, index) => {
        count.sending -= amount;
        learn(count, states[index] as CounterState, answeredAt);
      });
      reachable = true;
    } catch (error) {
      for (const { count, amount } of batch) {
        count.sending -= amount;
        count.pending += amount;
      }
      if (reachable) onError(error);
      reachable = false;
    }
  };

  const flushOnce = () => {
    flushing ??= flush().finally(() => {
      flushing = undefined;
    });
    return flushing;
  };

  const timer = setInterval(() => void flushOnce(), flushEveryMs);
  timer.unref();

  return {
    increment(key, windowMs, limit) {
      const now = Date.now();
      const count = countFor(key, windowMs, now);
      const here = decideHere(count, limit, now);
      if (here) return Promise.resolve(here);
      return new Promise<CounterState>((resolve, reject) => {
        count.waiting.push({ limit, resolve, reject });
        if (!count.calling) void call(key, count);
      });
    },
    async read(key) {
      const count = counts.get(key);
      if (!count?.learned || Date.now() >= count.endsAt) return counters.read(key);
      return {
        count: count.known + count.pending + count.sending,
        resetInMs: count.endsAt - Date.now(),
      };
    },
    async close() {
      closed = true;
      clearInterval(timer);
      await flushing;
      await flushOnce();
    },
  };
}
