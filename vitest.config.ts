import { defineConfig } from 'vitest/config';
import { versionDefine } from './scripts/build-options.mjs';

export default defineConfig({
  define: versionDefine,
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/helpers/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two cores: keep parallelism modest so sandbox-backed tests do not starve each other.
    maxWorkers: 2,
    minWorkers: 1,
  },
});
