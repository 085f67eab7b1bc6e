import type { Cache } from '@brokerwise/cache';
import type { Clock, LoginLimits } from './context.ts';

const PREFIX = 'identity:login:';

export type ThrottleKey = { kind: 'account' | 'ip'; id: string };

const counterKey = (k: ThrottleKey) => `${PREFIX}${k.kind}:${k.id}:failures`;
const blockKey = (k: ThrottleKey) => `${PREFIX}${k.kind}:${k.id}:blocked`;

/**
 * Failed sign-ins counted per account and per client address in fixed windows (cache `incr`).
 * Reaching the limit blocks that key for the rest of its window.
 */
export class LoginThrottle {
  readonly #cache: Cache;
  readonly #limits: LoginLimits;
  readonly #now: Clock;

  constructor(cache: Cache, limits: LoginLimits, now: Clock) {
    this.#cache = cache;
    this.#limits = limits;
    this.#now = now;
  }

  /** Seconds until the first blocked key opens again, or undefined when none is blocked. */
  async blockedFor(keys: ThrottleKey[]): Promise<number | undefined> {
    const untils = await Promise.all(keys.map((k) => this.#cache.get(blockKey(k))));
    const now = this.#now().getTime();
    const waits = untils.filter((u): u is string => u !== null).map((u) => Math.max(1, Math.ceil((Number(u) - now) / 1000)));
    return waits.length > 0 ? Math.max(...waits) : undefined;
  }

  async recordFailure(keys: ThrottleKey[]): Promise<void> {
    await Promise.all(
      keys.map(async (k) => {
        const limit = k.kind === 'account' ? this.#limits.maxFailuresPerAccount : this.#limits.maxFailuresPerIp;
        const { value, ttlMs } = await this.#cache.incr(counterKey(k), this.#limits.windowMs);
        if (value >= limit && ttlMs > 0) await this.#cache.set(blockKey(k), String(this.#now().getTime() + ttlMs), ttlMs);
      }),
    );
  }

  /** After a successful sign-in the account's failures start again from zero. */
  async clear(key: ThrottleKey): Promise<void> {
    await this.#cache.del(counterKey(key));
  }
}
