/**
 * Prometheus metrics of a process: one registry, the metric definitions every process shares (their
 * names are what the alert rules and the dashboard in k8s/ query), and the management server that
 * serves them on a port of its own (METRICS_PORT), never on the public one.
 *
 * Gauges that describe state held elsewhere (outbox rows, consumer lag, dead letters, queues) are
 * read at scrape time from callbacks the services register, each with a time limit: a scrape never
 * hangs on a dead database or bus, and a gauge whose source failed is left out of that scrape
 * rather than repeating a stale value.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AggregatorRegistry, Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { FastifyInstance } from 'fastify';

/** The process's registry (Node's defaults are added when the metrics server starts). */
export const registry = new Registry();

/** Longest a scrape waits for one source (a SQL query, a bus call). */
const SOURCE_TIMEOUT_MS = 2_000;
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** `p`, or a rejection once `ms` have passed (a scrape or a readiness probe never hangs on a source). */
export function withTimeout<T>(p: Promise<T>, ms = SOURCE_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    t.unref();
    p.then(
      (v) => {
        clearTimeout(t);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(t);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

// ---------------------------------------------------------------- HTTP (RED)
export const httpRequests = new Counter({
  name: 'http_requests_total',
  help: 'HTTP requests answered, by route template and status code.',
  labelNames: ['service', 'method', 'route', 'status_code'] as const,
  registers: [registry],
});
export const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time from receiving a request to sending its answer, by route template.',
  labelNames: ['service', 'method', 'route', 'status_code'] as const,
  buckets: DURATION_BUCKETS,
  registers: [registry],
});

/**
 * Counts and times every request of `app` under its route template (`/v1/reviews/:id`), never the
 * raw URL (one series per id would swamp Prometheus); requests no route matched are `unmatched`.
 */
export function registerHttpMetrics(app: FastifyInstance, service: string): void {
  app.addHook('onResponse', async (request, reply) => {
    const labels = { service, method: request.method, route: request.routeOptions.url ?? 'unmatched', status_code: String(reply.statusCode) };
    httpRequests.inc(labels);
    httpRequestDuration.observe(labels, reply.elapsedTime / 1000);
  });
}

// ---------------------------------------------------------------- outbox
export interface OutboxStats {
  /** Rows not yet published. */
  backlog: number;
  /** Age of the oldest of them (0 when none). */
  oldestAgeSeconds: number;
}
const outboxSources = new Map<string, () => Promise<OutboxStats>>();
const outboxStats = async (): Promise<Map<string, OutboxStats>> => {
  const entries = await Promise.all([...outboxSources].map(async ([service, read]) => [service, await withTimeout(read()).catch(() => undefined)] as const));
  return new Map(entries.flatMap(([s, v]) => (v ? [[s, v] as const] : [])));
};
/**
 * `read`, shared by the callers that ask while a call is in flight: a scrape collects every metric
 * at once, so two gauges fed by one query cost one query.
 */
export function sharedWhilePending<T>(read: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= read().finally(() => {
      pending = undefined;
    });
    return pending;
  };
}

// Both gauges come from one query per service.
const outboxStatsOnce = sharedWhilePending(outboxStats);
export const outboxBacklog = new Gauge({
  name: 'outbox_backlog_events',
  help: 'Outbox rows written but not yet published to the bus.',
  labelNames: ['service'] as const,
  registers: [registry],
  async collect() {
    this.reset();
    for (const [service, s] of await outboxStatsOnce()) this.set({ service }, s.backlog);
  },
});
export const outboxOldestAge = new Gauge({
  name: 'outbox_oldest_event_age_seconds',
  help: 'Age of the oldest unpublished outbox row (0 when the outbox is empty).',
  labelNames: ['service'] as const,
  registers: [registry],
  async collect() {
    this.reset();
    for (const [service, s] of await outboxStatsOnce()) this.set({ service }, s.oldestAgeSeconds);
  },
});
export const outboxPublishFailures = new Counter({
  name: 'outbox_publish_failures_total',
  help: 'Outbox rows the bus refused (each is retried).',
  labelNames: ['service'] as const,
  registers: [registry],
});
export const outboxPublished = new Counter({
  name: 'outbox_published_total',
  help: 'Outbox rows published to the bus.',
  labelNames: ['service'] as const,
  registers: [registry],
});

/** Reads `service`'s outbox at each scrape (one cheap query); returns the undo. */
export function trackOutbox(service: string, read: () => Promise<OutboxStats>): () => void {
  outboxSources.set(service, read);
  return () => {
    if (outboxSources.get(service) === read) outboxSources.delete(service);
  };
}

// ---------------------------------------------------------------- event consumers
interface ConsumerSource {
  service: string;
  durable: string;
  pending: () => Promise<number>;
  deadLetters?: () => Promise<number>;
}
const consumers = new Map<string, ConsumerSource>();
const DEAD_LETTER_CACHE_MS = 30_000;
const deadLetterCache = new Map<string, { at: number; value: Promise<number> }>();

export const eventConsumerPending = new Gauge({
  name: 'event_consumer_pending',
  help: 'Events a durable consumer has yet to handle (waiting or in flight): its lag.',
  labelNames: ['service', 'durable'] as const,
  registers: [registry],
  async collect() {
    this.reset();
    await Promise.all(
      [...consumers.values()].map(async (c) => {
        const n = await withTimeout(c.pending()).catch(() => undefined);
        if (n !== undefined) this.set({ service: c.service, durable: c.durable }, n);
      }),
    );
  },
});
export const eventDeadLetters = new Gauge({
  name: 'event_dead_letters',
  help: 'Messages of a durable consumer in the dead-letter stream (read at most every 30 s).',
  labelNames: ['service', 'durable'] as const,
  registers: [registry],
  async collect() {
    this.reset();
    await Promise.all(
      [...consumers.entries()].map(async ([key, c]) => {
        if (!c.deadLetters) return;
        let cached = deadLetterCache.get(key);
        // Reading the dead-letter stream walks it: once per 30 s, whatever the scrape interval.
        if (!cached || Date.now() - cached.at > DEAD_LETTER_CACHE_MS) {
          cached = { at: Date.now(), value: withTimeout(c.deadLetters()) };
          cached.value.catch(() => deadLetterCache.delete(key));
          deadLetterCache.set(key, cached);
        }
        const n = await cached.value.catch(() => undefined);
        if (n !== undefined) this.set({ service: c.service, durable: c.durable }, n);
      }),
    );
  },
});
export const eventHandlerDuration = new Histogram({
  name: 'event_handler_duration_seconds',
  help: 'Time to handle one delivered event (inbox transaction included), by outcome: ok, skipped (already handled) or failed.',
  labelNames: ['service', 'durable', 'type', 'outcome'] as const,
  buckets: DURATION_BUCKETS,
  registers: [registry],
});
export const eventHandlerFailures = new Counter({
  name: 'event_handler_failures_total',
  help: 'Event deliveries whose handler threw (the bus redelivers, then dead-letters).',
  labelNames: ['service', 'durable', 'type'] as const,
  registers: [registry],
});

/** Reports a durable consumer's lag and dead-letter depth at each scrape; returns the undo. */
export function trackConsumer(source: ConsumerSource): () => void {
  const key = `${source.service}\u0000${source.durable}`;
  consumers.set(key, source);
  deadLetterCache.delete(key);
  return () => {
    if (consumers.get(key) === source) consumers.delete(key);
  };
}

// ---------------------------------------------------------------- gauges read at scrape time
/**
 * A gauge whose value a process reads at scrape time, e.g. a queue length: without a label, or
 * by `service` (processes of several services share one registry in embedded mode). Sources of
 * one series (several harnesses in a test process) report their largest value.
 */
function sampledGauge(name: string, help: string, byService = false) {
  const sources = new Map<string, Set<() => Promise<number>>>();
  const gauge = new Gauge({
    name,
    help,
    labelNames: byService ? ['service'] : [],
    registers: [registry],
    async collect() {
      this.reset();
      for (const [service, reads] of sources) {
        const values = await Promise.all([...reads].map((read) => withTimeout(read()).catch(() => undefined)));
        const known = values.filter((v): v is number => v !== undefined);
        if (known.length > 0) this.set(byService ? { service } : {}, known.reduce((a, b) => Math.max(a, b), 0));
      }
    },
  });
  return {
    gauge,
    /** Reads `read` at each scrape (under `service` for a gauge by service); returns the undo. */
    track(read: () => Promise<number>, service = ''): () => void {
      const reads = sources.get(service) ?? new Set();
      sources.set(service, reads.add(read));
      return () => {
        reads.delete(read);
        if (reads.size === 0 && sources.get(service) === reads) sources.delete(service);
      };
    },
  };
}

// ---------------------------------------------------------------- responsive picture sizes (ADR 033)
export const imageVariantQueue = sampledGauge('image_variant_queue_length', 'Pictures waiting for their responsive sizes, by service: media (covers, posters), catalogue (logos, banners).', true);
export const imageVariantJobs = new Counter({
  name: 'image_variant_jobs_total',
  help: 'Responsive-size jobs run, by service and outcome: done, gone (the picture went meanwhile), retry (failed, will run again), failed (gave up).',
  labelNames: ['service', 'outcome'] as const,
  registers: [registry],
});

// ---------------------------------------------------------------- media
export const mediaTranscodeQueue = sampledGauge('media_transcode_queue_length', 'Videos waiting to be transcoded.');
export const mediaTranscodeDuration = new Histogram({
  name: 'media_transcode_duration_seconds',
  help: 'Time to transcode one video, by outcome.',
  labelNames: ['outcome'] as const,
  buckets: [1, 2.5, 5, 10, 30, 60, 120, 300, 600],
  registers: [registry],
});
export const mediaTranscodeFailures = new Counter({ name: 'media_transcode_failures_total', help: 'Transcoding attempts that failed.', registers: [registry] });

// ---------------------------------------------------------------- trader-sync
export const traderSyncQueue = sampledGauge('trader_sync_queue_length', 'Trader accounts whose sync is due now.');
export const traderSyncOldestDue = sampledGauge('trader_sync_oldest_due_age_seconds', 'How long the most overdue trader account has been due for a sync (0 when none is).');
export const traderSyncFailures = new Counter({ name: 'trader_sync_failures_total', help: 'Trader account syncs that failed.', registers: [registry] });
export const traderSyncDuration = new Histogram({
  name: 'trader_sync_duration_seconds',
  help: 'Time to sync one trader account, by outcome.',
  labelNames: ['outcome'] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
  registers: [registry],
});

// ---------------------------------------------------------------- reviews: complaint evidence (ADR 031)
export const complaintEvidenceDeleted = new Counter({
  name: 'complaint_evidence_deleted_total',
  help: 'Complaint evidence files uploaded but never attached to a case, deleted (object and row) once old enough.',
  registers: [registry],
});

// ---------------------------------------------------------------- gateway caches
export const gatewayCacheRequests = new Counter({
  name: 'gateway_cache_requests_total',
  help: 'Gateway cache look-ups by cache (local: the per-process copy of API answers; shared: the gw:cat: answers in Redis or memory; page: the page micro-cache) and result.',
  labelNames: ['cache', 'result'] as const,
  registers: [registry],
});

// ---------------------------------------------------------------- web
let webRender: Histogram<'route'> | undefined;
/**
 * Server render time of a page, by React Router route id. Defined on first use: in `npm start`
 * pages render on worker threads, whose registries the main thread's server gathers (addMetricsSource).
 */
export function webRenderDuration(): Histogram<'route'> {
  webRender ??= new Histogram({
    name: 'web_render_duration_seconds',
    help: 'Time to render and send one server-rendered page, by route.',
    labelNames: ['route'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  return webRender;
}

// ---------------------------------------------------------------- the management server
/** A registry's metrics as `getMetricsAsJSON()` gives them (what crosses a thread boundary). */
export type MetricsJson = Awaited<ReturnType<Registry['getMetricsAsJSON']>>;
const extraSources = new Set<() => Promise<MetricsJson[]>>();

/**
 * Metrics kept elsewhere in the process (worker threads' registries, as `getMetricsAsJSON()`
 * arrays), summed and served beside this registry's. Returns the undo.
 */
export function addMetricsSource(read: () => Promise<MetricsJson[]>): () => void {
  extraSources.add(read);
  return () => void extraSources.delete(read);
}

/** This registry's JSON (what a worker thread hands the main thread). */
export const metricsAsJson = (): Promise<MetricsJson> => registry.getMetricsAsJSON();

/** The Prometheus text of everything this process measures. */
export async function metricsText(): Promise<string> {
  const own = await registry.metrics();
  if (extraSources.size === 0) return own;
  // Another registry defines the same metrics (same module): only those this one leaves out, with values.
  const gathered = (await Promise.all([...extraSources].map((read) => withTimeout(read()).catch(() => []))))
    .flat()
    .map((metrics) => metrics.filter((m) => m.values.length > 0 && !registry.getSingleMetric(m.name)))
    .filter((metrics) => metrics.length > 0);
  if (gathered.length === 0) return own;
  return `${own}\n${await AggregatorRegistry.aggregate(gathered).metrics()}`;
}

let defaultsCollected = false;
/** Node's own metrics (event-loop lag, heap, GC, CPU, handles): once per process. */
export function collectProcessMetrics(): void {
  if (defaultsCollected) return;
  defaultsCollected = true;
  collectDefaultMetrics({ register: registry });
}

export interface MetricsServer {
  port: number;
  close(): Promise<void>;
}

/**
 * `GET /metrics` in Prometheus text format on its own port (0: any free one), so the public
 * port never exposes it and NetworkPolicies can open it to the monitoring namespace alone.
 */
export async function startMetricsServer(opts: { port: number; host?: string }): Promise<MetricsServer> {
  collectProcessMetrics();
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Not found: the metrics are at /metrics\n');
      return;
    }
    metricsText().then(
      (text) => {
        res.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      (err: unknown) => {
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end(`metrics failed: ${(err as Error).message}\n`);
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host ?? '0.0.0.0', () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * What a process entry calls: the server when `port` is set (METRICS_PORT), nothing otherwise.
 * The closer goes in the process's shutdown list.
 */
export async function startMetricsServerIfSet(opts: { port?: number | undefined; host?: string | undefined }): Promise<MetricsServer | undefined> {
  if (opts.port === undefined) return undefined;
  return startMetricsServer({ port: opts.port, ...(opts.host ? { host: opts.host } : {}) });
}
