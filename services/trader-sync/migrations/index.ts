import { kitMigrations } from '@brokerwise/service-kit';
import type { MigrationSet } from '@brokerwise/sql';
import { migration as trader } from './20261122T0200_trader.ts';
import { migration as serverOrigin } from './20261126T1400_server_origin.ts';
import { migration as bindCheckFailures } from './20261127T1030_bind_check_failures.ts';

/** Listed explicitly, in name order; forward only. */
export const migrations: MigrationSet = {
  ...kitMigrations,
  '20261122T0200_trader': trader,
  '20261126T1400_server_origin': serverOrigin,
  '20261127T1030_bind_check_failures': bindCheckFailures,
};
