import { kitMigrations } from '@brokerwise/service-kit';
import type { MigrationSet } from '@brokerwise/sql';
import { migration as reviews } from './20261122T0000_reviews.ts';
import { migration as demoAndRecompute } from './20261122T1200_demo_and_recompute.ts';

/** Listed explicitly, in name order; forward only. */
export const migrations: MigrationSet = {
  ...kitMigrations,
  '20261122T0000_reviews': reviews,
  '20261122T1200_demo_and_recompute': demoAndRecompute,
};
