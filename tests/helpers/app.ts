import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { type App, buildApp } from '../../api/src/app.js';
import { type AppConfig, loadConfig } from '../../api/src/config.js';
import {
  CONTRACT_PROXY_ENV,
  contractProxyEnabled,
  routeInjectThroughContractProxy,
} from './contract-proxy.js';
import { createTestDatabase, type TestDatabase } from './database.js';

const here = path.dirname(fileURLToPath(import.meta.url));
/** Stand-in front-end builds, so serving is tested without running Vite. */
export const FIXTURE_WEB_ROOT = path.resolve(here, '../fixtures/web');

export interface TestApp {
  app: App;
  config: AppConfig;
  database: TestDatabase;
  /** Every log line the app wrote, parsed. */
  logs: Record<string, unknown>[];
  close(): Promise<void>;
}

/**
 * The whole app on its own fresh database, ready for app.inject (through the validating proxy
 * with API_CONTRACT_PROXY=1: contract-proxy.ts). `env` overrides the test environment (for
 * example NODE_ENV or ADMIN_EMAIL); `setup` may add routes before ready.
 * `database` puts it on another app's database instead (a second instance), left in place on
 * close.
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    setup?: (app: App) => void | Promise<void>;
    database?: TestDatabase;
  } = {},
): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'backflow-test-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    WEB_ROOT: FIXTURE_WEB_ROOT,
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'info',
    JOBS: 'false',
    PUBLIC_URL: 'http://localhost:3000',
    ...(contractProxyEnabled() ? CONTRACT_PROXY_ENV : {}),
    ...options.env,
  });
  const logs: Record<string, unknown>[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, callback) {
      for (const line of String(chunk).split('\n')) if (line.trim()) logs.push(JSON.parse(line));
      callback();
    },
  });
  const app = await buildApp(config, { logStream });
  await options.setup?.(app);
  await app.ready();
  const contractProxy = contractProxyEnabled() ? await routeInjectThroughContractProxy(app) : null;
  return {
    app,
    config,
    database,
    logs,
    async close() {
      await contractProxy?.close();
      await app.close();
      if (!options.database) await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
