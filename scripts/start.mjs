#!/usr/bin/env node
// npm start: builds whatever is out of date, then runs the server (which migrates, seeds and
// listens). The build is skipped when dist/ is newer than every source file.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCES = ['api/src', 'shared', 'migrations', 'widget', 'admin', 'package-lock.json'];
const OUTPUTS = [
  'dist/api/src/server.js',
  'dist/widget/index.html',
  'dist/widget-server/entry-server.js',
  'dist/admin/index.html',
];

function newestMtime(target) {
  const full = path.join(root, target);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(full, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

function buildNeeded() {
  const outputs = OUTPUTS.map((file) => path.join(root, file));
  if (outputs.some((file) => !existsSync(file))) return true;
  const builtAt = Math.min(...outputs.map((file) => statSync(file).mtimeMs));
  return Math.max(...SOURCES.map(newestMtime)) > builtAt;
}

if (buildNeeded()) {
  console.log('Building the platform (first start or sources changed)...');
  const build = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The server drains requests and stops its database on SIGTERM/SIGINT: pass signals on.
const server = spawn(process.execPath, ['--enable-source-maps', 'dist/api/src/server.js'], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
