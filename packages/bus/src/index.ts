import { MemoryBus } from './memory.ts';
import { NatsBus } from './nats.ts';
import type { NatsBusOptions, NatsStorage } from './nats.ts';
import type { EventBus } from './types.ts';

export type { DeadLetter, DeliveredMessage, EventBus, OutgoingMessage, SubscribeOptions, Subscription, UnpublishedDeadLetter } from './types.ts';
export { BusError } from './errors.ts';
export type { BusErrorCode } from './errors.ts';
export { matchesType } from './match.ts';
export { DEFAULT_ACK_WAIT_MS, DEFAULT_BACKOFF_MS, DEFAULT_CONCURRENCY, DEFAULT_MAX_DELIVER, DEDUPE_WINDOW_MS } from './options.ts';
export { MemoryBus } from './memory.ts';
export type { MemoryBusOptions } from './memory.ts';
export { NatsBus, parseNatsServers } from './nats.ts';
export type { NatsBusOptions, NatsServers, NatsStorage } from './nats.ts';

/**
 * NATS's options as the settings give them (`busConfig`): replicas NATS_STREAM_REPLICAS,
 * eventsMaxAgeMs NATS_STREAM_MAX_AGE_HOURS, storage NATS_STORAGE, tlsCaFile NATS_TLS_CA, tls NATS_TLS.
 */
export interface BusConfig extends Pick<NatsBusOptions, 'namespace' | 'name' | 'replicas' | 'eventsMaxAgeMs' | 'storage' | 'tlsCaFile' | 'tls'> {
  /** Set: NATS JetStream at this URL (credentials in it: `nats://user:password@host:4222`). Unset: the in-process bus (embedded mode). */
  natsUrl?: string;
}

/** The NATS keys of `commonServiceSettings` (@brokerwise/config), as a parsed config holds them. */
export interface NatsSettings {
  NATS_URL?: string | undefined;
  NATS_NAMESPACE?: string | undefined;
  NATS_STREAM_REPLICAS?: number | undefined;
  NATS_STREAM_MAX_AGE_HOURS?: number | undefined;
  NATS_STORAGE?: NatsStorage | undefined;
  NATS_TLS?: boolean | undefined;
  NATS_TLS_CA?: string | undefined;
}

/** What `createBus` needs, from a process's parsed config: `createBus(busConfig(config, 'search'))`. */
export function busConfig(settings: NatsSettings, name?: string): BusConfig {
  const config: BusConfig = {};
  if (settings.NATS_URL) config.natsUrl = settings.NATS_URL;
  if (settings.NATS_NAMESPACE) config.namespace = settings.NATS_NAMESPACE;
  if (name) config.name = name;
  if (settings.NATS_STREAM_REPLICAS !== undefined) config.replicas = settings.NATS_STREAM_REPLICAS;
  if (settings.NATS_STREAM_MAX_AGE_HOURS !== undefined) config.eventsMaxAgeMs = settings.NATS_STREAM_MAX_AGE_HOURS * 3600_000;
  if (settings.NATS_STORAGE !== undefined) config.storage = settings.NATS_STORAGE;
  if (settings.NATS_TLS !== undefined) config.tls = settings.NATS_TLS;
  if (settings.NATS_TLS_CA) config.tlsCaFile = settings.NATS_TLS_CA;
  return config;
}

export async function createBus(config: BusConfig): Promise<EventBus> {
  if (config.natsUrl) {
    const { natsUrl, namespace, name, replicas, eventsMaxAgeMs, storage, tlsCaFile, tls } = config;
    return NatsBus.connect({
      servers: natsUrl,
      namespace: namespace ?? 'bw',
      ...(name ? { name } : {}),
      ...(replicas !== undefined ? { replicas } : {}),
      ...(eventsMaxAgeMs !== undefined ? { eventsMaxAgeMs } : {}),
      ...(storage !== undefined ? { storage } : {}),
      ...(tlsCaFile ? { tlsCaFile } : {}),
      ...(tls !== undefined ? { tls } : {}),
    });
  }
  return new MemoryBus();
}

/** Closes a bus and, on NATS, deletes its namespace's streams (`NatsBus.destroy`): what a test made, removed. */
export async function destroyBus(bus: EventBus): Promise<void> {
  await (bus instanceof NatsBus ? bus.destroy() : bus.close());
}
