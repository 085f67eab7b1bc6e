/**
 * What the k6 module stand-ins share inside one VU worker: who this VU is, the open groups, the
 * channel to the main thread (which makes the HTTP calls) and the control flags it sets.
 */
import { parentPort } from 'node:worker_threads';
import type { MessagePort } from 'node:worker_threads';

/** control[STOP]: finish this iteration and end; control[ABORT]: end now (interrupt sleeps and calls). */
export const STOP = 0;
export const ABORT = 1;

export interface Bridge {
  port: MessagePort;
  /** [0]: 0 waiting, 1 answer ready, 2 aborted. */
  sync: Int32Array;
  control: Int32Array;
}

export const vu = {
  idInTest: 0,
  scenario: '',
  iterationInScenario: 0,
  groups: [] as string[],
  checks: new Map<string, { scenario: string; group: string; name: string; pass: number; fail: number }>(),
  bridge: undefined as Bridge | undefined,
};

/** Thrown into the script when the main thread aborts the VU (hard stop): unwinds the iteration. */
export class Interrupted extends Error {
  constructor() {
    super('iteration interrupted');
    this.name = 'Interrupted';
  }
}

/** k6's group tag: "::a::b" inside group a, then b; "" outside any group. */
export const groupTag = (): string => (vu.groups.length === 0 ? '' : `::${vu.groups.join('::')}`);

export function aborted(): boolean {
  return vu.bridge !== undefined && Atomics.load(vu.bridge.control, ABORT) === 1;
}

/** Sends the checks counted so far to the main thread. */
export function flushChecks(): void {
  if (vu.checks.size === 0) return;
  parentPort?.postMessage({ type: 'checks', checks: [...vu.checks.values()] });
  vu.checks.clear();
}
