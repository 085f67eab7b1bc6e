import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthAnswer, startWebServer, type WebServer } from '../server.ts';

// A real web server on a stand-in build (the probes must answer before any route is rendered)
// whose gateway is a closed port: liveness and readiness must not depend on it.
let dir: string;
let server: WebServer;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'bw-web-health-'));
  await mkdir(join(dir, 'client'), { recursive: true });
  await mkdir(join(dir, 'server'), { recursive: true });
  await writeFile(join(dir, 'server', 'index.js'), 'export const routes = {};\n');
  server = await startWebServer({ port: 0, host: '127.0.0.1', gatewayUrl: 'http://127.0.0.1:9', signatureSalt: 'test-salt-123', buildDir: dir, onError: () => {} });
});

afterAll(async () => {
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('web probes', () => {
  it('/healthz and /readyz answer 200 JSON without the gateway, before the router', async () => {
    for (const [path, status] of [
      ['/healthz', 'ok'],
      ['/readyz', 'ready'],
      ['/readyz?probe=1', 'ready'],
    ] as const) {
      const res = await fetch(`http://127.0.0.1:${server.port}${path}`, { redirect: 'manual' });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(((await res.json()) as { status: string }).status).toBe(status);
    }
  });

  it('readiness turns 503 while draining; liveness stays up', () => {
    expect(healthAnswer('/readyz', true)).toEqual({ status: 503, body: { status: 'not_ready', checks: { render: 'draining' } } });
    expect(healthAnswer('/healthz', true)?.status).toBe(200);
    expect(healthAnswer('/readyzz', false)).toBeNull();
    expect(healthAnswer('/', false)).toBeNull();
  });
});
