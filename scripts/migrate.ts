/**
 * `npm run migrate -- <service>`: applies a service's pending migrations to DATABASE_URL
 * (or its embedded PGlite under DATA_DIR). Exits non-zero on failure, naming the migration.
 */
import path from 'node:path';
import { ConfigError, Type, commonServiceSettings, parseConfig, processEnv, exitWithUsageOnHelp } from '@brokerwise/config';
import { MigrationError, openDatabase, runMigrations, type MigrationSet } from '@brokerwise/sql';

exitWithUsageOnHelp(`Usage: npm run migrate -- <catalogue|identity|media|reviews|notifications|search|trader-sync>
  Applies the service's pending migrations to DATABASE_URL (or its embedded PGlite under DATA_DIR).`);

const SERVICES: Record<string, () => Promise<MigrationSet>> = {
  catalogue: async () => (await import('../services/catalogue/migrations/index.ts')).migrations,
  identity: async () => (await import('../services/identity/migrations/index.ts')).migrations,
  media: async () => (await import('../services/media/migrations/index.ts')).migrations,
  reviews: async () => (await import('../services/reviews/migrations/index.ts')).migrations,
  notifications: async () => (await import('../services/notifications/migrations/index.ts')).migrations,
  search: async () => (await import('../services/search/migrations/index.ts')).migrations,
  'trader-sync': async () => (await import('../services/trader-sync/migrations/index.ts')).migrations,
};

const name = process.argv[2];
/** Schema of a service whose name is not a valid schema name. */
const SCHEMAS: Record<string, string> = { 'trader-sync': 'trader' };
const load = name ? SERVICES[name] : undefined;
if (!load) {
  console.log(`Usage: npm run migrate -- <${Object.keys(SERVICES).join('|')}>`);
  process.exit(2);
}

try {
  const config = parseConfig(Type.Object(commonServiceSettings), processEnv());
  const database = await openDatabase({ schema: SCHEMAS[name!] ?? name!, url: config.DATABASE_URL, dataDir: path.join(config.DATA_DIR, 'pglite', name!) });
  try {
    const { applied } = await runMigrations(database, await load());
    console.log(applied.length > 0 ? `${name}: applied ${applied.join(', ')}` : `${name}: up to date`);
  } finally {
    await database.close();
  }
} catch (err) {
  if (err instanceof ConfigError || err instanceof MigrationError) {
    console.log(err.message);
    process.exit(1);
  }
  throw err;
}
