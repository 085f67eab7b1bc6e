// A NATS outage degrades a service, it does not pull it from the load balancer: /readyz stays 200
// and says `degraded: bus unavailable`, writes land in the outbox, and once NATS is back the
// outbox drains. Runs against a nats-server of its own that it kills and restarts.
import { Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MemoryBus, NatsBus } from '@brokerwise/bus';
import { encodeEvent } from '@brokerwise/proto';
import { createTestDatabase, runMigrations, sql, type TestDatabase } from '@brokerwise/sql';
import { natsServerBin, startNatsServer, type OwnNatsServer } from '@brokerwise/testing';
import { consumerLagCheck, enqueueEvent, kitMigrations, OutboxRelay, registerHealth } from '../src/index.ts';

describe('health: liveness and readiness', () => {
  it('says `degraded: events behind` while a consumer has more than the allowed events to handle, ready again once it caught up', async () => {
    const app = Fastify();
    const bus = new MemoryBus();
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const sub = await bus.subscribe({ durable: 'lagging', types: ['catalogue.company.upserted'], concurrency: 1, handler: () => gate });
    const health = registerHealth(app, [{ name: 'database', check: async () => {} }], { watchIntervalMs: 0 });
    health.add(consumerLagCheck([sub], 3));
    const ready = async () => (await app.inject({ url: '/readyz' })).json();
    for (let i = 0; i < 5; i++) await bus.publish({ id: `e${i}`, type: 'catalogue.company.upserted', data: new Uint8Array([i]) });
    expect(await ready()).toEqual({ status: 'degraded', reasons: ['events behind'], checks: { database: 'ok', events: 'failed: 5 events not yet handled (more than 3)' } });
    open();
    await vi.waitFor(async () => expect(await ready()).toEqual({ status: 'ready', reasons: [], checks: { database: 'ok', events: 'ok' } }));
    await bus.close();
    await app.close();
  });

  it('is not ready when an `unready` check fails, degraded (200) when a `degraded` one does, and logs each change once', async () => {
    const lines: { msg: string }[] = [];
    const app = Fastify({ loggerInstance: pino({ level: 'info' }, sink(lines)) as FastifyBaseLogger });
    let db = true;
    let bus = true;
    registerHealth(
      app,
      [
        { name: 'database', check: async () => void (db || fail('refused')) },
        { name: 'bus', check: async () => void (bus || fail('connection lost')), whenFailing: 'degraded' },
      ],
      { watchIntervalMs: 0 },
    );
    const ready = async () => {
      const r = await app.inject({ url: '/readyz' });
      return { status: r.statusCode, body: r.json() };
    };
    expect(await ready()).toEqual({ status: 200, body: { status: 'ready', reasons: [], checks: { database: 'ok', bus: 'ok' } } });
    bus = false;
    expect(await ready()).toEqual({ status: 200, body: { status: 'degraded', reasons: ['bus unavailable'], checks: { database: 'ok', bus: 'failed: connection lost' } } });
    await ready();
    db = false;
    expect(await ready()).toMatchObject({ status: 503, body: { status: 'not_ready', reasons: ['database unavailable', 'bus unavailable'] } });
    // Liveness asks nobody.
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
    db = true;
    bus = true;
    expect((await ready()).body.status).toBe('ready');
    const said = lines.map((l) => l.msg).filter((m) => /degraded|ready|recovered/.test(m));
    expect(said).toEqual(['degraded: bus unavailable', 'not ready: database unavailable, bus unavailable', 'recovered: ready']);
  });
});

describe.skipIf(!natsServerBin)('health during a NATS outage (own nats-server)', () => {
  let nats: OwnNatsServer;
  let t: TestDatabase;
  beforeAll(async () => {
    nats = await startNatsServer();
    t = await createTestDatabase('kit_degraded', process.env.DATABASE_URL);
    await runMigrations(t, kitMigrations);
  });
  afterAll(async () => {
    await nats?.dispose();
    await t?.destroy();
  });

  it('stays ready (degraded) while NATS is down, keeps writes in the outbox and sends them once it is back', async () => {
    const lines: { msg: string }[] = [];
    const bus = await NatsBus.connect({ servers: nats.url, namespace: 'degr', reconnectTimeWaitMs: 200, publishTimeoutMs: 1000 });
    const app = Fastify({ loggerInstance: pino({ level: 'info' }, sink(lines)) as FastifyBaseLogger });
    registerHealth(app, [{ name: 'database', check: t.ping }, { name: 'bus', check: () => bus.ping(), whenFailing: 'degraded' }], { watchIntervalMs: 100 });
    // A write: the change and its event in one transaction (the outbox), relayed to the bus.
    app.post('/things', async () => {
      const e = encodeEvent('catalogue.company.removed', { id: crypto.randomUUID(), slug: 'x', version: 1n }, { producer: 'test' });
      await t.db.transaction().execute((trx) => enqueueEvent(trx, e));
      return { id: e.id };
    });
    app.get('/things', async () => ({ pending: await relay.pendingCount() }));
    const relay = new OutboxRelay({ db: t.db, bus, log: app.log, intervalMs: 100 });
    await app.ready();
    relay.start();
    const received = new Set<string>();
    await bus.subscribe({ durable: 'probe', types: ['catalogue.company.removed'], handler: async (m) => void received.add(m.id) });
    try {
      const readyz = async () => {
        const r = await app.inject({ url: '/readyz' });
        return { status: r.statusCode, body: r.json() };
      };
      expect((await readyz()).body.status).toBe('ready');

      await nats.kill();
      await expect.poll(readyz, { timeout: 15_000, interval: 100 }).toMatchObject({ status: 200, body: { status: 'degraded', reasons: ['bus unavailable'] } });
      const written: string[] = [];
      for (let i = 0; i < 3; i++) {
        const r = await app.inject({ method: 'POST', url: '/things' });
        expect(r.statusCode).toBe(200);
        written.push(r.json().id);
      }
      // Reads still answer, and the writes wait in the outbox.
      expect((await app.inject({ url: '/things' })).json()).toEqual({ pending: 3 });
      const outbox = await sql<{ id: string }>`select id::text as id from outbox where published_at is null`.execute(t.db);
      expect(outbox.rows.map((r) => r.id).sort()).toEqual([...written].sort());

      await nats.restart();
      await expect.poll(readyz, { timeout: 20_000, interval: 100 }).toMatchObject({ status: 200, body: { status: 'ready' } });
      await expect.poll(() => relay.pendingCount(), { timeout: 60_000, interval: 200 }).toBe(0);
      await expect.poll(() => written.every((id) => received.has(id)), { timeout: 30_000, interval: 100 }).toBe(true);
      const said = lines.map((l) => l.msg).filter((m) => /degraded|recovered/.test(m));
      expect(said.slice(0, 2)).toEqual(['degraded: bus unavailable', 'recovered: ready']);
    } finally {
      await relay.stop();
      await app.close();
      await bus.close();
    }
  }, 120_000);
});

function fail(message: string): never {
  throw new Error(message);
}

/** Collects the JSON log lines a Fastify logger writes. */
function sink(lines: { msg: string }[]): Writable {
  return new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n')) if (line.trim()) lines.push(JSON.parse(line));
      done();
    },
  });
}
