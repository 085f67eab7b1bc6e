// The gateway as its own process (containers, `node gateway/src/server.ts`).
import { ConfigError, processEnv } from '@brokerwise/config';
import { parseGatewayConfig } from './config.ts';
import { startGateway } from './main.ts';

try {
  await startGateway(parseGatewayConfig(processEnv()));
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  process.stderr.write(`${err.message}\n`);
  process.exit(1);
}
