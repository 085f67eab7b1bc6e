import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Cache } from '@brokerwise/cache';

/** Polls until the key is gone: TTLs are real time on both adapters. */
async function waitUntilGone(cache: Cache, key: string): Promise<void> {
  await vi.waitFor(async () => expect(await cache.get(key)).toBeNull(), { timeout: 5_000, interval: 25 });
}

/**
 * One behaviour for every Cache adapter. `make` returns a fresh, empty cache (for a shared
 * Redis: a unique key prefix); each test deletes what it wrote and closes the cache.
 */
export function describeCacheConformance(name: string, make: () => Cache | Promise<Cache>): void {
  describe(`Cache conformance: ${name}`, () => {
    let cache: Cache;

    beforeEach(async () => {
      cache = await make();
    });

    afterEach(async () => {
      await cache.delPrefix('');
      await cache.close();
    });

    it('answers ping', async () => {
      await expect(cache.ping()).resolves.toBeUndefined();
    });

    it('gets what was set, null for a missing key, and overwrites', async () => {
      expect(await cache.get('missing')).toBeNull();
      await cache.set('broker:1', '{"name":"嘉盛 FOREX.com"}');
      expect(await cache.get('broker:1')).toBe('{"name":"嘉盛 FOREX.com"}');
      await cache.set('broker:1', 'v2');
      expect(await cache.get('broker:1')).toBe('v2');
      await cache.set('empty', '');
      expect(await cache.get('empty')).toBe('');
    });

    it('expires a key after its TTL in milliseconds and keeps one set without TTL', async () => {
      await cache.set('short', 'v', 300);
      await cache.set('forever', 'v');
      expect(await cache.get('short')).toBe('v');
      await waitUntilGone(cache, 'short');
      expect(await cache.get('forever')).toBe('v');
    });

    it('set without TTL removes an earlier TTL', async () => {
      await cache.set('k', 'a', 200);
      await cache.set('k', 'b');
      // A key set later with the same TTL: once it is gone, the first TTL would have run out too.
      await cache.set('witness', 'w', 200);
      await waitUntilGone(cache, 'witness');
      expect(await cache.get('k')).toBe('b');
    });

    it('rejects a TTL that is not a positive integer', async () => {
      await expect(cache.set('k', 'v', 0)).rejects.toThrow();
      await expect(cache.setIfAbsent('k', 'v', -5)).rejects.toThrow();
      await expect(cache.incr('k', 1.5)).rejects.toThrow();
      expect(await cache.get('k')).toBeNull();
    });

    it('setIfAbsent sets once, until the key is deleted or expires', async () => {
      expect(await cache.setIfAbsent('lock', 'first', 60_000)).toBe(true);
      expect(await cache.setIfAbsent('lock', 'second', 60_000)).toBe(false);
      expect(await cache.get('lock')).toBe('first');
      await cache.del('lock');
      expect(await cache.setIfAbsent('lock', 'third', 300)).toBe(true);
      expect(await cache.get('lock')).toBe('third');
      await waitUntilGone(cache, 'lock');
      expect(await cache.setIfAbsent('lock', 'fourth', 60_000)).toBe(true);
      expect(await cache.get('lock')).toBe('fourth');
    });

    it('del removes a key and ignores a missing one', async () => {
      await cache.set('a', '1');
      await cache.set('b', '2');
      await cache.del('a');
      await cache.del('never-set');
      expect(await cache.get('a')).toBeNull();
      expect(await cache.get('b')).toBe('2');
    });

    it('delPrefix deletes exactly the keys starting with the prefix', async () => {
      await Promise.all([
        cache.set('user:1', 'a'),
        cache.set('user:2', 'b'),
        cache.set('user:2:posts', 'c'),
        cache.set('users', 'd'),
        cache.set('other:user:1', 'e'),
      ]);
      expect(await cache.delPrefix('user:')).toBe(3);
      expect(await cache.get('user:1')).toBeNull();
      expect(await cache.get('user:2:posts')).toBeNull();
      expect(await cache.get('users')).toBe('d');
      expect(await cache.get('other:user:1')).toBe('e');
      expect(await cache.delPrefix('nothing:')).toBe(0);
    });

    it('delPrefix treats glob characters in the prefix literally', async () => {
      await cache.set('page:*:en', 'a');
      await cache.set('page:x:en', 'b');
      await cache.set('page:[a]', 'c');
      await cache.set('page:a', 'd');
      expect(await cache.delPrefix('page:*')).toBe(1);
      expect(await cache.delPrefix('page:[a]')).toBe(1);
      expect(await cache.get('page:x:en')).toBe('b');
      expect(await cache.get('page:a')).toBe('d');
    });

    it('delPrefix removes more keys than one scan batch returns', async () => {
      const keys = Array.from({ length: 1_200 }, (_, i) => `bulk:${i}`);
      await Promise.all(keys.map((k) => cache.set(k, 'x')));
      await cache.set('bulky', 'kept');
      expect(await cache.delPrefix('bulk:')).toBe(1_200);
      expect(await cache.get('bulk:0')).toBeNull();
      expect(await cache.get('bulk:1199')).toBeNull();
      expect(await cache.get('bulky')).toBe('kept');
    });

    it('incr counts within a window and reports the time left', async () => {
      const first = await cache.incr('rl:ip', 60_000);
      expect(first.value).toBe(1);
      expect(first.ttlMs).toBeGreaterThan(0);
      expect(first.ttlMs).toBeLessThanOrEqual(60_000);
      const second = await cache.incr('rl:ip', 60_000);
      expect(second.value).toBe(2);
      expect(second.ttlMs).toBeLessThanOrEqual(first.ttlMs);
      expect(await cache.get('rl:ip')).toBe('2');
      expect((await cache.incr('rl:other', 60_000)).value).toBe(1);
    });

    it('incr keeps a fixed window: later increments do not extend it', async () => {
      await cache.incr('rl:fixed', 2_000);
      // A key set after the window opened, with a 300 ms TTL: once it is gone, 300 ms have passed.
      await cache.set('witness', 'w', 300);
      await waitUntilGone(cache, 'witness');
      const later = await cache.incr('rl:fixed', 2_000);
      expect(later.value).toBe(2);
      // At least 300 ms of the 2000 ms window are used up; a sliding TTL would be back at 2000.
      expect(later.ttlMs).toBeLessThanOrEqual(1_700);
      expect(later.ttlMs).toBeGreaterThan(0);
    });

    it('incr starts a new window after the old one expires', async () => {
      await cache.incr('rl:reset', 300);
      expect((await cache.incr('rl:reset', 300)).value).toBe(2);
      await waitUntilGone(cache, 'rl:reset');
      const next = await cache.incr('rl:reset', 300);
      expect(next.value).toBe(1);
      expect(next.ttlMs).toBeGreaterThan(0);
    });

    it('incr gives a window to a counter that was set without TTL, and rejects a non-number', async () => {
      await cache.set('rl:plain', '5');
      const r = await cache.incr('rl:plain', 300);
      expect(r.value).toBe(6);
      expect(r.ttlMs).toBeLessThanOrEqual(300);
      await waitUntilGone(cache, 'rl:plain');

      await cache.set('rl:text', '五');
      await expect(cache.incr('rl:text', 1_000)).rejects.toThrow();
      expect(await cache.get('rl:text')).toBe('五');
    });
  });
}
