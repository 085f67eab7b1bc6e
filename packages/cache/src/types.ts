/**
 * Cache and counters port: `MemoryCache` (embedded) and `RedisCache` (ioredis).
 * Values are strings; callers serialise. TTLs are in milliseconds.
 */
export interface Cache {
  readonly kind: 'memory' | 'redis';
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlMs?: number): Promise<void>;
  /** Set only if absent; returns true when this call set it (locks, dedupe). */
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean>;
  del(key: string): Promise<void>;
  /** Delete every key starting with prefix (cache invalidation). Returns how many. */
  delPrefix(prefix: string): Promise<number>;
  /**
   * Increment a counter; the TTL starts at the first increment of a window (fixed window).
   * Returns the new value and the ms left in the window (rate limits).
   */
  incr(key: string, windowMs: number): Promise<{ value: number; ttlMs: number }>;
  /** Throws when unreachable (readiness probe). */
  ping(): Promise<void>;
  close(): Promise<void>;
}
