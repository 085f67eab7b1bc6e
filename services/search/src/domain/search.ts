import type { Kysely } from '@brokerwise/sql';
import { searchCompanies, type RelevanceWeights, type SearchResult } from '../store/company.store.ts';
import type { SearchTables } from '../store/types.ts';
import { foldLatin, hanText, latinWords, segmentZh, toTsQuery } from './text.ts';

export const MAX_PAGE_SIZE = 50;
export const MAX_QUERY_LENGTH = 100;

/**
 * Least `strict_word_similarity` (pg_trgm, whole words) between the query and a company's names for
 * a typo match. 0.5 keeps one-letter typos of a name ("nortwind", "larkspr", "kestral point") and
 * drops names that only share a word part ("Sealpoint" → "Lagoon Point", "seal" → "Seabright").
 * Overridable with SEARCH_FUZZY_THRESHOLD (config.ts).
 */
export const FUZZY_THRESHOLD = 0.5;

/**
 * Relevance tiers, best first: exact name (English or Chinese, or the slug's words) > name prefix >
 * alias > alias prefix > every query word a prefix of a name/alias word (Chinese: the query inside
 * the name or an alias) > trigram strict word similarity ≥ FUZZY_THRESHOLD (typos, for queries of
 * MIN_TYPO_LENGTH letters or more; the similarity is added so closer spellings rank first) >
 * description match. Ties: score desc, then slug.
 */
export const RELEVANCE: Readonly<RelevanceWeights> = Object.freeze({
  exactName: 100,
  namePrefix: 80,
  alias: 60,
  aliasPrefix: 55,
  wordPrefix: 40,
  trigram: 20,
  trigramThreshold: FUZZY_THRESHOLD,
  description: 10,
});

export type SearchOrder = 'relevance' | 'score' | 'newest' | 'name';

export interface SearchInput {
  q?: string | undefined;
  category?: string | undefined;
  countryCode?: string | undefined;
  minScore?: number | undefined;
  regulated?: boolean | undefined;
  /** Default: relevance with a query, score without. */
  order?: SearchOrder | undefined;
  page: number;
  limit: number;
}

/** Splits a query into its Latin and Chinese parts, each normalised as documents are. */
export function planQuery(q: string) {
  const words = latinWords(q);
  const zh = hanText(q);
  return {
    latin: foldLatin(q),
    zh,
    latinPrefixQuery: toTsQuery(words, { prefix: true, weights: 'AB' }),
    latinNamesQuery: toTsQuery(words, { prefix: true }),
    latinWordsQuery: toTsQuery(words, { prefix: false }),
    zhWordsQuery: toTsQuery(segmentZh(zh), { prefix: false }),
  };
}

export async function searchCatalogue(
  db: Kysely<SearchTables>,
  input: SearchInput,
  opts: { fuzzyThreshold?: number | undefined; exactTotalUpTo?: number | undefined } = {},
): Promise<SearchResult> {
  const plan = planQuery((input.q ?? '').slice(0, MAX_QUERY_LENGTH));
  const hasText = plan.latin !== '' || plan.zh !== '';
  // Text that folds to nothing searchable ("%_\\", "!!!") finds nothing, rather than everything.
  if (!hasText && (input.q ?? '').trim() !== '') return { rows: [], total: 0, totalExact: true };
  const limit = Math.min(Math.max(1, input.limit), MAX_PAGE_SIZE);
  return searchCompanies(db, {
    ...plan,
    category: input.category,
    countryCode: input.countryCode,
    minScore: input.minScore,
    regulated: input.regulated,
    order: input.order ?? (hasText ? 'relevance' : 'score'),
    offset: (Math.max(1, input.page) - 1) * limit,
    limit,
    weights: opts.fuzzyThreshold === undefined ? RELEVANCE : { ...RELEVANCE, trigramThreshold: opts.fuzzyThreshold },
    exactTotalUpTo: opts.exactTotalUpTo,
  });
}
