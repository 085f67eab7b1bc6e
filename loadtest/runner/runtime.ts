/**
 * The Node runner's engine: runs a k6 script (its `options.scenarios`, setup, teardown) with one
 * worker thread per virtual user (vu.ts), makes their HTTP calls here with fetch, collects k6's
 * metrics (http_reqs, http_req_duration, http_req_failed, checks, iterations) with their tags, and
 * evaluates the script's thresholds. Executors: per-vu-iterations, constant-vus, ramping-vus.
 * Not k6: figures come from a different client and are compared only with earlier runs of this one.
 */
import { MessageChannel, Worker } from 'node:worker_threads';
import type { BodySpec, HttpReply, HttpRequestSpec, VuWorkerData, WorkerMessage } from './protocol.ts';

const VU_ENTRY = new URL('./vu.ts', import.meta.url);

export interface Stage {
  duration: string;
  target: number;
}

export interface ScenarioOptions {
  executor: string;
  exec?: string;
  vus?: number;
  iterations?: number;
  duration?: string;
  maxDuration?: string;
  startVUs?: number;
  stages?: Stage[];
  gracefulRampDown?: string;
  gracefulStop?: string;
}

export interface ScriptOptions {
  scenarios?: Record<string, ScenarioOptions>;
  thresholds?: Record<string, string[]>;
  userAgent?: string;
  setupTimeout?: string;
}

/** One HTTP call's sample, with k6's tags. */
export interface HttpSample {
  tags: Record<string, string>;
  durationMs: number;
  failed: boolean;
}

export interface CheckCount {
  scenario: string;
  group: string;
  name: string;
  pass: number;
  fail: number;
}

export interface RunResult {
  options: ScriptOptions;
  http: HttpSample[];
  checks: CheckCount[];
  iterations: Record<string, { completed: number; interrupted: number; errors: number; firstErrors: string[] }>;
  durationMs: number;
}

export interface RunOptions {
  script: string;
  env: Record<string, string>;
  /** Multiplies every VU level (stages, vus); >0. The runner is one process: scale down on a small machine. */
  vusScale?: number;
  /** Called with one line now and then while the run goes on. */
  progress?: (line: string) => void;
}

/** "1h30m", "2m", "30s", "500ms" → milliseconds. */
export function parseDuration(value: string | undefined, fallback = 0): number {
  if (!value) return fallback;
  let total = 0;
  let matched = '';
  for (const m of value.matchAll(/(\d+(?:\.\d+)?)(ms|h|m|s)/g)) {
    total += Number(m[1]) * { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[m[2] as 'ms' | 's' | 'm' | 'h'];
    matched += m[0];
  }
  if (matched !== value.trim()) throw new Error(`not a duration: ${value}`);
  return total;
}

/** k6's header names: each word capitalised (content-type → Content-Type). */
const canonical = (name: string) => name.replace(/(^|-)([a-z])/g, (_m, dash: string, c: string) => dash + c.toUpperCase());

function fetchBody(body: BodySpec): BodyInit | undefined {
  switch (body.kind) {
    case 'none':
      return undefined;
    case 'text':
      return body.text;
    case 'bytes':
      return new Uint8Array(body.data);
    case 'form':
      return new URLSearchParams(body.fields.map((f) => [f.name, f.value]));
    case 'multipart': {
      const form = new FormData();
      for (const f of body.fields) {
        if ('file' in f) form.append(f.name, new Blob([new Uint8Array(f.file.data)], { type: f.file.contentType }), f.file.filename);
        else form.append(f.name, f.value);
      }
      return form;
    }
  }
}

async function perform(spec: HttpRequestSpec, userAgent: string): Promise<HttpReply> {
  const headers = new Headers(spec.headers);
  if (!headers.has('user-agent')) headers.set('user-agent', userAgent);
  const started = performance.now();
  try {
    const res = await fetch(spec.url, { method: spec.method, headers, body: fetchBody(spec.body), redirect: 'follow', signal: AbortSignal.timeout(spec.timeoutMs) });
    const bytes = await res.arrayBuffer();
    const durationMs = performance.now() - started;
    const out: Record<string, string> = {};
    res.headers.forEach((v, k) => (out[canonical(k)] = v));
    return { status: res.status, headers: out, body: spec.binary ? bytes : Buffer.from(bytes).toString('utf8'), url: res.url, error: '', durationMs };
  } catch (err) {
    return { status: 0, headers: {}, body: null, url: spec.url, error: err instanceof Error ? `${err.message}${err.cause instanceof Error ? `: ${err.cause.message}` : ''}` : String(err), durationMs: performance.now() - started };
  }
}

interface Vu {
  worker: Worker;
  control: Int32Array;
  sync: Int32Array;
  exited: Promise<void>;
  hasExited: boolean;
  stopping: boolean;
  stop(): void;
  abort(): void;
}

export async function runScript(o: RunOptions): Promise<RunResult> {
  const started = Date.now();
  const scale = o.vusScale ?? 1;
  const http: HttpSample[] = [];
  const checks = new Map<string, CheckCount>();
  const iterations: RunResult['iterations'] = {};
  let fatal: string | undefined;
  let nextVuId = 1;
  let userAgent = 'brokerwise-loadtest/1.0 (node runner)';

  const iterationsOf = (scenario: string) => (iterations[scenario] ??= { completed: 0, interrupted: 0, errors: 0, firstErrors: [] });

  function onMessage(m: WorkerMessage, resolveValue?: (v: WorkerMessage) => void): void {
    if (m.type === 'checks') {
      for (const c of m.checks) {
        const key = `${c.scenario}\u0000${c.group}\u0000${c.name}`;
        const entry = checks.get(key) ?? { ...c, pass: 0, fail: 0 };
        entry.pass += c.pass;
        entry.fail += c.fail;
        checks.set(key, entry);
      }
    } else if (m.type === 'iteration') {
      const it = iterationsOf(m.scenario);
      if (m.interrupted) it.interrupted += 1;
      else it.completed += 1;
      if (m.error) {
        it.errors += 1;
        if (it.firstErrors.length < 5) it.firstErrors.push(m.error);
      }
    } else if (m.type === 'fatal') {
      fatal ??= m.error;
      resolveValue?.(m);
    } else {
      resolveValue?.(m);
    }
  }

  function startVu(data: Omit<VuWorkerData, 'sync' | 'control' | 'script' | 'env'>, onValue?: (v: WorkerMessage) => void): Vu {
    const sync = new SharedArrayBuffer(4);
    const control = new SharedArrayBuffer(8);
    const channel = new MessageChannel();
    const worker = new Worker(VU_ENTRY, {
      workerData: { ...data, script: o.script, env: o.env, sync, control, port: channel.port2 },
      transferList: [channel.port2],
    });
    const syncView = new Int32Array(sync);
    const controlView = new Int32Array(control);
    channel.port1.on('message', (spec: HttpRequestSpec) => {
      void perform(spec, userAgent).then((reply) => {
        http.push({ tags: { ...spec.tags, method: spec.method, status: String(reply.status), expected_response: String(reply.status >= 200 && reply.status < 400) }, durationMs: reply.durationMs, failed: reply.status === 0 || reply.status >= 400 });
        if (vu.hasExited) return;
        channel.port1.postMessage(reply);
        Atomics.store(syncView, 0, 1);
        Atomics.notify(syncView, 0);
      });
    });
    worker.on('message', (m: WorkerMessage) => onMessage(m, onValue));
    worker.on('error', (err) => {
      fatal ??= `a VU failed: ${err.message}`;
    });
    const vu: Vu = {
      worker,
      control: controlView,
      sync: syncView,
      hasExited: false,
      stopping: false,
      exited: new Promise((resolve) =>
        worker.once('exit', () => {
          vu.hasExited = true;
          channel.port1.close();
          resolve();
        }),
      ),
      stop() {
        vu.stopping = true;
        Atomics.store(controlView, 0, 1);
      },
      abort() {
        vu.stopping = true;
        Atomics.store(controlView, 1, 1);
        Atomics.notify(controlView, 1);
        Atomics.store(syncView, 0, 2);
        Atomics.notify(syncView, 0);
      },
    };
    return vu;
  }

  /** Runs one worker in a mode that answers with one message (options, setup, teardown). */
  async function once(mode: 'options' | 'setup' | 'teardown', data: unknown, timeoutMs: number): Promise<WorkerMessage> {
    let vu: Vu | undefined;
    const answer = new Promise<WorkerMessage>((resolve) => {
      vu = startVu({ mode, vuId: 0, scenario: mode, exec: mode, iterations: 1, data }, resolve);
      void vu.exited.then(() => resolve({ type: 'fatal', error: fatal ?? `${mode} ended without an answer` }));
    });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<WorkerMessage>((resolve) => {
      timer = setTimeout(() => resolve({ type: 'fatal', error: `${mode} took longer than ${timeoutMs} ms` }), timeoutMs);
    });
    const m = await Promise.race([answer, timeout]);
    clearTimeout(timer);
    vu!.abort();
    await vu!.exited;
    if (m.type === 'fatal') throw new Error(m.error);
    return m;
  }

  const loaded = await once('options', null, 60_000);
  if (loaded.type !== 'options') throw new Error('no options');
  const options = loaded.options as ScriptOptions;
  if (options.userAgent) userAgent = options.userAgent;
  const scenarios = options.scenarios ?? { default: { executor: 'per-vu-iterations', vus: 1, iterations: 1 } };
  for (const [name, s] of Object.entries(scenarios)) {
    if (!['per-vu-iterations', 'constant-vus', 'ramping-vus'].includes(s.executor)) {
      throw new Error(`scenario ${name}: executor ${s.executor} is not supported by the Node runner (per-vu-iterations, constant-vus, ramping-vus)`);
    }
  }
  const scaled = (n: number) => (n <= 0 ? 0 : Math.max(1, Math.round(n * scale)));

  const setupTimeout = parseDuration(options.setupTimeout, 60_000);
  const setupData = loaded.hasSetup ? ((await once('setup', null, setupTimeout)) as { data: unknown }).data : null;

  async function runScenario(name: string, s: ScenarioOptions): Promise<void> {
    const exec = s.exec ?? 'default';
    const spawn = (iterationsPerVu: number | null) => startVu({ mode: 'vu', vuId: nextVuId++, scenario: name, exec, iterations: iterationsPerVu, data: setupData });
    const gracefulStop = parseDuration(s.gracefulStop, 30_000);
    /** Stop gracefully; abort what is still running after `grace`. */
    const wind = async (vus: Vu[], grace: number) => {
      for (const v of vus) v.stop();
      const timer = setTimeout(() => vus.forEach((v) => v.abort()), grace);
      await Promise.all(vus.map((v) => v.exited));
      clearTimeout(timer);
    };

    if (s.executor === 'per-vu-iterations') {
      const vus = Array.from({ length: scaled(s.vus ?? 1) }, () => spawn(s.iterations ?? 1));
      const timer = setTimeout(() => vus.forEach((v) => v.abort()), parseDuration(s.maxDuration, 600_000) + gracefulStop);
      await Promise.all(vus.map((v) => v.exited));
      clearTimeout(timer);
      return;
    }

    const stages = s.executor === 'constant-vus' ? [{ duration: s.duration ?? '30s', target: s.vus ?? 1 }] : (s.stages ?? []);
    const plan = stages.map((st) => ({ ms: parseDuration(st.duration), target: scaled(st.target) }));
    const startVUs = s.executor === 'constant-vus' ? scaled(s.vus ?? 1) : scaled(s.startVUs ?? 0);
    const total = plan.reduce((a, st) => a + st.ms, 0);
    const rampDown = parseDuration(s.gracefulRampDown, 30_000);
    /** The VU level at `t` ms: linear between stage targets, as k6's ramping-vus. */
    const levelAt = (t: number) => {
      let from = startVUs;
      let at = 0;
      for (const st of plan) {
        if (t < at + st.ms) return Math.round(from + ((st.target - from) * (t - at)) / st.ms);
        at += st.ms;
        from = st.target;
      }
      return from;
    };
    const active: Vu[] = [];
    const retiring: Promise<void>[] = [];
    const t0 = Date.now();
    for (;;) {
      const t = Date.now() - t0;
      const target = t >= total ? 0 : levelAt(t);
      while (active.length < target) active.push(spawn(null));
      while (active.length > target) retiring.push(wind([active.pop()!], rampDown));
      if (t >= total || fatal) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    await wind(active.splice(0), gracefulStop);
    await Promise.all(retiring);
  }

  const ticker = setInterval(() => {
    const done = Object.entries(iterations).map(([n, it]) => `${n} ${it.completed}`).join(', ');
    o.progress?.(`${Math.round((Date.now() - started) / 1000)} s: ${http.length} requests; iterations: ${done || 'none yet'}`);
  }, 10_000);
  try {
    await Promise.all(Object.entries(scenarios).map(([name, s]) => runScenario(name, s)));
  } finally {
    clearInterval(ticker);
  }
  if (loaded.hasTeardown) await once('teardown', setupData, 60_000);
  if (fatal) throw new Error(fatal);
  return { options, http, checks: [...checks.values()], iterations, durationMs: Date.now() - started };
}

// ------------------------------------------------------------------ summaries and thresholds

/** k6's percentile: linear between the closest ranks. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const idx = (p / 100) * (sorted.length - 1);
  const lo = Math.floor(idx);
  const hi = Math.ceil(idx);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (idx - lo);
}

/** `metric{tag:value,tag2:value}` → its name and tag filter. */
export function parseMetricKey(key: string): { metric: string; filter: Record<string, string> } {
  const m = /^([\w.]+)(?:\{(.*)\})?$/.exec(key.trim());
  if (!m) throw new Error(`not a metric: ${key}`);
  const filter: Record<string, string> = {};
  for (const part of (m[2] ?? '').split(',').filter((x) => x.trim() !== '')) {
    const i = part.indexOf(':');
    filter[part.slice(0, i).trim()] = part.slice(i + 1).trim();
  }
  return { metric: m[1]!, filter };
}

const matches = (tags: Record<string, string>, filter: Record<string, string>) => Object.entries(filter).every(([k, v]) => tags[k] === v);

export interface ThresholdResult {
  metric: string;
  expression: string;
  actual: number;
  ok: boolean;
  note?: string;
}

/** Evaluates the script's thresholds (p(N), avg, min, max, med, rate, count) against the run. */
export function evaluateThresholds(result: RunResult): ThresholdResult[] {
  const out: ThresholdResult[] = [];
  for (const [key, expressions] of Object.entries(result.options.thresholds ?? {})) {
    const { metric, filter } = parseMetricKey(key);
    for (const raw of expressions) {
      const expression = typeof raw === 'string' ? raw : String((raw as { threshold?: string }).threshold ?? raw);
      const m = /^\s*(avg|min|max|med|count|rate|p\((\d+(?:\.\d+)?)\))\s*(<=|>=|<|>|===|==|!=)\s*(-?\d+(?:\.\d+)?)\s*$/.exec(expression);
      if (!m) {
        out.push({ metric: key, expression, actual: Number.NaN, ok: false, note: 'not understood by the Node runner' });
        continue;
      }
      const agg = m[1]!;
      const op = m[3]!;
      const limit = Number(m[4]);
      let actual = Number.NaN;
      if (metric === 'http_req_duration' || metric === 'http_req_failed' || metric === 'http_reqs') {
        const samples = result.http.filter((s) => matches(s.tags, filter));
        if (metric === 'http_req_failed') actual = agg === 'count' ? samples.filter((s) => s.failed).length : samples.length === 0 ? 0 : samples.filter((s) => s.failed).length / samples.length;
        else if (metric === 'http_reqs') actual = agg === 'rate' ? samples.length / (result.durationMs / 1000) : samples.length;
        else {
          const sorted = samples.map((s) => s.durationMs).sort((a, b) => a - b);
          if (agg === 'avg') actual = sorted.reduce((a, b) => a + b, 0) / sorted.length;
          else if (agg === 'min') actual = sorted[0] ?? Number.NaN;
          else if (agg === 'max') actual = sorted.at(-1) ?? Number.NaN;
          else if (agg === 'med') actual = percentile(sorted, 50);
          else if (agg === 'count') actual = sorted.length;
          else if (m[2]) actual = percentile(sorted, Number(m[2]));
        }
      } else if (metric === 'checks') {
        const cs = result.checks.filter((c) => matches({ scenario: c.scenario, group: c.group, check: c.name }, filter));
        const pass = cs.reduce((a, c) => a + c.pass, 0);
        const all = pass + cs.reduce((a, c) => a + c.fail, 0);
        actual = all === 0 ? 1 : pass / all;
      } else if (metric === 'iterations') {
        actual = Object.entries(result.iterations).filter(([n]) => !filter.scenario || n === filter.scenario).reduce((a, [, it]) => a + it.completed, 0);
      } else {
        out.push({ metric: key, expression, actual: Number.NaN, ok: false, note: 'metric not collected by the Node runner' });
        continue;
      }
      // No samples: like k6, a trend threshold over nothing does not fail the run.
      const ok = Number.isNaN(actual)
        ? true
        : op === '<' ? actual < limit : op === '<=' ? actual <= limit : op === '>' ? actual > limit : op === '>=' ? actual >= limit : op === '!=' ? actual !== limit : actual === limit;
      out.push({ metric: key, expression, actual, ok, ...(Number.isNaN(actual) ? { note: 'no samples' } : {}) });
    }
  }
  return out;
}
