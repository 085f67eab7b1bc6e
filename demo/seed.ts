/**
 * `node demo/seed.ts [catalogue] [trader-sync]` (both when none is named): loads the demo data of
 * each named service into its database (DATABASE_URL, or PGlite under DATA_DIR), with that
 * service's own settings from the environment, for a setup of production processes
 * (`npm run topology`, the k8s demo overlay's seed Job). Run after the migrations, before or beside
 * the services: the catalogue's outbox relay announces the companies. `npm start` seeds in-process
 * instead.
 *   catalogue     companies, reference data, promotions; pictures into S3_* (or DATA_DIR)
 *   trader-sync   broker servers and the demo traders' accounts (CREDENTIALS_KEYS seals their passwords)
 */
import path from 'node:path';
import { ConfigError, exitWithUsageOnHelp, processEnv } from '@brokerwise/config';
import { openDatabase, type Kysely } from '@brokerwise/sql';
import { createObjectStore, parseS3Env } from '@brokerwise/storage';
import { parseCatalogueConfig } from '../services/catalogue/src/config.ts';
import type { CatalogueTables } from '../services/catalogue/src/store/types.ts';
import { parseTraderSyncConfig } from '../services/trader-sync/src/config.ts';
import { KeyRing } from '../services/trader-sync/src/domain/crypto.ts';
import type { TraderTables } from '../services/trader-sync/src/store/types.ts';
import { seedCatalogue } from './catalogue/load-demo.ts';
import { seedTraderSync } from './trader-sync/seed.ts';

const usage = `Usage: node demo/seed.ts [catalogue] [trader-sync]
  Loads the demo data of the named services (all when none is named), each with its own settings
  from the environment: DATABASE_URL (or PGlite under DATA_DIR); the catalogue's pictures go to
  the object store (S3_* or DATA_DIR); trader-sync seals passwords with CREDENTIALS_KEYS.`;
exitWithUsageOnHelp(usage);

const log = { info: (obj: object, msg: string) => console.log(`demo: ${msg} ${JSON.stringify(obj)}`) };

const seeds: Record<string, (env: Record<string, string | undefined>) => Promise<void>> = {
  catalogue: async (env) => {
    const config = parseCatalogueConfig(env);
    const database = await openDatabase<CatalogueTables>({ schema: 'catalogue', url: config.DATABASE_URL, dataDir: path.join(config.DATA_DIR, 'pglite', 'catalogue') });
    try {
      const objects = await createObjectStore({ dataDir: config.DATA_DIR, s3: parseS3Env(env) });
      await seedCatalogue({ db: database.db as Kysely<CatalogueTables>, objects, mediaUrl: (key) => `${config.MEDIA_BASE_URL}${key}`, log });
    } finally {
      await database.close();
    }
  },
  'trader-sync': async (env) => {
    const config = parseTraderSyncConfig(env);
    const database = await openDatabase<TraderTables>({ schema: 'trader', url: config.DATABASE_URL, dataDir: path.join(config.DATA_DIR, 'pglite', 'trader-sync') });
    try {
      await seedTraderSync({ db: database.db as Kysely<TraderTables>, now: () => new Date(), keyring: new KeyRing(config.CREDENTIALS_KEYS), log });
    } finally {
      await database.close();
    }
  },
};

const named = process.argv.slice(2);
const unknown = named.filter((n) => !(n in seeds));
if (unknown.length > 0) {
  console.log(`Unknown service: ${unknown.join(', ')}\n${usage}`);
  process.exit(2);
}
try {
  const env = processEnv();
  for (const name of named.length > 0 ? named : Object.keys(seeds)) await seeds[name]!(env);
} catch (err) {
  if (err instanceof ConfigError) {
    console.log(err.message);
    process.exit(1);
  }
  throw err;
}
