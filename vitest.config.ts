import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'api/**/*.test.ts',
      'shared/**/*.test.ts',
      'tests/**/*.test.ts',
      'widget/**/*.test.{ts,tsx}',
      'admin/**/*.test.{ts,tsx}',
    ],
    exclude: [
      'tests/e2e/**',
      'tests/reliability/**',
      'tests/cluster/**',
      'node_modules/**',
      'dist/**',
    ],
    globalSetup: ['tests/setup/postgres.ts', 'tests/setup/optional-engines.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
