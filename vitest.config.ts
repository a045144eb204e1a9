import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two cores: keep parallelism modest so sandbox-backed tests do not starve each other.
    maxWorkers: 2,
    minWorkers: 1,
  },
});
