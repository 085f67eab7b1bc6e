import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverView, parsePrometheus, type Scrape } from './prometheus.ts';
import { evaluateThresholds, parseDuration, parseMetricKey, percentile, runScript, type RunResult } from './runtime.ts';

const sample = (scenario: string, durationMs: number, status: number, phase = 'load') => ({
  tags: { scenario, phase, status: String(status), name: 'x' },
  durationMs,
  failed: status === 0 || status >= 400,
});

describe('Node runner thresholds', () => {
  it('reads k6 durations and sub-metric keys', () => {
    expect(parseDuration('1h30m')).toBe(5_400_000);
    expect(parseDuration('500ms')).toBe(500);
    expect(() => parseDuration('soon')).toThrow();
    expect(parseMetricKey('http_req_duration{scenario:pages,phase:load}')).toEqual({ metric: 'http_req_duration', filter: { scenario: 'pages', phase: 'load' } });
    expect(percentile([1, 2, 3, 4], 50)).toBe(2.5);
  });

  it('judges failure rates and p95 per scenario, over the tagged samples only', () => {
    const result: RunResult = {
      options: {
        thresholds: {
          http_req_failed: ['rate<0.01'],
          'http_req_failed{scenario:pages}': ['rate<0.01'],
          'http_req_duration{scenario:pages,phase:load}': ['p(95)<300'],
          'http_req_duration{scenario:api,phase:load}': ['p(95)<300'],
          checks: ['rate>0.99'],
        },
      },
      http: [
        ...Array.from({ length: 99 }, () => sample('api', 100, 200)),
        sample('api', 100, 500),
        ...Array.from({ length: 20 }, () => sample('pages', 100, 200)),
        // A slow account call does not count against the page p95 (phase:account).
        sample('pages', 5_000, 200, 'account'),
      ],
      checks: [{ scenario: 'api', group: '', name: 'ok', pass: 99, fail: 1 }],
      iterations: {},
      durationMs: 1000,
    };
    const byKey = new Map(evaluateThresholds(result).map((t) => [t.metric, t]));
    expect(byKey.get('http_req_failed')!.actual).toBeCloseTo(1 / 121);
    expect(byKey.get('http_req_failed')!.ok).toBe(true);
    expect(byKey.get('http_req_failed{scenario:pages}')!.ok).toBe(true);
    expect(byKey.get('http_req_duration{scenario:pages,phase:load}')!.actual).toBe(100);
    expect(byKey.get('checks')!.ok).toBe(false);

    result.http.push(...Array.from({ length: 10 }, () => sample('pages', 900, 503)));
    const again = new Map(evaluateThresholds(result).map((t) => [t.metric, t]));
    expect(again.get('http_req_failed{scenario:pages}')!.ok).toBe(false);
    expect(again.get('http_req_duration{scenario:pages,phase:load}')!.ok).toBe(false);
  });
});

describe('server view', () => {
  const text = (requests: number, errors: number, pending: number, age: number) => `# HELP http_requests_total Requests.
# TYPE http_requests_total counter
http_requests_total{method="GET",route="/api/x",status_code="200"} ${requests}
http_requests_total{method="GET",route="/api/x",status_code="503"} ${errors}
# HELP event_consumer_pending Pending messages.
# TYPE event_consumer_pending gauge
event_consumer_pending{durable="notifications"} ${pending}
event_consumer_pending{durable="search-catalogue"} 0
# HELP outbox_oldest_event_age_seconds Age.
# TYPE outbox_oldest_event_age_seconds gauge
outbox_oldest_event_age_seconds{service="reviews"} ${age}
`;
  const at = (t: number, body: string): Scrape => ({ at: t, endpoint: { name: 'reviews', url: 'http://x/metrics' }, families: parsePrometheus(body) });

  it('shows the outbox age, lag per durable and the 5xx share of the run', () => {
    const view = serverView([at(0, text(100, 1, 0, 0)), at(1, text(150, 3, 40, 7.5)), at(2, text(200, 3, 0, 0))]);
    const line = (metric: string) => view.lines.find((l) => l.metric === metric)?.text;
    expect(line('outbox_oldest_event_age_seconds')).toBe('before 0  max 7.50  after 0');
    expect(line('event_consumer_pending{notifications}')).toBe('before 0  max 40  after 0');
    expect(line('event_consumer_pending{search-catalogue}')).toBe('before 0  max 0  after 0');
    expect(line('http_requests_total 5xx')).toBe('2 of 102 during the run (1.96 %)');
    expect(view.missing).toEqual(['outbox_backlog_events', 'event_dead_letters']);
  });

  it('names the endpoints that never answered', () => {
    const view = serverView([{ at: 0, endpoint: { name: 'media-worker', url: 'http://x' }, families: null, error: 'ECONNREFUSED' }]);
    expect(view.unreachable).toEqual(['media-worker (ECONNREFUSED)']);
  });
});

describe('runScript', () => {
  it('runs a k6 script: setup data, ramping and per-VU scenarios, groups, checks, multipart, sleeps cut at the end', async () => {
    const seen: { method: string; url: string; type: string; body: string }[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('latin1')));
      req.on('end', () => {
        seen.push({ method: req.method!, url: req.url!, type: String(req.headers['content-type'] ?? ''), body });
        res.writeHead(req.url === '/missing' ? 404 : 200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ ok: true, url: req.url }));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bw-runner-'));
    try {
      const script = path.join(dir, 'script.js');
      writeFileSync(
        script,
        `import http from 'k6/http';
import { check, group, sleep } from 'k6';
import exec from 'k6/execution';
export const options = {
  scenarios: {
    ramp: { executor: 'ramping-vus', exec: 'ramp', startVUs: 0, stages: [{ duration: '1s', target: 3 }, { duration: '3s', target: 3 }], gracefulRampDown: '0s', gracefulStop: '0s' },
    once: { executor: 'per-vu-iterations', exec: 'once', vus: 2, iterations: 2 },
  },
  thresholds: { 'http_req_failed{scenario:once}': ['rate<0.01'], 'http_req_failed{scenario:ramp}': ['rate<0.01'] },
};
export function setup() { return { token: http.get(__ENV.BASE + '/setup').json().url }; }
export function ramp(data) {
  group('g', () => { check(http.get(__ENV.BASE + '/ramp?t=' + data.token), { 'ramp ok': (r) => r.status === 200 }); });
  sleep(30);
}
export function once() {
  const r = http.post(__ENV.BASE + '/up', { file: http.file(open('./script.js', 'b'), 'a.bin', 'application/octet-stream'), vu: String(exec.vu.idInTest) });
  check(r, { 'upload ok': (x) => x.json().ok === true && x.headers['Content-Type'] === 'application/json' });
  http.get(__ENV.BASE + '/missing');
}
`,
      );
      const result = await runScript({ script, env: { BASE: base } });
      const byScenario = (n: string) => result.http.filter((s) => s.tags.scenario === n);
      expect(byScenario('setup')).toHaveLength(1);
      // The ramp reached 3 VUs, each stopped in its 30 s sleep when the stages ended.
      expect(byScenario('ramp').length).toBeGreaterThanOrEqual(3);
      expect(byScenario('ramp').every((s) => s.tags.group === '::g' && !s.failed)).toBe(true);
      expect(result.iterations.ramp!.interrupted).toBeGreaterThanOrEqual(3);
      expect(seen.filter((r) => r.url.startsWith('/ramp')).every((r) => r.url === '/ramp?t=/setup')).toBe(true);
      // 2 VUs × 2 iterations of a multipart upload and a 404.
      expect(result.iterations.once).toMatchObject({ completed: 4, errors: 0 });
      const uploads = seen.filter((r) => r.url === '/up');
      expect(uploads).toHaveLength(4);
      expect(uploads.every((u) => u.type.startsWith('multipart/form-data') && u.body.includes('filename="a.bin"'))).toBe(true);
      expect(result.checks.find((c) => c.name === 'upload ok')).toMatchObject({ pass: 4, fail: 0 });
      const thresholds = new Map(evaluateThresholds(result).map((t) => [t.metric, t]));
      expect(thresholds.get('http_req_failed{scenario:once}')).toMatchObject({ actual: 0.5, ok: false });
      expect(thresholds.get('http_req_failed{scenario:ramp}')!.ok).toBe(true);
    } finally {
      server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('stops with the script error when the script cannot load', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bw-runner-'));
    try {
      writeFileSync(path.join(dir, 's.js'), "if (!__ENV.SALT) throw new Error('SALT is required');\nexport default function () {}\n");
      await expect(runScript({ script: path.join(dir, 's.js'), env: {} })).rejects.toThrow(/SALT is required/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
