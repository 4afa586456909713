import { defineConfig } from 'vitest/config';

// npm run test:cluster: three app instances (child processes) on one PostgreSQL and one
// S3-protocol server, behind a round-robin proxy, under load and a SIGKILL. Each file starts
// the servers it needs; one file at a time, as the load needs the machine to itself.
export default defineConfig({
  test: {
    include: ['tests/cluster/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 180_000,
    teardownTimeout: 60_000,
  },
});
