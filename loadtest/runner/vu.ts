/**
 * One virtual user of the Node runner: a worker thread that loads the k6 script with stand-ins for
 * the `k6/*` modules (./k6/) and runs its iterations synchronously, as k6 does. Also used once to
 * read the script's options, once for setup() and once for teardown().
 */
import { readFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import type { MessagePort } from 'node:worker_threads';
import type { VuWorkerData, WorkerMessage } from './protocol.ts';
import { Interrupted, STOP, aborted, flushChecks, vu } from './k6/state.ts';

const STAND_INS: Record<string, string> = { k6: 'k6.ts', 'k6/http': 'http.ts', 'k6/crypto': 'crypto.ts', 'k6/execution': 'execution.ts' };
registerHooks({
  resolve(specifier, context, nextResolve) {
    const file = STAND_INS[specifier];
    if (file) return { url: new URL(`./k6/${file}`, import.meta.url).href, shortCircuit: true };
    return nextResolve(specifier, context);
  },
});

const w = workerData as VuWorkerData & { port: MessagePort };
const post = (m: WorkerMessage) => parentPort!.postMessage(m);
const scriptDir = path.dirname(w.script);

const g = globalThis as Record<string, unknown>;
g.__ENV = { ...w.env };
g.__VU = w.mode === 'vu' ? w.vuId : 0;
g.__ITER = 0;
// k6's open(): init context only, relative to the script; 'b' gives an ArrayBuffer.
g.open = (file: string, mode?: string) => {
  const buf = readFileSync(path.resolve(scriptDir, file));
  return mode === 'b' ? buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength) : buf.toString('utf8');
};

vu.idInTest = w.vuId;
vu.scenario = w.scenario;
vu.bridge = { port: w.port, sync: new Int32Array(w.sync), control: new Int32Array(w.control) };

type Fn = (data?: unknown) => unknown;
const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

let mod: Record<string, unknown>;
try {
  mod = (await import(pathToFileURL(w.script).href)) as Record<string, unknown>;
} catch (err) {
  post({ type: 'fatal', error: `the script failed to load: ${message(err)}` });
  process.exit(1);
}

if (w.mode === 'options') {
  post({ type: 'options', options: JSON.parse(JSON.stringify(mod.options ?? {})), hasSetup: typeof mod.setup === 'function', hasTeardown: typeof mod.teardown === 'function' });
} else if (w.mode === 'setup' || w.mode === 'teardown') {
  try {
    const result = (mod[w.mode] as Fn)(w.data);
    flushChecks();
    // k6 hands setup data to the VUs as JSON.
    post({ type: 'setup', data: result === undefined ? null : JSON.parse(JSON.stringify(result)) });
  } catch (err) {
    flushChecks();
    post({ type: 'fatal', error: `${w.mode}() failed: ${message(err)}` });
  }
} else {
  const fn = mod[w.exec] as Fn | undefined;
  if (typeof fn !== 'function') {
    post({ type: 'fatal', error: `the script exports no function ${w.exec} (scenario ${w.scenario})` });
  } else {
    const control = vu.bridge.control;
    for (let i = 0; w.iterations === null || i < w.iterations; i++) {
      if (Atomics.load(control, STOP) === 1 || aborted()) break;
      g.__ITER = i;
      vu.iterationInScenario = i;
      vu.groups.length = 0;
      const started = performance.now();
      let error: string | undefined;
      let interrupted = false;
      try {
        fn(w.data);
      } catch (err) {
        if (err instanceof Interrupted) interrupted = true;
        else error = message(err);
      }
      flushChecks();
      post({ type: 'iteration', scenario: w.scenario, durationMs: performance.now() - started, ...(error ? { error } : {}), ...(interrupted ? { interrupted } : {}) });
      if (interrupted) break;
    }
  }
}
w.port.close();
