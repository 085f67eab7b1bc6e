import { randomBytes } from 'node:crypto';
import type { EventBus, Subscription } from '@brokerwise/bus';
import type { Cache } from '@brokerwise/cache';
import type { FastifyBaseLogger } from 'fastify';

/** Facts after which a public catalogue answer may be stale. */
export const INVALIDATING_EVENTS = ['catalogue.company.upserted', 'catalogue.company.removed', 'reviews.rating.changed'];

/**
 * Drops cached public answers when the data behind them changes, instead of waiting for TTLs:
 * every registered per-process copy (byte cache, page micro-cache) and the shared cache's
 * `gw:cat:` keys. Each gateway replica holds its own per-process copies, so each one consumes
 * every invalidating event under its own durable (named after the replica, deleted by the bus
 * once the replica is gone); the shared flush then runs on every replica, which is harmless.
 * Events arrive in bursts (a catalogue import): one flush per short window is enough.
 */
export class CacheInvalidator {
  private readonly cache: Cache;
  private readonly local: (() => void)[] = [];
  private pending: NodeJS.Timeout | undefined;
  private readonly windowMs: number;

  constructor(cache: Cache, windowMs = 200) {
    this.cache = cache;
    this.windowMs = windowMs;
  }

  /** Register a per-process cache to clear. */
  onInvalidate(clear: () => void): void {
    this.local.push(clear);
  }

  async flush(): Promise<void> {
    for (const clear of this.local) clear();
    await this.cache.delPrefix('gw:cat:');
  }

  async subscribe(bus: EventBus, log: FastifyBaseLogger): Promise<Subscription> {
    return bus.subscribe({
      durable: `gateway-cache-${randomBytes(6).toString('hex')}`,
      types: INVALIDATING_EVENTS,
      inactiveThresholdMs: 60_000,
      // Caches start empty: facts from before the durable existed change nothing.
      from: 'new',
      handler: async () => {
        if (this.pending) return;
        this.pending = setTimeout(() => {
          this.pending = undefined;
          this.flush().catch((err: unknown) => log.warn({ err }, 'cache invalidation failed'));
        }, this.windowMs);
        this.pending.unref();
      },
    });
  }
}
