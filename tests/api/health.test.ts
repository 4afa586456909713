import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../api/src/app.js';
import { loadConfig } from '../../api/src/config.js';
import {
  type EmbeddedServer,
  freePort,
  makeTempFolder,
  startEmbeddedPostgres,
} from '../../api/src/db/embedded-postgres.js';
import { FIXTURE_WEB_ROOT } from '../helpers/app.js';

// This file runs its own PostgreSQL so it can stop and restart it under a live app.
let folder: string;
let port: number;
let server: EmbeddedServer;
let app: App;

const startServer = () =>
  startEmbeddedPostgres({ dataDir: path.join(folder, 'pg'), port, unsafeFast: true });

beforeAll(async () => {
  folder = await makeTempFolder('backflow-health-pg-');
  port = await freePort();
  server = await startServer();
  app = await buildApp(
    loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: server.url,
      DATA_DIR: path.join(folder, 'data'),
      WEB_ROOT: FIXTURE_WEB_ROOT,
      JWT_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'silent',
      JOBS: 'false',
    }),
  );
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await server?.stop();
  await rm(folder, { recursive: true, force: true });
});

async function waitFor(condition: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await condition()) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`condition not met within ${timeoutMs} ms`);
}

describe('GET /api/health', () => {
  it('answers 200 while the database is up', async () => {
    const response = await app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'up' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 quickly while the database is down, and recovers by itself', async () => {
    await server.stop();
    const started = Date.now();
    const down = await app.inject({ url: '/api/health' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ status: 'unavailable', database: 'down' });
    expect(Date.now() - started).toBeLessThan(5_000);

    server = await startServer();
    await waitFor(
      async () => (await app.inject({ url: '/api/health' })).statusCode === 200,
      10_000,
    );
  });
});
