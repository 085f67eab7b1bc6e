import { kitMigrations } from '@brokerwise/service-kit';
import type { MigrationSet } from '@brokerwise/sql';
import { migration as catalogue } from './20261121T2300_catalogue.ts';
import { migration as ratingVersion } from './20261122T0100_rating_version.ts';
import { migration as promotion } from './20261205T0900_promotion.ts';
import { migration as companyAdmin } from './20261206T0900_company_admin.ts';
import { migration as licenceRegister } from './20261208T0900_licence_register.ts';
import { migration as listingAtScale } from './20261210T0926_listing_at_scale.ts';
import { migration as companyCounts } from './20261211T0900_company_counts.ts';
import { migration as imageSizes } from './20261231T0900_image_sizes.ts';

/** Listed explicitly, in name order; forward only. */
export const migrations: MigrationSet = {
  ...kitMigrations,
  '20261121T2300_catalogue': catalogue,
  '20261122T0100_rating_version': ratingVersion,
  '20261205T0900_promotion': promotion,
  '20261206T0900_company_admin': companyAdmin,
  '20261208T0900_licence_register': licenceRegister,
  '20261210T0926_listing_at_scale': listingAtScale,
  '20261211T0900_company_counts': companyCounts,
  '20261231T0900_image_sizes': imageSizes,
};
