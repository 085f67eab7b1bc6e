// trader-sync as its own process (containers): `node services/trader-sync/src/server.ts`, with
// ROLE=api (HTTP + read models) or ROLE=worker (background syncs); ROLE=all runs both.
import { ConfigError, processEnv } from '@brokerwise/config';
import { parseTraderSyncConfig } from './config.ts';
import { startTraderSync } from './main.ts';

try {
  await startTraderSync(parseTraderSyncConfig(processEnv()));
} catch (err) {
  if (err instanceof ConfigError) {
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  }
  throw err;
}
