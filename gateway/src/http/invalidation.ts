import type { EventBus, Subscription } from '@brokerwise/bus';
import type { Cache } from '@brokerwise/cache';
import type { FastifyBaseLogger } from 'fastify';

/** Facts after which a public catalogue answer may be stale. */
export const INVALIDATING_EVENTS = ['catalogue.company.upserted', 'catalogue.company.removed', 'reviews.rating.changed'];

/**
 * Drops cached public answers when the data behind them changes, instead of waiting for TTLs:
 * the shared cache's `gw:cat:` keys (once, by whichever gateway replica takes the event) and
 * every registered per-process copy (byte cache, page micro-cache).
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
      durable: 'gateway-cache',
      types: INVALIDATING_EVENTS,
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
