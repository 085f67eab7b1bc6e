import { defineConfig } from 'vitest/config';

// One runner for unit, integration and adapter-conformance tests of every workspace.
// The web app's browser tests (Playwright, e2e/) and the topology smoke journey (smoke/) run as
// their own steps of scripts/test.ts.
export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'packages/*/test/**/*.test.ts',
      'services/*/src/**/*.test.ts',
      'services/*/test/**/*.test.ts',
      'gateway/src/**/*.test.ts',
      'gateway/test/**/*.test.ts',
      'proto/test/**/*.test.ts',
      'web/app/**/*.test.ts',
      'web/test/**/*.test.ts',
      'scripts/**/*.test.ts',
      'demo/**/*.test.ts',
      'infra/**/*.test.ts',
      'loadtest/**/*.test.ts',
    ],
    setupFiles: ['packages/testing/src/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default is one fewer worker than cores: one file at a time on CI's 2 cores. The files
    // mostly wait on PostgreSQL, NATS, Redis and the services they start, so three overlap that
    // wait (the whole run: 1141 s with one worker at load 4-5).
    maxWorkers: 3,
  },
});
