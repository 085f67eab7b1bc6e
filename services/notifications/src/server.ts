// The notifications service as its own process (containers, `node services/notifications/src/server.ts`).
import { ConfigError, processEnv } from '@brokerwise/config';
import { parseNotificationsConfig } from './config.ts';
import { startNotifications } from './main.ts';

try {
  await startNotifications(parseNotificationsConfig(processEnv()));
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  process.stderr.write(`${err.message}\n`);
  process.exit(1);
}
