import { kitMigrations } from '@brokerwise/service-kit';
import type { MigrationSet } from '@brokerwise/sql';
import { migration as catalogue } from './20261121T2300_catalogue.ts';
import { migration as ratingVersion } from './20261122T0100_rating_version.ts';
import { migration as promotion } from './20261205T0900_promotion.ts';

/** Listed explicitly, in name order; forward only. */
export const migrations: MigrationSet = {
  ...kitMigrations,
  '20261121T2300_catalogue': catalogue,
  '20261122T0100_rating_version': ratingVersion,
  '20261205T0900_promotion': promotion,
};
