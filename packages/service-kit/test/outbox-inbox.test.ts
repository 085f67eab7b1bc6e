import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { MemoryBus, type EventBus, type OutgoingMessage } from '@brokerwise/bus';
import { encodeEvent } from '@brokerwise/proto';
import { createTestDatabase, runMigrations, sql, type TestDatabase } from '@brokerwise/sql';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { consumeEvents, enqueueEvent, kitMigrations, OutboxRelay, purgeInbox } from '../src/index.ts';

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
  ping(): Promise<void> {
    return this.up ? Promise.resolve() : Promise.reject(new Error('bus unavailable'));
  }
  deadLetterUnpublished(): Promise<void> {
    return Promise.reject(new Error('bus unavailable'));
  }
}

/** A bus that answers but refuses the messages whose ids are listed (a poison row), and optionally its dead letters too. */
class RefusingBus extends MemoryBus {
  readonly refused = new Set<string>();
  refuseDeadLetters = false;
  override async publish(msg: OutgoingMessage): Promise<void> {
    if (this.refused.has(msg.id)) throw new Error(`refused ${msg.id}`);
    return super.publish(msg);
  }
  override async deadLetterUnpublished(...args: Parameters<MemoryBus['deadLetterUnpublished']>): Promise<void> {
    if (this.refuseDeadLetters) throw new Error('dead letters refused too');
    return super.deadLetterUnpublished(...args);
  }
}

const enqueue = (db: TestDatabase['db'], e: ReturnType<typeof removedEvent>) => db.transaction().execute(async (trx) => enqueueEvent(trx, e));

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
    expect(await relay.drainOnce()).toBe(0);
    expect(await relay.pendingCount()).toBe(3);
    // An outage is no row's fault: no attempt counted, nothing on its way to the dead letters.
    const rows = await t.db.selectFrom('outbox').select(['attempts', 'dead_at', 'claimed_until']).where('id', 'in', events.map((e) => e.id)).execute();
    expect(rows.map((r) => [r.attempts, r.dead_at, r.claimed_until])).toEqual(events.map(() => [0, null, null]));
    bus.up = true;
    expect(await relay.drainOnce()).toBe(3);
    await expect.poll(() => received).toEqual(events.map((e) => e.id));
    await bus.inner.close();
  });

  it('publishes events written within one millisecond in the order they were written', async () => {
    const bus = new MemoryBus();
    const received: string[] = [];
    await bus.subscribe({ durable: 'probe-same-ms', types: ['catalogue.company.removed'], handler: async (m) => void received.push(m.id) });
    const events = Array.from({ length: 6 }, (_, i) => removedEvent(`same-ms-${i}`));
    for (const e of events) await enqueue(t.db, e);
    // Same millisecond, microseconds rising, ids falling: a sort on JS dates would get this backwards.
    const ids = events.map((e) => e.id);
    const byIdDesc = [...ids].sort().reverse();
    for (const [i, id] of byIdDesc.entries()) {
      await sql`update outbox set created_at = timestamptz '2026-01-01 00:00:00.000' + ${i * 100} * interval '1 microsecond' where id = ${id}`.execute(t.db);
    }
    const relay = new OutboxRelay({ db: t.db, bus, log });
    expect(await relay.drainOnce()).toBe(6);
    await expect.poll(() => received).toEqual(byIdDesc);
    await bus.close();
  });

  it('publishes after the claim committed, with no transaction open', async () => {
    const e = removedEvent('outside');
    await enqueue(t.db, e);
    const seenDuringPublish: Array<Date | null> = [];
    class WatchingBus extends MemoryBus {
      override async publish(msg: OutgoingMessage): Promise<void> {
        // Another query (another connection on PostgreSQL; on PGlite's single connection this
        // would wait forever if the relay held a transaction) sees the claim already committed.
        const row = await t.db.selectFrom('outbox').select('claimed_until').where('id', '=', msg.id).executeTakeFirstOrThrow();
        seenDuringPublish.push(row.claimed_until);
        return super.publish(msg);
      }
    }
    const bus = new WatchingBus();
    expect(await new OutboxRelay({ db: t.db, bus, log }).drainOnce()).toBe(1);
    expect(seenDuringPublish).toHaveLength(1);
    expect(seenDuringPublish[0]).toBeInstanceOf(Date);
    const row = await t.db.selectFrom('outbox').select(['published_at', 'claimed_until']).where('id', '=', e.id).executeTakeFirstOrThrow();
    expect(row.published_at).toBeInstanceOf(Date);
    expect(row.claimed_until).toBeNull();
    await bus.close();
  });

  it("leaves rows another relay holds a lease on, and takes them once that relay's lease ran out", async () => {
    const events = [removedEvent('lease-1'), removedEvent('lease-2')];
    for (const e of events) await enqueue(t.db, e);
    const ids = events.map((e) => e.id);
    // A relay claimed them and crashed before publishing.
    await t.db.updateTable('outbox').set({ claimed_until: sql`now() + interval '1 hour'` }).where('id', 'in', ids).execute();
    const bus = new MemoryBus();
    const received: string[] = [];
    await bus.subscribe({ durable: 'probe-lease', types: ['catalogue.company.removed'], handler: async (m) => void received.push(m.id) });
    const relay = new OutboxRelay({ db: t.db, bus, log });
    expect(await relay.drainOnce()).toBe(0);
    await t.db.updateTable('outbox').set({ claimed_until: sql`now() - interval '1 second'` }).where('id', 'in', ids).execute();
    expect(await relay.drainOnce()).toBe(2);
    await expect.poll(() => received).toEqual(ids);
    await bus.close();
  });

  it('dead-letters a row the bus keeps refusing after maxAttempts, and publishes the rows behind it in order', async () => {
    const bus = new RefusingBus();
    const received: string[] = [];
    await bus.subscribe({ durable: 'probe-poison', types: ['catalogue.company.removed'], handler: async (m) => void received.push(m.id) });
    const [before, poison, after1, after2] = [removedEvent('p0'), removedEvent('poison'), removedEvent('p2'), removedEvent('p3')];
    for (const e of [before!, poison!, after1!, after2!]) await enqueue(t.db, e);
    bus.refused.add(poison!.id);
    const relay = new OutboxRelay({ db: t.db, bus, log, maxAttempts: 3, deadLetterSource: 'outbox-kit-test' });
    // Order is kept while the row still has attempts left: nothing behind it goes out.
    expect(await relay.drainOnce()).toBe(1);
    expect(await relay.drainOnce()).toBe(0);
    await expect.poll(() => received).toEqual([before!.id]);
    expect(await bus.deadLetters('outbox-kit-test')).toEqual([]);
    // Third refusal: poison. It goes to the dead letters and the relay goes on.
    expect(await relay.drainOnce()).toBe(2);
    await expect.poll(() => received).toEqual([before!.id, after1!.id, after2!.id]);
    const [letter] = await bus.deadLetters('outbox-kit-test');
    expect(letter).toMatchObject({ id: poison!.id, type: poison!.type, origin: 'publish', deliveryCount: 3, error: `refused ${poison!.id}`, correlationId: 'req-poison' });
    const row = await t.db.selectFrom('outbox').select(['attempts', 'dead_at', 'published_at']).where('id', '=', poison!.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ attempts: 3, published_at: null });
    expect(row.dead_at).toBeInstanceOf(Date);
    expect(await relay.pendingCount()).toBe(0);

    // Once the cause is fixed, a replay publishes it.
    bus.refused.clear();
    expect(await bus.replayDeadLetter(letter!.seq)).toBe(true);
    await expect.poll(() => received).toEqual([before!.id, after1!.id, after2!.id, poison!.id]);
    await bus.close();
  });

  it('marks a poison row dead in the table when the dead-letter stream refuses it too, and goes on', async () => {
    const bus = new RefusingBus();
    bus.refuseDeadLetters = true;
    const received: string[] = [];
    await bus.subscribe({ durable: 'probe-dead', types: ['catalogue.company.removed'], handler: async (m) => void received.push(m.id) });
    const [poison, after] = [removedEvent('dead'), removedEvent('dead-after')];
    for (const e of [poison!, after!]) await enqueue(t.db, e);
    bus.refused.add(poison!.id);
    const relay = new OutboxRelay({ db: t.db, bus, log, maxAttempts: 1 });
    expect(await relay.drainOnce()).toBe(1);
    await expect.poll(() => received).toEqual([after!.id]);
    const row = await t.db.selectFrom('outbox').select(['dead_at', 'last_error']).where('id', '=', poison!.id).executeTakeFirstOrThrow();
    expect(row.dead_at).toBeInstanceOf(Date);
    expect(row.last_error).toContain('dead-letter stream refused it too');
    await bus.close();
  });

  it('purges inbox rows past the retention, only the handler asked for, in batches', async () => {
    const old = new Date(Date.now() - 10 * 24 * 3600_000);
    const rows = [
      ...Array.from({ length: 5 }, () => ({ event_id: crypto.randomUUID(), handler: 'purge-a', processed_at: old })),
      { event_id: crypto.randomUUID(), handler: 'purge-a', processed_at: new Date() },
      { event_id: crypto.randomUUID(), handler: 'purge-b', processed_at: old },
    ];
    await t.db.insertInto('inbox').values(rows).execute();
    const deleted = await purgeInbox(t.db, { handler: 'purge-a', before: new Date(Date.now() - 7 * 24 * 3600_000), batchSize: 2 });
    expect(deleted).toBe(5);
    const left = await t.db.selectFrom('inbox').select(['event_id', 'handler']).where('handler', 'in', ['purge-a', 'purge-b']).execute();
    expect(new Set(left.map((r) => r.event_id))).toEqual(new Set([rows[5]!.event_id, rows[6]!.event_id]));
  });

  it('dead-letters an event whose handler the test hook breaks, handles later ones, and handles it on replay once fixed', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'bw-fault-'));
    const file = path.join(dir, 'faults');
    const bus = new MemoryBus();
    const handled: string[] = [];
    await writeFile(file, '# test hook\nkit-test-fault:catalogue.company.removed\n');
    const sub = await consumeEvents({
      bus,
      db: t.db,
      log,
      durable: 'kit-test-fault',
      backoffMs: [10],
      settings: { EVENTS_MAX_DELIVER: 2, FAULT_INJECT_FILE: file },
      handlers: { 'catalogue.company.removed': async (payload: { slug: string }) => void handled.push(payload.slug) },
    });
    const e = removedEvent('faulty');
    await bus.publish({ id: e.id, type: e.type, data: e.bytes });
    await expect.poll(async () => (await bus.deadLetters('kit-test-fault')).length).toBe(1);
    const [letter] = await bus.deadLetters('kit-test-fault');
    expect(letter!.error).toContain('FAULT_INJECT_FILE');
    expect(letter!.deliveryCount).toBe(2);
    // Fixed: the line goes; later events and the replay are handled.
    await writeFile(file, '');
    const later = removedEvent('later');
    await bus.publish({ id: later.id, type: later.type, data: later.bytes });
    await expect.poll(() => handled).toEqual(['later']);
    expect(await bus.replayDeadLetter(letter!.seq)).toBe(true);
    await expect.poll(() => handled).toEqual(['later', 'faulty']);
    expect(await bus.deadLetters('kit-test-fault')).toEqual([]);
    await sub.drain();
    await bus.close();
    await rm(dir, { recursive: true, force: true });
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
