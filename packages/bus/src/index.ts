import { MemoryBus } from './memory.ts';
import { NatsBus } from './nats.ts';
import type { EventBus } from './types.ts';

export type { DeadLetter, DeliveredMessage, EventBus, OutgoingMessage, SubscribeOptions, Subscription } from './types.ts';
export { BusError } from './errors.ts';
export type { BusErrorCode } from './errors.ts';
export { matchesType } from './match.ts';
export { DEFAULT_ACK_WAIT_MS, DEFAULT_BACKOFF_MS, DEFAULT_CONCURRENCY, DEFAULT_MAX_DELIVER, DEDUPE_WINDOW_MS } from './options.ts';
export { MemoryBus } from './memory.ts';
export type { MemoryBusOptions } from './memory.ts';
export { NatsBus } from './nats.ts';
export type { NatsBusOptions } from './nats.ts';

export interface BusConfig {
  /** Set: NATS JetStream at this URL. Unset: the in-process bus (embedded mode). */
  natsUrl?: string;
  /** Stream/subject prefix on NATS. Default `bw`. */
  namespace?: string;
  /** NATS client name, e.g. the service name. */
  name?: string;
}

export async function createBus(config: BusConfig): Promise<EventBus> {
  if (config.natsUrl) {
    return NatsBus.connect({ servers: config.natsUrl, namespace: config.namespace ?? 'bw', ...(config.name ? { name: config.name } : {}) });
  }
  return new MemoryBus();
}

/** Closes a bus and, on NATS, deletes its namespace's streams (`NatsBus.destroy`): what a test made, removed. */
export async function destroyBus(bus: EventBus): Promise<void> {
  await (bus instanceof NatsBus ? bus.destroy() : bus.close());
}
