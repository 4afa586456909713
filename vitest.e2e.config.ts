import { defineConfig } from 'vitest/config';

// Browser tests: the real server on a throwaway database, the real built front end (built once
// by tests/e2e/setup/build.ts), driven by Debian's Chromium through playwright-core.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    globalSetup: ['tests/setup/postgres.ts', 'tests/e2e/setup/build.ts'],
    // Chromium is heavy on two cores: one file at a time.
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // UI conditions are waited for (never slept on); two loaded cores can take seconds.
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
});
