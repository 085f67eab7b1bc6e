import { Redis } from 'ioredis';
import { checkTtl } from './memory.ts';
import type { Cache } from './types.ts';

export interface RedisCacheOptions {
  /** e.g. redis://user:pass@host:6379/0 */
  url: string;
  /** Prepended to every key, so services and test runs sharing one Redis stay apart. */
  keyPrefix?: string;
  /**
   * Background connection errors (ioredis keeps reconnecting). Commands and `ping` reject on
   * their own, so the default ignores them; pass a logger's warn to see them.
   */
  onError?: (err: Error) => void;
  /** How long a command waits for a connection attempt in progress. Default 2000 ms. */
  connectTimeoutMs?: number;
}

// Fixed window: the TTL is set only when the key has none (its first increment), so later
// increments never extend the window. One script, so concurrent callers can't race between
// INCR and PEXPIRE, and a counter left without a TTL heals itself.
const INCR_WINDOW_LUA = `
local value = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {value, ttl}
`;

interface WithIncrWindow {
  brokerwiseIncrWindow(key: string, windowMs: number): Promise<[number, number]>;
}

const CONNECTING = new Set(['wait', 'connecting', 'connect']);

export class RedisCache implements Cache {
  readonly kind = 'redis' as const;
  readonly keyPrefix: string;
  readonly #redis: Redis;
  readonly #connectTimeoutMs: number;
  /** One wait for the connection in progress, shared by every command sent meanwhile. */
  #connecting: Promise<void> | undefined;

  constructor(options: RedisCacheOptions) {
    this.keyPrefix = options.keyPrefix ?? '';
    this.#connectTimeoutMs = options.connectTimeoutMs ?? 2_000;
    this.#redis = new Redis(options.url, {
      keyPrefix: this.keyPrefix,
      lazyConnect: false,
      // A cache outage must fail requests fast (callers fall back or answer 503), not queue
      // them until Redis returns: no offline queue, at most one retry per command.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: this.#connectTimeoutMs,
      retryStrategy: (times) => Math.min(times * 200, 2_000),
    });
    const onError = options.onError;
    // Without a listener ioredis prints every reconnect failure with console.error.
    this.#redis.on('error', (err: Error) => onError?.(err));
    this.#redis.defineCommand('brokerwiseIncrWindow', { numberOfKeys: 1, lua: INCR_WINDOW_LUA });
  }

  /**
   * The ioredis client (its key prefix applies), for libraries that keep their own keys in the
   * same Redis: the gateway's rate-limit plugin store. Commands fail fast while Redis is down.
   */
  get client(): Redis {
    return this.#redis;
  }

  async get(key: string): Promise<string | null> {
    const redis = await this.#ready();
    return redis.get(key);
  }

  async set(key: string, value: string, ttlMs?: number): Promise<void> {
    const redis = await this.#ready();
    if (ttlMs === undefined) await redis.set(key, value);
    else await redis.set(key, value, 'PX', checkTtl(ttlMs));
  }

  async setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean> {
    checkTtl(ttlMs);
    const redis = await this.#ready();
    return (await redis.set(key, value, 'PX', ttlMs, 'NX')) === 'OK';
  }

  async del(key: string): Promise<void> {
    const redis = await this.#ready();
    await redis.del(key);
  }

  async delPrefix(prefix: string): Promise<number> {
    const redis = await this.#ready();
    // SCAN patterns are not prefixed by ioredis and its replies carry full key names, while
    // UNLINK arguments get the prefix added again: match on the full name, unlink the rest.
    const match = `${escapeGlob(this.keyPrefix + prefix)}*`;
    let cursor = '0';
    let removed = 0;
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', match, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) {
        removed += await redis.unlink(...keys.map((k) => k.slice(this.keyPrefix.length)));
      }
    } while (cursor !== '0');
    return removed;
  }

  async incr(key: string, windowMs: number): Promise<{ value: number; ttlMs: number }> {
    checkTtl(windowMs);
    const redis = await this.#ready();
    const [value, ttlMs] = await (redis as unknown as WithIncrWindow).brokerwiseIncrWindow(key, windowMs);
    return { value: Number(value), ttlMs: Number(ttlMs) };
  }

  async ping(): Promise<void> {
    const redis = await this.#ready();
    await redis.ping();
  }

  async close(): Promise<void> {
    const redis = this.#redis;
    if (redis.status === 'end') return;
    if (redis.status === 'ready') {
      try {
        await redis.quit();
        return;
      } catch {
        // fall through: drop the socket
      }
    }
    redis.disconnect();
  }

  /**
   * The client once connected. With the offline queue off, a command sent while the first
   * connection is still being set up would fail, so wait for an attempt in progress (bounded);
   * while Redis is down between reconnect attempts, fail at once.
   */
  async #ready(): Promise<Redis> {
    const redis = this.#redis;
    if (redis.status === 'ready') return redis;
    if (!CONNECTING.has(redis.status)) {
      throw new Error(`Redis is not connected (status: ${redis.status})`);
    }
    this.#connecting ??= new Promise<void>((resolve, reject) => {
      const finish = (err?: Error) => {
        clearTimeout(timer);
        redis.off('ready', onReady);
        redis.off('error', onError);
        redis.off('close', onClose);
        if (err) reject(err);
        else resolve();
      };
      const onReady = () => finish();
      const onError = (err: Error) => finish(err);
      const onClose = () => finish(new Error('Redis connection closed'));
      const timer = setTimeout(
        () => finish(new Error(`Redis did not connect within ${this.#connectTimeoutMs} ms`)),
        this.#connectTimeoutMs,
      );
      redis.once('ready', onReady);
      redis.once('error', onError);
      redis.once('close', onClose);
    }).finally(() => {
      this.#connecting = undefined;
    });
    await this.#connecting;
    return redis;
  }
}

/** Escape Redis glob metacharacters so a prefix matches literally. */
function escapeGlob(s: string): string {
  return s.replace(/[*?[\]\\]/g, '\\$&');
}
