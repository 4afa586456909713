import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The browser tests run against the real build in dist/widget: build it once per run, so a
// test never sees a stale bundle. (E2E_SKIP_BUILD=1 reuses an existing build.)
export default function setup() {
  if (process.env.E2E_SKIP_BUILD === '1') return;
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
  // Vitest sets NODE_ENV=test, which would make Vite build React's development version.
  execFileSync('npm', ['run', 'build:widget', '--silent'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}
