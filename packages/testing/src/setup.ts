// Fails any test that logs console.error unexpectedly (epic-stack setup-test-env.ts).
// A test that expects an error log spies on console.error itself before the call.
import { afterEach, beforeEach, vi } from 'vitest';

let spy: ReturnType<typeof vi.spyOn> | undefined;

beforeEach(() => {
  spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error called unexpectedly: ${args.map(String).join(' ')}`);
  });
});

afterEach(() => {
  spy?.mockRestore();
});
