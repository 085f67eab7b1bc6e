import { afterAll, describe, expect, it, vi } from 'vitest';
import pino from 'pino';
import { createBus, destroyBus } from '@brokerwise/bus';
import { encodeEvent } from '@brokerwise/proto';
import { uniqueName } from '@brokerwise/testing';
import { NoticeStreams } from '../src/http/notice-stream.ts';

describe('notice signals reach every gateway replica', () => {
  const buses: Awaited<ReturnType<typeof createBus>>[] = [];
  afterAll(async () => {
    for (const bus of buses) await destroyBus(bus);
  });

  it('gives each replica its own copy of every notifications.notice.created (per-replica durables)', async () => {
    const namespace = uniqueName('ntfrep').toLowerCase();
    // Two replicas, each with its own connection, as two gateway processes would have.
    const [busA, busB, producer] = await Promise.all([0, 1, 2].map(() => createBus({ natsUrl: process.env.NATS_URL, namespace })));
    buses.push(busA!, busB!, producer!);
    // In-process buses only connect what shares one: use the producer's bus for all three then.
    const [a, b] = [busA!, busB!].map((bus) => (bus.kind === 'memory' ? producer! : bus));
    const log = pino({ level: 'silent' });
    const replicas = [new NoticeStreams({ heartbeatMs: 60_000 }), new NoticeStreams({ heartbeatMs: 60_000 })];
    const spies = replicas.map((r) => vi.spyOn(r, 'notify'));
    const subs = [await replicas[0]!.subscribe(a!, log), await replicas[1]!.subscribe(b!, log)];
    try {
      for (const [userId, category] of [['3f0b2c1e-0000-4000-8000-000000000001', 'notices'], ['', 'system']] as const) {
        const e = encodeEvent('notifications.notice.created', { userId, noticeId: crypto.randomUUID(), category }, { producer: 'notifications' });
        await producer!.publish({ id: e.id, type: e.type, data: e.bytes });
      }
      for (const spy of spies) {
        await expect.poll(() => spy.mock.calls.length, { timeout: 10_000 }).toBe(2);
        expect(spy.mock.calls).toEqual([
          ['3f0b2c1e-0000-4000-8000-000000000001', 'notices'],
          ['', 'system'],
        ]);
      }
    } finally {
      for (const s of subs) await s.drain();
    }
  });
});
