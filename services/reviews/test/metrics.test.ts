import parsePrometheusTextFormat, { type MetricFamily } from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCompany, startHarness, submit, veteran, type Harness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ METRICS_PORT: '0', METRICS_HOST: '127.0.0.1' });
});
afterAll(async () => {
  await h.close();
});

async function scrape(): Promise<Map<string, MetricFamily>> {
  const res = await fetch(`http://127.0.0.1:${h.metricsPort}/metrics`);
  expect(res.status).toBe(200);
  return new Map(parsePrometheusTextFormat(await res.text()).map((f) => [f.name, f]));
}
const value = (f: MetricFamily | undefined, labels: Record<string, string>) => f?.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v))?.value;

describe('reviews: metrics on the management port', () => {
  it('serves outbox_* and http_* series after a write, on its own port (not the public one)', async () => {
    expect(h.metricsPort).toBeGreaterThan(0);
    const r = await submit(h, newCompany(), veteran());
    expect(r.status).toBe(200);
    await h.waitForEvent('reviews.review.submitted', (p) => p.reviewId === r.body.id);

    // The relay counts an event once it has marked it published, just after the bus delivered it.
    await expect.poll(async () => Number(value((await scrape()).get('outbox_published_total'), { service: 'reviews' }))).toBeGreaterThanOrEqual(1);
    const families = await scrape();
    expect(value(families.get('http_requests_total'), { service: 'reviews', method: 'PUT', route: '/v1/companies/:companyId/reviews/mine', status_code: '200' })).toMatch(/^[1-9]\d*$/);
    expect(families.get('http_request_duration_seconds')?.type).toBe('HISTOGRAM');
    // The relay published the submitted event; the backlog gauge reads the outbox table at scrape time.
    expect(Number(value(families.get('outbox_published_total'), { service: 'reviews' }))).toBeGreaterThanOrEqual(1);
    expect(value(families.get('outbox_backlog_events'), { service: 'reviews' })).toMatch(/^\d+$/);
    expect(value(families.get('outbox_oldest_event_age_seconds'), { service: 'reviews' })).toBeDefined();
    // Its consumer's lag, and Node's own figures.
    expect(value(families.get('event_consumer_pending'), { service: 'reviews', durable: 'reviews-rating' })).toMatch(/^\d+$/);
    expect(families.has('nodejs_eventloop_lag_seconds')).toBe(true);

    // The public port has no /metrics.
    expect((await h.call('GET', '/metrics')).status).toBe(404);
  });
});
