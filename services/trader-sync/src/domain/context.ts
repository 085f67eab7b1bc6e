import type { Kysely } from '@brokerwise/sql';
import type { TraderTables } from '../store/types.ts';
import type { Connector } from './connector.ts';
import type { KeyRing } from './crypto.ts';

/** The domain's idea of "now"; tests pass a clock they move. */
export type Clock = () => Date;

export interface SyncSettings {
  intervalMs: number;
  timeoutMs: number;
  retryBaseMs: number;
  retryMaxMs: number;
  pageSize: number;
  defaultBridgeUrl: string;
  /** Binding: how long the bridge may take to accept the read-only password. */
  bindCheckTimeoutMs: number;
  /** Binding throttle: refused read-only passwords allowed per user and per account in the window. */
  bindFailures: { perUser: number; perAccount: number; windowMs: number };
}

/**
 * Everything the use cases may touch, built once by main.ts. Each use case declares the part it
 * uses (`Pick<TraderContext, …>`).
 */
export interface TraderContext {
  db: Kysely<TraderTables>;
  now: Clock;
  keyring: KeyRing;
  connector: Connector;
  sync: SyncSettings;
}

/** Per-request facts the use cases copy into events. */
export interface RequestMeta {
  correlationId?: string | undefined;
}
