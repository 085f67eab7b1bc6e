import { describe, expect, it } from 'vitest';
import pino from 'pino';
import { MemoryBus } from '@brokerwise/bus';
import { MemoryCache } from '@brokerwise/cache';
import { encodeEvent } from '@brokerwise/proto';
import { CacheInvalidator } from '../src/http/invalidation.ts';

describe('cache invalidation by events', () => {
  it('drops shared and per-process copies when a company changes, not by TTL', async () => {
    const bus = new MemoryBus();
    const cache = new MemoryCache();
    const invalidator = new CacheInvalidator(cache, 10);
    let localCleared = 0;
    invalidator.onInvalidate(() => void (localCleared += 1));
    const sub = await invalidator.subscribe(bus, pino({ level: 'silent' }));
    await cache.set('gw:cat:list:en:[1]', '{"list":[]}', 3_600_000);
    await cache.set('other:key', 'kept', 3_600_000);
    const e = encodeEvent('catalogue.company.removed', { id: crypto.randomUUID(), slug: 'x', version: 2n }, { producer: 'test' });
    await bus.publish({ id: e.id, type: e.type, data: e.bytes });
    await expect.poll(() => cache.get('gw:cat:list:en:[1]')).toBeNull();
    expect(await cache.get('other:key')).toBe('kept');
    expect(localCleared).toBe(1);
    await sub.drain();
    await bus.close();
  });
});
