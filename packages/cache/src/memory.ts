import type { Cache } from './types.ts';

export interface MemoryCacheOptions {
  /** Upper bound on entries; the least recently used are evicted beyond it. Default 50 000. */
  maxEntries?: number;
  /** How often expired entries are swept in the background. Default 30 s. */
  sweepIntervalMs?: number;
}

interface Entry {
  value: string;
  /** Epoch ms; Infinity when the key never expires. */
  expiresAt: number;
}

/**
 * Embedded cache for a single process (`npm start`, tests). Same semantics as `RedisCache`,
 * but state is per process: rate limits and locks are not shared between replicas.
 */
export class MemoryCache implements Cache {
  readonly kind = 'memory' as const;
  // A Map iterates in insertion order, so re-inserting on access makes the first key the
  // least recently used one: eviction is O(1) without a separate list.
  readonly #entries = new Map<string, Entry>();
  readonly #maxEntries: number;
  #timer: NodeJS.Timeout | undefined;

  constructor(options: MemoryCacheOptions = {}) {
    this.#maxEntries = options.maxEntries ?? 50_000;
    if (!Number.isInteger(this.#maxEntries) || this.#maxEntries < 1) {
      throw new RangeError(`maxEntries must be a positive integer, got ${options.maxEntries}`);
    }
    this.#timer = setInterval(() => this.sweep(), options.sweepIntervalMs ?? 30_000);
    // The sweep is housekeeping: it must never keep the process alive.
    this.#timer.unref();
  }

  /** Number of entries held, expired ones not yet swept included. */
  get size(): number {
    return this.#entries.size;
  }

  /** Drop every expired entry; returns how many. Runs periodically, callable directly. */
  sweep(now = Date.now()): number {
    let removed = 0;
    for (const [key, entry] of this.#entries) {
      if (entry.expiresAt <= now) {
        this.#entries.delete(key);
        removed++;
      }
    }
    return removed;
  }

  async get(key: string): Promise<string | null> {
    return this.#live(key)?.value ?? null;
  }

  async set(key: string, value: string, ttlMs?: number): Promise<void> {
    this.#put(key, { value, expiresAt: ttlMs === undefined ? Infinity : Date.now() + checkTtl(ttlMs) });
  }

  async setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean> {
    const expiresAt = Date.now() + checkTtl(ttlMs);
    if (this.#live(key)) return false;
    this.#put(key, { value, expiresAt });
    return true;
  }

  async del(key: string): Promise<void> {
    this.#entries.delete(key);
  }

  async delPrefix(prefix: string): Promise<number> {
    const now = Date.now();
    let removed = 0;
    for (const [key, entry] of this.#entries) {
      if (!key.startsWith(prefix)) continue;
      this.#entries.delete(key);
      // Count like Redis would: an expired key no longer exists there.
      if (entry.expiresAt > now) removed++;
    }
    return removed;
  }

  async incr(key: string, windowMs: number): Promise<{ value: number; ttlMs: number }> {
    checkTtl(windowMs);
    const now = Date.now();
    const current = this.#live(key, now);
    if (!current) {
      this.#put(key, { value: '1', expiresAt: now + windowMs });
      return { value: 1, ttlMs: windowMs };
    }
    const value = parseCounter(key, current.value) + 1;
    current.value = String(value);
    // A counter written earlier by set() without a TTL gets a window, as in RedisCache.
    if (current.expiresAt === Infinity) current.expiresAt = now + windowMs;
    return { value, ttlMs: current.expiresAt - now };
  }

  async ping(): Promise<void> {}

  async close(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    this.#entries.clear();
  }

  /** The entry if present and unexpired, marked as most recently used. */
  #live(key: string, now = Date.now()): Entry | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    if (entry.expiresAt <= now) return undefined;
    this.#entries.set(key, entry);
    return entry;
  }

  #put(key: string, entry: Entry): void {
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    while (this.#entries.size > this.#maxEntries) {
      const oldest = this.#entries.keys().next();
      if (oldest.done) break;
      this.#entries.delete(oldest.value);
    }
  }
}

export function checkTtl(ttlMs: number): number {
  if (!Number.isInteger(ttlMs) || ttlMs < 1) {
    throw new RangeError(`TTL must be a positive integer of milliseconds, got ${ttlMs}`);
  }
  return ttlMs;
}

function parseCounter(key: string, raw: string): number {
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || !/^-?\d+$/.test(raw)) {
    throw new TypeError(`value of ${key} is not an integer counter`);
  }
  return n;
}
