import { spawn } from 'node:child_process';
import { freePort } from '../../api/src/db/embedded-postgres.js';

// A real Redis server (Debian's redis-server, an optional engine: tests/helpers/optional-engines.ts)
// on a free loopback port, without persistence, for the optional Redis store of the shared
// counters.

export interface RedisServer {
  url: string;
  close(): Promise<void>;
}

export async function startRedisServer(): Promise<RedisServer> {
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (output.includes('Ready to accept connections')) resolve();
    });
    child.once('error', (error) =>
      reject(new Error(`redis-server did not start: ${error.message}`)),
    );
    child.once('exit', (code) => reject(new Error(`redis-server exited (${code}):\n${output}`)));
  });
  child.stdout.resume();
  return {
    url: `redis://127.0.0.1:${port}`,
    async close() {
      if (child.pid !== undefined && child.exitCode === null) process.kill(child.pid, 'SIGTERM');
      await exited;
    },
  };
}
