import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { MemoryBus, type EventBus, type OutgoingMessage } from '@brokerwise/bus';
import { encodeEvent } from '@brokerwise/proto';
import { createTestDatabase, runMigrations, type TestDatabase } from '@brokerwise/sql';
import { consumeEvents, enqueueEvent, kitMigrations, OutboxRelay } from '../src/index.ts';

const log = pino({ level: 'silent' });

function removedEvent(slug: string) {
  return encodeEvent('catalogue.company.removed', { id: crypto.randomUUID(), slug, version: 1n }, { producer: 'test', correlationId: `req-${slug}` });
}

/** A bus that can be switched off, standing for a NATS outage (the relay must keep the rows). */
class SwitchableBus {
  up = true;
  readonly inner = new MemoryBus();
  publish(msg: OutgoingMessage): Promise<void> {
    if (!this.up) return Promise.reject(new Error('bus unavailable'));
    return this.inner.publish(msg);
  }
}

describe('transactional outbox and idempotent inbox', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase('kit_test', process.env.DATABASE_URL);
    await runMigrations(t, kitMigrations);
  });
  afterAll(async () => {
    await t?.destroy();
  });

  it('publishes only events whose transaction committed', async () => {
    const bus = new MemoryBus();
    const seen: string[] = [];
    await bus.subscribe({ durable: 'probe-commit', types: ['catalogue.>'], handler: async (m) => void seen.push(m.id) });
    const kept = removedEvent('kept');
    await t.db.transaction().execute(async (trx) => enqueueEvent(trx, kept));
    await expect(
      t.db.transaction().execute(async (trx) => {
        await enqueueEvent(trx, removedEvent('rolled-back'));
        throw new Error('change failed');
      }),
    ).rejects.toThrow('change failed');
    const relay = new OutboxRelay({ db: t.db, bus, log });
    expect(await relay.drainOnce()).toBe(1);
    await expect.poll(() => seen).toEqual([kept.id]);
    expect(await relay.pendingCount()).toBe(0);
    await bus.close();
  });

  it('keeps events while the bus is down and sends them, in order, when it is back', async () => {
    const bus = new SwitchableBus();
    const received: string[] = [];
    await bus.inner.subscribe({ durable: 'probe-outage', types: ['catalogue.company.removed'], handler: async (m) => void received.push(m.id) });
    const relay = new OutboxRelay({ db: t.db, bus: bus as unknown as EventBus, log });
    bus.up = false;
    const events = [removedEvent('a'), removedEvent('b'), removedEvent('c')];
    for (const e of events) await t.db.transaction().execute(async (trx) => enqueueEvent(trx, e));
    expect(await relay.drainOnce()).toBe(0);
    expect(await relay.pendingCount()).toBe(3);
    bus.up = true;
    expect(await relay.drainOnce()).toBe(3);
    await expect.poll(() => received).toEqual(events.map((e) => e.id));
    await bus.inner.close();
  });

  it('runs a handler once per event even when the event is delivered twice', async () => {
    const bus = new MemoryBus();
    const handled: string[] = [];
    const sub = await consumeEvents({
      bus,
      db: t.db,
      log,
      durable: 'kit-test-consumer',
      handlers: {
        'catalogue.company.removed': async (payload: { slug: string }, ctx) => {
          handled.push(`${payload.slug}:${ctx.correlationId}`);
        },
      },
    });
    const e = removedEvent('twice');
    await bus.publish({ id: e.id, type: e.type, data: e.bytes });
    await expect.poll(() => handled).toEqual(['twice:req-twice']);
    // A redelivery after the dedupe window looks like a new message to the bus: the inbox catches it.
    await bus.publish({ id: `${e.id}-redelivered`, type: e.type, data: e.bytes });
    // The durable delivers in order: once a later event is handled, the duplicate has been seen.
    const marker = removedEvent('marker');
    await bus.publish({ id: marker.id, type: marker.type, data: marker.bytes });
    await expect.poll(() => handled).toEqual(['twice:req-twice', 'marker:req-marker']);
    const rows = await t.db.selectFrom('inbox').selectAll().where('event_id', '=', e.id).execute();
    expect(rows).toHaveLength(1);
    await sub.drain();
    await bus.close();
  });

  it('rolls back the inbox row when the handler fails, so the retry runs it again', async () => {
    const bus = new MemoryBus();
    let attempts = 0;
    const sub = await consumeEvents({
      bus,
      db: t.db,
      log,
      durable: 'kit-test-retry',
      backoffMs: [10],
      handlers: {
        'catalogue.company.removed': async () => {
          attempts += 1;
          if (attempts === 1) throw new Error('transient');
        },
      },
    });
    const e = removedEvent('retry');
    await bus.publish({ id: e.id, type: e.type, data: e.bytes });
    await expect.poll(() => attempts).toBe(2);
    const rows = await t.db.selectFrom('inbox').selectAll().where('event_id', '=', e.id).execute();
    expect(rows).toHaveLength(1);
    await sub.drain();
    await bus.close();
  });
});
