import type { Kysely } from '@brokerwise/sql';
import type { SearchTables } from './store/types.ts';

/** What the routes and domain may use; built by main.ts from the process's infrastructure. */
export interface SearchDeps {
  db: Kysely<SearchTables>;
  /** Least similarity of a typo match (config SEARCH_FUZZY_THRESHOLD). */
  fuzzyThreshold?: number | undefined;
  /** Matches a search counts exactly (config SEARCH_EXACT_TOTAL_UP_TO). */
  exactTotalUpTo?: number | undefined;
}
