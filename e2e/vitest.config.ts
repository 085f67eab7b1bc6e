import { defineConfig } from 'vitest/config';

// Browser tests against a running site (E2E_BASE_URL, default http://localhost:3000).
// No setup file: page console output is checked by the tests themselves.
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['**/*.e2e.test.ts'],
    testTimeout: 90_000,
    hookTimeout: 90_000,
    fileParallelism: false,
    pool: 'forks',
  },
});
