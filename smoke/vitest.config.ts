import { defineConfig } from 'vitest/config';

// The production topology's smoke journey (`npm test -- topology`): one file, steps in order,
// against every deployable started as its own process on the real servers.
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['**/*.smoke.test.ts'],
    setupFiles: ['../packages/testing/src/setup.ts'],
    testTimeout: 180_000,
    hookTimeout: 300_000,
    fileParallelism: false,
    pool: 'forks',
  },
});
