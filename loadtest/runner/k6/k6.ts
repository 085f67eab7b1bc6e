// Stand-in for the `k6` module in the Node runner: check, group, sleep, fail.
import { ABORT, Interrupted, aborted, groupTag, vu } from './state.ts';

export function check(value: unknown, sets: Record<string, (v: unknown) => unknown>): boolean {
  let all = true;
  for (const [name, fn] of Object.entries(sets)) {
    let ok: boolean;
    try {
      ok = Boolean(fn(value));
    } catch {
      ok = false;
    }
    const key = `${vu.scenario}\u0000${groupTag()}\u0000${name}`;
    const entry = vu.checks.get(key) ?? { scenario: vu.scenario, group: groupTag(), name, pass: 0, fail: 0 };
    if (ok) entry.pass += 1;
    else entry.fail += 1;
    vu.checks.set(key, entry);
    all &&= ok;
  }
  return all;
}

export function group<T>(name: string, fn: () => T): T {
  vu.groups.push(name);
  try {
    return fn();
  } finally {
    vu.groups.pop();
  }
}

/** Blocks this VU (its own thread) for `seconds`; an abort from the main thread cuts it short. */
export function sleep(seconds: number): void {
  const ms = Math.max(0, Number(seconds) * 1000);
  if (vu.bridge) Atomics.wait(vu.bridge.control, ABORT, 0, ms);
  if (aborted()) throw new Interrupted();
}

export function fail(message?: string): never {
  throw new Error(message ?? 'fail()');
}

export default { check, group, sleep, fail };
