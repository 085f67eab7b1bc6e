import { Type } from 'typebox';
import { MAX_PAGE_SIZE, MAX_QUERY_LENGTH } from '../../domain/search.ts';

export const CategorySlug = Type.Union([Type.Literal('Brokers'), Type.Literal('FinTech'), Type.Literal('Lp'), Type.Literal('Pay')]);

export const SearchQuery = Type.Object(
  {
    q: Type.Optional(Type.String({ maxLength: MAX_QUERY_LENGTH })),
    category: Type.Optional(CategorySlug),
    country: Type.Optional(Type.String({ pattern: '^[A-Z]{2}$' })),
    minScore: Type.Optional(Type.Number({ minimum: 0, maximum: 5 })),
    /** Licence status: true = regulated companies only, false = unregulated only. */
    regulated: Type.Optional(Type.Boolean()),
    order: Type.Optional(Type.Union([Type.Literal('relevance'), Type.Literal('score'), Type.Literal('newest'), Type.Literal('name')])),
    page: Type.Integer({ minimum: 1, maximum: 10_000, default: 1 }),
    limit: Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: 20 }),
  },
  { additionalProperties: false },
);

export const SearchHit = Type.Object({
  id: Type.String(),
  slug: Type.String(),
  name: Type.String(),
  nameZh: Type.String(),
  category: Type.String(),
  countryCode: Type.String(),
  descriptionEn: Type.String(),
  descriptionZh: Type.String(),
  score: Type.Number(),
  regulated: Type.Boolean(),
  founded: Type.Union([Type.Integer(), Type.Null()]),
  logoUrl: Type.String(),
  /** Tier weight (see domain/search.ts RELEVANCE); 0 when the query is empty. */
  relevance: Type.Number(),
});

/**
 * `total`: the number of matches when `totalExact`; otherwise a keyword matched more companies than
 * `total` (counted exactly up to EXACT_TOTAL_UP_TO, ADR 029).
 */
export const SearchResponse = Type.Object({ items: Type.Array(SearchHit), total: Type.Integer(), totalExact: Type.Boolean() });
