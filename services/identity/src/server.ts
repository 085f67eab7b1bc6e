// The identity service as its own process (containers, `node services/identity/src/server.ts`).
import { ConfigError, processEnv } from '@brokerwise/config';
import { parseIdentityConfig } from './config.ts';
import { startIdentity } from './main.ts';

try {
  await startIdentity(parseIdentityConfig(processEnv()));
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  process.stderr.write(`${err.message}\n`);
  process.exit(1);
}
