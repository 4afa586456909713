import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The browser tests run against the real builds in dist/widget and dist/admin: built once per
// run, so a test never sees a stale bundle. (E2E_SKIP_BUILD=1 reuses existing builds.)
export default function setup() {
  if (process.env.E2E_SKIP_BUILD === '1') return;
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
  for (const script of ['build:widget', 'build:admin']) {
    // Vitest sets NODE_ENV=test, which would make Vite build React's development version.
    execFileSync('npm', ['run', script, '--silent'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
  }
}
