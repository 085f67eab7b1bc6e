// `npm run load` end to end: the smoke scenario of loadtest/k6/ops.js, run by the Node runner
// against a small stack (`npm start`'s process, embedded defaults), reading the stack's
// Prometheus endpoint. Fresh accounts register through the dev mailbox.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signatureHeaders } from '@brokerwise/api-signature';
import { freePort, runNodeScript } from '@brokerwise/testing';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SALT = 'brokerwise-dev-salt';
let site: ChildProcess | undefined;
let dataDir: string;
let baseUrl: string;
let metricsUrl: string;

beforeAll(async () => {
  const [port, metricsPort] = [await freePort(), await freePort()];
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'bw-load-test-'));
  baseUrl = `http://127.0.0.1:${port}`;
  metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
  // Embedded defaults on purpose (no DATABASE_URL/NATS_URL/REDIS_URL): nothing left on shared servers.
  site = spawn(process.execPath, [path.join(root, 'scripts/start.ts')], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), PORT: String(port), METRICS_PORT: String(metricsPort), DATA_DIR: dataDir, LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '100000000' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // Ready, and the demo companies are in the catalogue (setup() visits them).
  await vi.waitFor(
    async () => {
      expect(site!.exitCode).toBeNull();
      const res = await fetch(`${baseUrl}/api/brokers/brokersList?page=1&limit=5`, { headers: { ...(await signatureHeaders(SALT)), lang: 'en' } });
      const body = (await res.json()) as { data?: { list?: unknown[] } };
      expect(body.data?.list?.length ?? 0).toBeGreaterThan(0);
    },
    { timeout: 240_000, interval: 1_000 },
  );
}, 300_000);

afterAll(async () => {
  if (site && site.exitCode === null) {
    const exited = new Promise((r) => site!.once('exit', r));
    site.kill('SIGTERM');
    await exited;
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run load (Node runner of the k6 scenarios)', () => {
  it('runs the smoke scenario without a failed request and prints the client and server views', async () => {
    const run = await runNodeScript(path.join(root, 'loadtest/load.ts'), ['--scenario', 'smoke', '--target', baseUrl, '--iterations', '1', '--think-scale', '0', '--metrics', metricsUrl], {
      env: { HOME: process.env.HOME ?? os.tmpdir() },
    });
    const out = run.stdout;
    // 0 or 1: the p95 limits are production targets a shared test machine need not meet.
    expect([0, 1], `${out}\n${run.stderr}`).toContain(run.code);
    expect(out).toContain('== Client view: SCENARIO=smoke');
    expect(out).toContain('== Thresholds ==');
    expect(out).toContain('== Server view (Prometheus) ==');

    const rows = new Map([...out.matchAll(/^(\w+)\s+(\d+)\s+(\d+)\s+[\d.]+\s+[\d.]+\s+[\d.]+\s+[\d.]+\s+/gm)].map((m) => [m[1]!, { requests: Number(m[2]), failed: Number(m[3]) }]));
    for (const scenario of ['pages', 'api_reads', 'sign_in', 'review_writes', 'uploads', 'all']) {
      expect(rows.get(scenario)?.requests, `${scenario} made requests\n${out}`).toBeGreaterThan(0);
      expect(rows.get(scenario)?.failed, `${scenario} failed requests\n${out}`).toBe(0);
    }
    const checks = /^checks: (\d+) of (\d+) passed/m.exec(out);
    expect(checks, out).not.toBeNull();
    expect(Number(checks![1])).toBe(Number(checks![2]));
    expect(out).not.toMatch(/^error in /m);
    // Every failure-rate threshold held (the duration ones are printed, and judged on real machines).
    const failureThresholds = out.split('\n').filter((l) => /^(pass|FAIL) {2}http_req_failed/.test(l));
    expect(failureThresholds).toHaveLength(6);
    expect(failureThresholds.every((l) => l.startsWith('pass'))).toBe(true);
    expect(out).toMatch(/^(pass|FAIL) {2}http_req_duration\{scenario:uploads,phase:load\} p\(95\)<1500/m);

    // The server's view, from the stack's Prometheus endpoint.
    const server = out.slice(out.indexOf('== Server view (Prometheus) =='));
    expect(server).toMatch(/http_requests_total 5xx\s+0 of \d+ during the run/);
    expect(server).toMatch(/outbox_backlog_events\s+before \d/);
    expect(server).toMatch(/event_consumer_pending\{[\w-]+\}/);
  }, 240_000);
});
