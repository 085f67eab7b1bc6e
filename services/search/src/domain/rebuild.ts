import type { Kysely } from '@brokerwise/sql';
import { truncateReadModel } from '../store/company.store.ts';
import type { SearchTables } from '../store/types.ts';

/**
 * Rebuild, step 1 of 2: empty the read model (companies and removal tombstones) and forget the
 * inbox entries of the given durables, so replayed events are applied again instead of being
 * skipped as "already handled". Step 2 is a replay by the bus into a fresh durable: see README.
 */
export async function rebuildReadModel(db: Kysely<SearchTables>, durables: string[]): Promise<void> {
  await truncateReadModel(db, durables);
}
