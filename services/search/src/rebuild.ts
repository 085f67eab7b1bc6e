// `node services/search/src/rebuild.ts [old-durable…]`: step 1 of a rebuild (see README):
// empties the read model and forgets the inbox of CATALOGUE_DURABLE and any durables named.
// Run it with the service stopped, then start the service with a fresh CATALOGUE_DURABLE that replays.
import path from 'node:path';
import { loadConfigOrExit, processEnv } from '@brokerwise/config';
import { openDatabase, runMigrations, type Kysely } from '@brokerwise/sql';
import { migrations } from '../migrations/index.ts';
import { SearchConfigSchema } from './config.ts';
import { rebuildReadModel } from './domain/rebuild.ts';
import type { SearchTables } from './store/types.ts';

const config = loadConfigOrExit(SearchConfigSchema, processEnv());
const database = await openDatabase<SearchTables>({ schema: 'search', url: config.DATABASE_URL, dataDir: path.join(config.DATA_DIR, 'pglite', 'search') });
try {
  await runMigrations(database, migrations);
  const durables = [...new Set([config.CATALOGUE_DURABLE, ...process.argv.slice(2)])];
  await rebuildReadModel(database.db as Kysely<SearchTables>, durables);
  console.log(`search: read model emptied; inbox cleared for ${durables.join(', ')}`);
} finally {
  await database.close();
}
