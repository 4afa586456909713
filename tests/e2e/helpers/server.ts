import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type App, buildApp } from '../../../api/src/app.js';
import { type AppConfig, loadConfig } from '../../../api/src/config.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/database.js';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The real front-end build (tests/e2e/setup/build.ts makes it). */
export const DIST = path.resolve(here, '../../../dist');

export interface RunningServer {
  app: App;
  config: AppConfig;
  database: TestDatabase;
  /** http://127.0.0.1:<port>, no trailing slash. */
  url: string;
  /** Log lines at warn level and above, for failing tests to show. */
  logs: string[];
  close(): Promise<void>;
}

/** The whole server on a fresh database, listening on a free loopback port. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const database = await createTestDatabase();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'backflow-e2e-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    WEB_ROOT: DIST,
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
    JOBS: 'false',
    ...env,
  });
  const logs: string[] = [];
  const { Writable } = await import('node:stream');
  const logStream = new Writable({
    write(chunk, _encoding, callback) {
      logs.push(String(chunk));
      callback();
    },
  });
  const app = await buildApp(config, { logStream });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server has no port');
  return {
    app,
    config,
    database,
    url: `http://127.0.0.1:${address.port}`,
    logs,
    async close() {
      await app.close();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
