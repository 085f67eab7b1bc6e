import type { Cache } from '@brokerwise/cache';

/**
 * Read-through cache of a JSON value in the shared cache (memory or Redis). A cache outage
 * degrades to calling the source; it never fails the request.
 */
export async function cached<T>(cache: Cache, key: string, ttlSeconds: number, load: () => Promise<T>): Promise<{ value: T; hit: boolean }> {
  if (ttlSeconds > 0) {
    const hit = await cache.get(key).catch(() => null);
    if (hit !== null) return { value: JSON.parse(hit) as T, hit: true };
  }
  const value = await load();
  if (ttlSeconds > 0) await cache.set(key, JSON.stringify(value), ttlSeconds * 1000).catch(() => undefined);
  return { value, hit: false };
}
