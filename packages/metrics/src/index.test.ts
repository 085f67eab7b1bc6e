import Fastify from 'fastify';
import parsePrometheusTextFormat, { type MetricFamily } from 'parse-prometheus-text-format';
import { afterAll, describe, expect, it } from 'vitest';
import { addMetricsSource, gatewayCacheRequests, httpRequestDuration, metricsAsJson, registerHttpMetrics, startMetricsServer, trackConsumer, trackOutbox, type MetricsServer } from './index.ts';

const servers: MetricsServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.close();
});

async function scrape(): Promise<{ families: Map<string, MetricFamily>; contentType: string | null; text: string }> {
  const server = servers[0] ?? (await startMetricsServer({ port: 0, host: '127.0.0.1' }));
  if (!servers.includes(server)) servers.push(server);
  const res = await fetch(`http://127.0.0.1:${server.port}/metrics`);
  expect(res.status).toBe(200);
  const text = await res.text();
  const parsed = parsePrometheusTextFormat(text);
  const families = new Map(parsed.map((f) => [f.name, f]));
  // Every family once: a second HELP/TYPE block for a name is invalid exposition.
  expect(families.size).toBe(parsed.length);
  return { families, contentType: res.headers.get('content-type'), text };
}

const sample = (f: MetricFamily | undefined, labels: Record<string, string>) => f?.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v));

describe('@brokerwise/metrics', () => {
  it('serves Prometheus text with Node defaults on its own server, and nothing but /metrics', async () => {
    const { families, contentType } = await scrape();
    expect(contentType).toMatch(/^text\/plain; version=0\.0\.4/);
    for (const name of ['nodejs_eventloop_lag_seconds', 'nodejs_heap_size_used_bytes', 'process_cpu_user_seconds_total', 'nodejs_gc_duration_seconds']) expect(families.has(name), name).toBe(true);
    expect((await fetch(`http://127.0.0.1:${servers[0]!.port}/`)).status).toBe(404);
  });

  it('counts and times HTTP requests by route template, never the raw URL; unknown paths are "unmatched"', async () => {
    const app = Fastify();
    registerHttpMetrics(app, 'unit-svc');
    app.get('/v1/things/:id', async (request) => ({ id: (request.params as { id: string }).id }));
    await app.ready();
    expect((await app.inject('/v1/things/abc')).statusCode).toBe(200);
    expect((await app.inject('/v1/things/def')).statusCode).toBe(200);
    expect((await app.inject('/nowhere/at/all')).statusCode).toBe(404);
    await app.close();

    const { families, text } = await scrape();
    const requests = families.get('http_requests_total');
    expect(sample(requests, { service: 'unit-svc', method: 'GET', route: '/v1/things/:id', status_code: '200' })?.value).toBe('2');
    expect(sample(requests, { service: 'unit-svc', route: 'unmatched', status_code: '404' })?.value).toBe('1');
    expect(text).not.toContain('/v1/things/abc');
    expect(families.get('http_request_duration_seconds')?.type).toBe('HISTOGRAM');
    // The text parser keeps no labels of histogram series: read this one from the registry.
    const durations = (await httpRequestDuration.get()).values.filter((v) => v.labels.service === 'unit-svc' && v.labels.route === '/v1/things/:id');
    expect(durations.find((v) => v.metricName === 'http_request_duration_seconds_count')?.value).toBe(2);
  });

  it('reads the outbox and consumer gauges at scrape time, and leaves out a source that fails or hangs', async () => {
    const undo = [
      trackOutbox('unit-ok', async () => ({ backlog: 3, oldestAgeSeconds: 42 })),
      trackOutbox('unit-broken', async () => Promise.reject(new Error('database is down'))),
      trackConsumer({ service: 'unit-ok', durable: 'unit-durable', pending: async () => 7, deadLetters: async () => 2 }),
      // A bus that never answers: the scrape still completes (the source's time limit).
      trackConsumer({ service: 'unit-ok', durable: 'unit-hung', pending: () => new Promise<number>(() => {}) }),
    ];
    try {
      const { families } = await scrape();
      expect(sample(families.get('outbox_backlog_events'), { service: 'unit-ok' })?.value).toBe('3');
      expect(sample(families.get('outbox_oldest_event_age_seconds'), { service: 'unit-ok' })?.value).toBe('42');
      expect(sample(families.get('outbox_backlog_events'), { service: 'unit-broken' })).toBeUndefined();
      expect(sample(families.get('event_consumer_pending'), { durable: 'unit-durable' })?.value).toBe('7');
      expect(sample(families.get('event_consumer_pending'), { durable: 'unit-hung' })).toBeUndefined();
      expect(sample(families.get('event_dead_letters'), { service: 'unit-ok', durable: 'unit-durable' })?.value).toBe('2');
    } finally {
      for (const u of undo) u();
    }
    const { families } = await scrape();
    expect(sample(families.get('outbox_backlog_events'), { service: 'unit-ok' })).toBeUndefined();
  });

  it('adds metrics gathered from other registries (render threads) without repeating a family', async () => {
    gatewayCacheRequests.inc({ cache: 'page', result: 'hit' });
    const thread = [
      { name: 'web_render_duration_seconds', help: 'render', type: 'histogram', aggregator: 'sum', values: [{ labels: { route: 'routes/home', le: 0.1 }, value: 1, metricName: 'web_render_duration_seconds_bucket' }, { labels: { route: 'routes/home', le: '+Inf' }, value: 1, metricName: 'web_render_duration_seconds_bucket' }, { labels: { route: 'routes/home' }, value: 0.05, metricName: 'web_render_duration_seconds_sum' }, { labels: { route: 'routes/home' }, value: 1, metricName: 'web_render_duration_seconds_count' }] },
    ];
    // A thread's registry also holds this module's other metrics: those are this registry's to report.
    const own = await metricsAsJson();
    const undo = addMetricsSource(async () => [[...own, ...thread] as never, [...thread] as never]);
    try {
      const { families } = await scrape();
      // Both threads' observations, summed (one label set, so the parser's buckets are this route's).
      expect(families.get('web_render_duration_seconds')?.metrics[0]?.buckets?.['+Inf']).toBe('2');
      expect(sample(families.get('gateway_cache_requests_total'), { cache: 'page', result: 'hit' })?.value).toBe('1');
    } finally {
      undo();
    }
  });
});
