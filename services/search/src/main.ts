import type { EventBus } from '@brokerwise/bus';
import { startService, type StartedService } from '@brokerwise/service-kit';
import type { Database } from '@brokerwise/sql';
import { migrations } from '../migrations/index.ts';
import { searchApp } from './app.ts';
import type { SearchConfig } from './config.ts';
import { catalogueHandlers } from './events/registry.ts';
import type { SearchTables } from './store/types.ts';

export interface Shared {
  /** In embedded mode every service in the process shares one in-process bus. */
  bus?: EventBus;
  /** An open database (tests pass their own). */
  database?: Database;
}

/** Boots search: the read model's routes and its catalogue consumer. Publishes nothing, so no outbox relay. */
export function startSearch(config: SearchConfig, shared: Shared = {}): Promise<StartedService<object>> {
  return startService<SearchTables>({
    name: 'search',
    config,
    serviceToken: 'search',
    database: { schema: 'search', migrations, shared: shared.database },
    bus: { shared: shared.bus },
    outbox: false,
    setup: async (kit) => {
      await kit.routes(searchApp, { db: kit.db, fuzzyThreshold: config.SEARCH_FUZZY_THRESHOLD, exactTotalUpTo: config.SEARCH_EXACT_TOTAL_UP_TO });
      kit.consume({ durable: config.CATALOGUE_DURABLE, handlers: catalogueHandlers });
      return {};
    },
  });
}
