import { sql, type Kysely, type Selectable, type Transaction } from '@brokerwise/sql';
import type { SearchTables } from './types.ts';

type Db = Kysely<SearchTables> | Transaction<SearchTables>;

/** A read-model row as written: columns plus the three tsvector sources (names A, aliases B, descriptions D). */
export type CompanyDocument = Omit<Selectable<SearchTables['company']>, 'search_doc' | 'search_zh_grams'> & {
  tsvNames: string;
  tsvAliases: string;
  tsvDescription: string;
};

/**
 * Insert or replace, unless the stored row or a removal is newer. The same version is applied
 * again (same facts, derived columns recomputed): that is how `npm run rebuild -- search` repairs
 * rows in place. Returns false when the event was stale. `unaccent` folds what NFKD left (the JS side did the rest).
 */
export async function upsertDocument(db: Db, d: CompanyDocument): Promise<boolean> {
  const result = await sql`
    insert into company (id, slug, name, name_zh, aliases, category, country_code, description_en, description_zh, score,
      regulated, founded, logo_url, version, updated_at, name_latin, aliases_latin, search_latin, search_zh, search_doc)
    select ${d.id}::uuid, ${d.slug}, ${d.name}, ${d.name_zh}, ${d.aliases}::text[], ${d.category}, ${d.country_code},
      ${d.description_en}, ${d.description_zh}, ${d.score}, ${d.regulated}, ${d.founded}::integer, ${d.logo_url},
      ${d.version}::bigint, ${d.updated_at}::timestamptz,
      unaccent(${d.name_latin}), (select coalesce(array_agg(unaccent(a)), '{}') from unnest(${d.aliases_latin}::text[]) a),
      unaccent(${d.search_latin}), ${d.search_zh},
      setweight(to_tsvector('simple', unaccent(${d.tsvNames})), 'A')
        || setweight(to_tsvector('simple', unaccent(${d.tsvAliases})), 'B')
        || setweight(to_tsvector('simple', unaccent(${d.tsvDescription})), 'D')
    where not exists (select 1 from company_tombstone t where t.id = ${d.id}::uuid and t.version >= ${d.version}::bigint)
    on conflict (id) do update set
      slug = excluded.slug, name = excluded.name, name_zh = excluded.name_zh, aliases = excluded.aliases,
      category = excluded.category, country_code = excluded.country_code, description_en = excluded.description_en,
      description_zh = excluded.description_zh, score = excluded.score, regulated = excluded.regulated,
      founded = excluded.founded, logo_url = excluded.logo_url, version = excluded.version, updated_at = excluded.updated_at,
      name_latin = excluded.name_latin, aliases_latin = excluded.aliases_latin, search_latin = excluded.search_latin,
      search_zh = excluded.search_zh, search_doc = excluded.search_doc
    where company.version <= excluded.version`.execute(db);
  return Number(result.numAffectedRows ?? 0) > 0;
}

export async function applyRemoval(db: Db, removal: { id: string; version: number }): Promise<void> {
  await db.deleteFrom('company').where('id', '=', removal.id).where('version', '<=', removal.version).execute();
  await db
    .insertInto('company_tombstone')
    .values({ id: removal.id, version: removal.version })
    .onConflict((oc) => oc.column('id').doUpdateSet({ version: sql`greatest(company_tombstone.version, excluded.version)` }))
    .execute();
}

export async function findCompanyById(db: Db, id: string) {
  return db.selectFrom('company').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Empties the read model and forgets which events the given durables handled (rebuild). */
export async function truncateReadModel(db: Kysely<SearchTables>, durables: string[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`truncate company, company_tombstone`.execute(trx);
    if (durables.length > 0) await trx.deleteFrom('inbox').where('handler', 'in', durables).execute();
  });
}

// ---------------------------------------------------------------------------------------------
// Query

export interface RelevanceWeights {
  exactName: number;
  namePrefix: number;
  alias: number;
  aliasPrefix: number;
  wordPrefix: number;
  /** Base of the trigram tier; the strict word similarity (0..1) is added to it. */
  trigram: number;
  /** Least strict word similarity (0..1) of a typo match; below it a name is not returned at all. */
  trigramThreshold: number;
  description: number;
}

export interface SearchParams {
  /** Folded Latin part of the query ('' when none). */
  latin: string;
  /** Han characters of the query ('' when none). */
  zh: string;
  /** Latin words as prefixes of name/alias lexemes (weights A, B). */
  latinPrefixQuery: string | null;
  /** Latin words as whole lexemes anywhere (descriptions). */
  latinWordsQuery: string | null;
  /** Chinese query words as whole lexemes anywhere. */
  zhWordsQuery: string | null;
  category?: string | undefined;
  countryCode?: string | undefined;
  minScore?: number | undefined;
  /** Licence status: true = regulated only, false = unregulated only. */
  regulated?: boolean | undefined;
  order: 'relevance' | 'score' | 'newest' | 'name';
  offset: number;
  limit: number;
  weights: RelevanceWeights;
}

/** A hit: the company's shown columns and how well it matched. */
export type SearchRow = Pick<
  Selectable<SearchTables['company']>,
  'id' | 'slug' | 'name' | 'name_zh' | 'category' | 'country_code' | 'description_en' | 'description_zh' | 'score' | 'regulated' | 'founded' | 'logo_url'
> & { relevance: number };

const ORDER = {
  relevance: sql`relevance desc, score desc, slug asc`,
  score: sql`score desc, relevance desc, slug asc`,
  newest: sql`founded desc nulls last, score desc, slug asc`,
  name: sql`lower(name) asc, slug asc`,
} as const;

/**
 * Relevance is computed only for candidates that an index can find (ADR 029): a superset of
 * every row the tiers below can score above 0, so results equal scoring every row.
 * - Latin: the folded query inside `search_latin` (holds names, aliases, slug words; trigram GIN,
 *   LIKE), a strict-word-similarity typo (`%>>`, same index, threshold set for the transaction),
 *   or a tsquery on `search_doc` (GIN).
 * - Chinese: every character and character pair of the query among those of `search_zh` (GIN on
 *   `search_zh_grams`: trigrams need three characters, most Chinese words have two), or the
 *   word tsquery on `search_doc`.
 * With text the page and the total come from one pass (`count(*) over ()`); without, the page
 * walks the score index and the total is a separate count.
 */
/** Fewest letters (spaces aside) a Latin query needs before typos of it are searched (ADR 029). */
export const MIN_TYPO_LENGTH = 4;

/**
 * Typos are a fallback (ADR 029): they are searched only while the query's own words match fewer
 * companies than this by name (exact, prefix, alias, word prefix: every tier above the typo tier),
 * at least a full page of the largest size. Past it, the page in relevance order is the same with
 * or without them, and a typo match of a common word is noise ("securities london" would add every
 * "… Securities" company, thousands of similarity rechecks).
 */
export const TYPO_FALLBACK_BELOW = 50;

export async function searchCompanies(db: Kysely<SearchTables>, p: SearchParams): Promise<{ rows: SearchRow[]; total: number }> {
  const w = p.weights;
  const hasText = p.latin !== '' || p.zh !== '';
  const latinLike = `%${p.latin}%`;
  // No typo tier for queries under MIN_TYPO_LENGTH letters: a "typo" of "pay" is any word sharing
  // " pa" (partners, pacific…), tens of thousands of rechecks at scale for no useful match. Nor
  // when the words match TYPO_FALLBACK_BELOW companies by name (decided in the transaction below).
  const typoLength = p.latin.replace(/ /g, '').length >= MIN_TYPO_LENGTH;
  const filters = sql`(${p.category ?? null}::text is null or c.category = ${p.category ?? null}::text)
        and (${p.countryCode ?? null}::text is null or c.country_code = ${p.countryCode ?? null}::text)
        and (${p.minScore ?? null}::numeric is null or c.score >= ${p.minScore ?? null}::numeric)
        and (${p.regulated ?? null}::boolean is null or c.regulated = ${p.regulated ?? null}::boolean)`;
  // The Latin tiers above the typo tier, each true only for a row of that tier or a better one.
  const latinNameTier = sql`(c.name_latin = q.latin or replace(c.slug, '-', ' ') = q.latin
        or c.name_latin like q.latin || '%'
        or q.latin = any(c.aliases_latin)
        or exists (select 1 from unnest(c.aliases_latin) a where a like q.latin || '%')
        or (${p.latinPrefixQuery}::text is not null and c.search_doc @@ to_tsquery('simple', ${p.latinPrefixQuery}::text)))`;
  /** Whether the query's words match fewer than TYPO_FALLBACK_BELOW companies by name (stops counting there). */
  const typosNeeded = async (trx: Transaction<SearchTables>) => {
    if (!typoLength) return false;
    const { rows } = await sql<{ n: number }>`
      with q as (select unaccent(${p.latin}::text) as latin)
      select count(*)::int as n from (
        select 1 from company c, q
        where ${filters}
          and (c.search_latin like unaccent(${latinLike}::text)
            or (${p.latinPrefixQuery}::text is not null and c.search_doc @@ to_tsquery('simple', ${p.latinPrefixQuery}::text)))
          and ${latinNameTier}
        limit ${TYPO_FALLBACK_BELOW}) named`.execute(trx);
    return (rows[0]?.n ?? 0) < TYPO_FALLBACK_BELOW;
  };
  // The page and total queries, with or without the typo tier.
  const queries = (typos: boolean) => {
    // Every row a tier other than the typo tier can score above 0 is one of these.
    const candidate = sql`(
        (${p.latin} <> '' and (
          c.search_latin like unaccent(${latinLike}::text)
          or (${p.latinPrefixQuery}::text is not null and c.search_doc @@ to_tsquery('simple', ${p.latinPrefixQuery}::text))
          or (${p.latinWordsQuery}::text is not null and c.search_doc @@ to_tsquery('simple', ${p.latinWordsQuery}::text))))
        or (${p.zh} <> '' and (
          c.search_zh_grams @> zh_grams(${p.zh}::text)
          or (${p.zhWordsQuery}::text is not null and c.search_doc @@ to_tsquery('simple', ${p.zhWordsQuery}::text)))))`;
    const relevance = sql`greatest(
          case
            when q.latin = '' then 0
            when c.name_latin = q.latin or replace(c.slug, '-', ' ') = q.latin then ${w.exactName}
            when c.name_latin like q.latin || '%' then ${w.namePrefix}
            when q.latin = any(c.aliases_latin) then ${w.alias}
            when exists (select 1 from unnest(c.aliases_latin) a where a like q.latin || '%') then ${w.aliasPrefix}
            when ${p.latinPrefixQuery}::text is not null and c.search_doc @@ to_tsquery('simple', ${p.latinPrefixQuery}::text) then ${w.wordPrefix}
            when t.similarity is not null then ${w.trigram} + t.similarity
            when ${p.latinWordsQuery}::text is not null and c.search_doc @@ to_tsquery('simple', ${p.latinWordsQuery}::text) then ${w.description}
            else 0
          end,
          case
            when q.zh = '' then 0
            when c.name_zh = q.zh then ${w.exactName}
            when c.name_zh like q.zh || '%' then ${w.namePrefix}
            when q.zh = any(c.aliases) then ${w.alias}
            when exists (select 1 from unnest(c.aliases) a where a like q.zh || '%') then ${w.aliasPrefix}
            when strpos(c.name_zh, q.zh) > 0 or exists (select 1 from unnest(c.aliases) a where strpos(a, q.zh) > 0) then ${w.wordPrefix}
            when strpos(c.search_zh, q.zh) > 0 then ${w.description}
            when ${p.zhWordsQuery}::text is not null and c.search_doc @@ to_tsquery('simple', ${p.zhWordsQuery}::text) then ${w.description}
            else 0
          end
        )::float8`;
    const scored = sql`
      with q as (select unaccent(${p.latin}::text) as latin, ${p.zh}::text as zh),
      -- Typo matches, found on their own: whole words only (strict: "sealpoint" is not a typo of
      -- the "point" in "Lagoon Point"), the similarity computed once per match. The other
      -- candidates look their similarity up here instead of computing it (a description match of
      -- a broad word would otherwise compute it for thousands of rows).
      typo as materialized (
        select c.id, strict_word_similarity(q.latin, c.search_latin) as similarity
        from company c, q
        where ${typos} and ${filters} and c.search_latin %>> q.latin
      ),
      -- With text, materialized: the relevance is computed once, in the scan, and only narrow rows
      -- travel on (inlined, PostgreSQL carries whole rows into the window and spills them to disk).
      -- Without, inlined: the page can walk the score index.
      scored as ${hasText ? sql`materialized` : sql``} (
        select c.id, c.slug, c.name, c.score, c.founded, ${relevance} as relevance
        from company c cross join q left join typo t on t.id = c.id
        where ${filters}
          and (${hasText} = false or ${candidate})
        union all
        -- Typo matches that no other tier's candidates hold.
        select c.id, c.slug, c.name, c.score, c.founded, ${relevance}
        from typo t join company c on c.id = t.id cross join q
        where not ${candidate}
      ),
      hits as (select * from scored where ${hasText} = false or relevance > 0)`;
    // Candidates are ranked on narrow rows (id and sort keys); only the page's rows are read in full.
    const pageOf = (withTotal: boolean) => sql`${scored},
      page as (select id, relevance${withTotal ? sql`, count(*) over ()::int as total` : sql``} from hits order by ${ORDER[p.order]} limit ${p.limit} offset ${p.offset})
      select c.id, c.slug, c.name, c.name_zh, c.category, c.country_code, c.description_en, c.description_zh,
        c.score, c.regulated, c.founded, c.logo_url, page.relevance${withTotal ? sql`, page.total` : sql``}
      from page join company c on c.id = page.id
      order by ${ORDER[p.order]}`;
    return { scored, pageOf };
  };
  if (!hasText) {
    const { scored, pageOf } = queries(false);
    const page = await sql<SearchRow>`${pageOf(false)}`.execute(db);
    const count = await sql<{ total: number }>`${scored} select count(*)::int as total from hits`.execute(db);
    return { rows: page.rows, total: count.rows[0]?.total ?? 0 };
  }
  return db.transaction().execute(async (trx) => {
    // `%>>` reads its threshold from this setting; the tiers above use the configured one. The
    // planner underrates `%>>` per row and may pick a sequential scan that runs it on every
    // company (seconds at 100,000); the candidate indexes are always the better path here. With
    // sequential scans off, a merge join with the typo matches walks the whole primary key: the
    // candidates' bitmap scan and a hash join are the plan meant.
    await sql`select set_config('pg_trgm.strict_word_similarity_threshold', ${String(w.trigramThreshold)}, true),
      set_config('enable_seqscan', 'off', true), set_config('enable_mergejoin', 'off', true)`.execute(trx);
    const { scored, pageOf } = queries(await typosNeeded(trx));
    const page = await sql<SearchRow & { total: number }>`${pageOf(true)}`.execute(trx);
    if (page.rows.length > 0 || p.offset === 0) {
      return { rows: page.rows.map(({ total: _total, ...row }) => row), total: page.rows[0]?.total ?? 0 };
    }
    // A page past the end has no row to carry the total.
    const count = await sql<{ total: number }>`${scored} select count(*)::int as total from hits`.execute(trx);
    return { rows: [], total: count.rows[0]?.total ?? 0 };
  });
}
