import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { BenchContext } from '../context.js';
import { round } from '../harness.js';

// Case: start-up. How long an instance takes from its process starting to answering
// /api/health: on an empty database (migrations, seed, the job queue's schema), then again on
// the migrated one (a restart, or another instance joining). The compiled server when built
// (dist/api, as in production), else the TypeScript source through tsx.

const CASE = 'start-up';

/** Spawns the server; answers the seconds until /api/health answers 200 and the process. */
async function startTimed(
  env: Record<string, string>,
  port: number,
): Promise<{ seconds: number; child: ChildProcess }> {
  const compiled = path.resolve('dist/api/src/server.js');
  const args = existsSync(compiled) ? [compiled] : ['--import', 'tsx', 'api/src/server.ts'];
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: 'ignore',
  });
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  for (;;) {
    if (exited) throw new Error('the server exited during start-up');
    if (performance.now() - started > 60_000) throw new Error('no answer within 60 s');
    const status = await fetch(`http://127.0.0.1:${port}/api/health`)
      .then((response) => response.status)
      .catch(() => 0);
    if (status === 200) return { seconds: (performance.now() - started) / 1000, child };
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

export async function startupCase(
  context: BenchContext,
  env: Record<string, string>,
  emptyDatabaseUrl: string,
  port: number,
) {
  const serverEnv = {
    ...env,
    DATABASE_URL: emptyDatabaseUrl,
    DATA_DIR: path.join(context.workDir, 'startup'),
    // Production would refuse the benchmark's database, which runs without fsync.
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
  };
  for (const measure of ['first start on an empty database', 'restart']) {
    const { seconds, child } = await startTimed(serverEnv, port);
    await stop(child);
    context.recorder.record({ case: CASE, measure, value: round(seconds, 2), unit: 's' });
  }
}
