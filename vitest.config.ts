import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/*/src/**/*.test.{ts,tsx}',
      'apps/server/bench/**/*.test.ts',
      'scripts/**/*.test.ts',
      'deploy/**/*.test.ts',
      'test/**/*.test.ts',
    ],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
