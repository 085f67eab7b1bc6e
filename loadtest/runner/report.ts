/** The Node runner's printed report: the client's view, the thresholds, the server's view. */
import { percentile, type RunResult, type ThresholdResult } from './runtime.ts';
import type { serverView } from './prometheus.ts';

const pad = (s: string | number, n: number) => String(s).padStart(n);
const ms = (n: number) => (Number.isNaN(n) ? '–' : n.toFixed(1));

function stats(durations: number[]) {
  const sorted = [...durations].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) };
}

export interface ReportInput {
  title: string;
  result: RunResult;
  thresholds: ThresholdResult[];
  server: ReturnType<typeof serverView> | null;
  /** Why there is no server view (no endpoints given or found). */
  serverNote?: string;
}

export function formatReport(r: ReportInput): string {
  const out: string[] = [];
  const { result } = r;
  out.push(`\n== Client view: ${r.title}, ${(result.durationMs / 1000).toFixed(1)} s ==`);
  out.push(`${'scenario'.padEnd(16)}${pad('requests', 9)}${pad('failed', 8)}${pad('fail %', 8)}${pad('p50 ms', 9)}${pad('p95 ms', 9)}${pad('p99 ms', 9)}${pad('iterations', 11)}${pad('errors', 8)}`);
  const names = [...new Set(result.http.map((s) => s.tags.scenario ?? ''))];
  const row = (label: string, samples: RunResult['http'], iterations: string, errors: string) => {
    const failed = samples.filter((s) => s.failed).length;
    const st = stats(samples.map((s) => s.durationMs));
    out.push(
      `${label.padEnd(16)}${pad(samples.length, 9)}${pad(failed, 8)}${pad(samples.length ? ((100 * failed) / samples.length).toFixed(2) : '0.00', 8)}${pad(ms(st.p50), 9)}${pad(ms(st.p95), 9)}${pad(ms(st.p99), 9)}${pad(iterations, 11)}${pad(errors, 8)}`,
    );
  };
  for (const name of names) {
    const it = result.iterations[name];
    row(name, result.http.filter((s) => s.tags.scenario === name), it ? String(it.completed + it.interrupted) : '–', it ? String(it.errors) : '–');
  }
  const totalIt = Object.values(result.iterations).reduce((a, it) => a + it.completed + it.interrupted, 0);
  const totalErr = Object.values(result.iterations).reduce((a, it) => a + it.errors, 0);
  row('all', result.http, String(totalIt), String(totalErr));

  out.push(`\n${'request (scenario)'.padEnd(44)}${pad('count', 7)}${pad('failed', 8)}${pad('p95 ms', 9)}`);
  const byName = new Map<string, RunResult['http']>();
  for (const s of result.http) {
    const key = `${s.tags.name ?? s.tags.url ?? '?'} (${s.tags.scenario ?? ''})`;
    byName.set(key, [...(byName.get(key) ?? []), s]);
  }
  const rows = [...byName].map(([k, ss]) => ({ k, n: ss.length, failed: ss.filter((s) => s.failed).length, p95: stats(ss.map((s) => s.durationMs)).p95 }));
  for (const x of rows.sort((a, b) => b.p95 - a.p95)) out.push(`${x.k.slice(0, 43).padEnd(44)}${pad(x.n, 7)}${pad(x.failed, 8)}${pad(ms(x.p95), 9)}`);

  const statuses = new Map<string, number>();
  for (const s of result.http.filter((x) => x.failed)) statuses.set(`${s.tags.name ?? '?'} → ${s.tags.status}`, (statuses.get(`${s.tags.name ?? '?'} → ${s.tags.status}`) ?? 0) + 1);
  if (statuses.size > 0) out.push(`\nfailed requests: ${[...statuses].map(([k, n]) => `${k} ×${n}`).join(', ')}`);
  const failedChecks = result.checks.filter((c) => c.fail > 0);
  const checksPass = result.checks.reduce((a, c) => a + c.pass, 0);
  const checksAll = checksPass + result.checks.reduce((a, c) => a + c.fail, 0);
  out.push(`checks: ${checksPass} of ${checksAll} passed${failedChecks.length ? `; failing: ${failedChecks.map((c) => `${c.name} (${c.scenario}) ×${c.fail}`).join(', ')}` : ''}`);
  for (const [name, it] of Object.entries(result.iterations)) for (const e of it.firstErrors) out.push(`error in ${name}: ${e}`);

  out.push('\n== Thresholds ==');
  for (const t of r.thresholds) {
    const actual = Number.isNaN(t.actual) ? '–' : t.metric.startsWith('http_req_duration') ? `${t.actual.toFixed(1)} ms` : t.actual.toFixed(4);
    out.push(`${t.ok ? 'pass' : 'FAIL'}  ${t.metric} ${t.expression}  (actual ${actual})${t.note ? ` — ${t.note}` : ''}`);
  }
  const failed = r.thresholds.filter((t) => !t.ok).length;
  out.push(failed === 0 ? `thresholds: all ${r.thresholds.length} passed` : `thresholds: ${failed} of ${r.thresholds.length} FAILED`);

  out.push('\n== Server view (Prometheus) ==');
  if (!r.server) {
    out.push(r.serverNote ?? 'no metrics endpoints: pass --metrics URL[,URL…] or --control URL');
  } else {
    for (const l of r.server.lines) out.push(`${l.endpoint.padEnd(22)} ${l.metric.padEnd(44)} ${l.text}`);
    if (r.server.lines.length === 0) out.push('no event-pipeline or HTTP metrics found on the endpoints');
    if (r.server.missing.length > 0) out.push(`not exported by any endpoint: ${r.server.missing.join(', ')}`);
    if (r.server.unreachable.length > 0) out.push(`unreachable: ${r.server.unreachable.join(', ')}`);
  }
  return out.join('\n');
}
