#!/usr/bin/env node
// npm run dev: the API in watch mode plus the Vite dev servers of the public site and the
// console (both proxy /api to the API). Ctrl-C stops all three.
import { spawn } from 'node:child_process';

const processes = [
  ['api', ['npx', 'tsx', 'watch', '--clear-screen=false', 'api/src/server.ts']],
  [
    'widget',
    ['npx', 'vite', '--config', 'widget/vite.config.ts', '--port', '5173', '--strictPort'],
  ],
  ['admin', ['npx', 'vite', '--config', 'admin/vite.config.ts', '--port', '5174', '--strictPort']],
].map(([name, [command, ...args]]) => {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = (stream, out) =>
    stream.on('data', (chunk) => {
      for (const line of String(chunk).split('\n')) if (line) out.write(`[${name}] ${line}\n`);
    });
  prefix(child.stdout, process.stdout);
  prefix(child.stderr, process.stderr);
  return child;
});

console.log(
  'Public site (dev): http://localhost:5173/   Console (dev): http://localhost:5174/scadmin/',
);
const stopAll = (signal) => {
  for (const child of processes) child.kill(signal);
};
process.on('SIGINT', () => stopAll('SIGINT'));
process.on('SIGTERM', () => stopAll('SIGTERM'));
let running = processes.length;
for (const child of processes) {
  child.on('exit', () => {
    running -= 1;
    if (running === 0) process.exit(0);
  });
}
