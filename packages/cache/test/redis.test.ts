import { createServer } from 'node:net';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { RedisCache, createCache } from '@brokerwise/cache';
import { uniqueName } from '@brokerwise/testing';
import { describeCacheConformance } from './conformance.ts';

const REDIS_URL = process.env.REDIS_URL;

/** A port nothing listens on: bind an ephemeral one, then release it. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  return address.port;
}

describe.skipIf(!REDIS_URL)('RedisCache', () => {
  const url = REDIS_URL ?? '';

  describeCacheConformance('redis', () => new RedisCache({ url, keyPrefix: `${uniqueName('cachetest')}:` }));

  it('is what createCache returns with a Redis URL', async () => {
    const cache = createCache({ redisUrl: url, keyPrefix: `${uniqueName('cachetest')}:` });
    expect(cache.kind).toBe('redis');
    await cache.ping();
    await cache.close();
  });

  it('stores every key under its prefix and never touches another prefix', async () => {
    const prefixA = `${uniqueName('cachetest')}:`;
    const prefixB = `${uniqueName('cachetest')}:`;
    const a = new RedisCache({ url, keyPrefix: prefixA });
    const b = new RedisCache({ url, keyPrefix: prefixB });
    const raw = new Redis(url);
    try {
      await a.set('shared', 'from-a');
      await b.set('shared', 'from-b');
      await a.incr('count', 60_000);
      expect(await raw.get(`${prefixA}shared`)).toBe('from-a');
      expect(await raw.get(`${prefixA}count`)).toBe('1');
      expect(await a.delPrefix('')).toBe(2);
      expect(await b.get('shared')).toBe('from-b');
      expect(await raw.exists(`${prefixA}shared`, `${prefixA}count`)).toBe(0);
    } finally {
      await b.delPrefix('');
      await Promise.all([a.close(), b.close(), raw.quit()]);
    }
  });
});

describe('RedisCache without a server', () => {
  // A hang here would mean requests queue behind a dead Redis; the per-test timeout catches it.
  it('rejects ping and commands when nothing listens', { timeout: 5_000 }, async () => {
    const cache = new RedisCache({ url: `redis://127.0.0.1:${await closedPort()}`, keyPrefix: 'unused:' });
    try {
      await expect(cache.ping()).rejects.toThrow();
      await expect(cache.get('k')).rejects.toThrow();
      await expect(cache.incr('k', 1_000)).rejects.toThrow();
    } finally {
      await cache.close();
    }
  });
});
