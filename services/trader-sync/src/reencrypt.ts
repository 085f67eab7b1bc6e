/**
 * Key rotation: `node services/trader-sync/src/reencrypt.ts` seals every stored read-only
 * password (accounts and broker applications) again with the current key (the first of
 * CREDENTIALS_KEYS). Run it after putting a new key first; afterwards the old key can be removed.
 * Syncs also re-encrypt lazily, so running it is optional.
 */
import path from 'node:path';
import { ConfigError, processEnv } from '@brokerwise/config';
import { openDatabase, type Kysely } from '@brokerwise/sql';
import { parseTraderSyncConfig } from './config.ts';
import { KeyRing } from './domain/crypto.ts';
import { reencryptAll } from './domain/rotation.ts';
import type { TraderTables } from './store/types.ts';

try {
  const config = parseTraderSyncConfig(processEnv());
  const database = await openDatabase<TraderTables>({ schema: 'trader', url: config.DATABASE_URL, dataDir: path.join(config.DATA_DIR, 'pglite', 'trader-sync') });
  try {
    const n = await reencryptAll(database.db as Kysely<TraderTables>, new KeyRing(config.CREDENTIALS_KEYS));
    console.log(`trader-sync: re-encrypted ${n.accounts} account and ${n.applications} application passwords`);
  } finally {
    await database.close();
  }
} catch (err) {
  if (err instanceof ConfigError) {
    console.log(err.message);
    process.exit(1);
  }
  throw err;
}
