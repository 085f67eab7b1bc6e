import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { encodeEvent, type CompanyRemoved } from '@brokerwise/proto';
import { enqueueEvent, kitMigrations, startService, type ServiceRole, type ServiceSettings } from '../src/index.ts';

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'start-service-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const settings = (dir: string): ServiceSettings => ({
  PORT: 0,
  HOST: '127.0.0.1',
  APP_MODE: 'embedded',
  LOG_LEVEL: 'silent',
  SHUTDOWN_TIMEOUT_MS: 5_000,
  METRICS_PORT: 0,
  // Its own PGlite under DATA_DIR and an in-process bus: both opened, and closed, by startService.
  DATA_DIR: dir,
  MIGRATE_ON_START: true,
  EVENTS_MAX_PENDING: 100,
  // Load shedding off, as the services' defaults have it: a busy test machine is no reason to answer 503.
  PRESSURE_MAX_EVENT_LOOP_DELAY_MS: 0,
  PRESSURE_MAX_EVENT_LOOP_UTILIZATION: 0,
  PRESSURE_MAX_HEAP_BYTES: 0,
  PRESSURE_RETRY_AFTER_SECONDS: 5,
});

/** A service with every part startService wires: database, bus, relay, a consumer, a resource, a background job, routes. */
async function start(role: ServiceRole, name: string) {
  const order: string[] = [];
  const handled: CompanyRemoved[] = [];
  const started = await startService({
    name: 'kit-test',
    config: settings(path.join(dataDir, name)),
    role,
    database: { schema: 'kit_test', migrations: kitMigrations },
    bus: {},
    resources: [{ name: 'store', check: async () => {}, close: async () => void order.push('resource') }],
    setup: async (kit) => {
      // Each step of the shutdown says when it ran; the HTTP server says when it stopped listening.
      kit.app.server.on('close', () => order.push('http'));
      const spy = (target: object, method: string, step: string) => {
        const original = (target as Record<string, () => Promise<void>>)[method]!.bind(target);
        vi.spyOn(target as Record<string, () => Promise<void>>, method).mockImplementation(async () => {
          order.push(step);
          await original();
        });
      };
      spy(kit.relay, 'stop', 'relay');
      spy(kit.bus, 'close', 'bus');
      spy(kit.database, 'close', 'database');
      const subscribe = kit.bus.subscribe.bind(kit.bus);
      vi.spyOn(kit.bus, 'subscribe').mockImplementation(async (opts) => {
        const s = await subscribe(opts);
        return { pending: () => s.pending(), drain: async () => void (order.push('consumer'), await s.drain()) };
      });
      await kit.routes(async (app) => void app.get('/v1/thing', async () => ({ ok: true })), {});
      kit.consume({
        durable: 'kit-test',
        handlers: {
          // Typed from the generated message: `payload.slug` is a string, `payload.version` a bigint.
          'catalogue.company.removed': async (payload) => void handled.push(payload),
        },
      });
      let running = false;
      kit.background({ start: () => void (running = true), stop: async () => void (order.push('background'), (running = false)) });
      return { running: () => running, relay: kit.relay, db: kit.db };
    },
  });
  return { started, order, handled };
}

describe('startService', () => {
  it('starts a ready process: probes with every check, metrics, routes, relay and consumers running', async () => {
    const { started, handled } = await start('all', 'ready');
    try {
      const base = `http://127.0.0.1:${started.port}`;
      const ready = await fetch(`${base}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: 'ready', reasons: [], checks: { database: 'ok', bus: 'ok', store: 'ok', events: 'ok' } });
      expect(await (await fetch(`${base}/v1/thing`)).json()).toEqual({ ok: true });
      expect(started.running()).toBe(true);

      // An event written to the outbox goes out through the relay and comes back to the consumer.
      const event = encodeEvent('catalogue.company.removed', { id: crypto.randomUUID(), slug: 'gone-fx', version: 3n }, { producer: 'test' });
      await started.db.transaction().execute((trx) => enqueueEvent(trx, event));
      started.relay.poke();
      await vi.waitFor(() => expect(handled.map((p) => p.slug)).toEqual(['gone-fx']), { timeout: 10_000 });

      expect(started.metricsPort).toBeGreaterThan(0);
      const metrics = await (await fetch(`http://127.0.0.1:${started.metricsPort}/metrics`)).text();
      expect(metrics).toMatch(/service="kit-test"/);
    } finally {
      await started.close();
    }
  });

  it('shuts down in order: HTTP, consumers, background jobs, relay, bus, resources, database', async () => {
    const { started, order } = await start('all', 'shutdown');
    await started.close();
    expect(order).toEqual(['http', 'consumer', 'background', 'relay', 'bus', 'resource', 'database']);
    await expect(fetch(`http://127.0.0.1:${started.port}/healthz`)).rejects.toThrow();
  });

  it('in the worker role serves only the probes, not the routes; the api role serves both', async () => {
    const worker = await start('worker', 'worker');
    const api = await start('api', 'api');
    try {
      const at = (s: typeof worker.started, p: string) => fetch(`http://127.0.0.1:${s.port}${p}`);
      expect((await at(worker.started, '/healthz')).status).toBe(200);
      expect((await at(worker.started, '/readyz')).status).toBe(200);
      expect((await at(worker.started, '/v1/thing')).status).toBe(404);
      expect((await at(api.started, '/v1/thing')).status).toBe(200);
    } finally {
      await Promise.all([worker.started.close(), api.started.close()]);
    }
  });

  it('with plainHttp hands every request but the probes, body unread, to the plain listener (the web tier)', async () => {
    const started = await startService({
      name: 'kit-plain',
      config: settings(path.join(dataDir, 'plain')),
      plainHttp: true,
      setup: ({ plainHttp }) => {
        plainHttp((req, res) => {
          const chunks: Buffer[] = [];
          req.on('data', (c: Buffer) => chunks.push(c));
          req.on('end', () => res.end(`${req.method} ${req.url} ${Buffer.concat(chunks).toString()}`));
        });
        return {};
      },
    });
    try {
      const at = (p: string, init?: RequestInit) => fetch(`http://127.0.0.1:${started.port}${p}`, init);
      expect(await (await at('/readyz')).json()).toMatchObject({ status: 'ready' });
      expect(await (await at('/healthz?x=1')).json()).toEqual({ status: 'ok' });
      expect(await (await at('/some/page?q=%E2%80%AE')).text()).toBe('GET /some/page?q=%E2%80%AE ');
      expect(await (await at('/form', { method: 'POST', body: 'a=b', headers: { 'content-type': 'application/x-www-form-urlencoded' } })).text()).toBe('POST /form a=b');
    } finally {
      await started.close();
    }
    await expect(fetch(`http://127.0.0.1:${started.port}/some/page`)).rejects.toThrow();
  });
});
