import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { freePort, makeTempFolder } from '../../../api/src/db/embedded-postgres.js';
import { FIXTURE_WEB_ROOT } from '../../helpers/app.js';
import { waitFor } from './wait.js';

// The real server (api/src/server.ts) as a child process, so tests can SIGKILL or SIGTERM it
// and start it again on the same database and data folder. Only processes started here are
// ever signalled, always by their recorded PID.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const started = new Set<ChildProcess>();

export interface ExitStatus {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServerProcess {
  pid: number;
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  /** Every line the process wrote to stdout and stderr, in order. */
  output: string[];
  /** Log lines that parsed as JSON (pino). */
  logs(): Record<string, unknown>[];
  exited: Promise<ExitStatus>;
  signal(signal: NodeJS.Signals): void;
  /** SIGTERM, then SIGKILL if it has not exited within the grace time. */
  stop(graceMs?: number): Promise<ExitStatus>;
}

export interface ServerEnvironment {
  databaseUrl: string;
  dataDir: string;
  port: number;
  jwtSecret: string;
}

/** A data folder, port and signing secret that survive restarts of the server. */
export async function serverEnvironment(databaseUrl: string): Promise<ServerEnvironment> {
  return {
    databaseUrl,
    dataDir: await makeTempFolder('backflow-reliability-data-'),
    port: await freePort(),
    jwtSecret: randomBytes(32).toString('hex'),
  };
}

export async function removeEnvironment(environment: ServerEnvironment): Promise<void> {
  await rm(environment.dataDir, { recursive: true, force: true });
}

/**
 * Spawns `node --import tsx api/src/server.ts` and resolves once /api/health answers 200.
 * `wait: false` resolves as soon as the process is spawned (for start-up refusal tests);
 * `traceGc` has V8 report each collection on stdout (read with majorCollections()).
 */
export async function startServerProcess(
  environment: ServerEnvironment,
  env: Record<string, string> = {},
  options: { wait?: boolean; readyTimeoutMs?: number; traceGc?: boolean } = {},
): Promise<ServerProcess> {
  const flags = options.traceGc ? ['--trace-gc'] : [];
  const child = spawn(process.execPath, [...flags, '--import', 'tsx', 'api/src/server.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(environment.port),
      PUBLIC_URL: `http://127.0.0.1:${environment.port}`,
      DATABASE_URL: environment.databaseUrl,
      DATA_DIR: environment.dataDir,
      WEB_ROOT: FIXTURE_WEB_ROOT,
      JWT_SECRET: environment.jwtSecret,
      LOG_LEVEL: 'info',
      JOBS: 'false',
      RATE_LIMIT_ORGINFO_PER_MINUTE: '1000000',
      RATE_LIMIT_UPLOADS_PER_MINUTE: '1000000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (child.pid === undefined) throw new Error('the server process did not start');
  started.add(child);
  const output: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    if (stream) createInterface({ input: stream }).on('line', (line) => output.push(line));
  }
  const exited = new Promise<ExitStatus>((resolve) => {
    child.once('exit', (code, signal) => {
      started.delete(child);
      resolve({ code, signal });
    });
  });
  let hasExited = false;
  void exited.then(() => {
    hasExited = true;
  });
  const pid = child.pid;
  const url = `http://127.0.0.1:${environment.port}`;
  const server: ServerProcess = {
    pid,
    url,
    port: environment.port,
    output,
    logs: () => output.flatMap((line) => parseJson(line)),
    exited,
    signal(signal) {
      if (!hasExited) process.kill(pid, signal);
    },
    async stop(graceMs = 30_000) {
      if (!hasExited) process.kill(pid, 'SIGTERM');
      const timer = setTimeout(() => {
        if (!hasExited) process.kill(pid, 'SIGKILL');
      }, graceMs);
      try {
        return await exited;
      } finally {
        clearTimeout(timer);
      }
    },
  };
  if (options.wait === false) return server;
  try {
    await waitFor(
      'the server to answer /api/health',
      async () => {
        if (hasExited) throw new Error(`the server exited during start-up:\n${tail(output)}`);
        return (await healthStatus(url)) === 200;
      },
      options.readyTimeoutMs ?? 60_000,
    );
  } catch (error) {
    await server.stop(5_000);
    throw error;
  }
  return server;
}

async function healthStatus(url: string): Promise<number> {
  try {
    const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}

/** SIGKILLs any server this file started that is still running (test teardown). */
export async function killStartedServers(): Promise<void> {
  const running = [...started];
  for (const child of running) {
    if (child.pid !== undefined && child.exitCode === null) process.kill(child.pid, 'SIGKILL');
  }
  await Promise.all(
    running.map((child) =>
      child.exitCode === null && child.signalCode === null
        ? new Promise((resolve) => child.once('exit', resolve))
        : undefined,
    ),
  );
}

function parseJson(line: string): Record<string, unknown>[] {
  if (!line.startsWith('{')) return [];
  try {
    return [JSON.parse(line)];
  } catch {
    return [];
  }
}

export function tail(lines: string[], count = 30): string {
  return lines.slice(-count).join('\n');
}

/** Resident memory of a process in MiB (Linux /proc). */
export function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** One full (mark-compact) collection of the main thread's heap, as --trace-gc reports it. */
export interface MajorCollection {
  /** ms since the process started. */
  atMs: number;
  /** The heap still in use after the collection: the live objects. */
  liveMiB: number;
}

const MARK_COMPACT =
  /^\[\d+:(0x[0-9a-f]+)\]\s+(\d+) ms: Mark-Compact [\d.]+ \([\d.]+\) -> ([\d.]+) \(/;

/**
 * The major collections among output lines of a server started with `traceGc`. Each thread
 * has its own heap; the main thread's is the one collected most often.
 */
export function majorCollections(lines: string[]): MajorCollection[] {
  const byHeap = new Map<string, MajorCollection[]>();
  for (const line of lines) {
    const match = MARK_COMPACT.exec(line);
    if (!match) continue;
    const [, heap = '', atMs = '0', liveMib = '0'] = match;
    const list = byHeap.get(heap) ?? [];
    // V8's "MB" is 1,048,576 bytes.
    list.push({ atMs: Number(atMs), liveMiB: Number(liveMib) });
    byHeap.set(heap, list);
  }
  return [...byHeap.values()].sort((a, b) => b.length - a.length)[0] ?? [];
}
