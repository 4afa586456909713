import { defineConfig } from 'vitest/config';

// npm run test:reliability: faults, load and hostile input against the real server (child
// processes on loopback) and in-process apps. One file at a time: the load and timing checks
// need the machine to themselves. Every wait inside the tests is bounded on its own.
export default defineConfig({
  test: {
    include: ['tests/reliability/**/*.test.ts'],
    globalSetup: ['tests/setup/postgres.ts'],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 120_000,
    teardownTimeout: 60_000,
  },
});
