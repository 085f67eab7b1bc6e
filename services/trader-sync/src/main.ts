import type { EventBus } from '@brokerwise/bus';
import { startService, type StartedService } from '@brokerwise/service-kit';
import type { Database } from '@brokerwise/sql';
import { migrations } from '../migrations/index.ts';
import { traderApp } from './app.ts';
import type { TraderSyncConfig } from './config.ts';
import { BridgeConnector } from './connectors/bridge.ts';
import type { Connector } from './domain/connector.ts';
import type { Clock, TraderContext } from './domain/context.ts';
import { KeyRing } from './domain/crypto.ts';
import { SyncScheduler } from './domain/sync.ts';
import { handlers } from './events/registry.ts';
import type { TraderTables } from './store/types.ts';

export interface Shared {
  /** In embedded mode every service in the process shares one in-process bus. */
  bus?: EventBus;
  /** An open database (tests pass their own). */
  database?: Database;
  /** "Now" for the domain; tests move it. Defaults to the system clock. */
  now?: Clock;
  /** Replaces the HTTP bridge connector (tests). */
  connector?: Connector;
  /** Fills the database after migrations (the development start's data, demo/; never a production entry). */
  seed?: (ctx: TraderSeedContext) => Promise<void>;
}

/** What a seed gets: the service's database, clock and key ring (it goes through domain functions). */
export type TraderSeedContext = Pick<TraderContext, 'db' | 'now' | 'keyring'> & { log: { info(obj: object, msg: string): void } };

export type TraderSyncHandle = StartedService<{
  /** The worker's scheduler (roles worker and all). */
  scheduler: SyncScheduler | undefined;
}>;

/**
 * Boots trader-sync in its ROLE: `api` serves the routes and the consumers (catalogue brokers,
 * usernames), `worker` runs the sync scheduler, `all` both.
 */
export function startTraderSync(config: TraderSyncConfig, shared: Shared = {}): Promise<TraderSyncHandle> {
  const now = shared.now ?? (() => new Date());
  return startService<TraderTables, { scheduler: SyncScheduler | undefined }>({
    name: 'trader-sync',
    config,
    role: config.ROLE,
    serviceToken: 'trader-sync',
    database: { schema: 'trader', dir: 'trader-sync', migrations, shared: shared.database },
    bus: { shared: shared.bus },
    setup: async ({ app, db, relay, api, worker, routes, consume, background }) => {
      const keyring = new KeyRing(config.CREDENTIALS_KEYS);
      const ctx: TraderContext = {
        db,
        now,
        keyring,
        connector: shared.connector ?? new BridgeConnector(),
        sync: {
          intervalMs: config.SYNC_INTERVAL_MS,
          timeoutMs: config.SYNC_TIMEOUT_MS,
          retryBaseMs: config.SYNC_RETRY_BASE_MS,
          retryMaxMs: config.SYNC_RETRY_MAX_MS,
          pageSize: config.SYNC_PAGE_SIZE,
          defaultBridgeUrl: config.BRIDGE_URL,
          bindCheckTimeoutMs: config.BIND_CHECK_TIMEOUT_MS,
          bindFailures: { perUser: config.BIND_FAILURES_PER_USER, perAccount: config.BIND_FAILURES_PER_ACCOUNT, windowMs: config.BIND_FAILURE_WINDOW_MS },
        },
      };
      await shared.seed?.({ db, now, keyring, log: app.log });
      const scheduler = worker ? new SyncScheduler({ ctx, tickMs: config.SYNC_TICK_MS, concurrency: config.SYNC_CONCURRENCY, log: app.log, afterSync: () => relay.poke() }) : undefined;
      await routes(traderApp, { ...ctx, relay, pokeSync: () => scheduler?.poke() });
      if (api) consume({ durable: 'trader-sync-catalogue', handlers: handlers(now), afterCommit: () => scheduler?.poke() });
      if (scheduler) background(scheduler);
      return { scheduler };
    },
  });
}
