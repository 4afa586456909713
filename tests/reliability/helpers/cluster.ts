import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import {
  type EmbeddedServer,
  freePort,
  makeTempFolder,
  startEmbeddedPostgres,
} from '../../../api/src/db/embedded-postgres.js';
import { waitFor } from './wait.js';

// A PostgreSQL cluster of the test's own on a fixed port, so a server process reconnects after
// the cluster restarts. Durable (fsync and synchronous_commit on, as in production) unless the
// test only needs it to come and go.

export interface Cluster {
  url: string;
  port: number;
  /** The postmaster's PID (from postmaster.pid), while running. */
  postmasterPid(): number;
  /** SIGKILL the postmaster this test started, and wait until it and its backends are gone. */
  kill(): Promise<void>;
  /** A fast shutdown (SIGINT), as an operator stopping the database would. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it if running and deletes its folder. */
  remove(): Promise<void>;
}

export async function startCluster(options: { durable?: boolean } = {}): Promise<Cluster> {
  const unsafeFast = options.durable === false;
  const folder = await makeTempFolder('backflow-reliability-pg-');
  const dataDir = path.join(folder, 'pg');
  const port = await freePort();
  let server: EmbeddedServer | undefined;
  const start = async () => {
    // After a kill, PostgreSQL refuses to start until the old backends have let go of the
    // shared memory: try a bounded number of times.
    let lastError: unknown;
    for (let attempt = 0; attempt < 20; attempt++) {
      try {
        server = await startEmbeddedPostgres({ dataDir, port, unsafeFast });
        return;
      } catch (error) {
        lastError = error;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
    throw lastError ?? new Error('the cluster did not start');
  };
  await start();
  const postmasterPid = () =>
    Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const cluster: Cluster = {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`,
    port,
    postmasterPid,
    async kill() {
      const pid = postmasterPid();
      const backends = childPids(pid);
      process.kill(pid, 'SIGKILL');
      // The killed instance cannot be stopped any more; forget it.
      server = undefined;
      await waitFor(
        'the killed postmaster and its backends to exit',
        () => [pid, ...backends].every((each) => !alive(each)),
        10_000,
        20,
      );
    },
    async stop() {
      await server?.stop();
      server = undefined;
    },
    start,
    async remove() {
      await server?.stop();
      server = undefined;
      await rm(folder, { recursive: true, force: true });
    },
  };
  return cluster;
}

function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // A zombie (state Z) has exited; only its parent has yet to reap it.
    return !/^\d+ \(.*\) Z/.test(stat);
  } catch {
    return false;
  }
}

/** The PIDs whose parent is `pid` (the postmaster's backends), from /proc. */
function childPids(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/** One query on its own connection. */
export async function query<T extends pg.QueryResultRow>(
  url: string,
  sql: string,
  values: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, values)).rows;
  } finally {
    await client.end();
  }
}
