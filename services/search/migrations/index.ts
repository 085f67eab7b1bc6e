import { kitMigrations } from '@brokerwise/service-kit';
import type { MigrationSet } from '@brokerwise/sql';
import { migration as search } from './20261123T1000_search.ts';
import { migration as searchAtScale } from './20261210T0926_search_at_scale.ts';
import { migration as searchFilterCounts } from './20261210T0927_search_filter_counts.ts';
import { migration as searchBestFirst } from './20261227T1400_search_best_first.ts';

/** Listed explicitly, in name order; forward only. */
export const migrations: MigrationSet = {
  ...kitMigrations,
  '20261123T1000_search': search,
  '20261210T0926_search_at_scale': searchAtScale,
  '20261210T0927_search_filter_counts': searchFilterCounts,
  '20261227T1400_search_best_first': searchBestFirst,
};
