import { Type, commonServiceSettings, serviceTokenSettings, parseConfig, type Static } from '@brokerwise/config';
import { FUZZY_THRESHOLD } from './domain/search.ts';
import { EXACT_TOTAL_UP_TO } from './store/company.store.ts';

export const SearchConfigSchema = Type.Object({
  ...commonServiceSettings,
  ...serviceTokenSettings,
  PORT: Type.Integer({ default: 3204, minimum: 0, maximum: 65535 }),
  /** Apply migrations at start (embedded); production runs `npm run migrate -- search` as a job. */
  MIGRATE_ON_START: Type.Boolean({ default: true }),
  /**
   * Durable consumer of `catalogue.company.*`. A rebuild (see README) starts a fresh durable under a
   * new name so the bus replays the stream into the emptied read model.
   */
  CATALOGUE_DURABLE: Type.String({ default: 'search-catalogue', pattern: '^[A-Za-z0-9_-]+$' }),
  /** Least similarity (0..1) of a typo match to a company name; see FUZZY_THRESHOLD in domain/search.ts. */
  SEARCH_FUZZY_THRESHOLD: Type.Number({ default: FUZZY_THRESHOLD, minimum: 0, maximum: 1 }),
  /** Matches a keyword search counts exactly; past it the total is "more than" it (EXACT_TOTAL_UP_TO, ADR 029). */
  SEARCH_EXACT_TOTAL_UP_TO: Type.Integer({ default: EXACT_TOTAL_UP_TO, minimum: 1, maximum: 100_000 }),
});

export type SearchConfig = Static<typeof SearchConfigSchema>;

export const parseSearchConfig = (env: Record<string, string | undefined>): Readonly<SearchConfig> => parseConfig(SearchConfigSchema, env);
