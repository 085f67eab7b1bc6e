import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryBus } from '../src/index.ts';
import { describeBusConformance } from './conformance.ts';

describeBusConformance('MemoryBus', async () => new MemoryBus());

describe('MemoryBus: durables with an inactive threshold', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Subscribes `durable` until the message `until` arrives; returns the ids received. */
  async function receive(bus: MemoryBus, durable: string, until: string, inactiveThresholdMs?: number): Promise<string[]> {
    const got: string[] = [];
    let done!: () => void;
    const arrived = new Promise<void>((resolve) => (done = resolve));
    const sub = await bus.subscribe({
      durable,
      types: ['idle.>'],
      ...(inactiveThresholdMs !== undefined ? { inactiveThresholdMs, from: 'new' as const } : {}),
      handler: async (m) => {
        got.push(m.id);
        if (m.id === until) done();
      },
    });
    await bus.publish({ id: until, type: 'idle.marker', data: new Uint8Array() });
    await arrived;
    await sub.drain();
    return got;
  }

  it('forgets a durable (and what it held) once it had no subscription for the threshold; keeps it before', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const bus = new MemoryBus();
    try {
      await receive(bus, 'per-replica', 'm0', 1000);
      await bus.publish({ id: 'kept', type: 'idle.x', data: new Uint8Array() });
      // Back within the threshold: what was published meanwhile is still there.
      expect(await receive(bus, 'per-replica', 'm1', 1000)).toEqual(['kept', 'm1']);
      await bus.publish({ id: 'lost', type: 'idle.x', data: new Uint8Array() });
      vi.advanceTimersByTime(1000);
      await bus.publish({ id: 'after', type: 'idle.x', data: new Uint8Array() });
      expect(await receive(bus, 'per-replica', 'm2', 1000)).toEqual(['m2']);
      // Control: a durable without a threshold keeps everything however long it waits.
      await receive(bus, 'kept-forever', 'k0');
      await bus.publish({ id: 'k1', type: 'idle.x', data: new Uint8Array() });
      vi.advanceTimersByTime(3_600_000);
      expect(await receive(bus, 'kept-forever', 'k2')).toEqual(['k1', 'k2']);
    } finally {
      await bus.close();
    }
  });
});
