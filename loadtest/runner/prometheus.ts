/**
 * The server's view of a load run: the processes' Prometheus endpoints scraped before, during and
 * after it (text format parsed with parse-prometheus-text-format), summarised as the event
 * pipeline's signals: outbox age and backlog, consumer lag per durable, the 5xx share of
 * http_requests_total during the run, dead letters.
 */
import parsePrometheusTextFormat, { type MetricFamily as PromFamily, type Sample as PromSample } from 'parse-prometheus-text-format';

// Types: packages/metrics/src/prometheus-text.d.ts (the package ships none).
export type { MetricFamily as PromFamily, Sample as PromSample } from 'parse-prometheus-text-format';

export function parsePrometheus(text: string): PromFamily[] {
  return parsePrometheusTextFormat(text);
}

export interface Endpoint {
  /** A process name when known (from the topology's control port), else the URL. */
  name: string;
  url: string;
}

export interface Scrape {
  at: number;
  endpoint: Endpoint;
  families: PromFamily[] | null;
  error?: string;
}

export async function scrape(endpoint: Endpoint): Promise<Scrape> {
  const at = Date.now();
  try {
    const res = await fetch(endpoint.url, { signal: AbortSignal.timeout(5_000) });
    if (!res.ok) return { at, endpoint, families: null, error: `HTTP ${res.status}` };
    return { at, endpoint, families: parsePrometheus(await res.text()) };
  } catch (err) {
    return { at, endpoint, families: null, error: err instanceof Error ? err.message : String(err) };
  }
}

/**
 * The metrics endpoints `npm run topology` lists at `<control>/processes`: an entry's `metricsUrl`
 * (or `metricsPort` on 127.0.0.1, path /metrics).
 */
export async function endpointsFromControl(control: string): Promise<Endpoint[]> {
  const res = await fetch(`${control.replace(/\/+$/, '')}/processes`, { signal: AbortSignal.timeout(5_000) });
  if (!res.ok) throw new Error(`${control}/processes answered ${res.status}`);
  const list = (await res.json()) as { name: string; metricsUrl?: string; metricsPort?: number; metrics?: string }[];
  return list.flatMap((p) => {
    const url = p.metricsUrl ?? p.metrics ?? (p.metricsPort ? `http://127.0.0.1:${p.metricsPort}/metrics` : undefined);
    return url ? [{ name: p.name, url }] : [];
  });
}

const num = (v: string | undefined) => (v === undefined ? Number.NaN : Number(v));

function series(families: PromFamily[] | null, name: string): PromSample[] | undefined {
  return families?.find((f) => f.name === name)?.metrics;
}

/** Sum of a family's samples whose labels pass `keep`; undefined when the family is absent. */
function total(families: PromFamily[] | null, name: string, keep: (labels: Record<string, string>) => boolean = () => true): number | undefined {
  const s = series(families, name);
  if (!s) return undefined;
  return s.filter((m) => keep(m.labels ?? {})).reduce((a, m) => a + (Number.isFinite(num(m.value)) ? num(m.value) : 0), 0);
}

function max(families: PromFamily[] | null, name: string): number | undefined {
  const s = series(families, name);
  if (!s) return undefined;
  return s.reduce((a, m) => Math.max(a, Number.isFinite(num(m.value)) ? num(m.value) : 0), 0);
}

const STATUS_LABELS = ['status_code', 'status', 'code'];
const is5xx = (labels: Record<string, string>) => STATUS_LABELS.some((l) => /^5\d\d$/.test(labels[l] ?? '') || labels[l] === '5xx');
const CONSUMER_LABELS = ['durable', 'consumer', 'durable_name', 'name'];

export interface ServerLine {
  endpoint: string;
  metric: string;
  /** e.g. "before 0  max 3.2  after 0". */
  text: string;
}

const fmt = (n: number | undefined) => (n === undefined || Number.isNaN(n) ? '–' : Number.isInteger(n) ? String(n) : n.toFixed(2));

/** Before / highest during / after, over one endpoint's scrapes (oldest first). */
function gaugeLine(scrapes: Scrape[], pick: (f: PromFamily[] | null) => number | undefined): string | undefined {
  const values = scrapes.map((s) => pick(s.families));
  if (values.every((v) => v === undefined)) return undefined;
  const seen = values.filter((v): v is number => v !== undefined);
  return `before ${fmt(values[0])}  max ${fmt(Math.max(...seen))}  after ${fmt(values.at(-1))}`;
}

/**
 * Lines of the server's view, per endpoint: outbox_oldest_event_age_seconds,
 * outbox_backlog_events, event_consumer_pending per durable, the 5xx share of
 * http_requests_total between the first and last scrape, event_dead_letters.
 */
export function serverView(scrapes: Scrape[]): { lines: ServerLine[]; missing: string[]; unreachable: string[] } {
  const byEndpoint = new Map<string, Scrape[]>();
  for (const s of scrapes) byEndpoint.set(s.endpoint.name, [...(byEndpoint.get(s.endpoint.name) ?? []), s]);
  const lines: ServerLine[] = [];
  const unreachable: string[] = [];
  const found = new Set<string>();
  for (const [endpoint, all] of byEndpoint) {
    const ok = all.filter((s) => s.families !== null);
    if (ok.length === 0) {
      unreachable.push(`${endpoint} (${all.at(-1)?.error ?? 'no answer'})`);
      continue;
    }
    const add = (metric: string, text: string | undefined) => {
      if (text === undefined) return;
      found.add(metric.replace(/\{.*$/, ''));
      lines.push({ endpoint, metric, text });
    };
    add('outbox_oldest_event_age_seconds', gaugeLine(ok, (f) => max(f, 'outbox_oldest_event_age_seconds')));
    add('outbox_backlog_events', gaugeLine(ok, (f) => total(f, 'outbox_backlog_events')));
    const durables = new Set<string>();
    for (const s of ok) for (const m of series(s.families, 'event_consumer_pending') ?? []) durables.add(CONSUMER_LABELS.map((l) => m.labels?.[l]).find(Boolean) ?? '');
    for (const d of [...durables].sort()) {
      add(`event_consumer_pending{${d}}`, gaugeLine(ok, (f) => total(f, 'event_consumer_pending', (l) => (CONSUMER_LABELS.map((k) => l[k]).find(Boolean) ?? '') === d)));
    }
    const first = ok[0]!.families;
    const last = ok.at(-1)!.families;
    const all0 = total(first, 'http_requests_total');
    const all1 = total(last, 'http_requests_total');
    if (all0 !== undefined && all1 !== undefined) {
      const requests = all1 - all0;
      const errors = (total(last, 'http_requests_total', is5xx) ?? 0) - (total(first, 'http_requests_total', is5xx) ?? 0);
      add('http_requests_total 5xx', `${errors} of ${requests} during the run (${requests > 0 ? ((100 * errors) / requests).toFixed(2) : '0.00'} %)`);
    }
    // A gauge (depth) or a counter (dead-lettered so far), whichever the process exports.
    add('event_dead_letters', gaugeLine(ok, (f) => total(f, 'event_dead_letters') ?? total(f, 'event_dead_letters_total')));
  }
  const wanted = ['outbox_oldest_event_age_seconds', 'outbox_backlog_events', 'event_consumer_pending', 'http_requests_total 5xx', 'event_dead_letters'];
  return { lines, missing: wanted.filter((w) => !found.has(w)), unreachable };
}
