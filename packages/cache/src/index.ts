import { MemoryCache } from './memory.ts';
import { RedisCache } from './redis.ts';
import type { Cache } from './types.ts';

export type { Cache } from './types.ts';
export { MemoryCache, type MemoryCacheOptions } from './memory.ts';
export { RedisCache, type RedisCacheOptions } from './redis.ts';

export interface CacheConfig {
  /** Set in production (`REDIS_URL`); without it the cache lives in this process. */
  redisUrl?: string;
  /** Key namespace in a shared Redis, e.g. `bw:reviews:`. Ignored by the memory cache. */
  keyPrefix?: string;
  /** Background Redis connection errors; see `RedisCacheOptions.onError`. */
  onError?: (err: Error) => void;
}

export function createCache(config: CacheConfig = {}): Cache {
  if (config.redisUrl) {
    return new RedisCache({ url: config.redisUrl, keyPrefix: config.keyPrefix, onError: config.onError });
  }
  return new MemoryCache();
}
