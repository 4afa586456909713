import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';

// Shared pieces of the benchmark cases: the server process, load runs, memory sampling.

export interface ServerProcess {
  baseUrl: string;
  pid: number;
  stop(): Promise<void>;
}

/** Starts bench/server.ts; with profileDir, its CPU profile is written there when it stops. */
export async function startServer(
  env: Record<string, string>,
  profileDir?: string,
): Promise<ServerProcess> {
  const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const child: ChildProcess = spawn(
    process.execPath,
    [...profile, '--import', 'tsx', 'bench/server.ts'],
    {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench server exited (${code})`)));
    lines.once('line', (line) => resolve(JSON.parse(line).port));
  });
  // If the suite dies, the server goes with it.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    pid: child.pid as number,
    stop: () =>
      new Promise((resolve) => {
        process.removeListener('exit', killOnExit);
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Resident memory of a process, in MB (Linux). */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** Samples a process's RSS every 50 ms while `work` runs; answers the peak growth. */
export async function peakRssGrowth<T>(
  pid: number,
  work: () => Promise<T>,
): Promise<{ result: T; baselineMb: number; growthMb: number }> {
  const baselineMb = rssMb(pid);
  let peak = baselineMb;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 50);
  try {
    const result = await work();
    peak = Math.max(peak, rssMb(pid));
    return { result, baselineMb, growthMb: peak - baselineMb };
  } finally {
    clearInterval(timer);
  }
}

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Connection errors and timeouts. */
  errors: number;
  non2xx: number;
  /** 5xx answers: the server broke. */
  serverErrors: number;
  total: number;
}

export async function load(options: autocannon.Options): Promise<LoadResult> {
  const started = performance.now();
  let lastAnswer = started;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const run = autocannon({ ...options }, (error, finished) =>
      error ? reject(error) : resolve(finished),
    );
    run.on('response', () => {
      lastAnswer = performance.now();
    });
  });
  const total = result.requests.total;
  return {
    // With a fixed amount the rate is the requests over the time until the last answer:
    // autocannon notices the end only at its next one-second tick, and its own figures count
    // whole seconds.
    requestsPerSecond: options.amount
      ? total / ((lastAnswer - started) / 1000)
      : result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    serverErrors: result['5xx'],
    total,
  };
}

/** Latency percentiles (ms) of individually timed calls. */
export interface Latency {
  p50: number;
  p95: number;
  p99: number;
  calls: number;
}

/** The percentiles of call times (ms, any order, at least one). */
function latency(times: readonly number[]): Latency {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    p50: round(percentile(sorted, 0.5)),
    p95: round(percentile(sorted, 0.95)),
    p99: round(percentile(sorted, 0.99)),
    calls: sorted.length,
  };
}

/**
 * Latency percentiles of a sequence of individually timed calls (ms): `count` calls, or fewer
 * when `seconds` run out first (at least 5 calls either way).
 */
export async function timeCalls(
  count: number,
  call: (i: number) => Promise<void>,
  seconds = Number.POSITIVE_INFINITY,
): Promise<Latency> {
  const times: number[] = [];
  const deadline = performance.now() + seconds * 1000;
  for (let i = 0; i < count && (i < 5 || performance.now() < deadline); i++) {
    const started = performance.now();
    await call(i);
    times.push(performance.now() - started);
  }
  return latency(times);
}

/**
 * Latency percentiles of calls of several kinds made by turns (one of each, then the next
 * round), so that every kind meets the same moments of the machine: `warmUp` rounds not counted,
 * then `rounds` rounds, or fewer when `seconds` run out first (at least 5). Each call is given
 * its round's number, warm-up rounds included.
 */
export async function timeByTurns<K extends string>(
  rounds: number,
  calls: Record<K, (round: number) => Promise<void>>,
  { warmUp = 0, seconds = Number.POSITIVE_INFINITY } = {},
): Promise<Record<K, Latency>> {
  const kinds = Object.keys(calls) as K[];
  const times = new Map<K, number[]>(kinds.map((kind) => [kind, []]));
  for (let round = 0; round < warmUp; round++) {
    for (const kind of kinds) await calls[kind](round);
  }
  const deadline = performance.now() + seconds * 1000;
  for (let n = 0; n < rounds && (n < 5 || performance.now() < deadline); n++) {
    for (const kind of kinds) {
      const started = performance.now();
      await calls[kind](warmUp + n);
      times.get(kind)?.push(performance.now() - started);
    }
  }
  const timing = {} as Record<K, Latency>;
  for (const kind of kinds) timing[kind] = latency(times.get(kind) ?? []);
  return timing;
}

/** The value below which a share `q` of the `sorted` (ascending, non-empty) values fall. */
export function percentile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
}

export const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;
