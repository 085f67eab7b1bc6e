import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryCache, createCache } from '@brokerwise/cache';
import { describeCacheConformance } from './conformance.ts';

describeCacheConformance('memory', () => new MemoryCache());

describe('MemoryCache', () => {
  it('is what createCache returns without a Redis URL', async () => {
    const cache = createCache();
    expect(cache.kind).toBe('memory');
    await cache.close();
  });

  it('evicts the least recently used entry beyond maxEntries', async () => {
    const cache = new MemoryCache({ maxEntries: 3 });
    await cache.set('a', '1');
    await cache.set('b', '2');
    await cache.set('c', '3');
    expect(await cache.get('a')).toBe('1'); // a is now more recent than b
    await cache.set('d', '4');
    expect(cache.size).toBe(3);
    expect(await cache.get('b')).toBeNull();
    expect(await cache.get('a')).toBe('1');
    expect(await cache.get('c')).toBe('3');
    expect(await cache.get('d')).toBe('4');
    await cache.close();
  });

  it('sweep drops expired entries that were never read again', async () => {
    const cache = new MemoryCache();
    await cache.set('t1', 'x', 1_000);
    await cache.set('t2', 'x', 1_000);
    await cache.set('keep', 'x');
    expect(cache.sweep()).toBe(0);
    expect(cache.sweep(Date.now() + 5_000)).toBe(2);
    expect(cache.size).toBe(1);
    expect(await cache.get('keep')).toBe('x');
    await cache.close();
  });

  it('runs the periodic sweep on its own', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const cache = new MemoryCache({ sweepIntervalMs: 20 });
    await cache.set('t', 'x', 10);
    expect(cache.size).toBe(1);
    // Expired at 10 ms, but nothing read it: only the sweep at 20 ms drops it.
    await vi.advanceTimersByTimeAsync(19);
    expect(cache.size).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(cache.size).toBe(0);
    await cache.close();
  });

  afterEach(() => {
    vi.useRealTimers();
  });
});
