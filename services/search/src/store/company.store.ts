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
  /** The same prefixes without weights, for the name words alone (`company_name_words`). */
  latinNamesQuery: string | null;
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
  /** Matches counted exactly up to this many (default EXACT_TOTAL_UP_TO; tests lower it). */
  exactTotalUpTo?: number | undefined;
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

/**
 * A search counts its matches exactly up to this many (ADR 029). Past it, the total says "more
 * than this many" (`totalExact: false`), and the page is found from the first matches read: with
 * this many of them in hand, the page's rows lie within a range of the order's index, so a word
 * in 7,000 companies reads a few hundred rows, not all 7,000. Pages that end past it count every
 * match (as every search did before).
 */
export const EXACT_TOTAL_UP_TO = 500;

/**
 * Without words, the page walks the order's index when the filters keep at least this many
 * companies (a page then reads a few hundred rows at most), and sorts the ones they keep otherwise.
 */
const FILTERED_WALK_FROM = 2000;

export interface SearchResult {
  rows: SearchRow[];
  /** Exact when `totalExact`; otherwise there are more matches than this. */
  total: number;
  totalExact: boolean;
}

/** A tsquery operand for one whole key (spaces allowed), quoted as tsquery input wants. */
export const tsOperand = (text: string, prefix: boolean): string => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "''")}'${prefix ? ':*' : ''}`;

/**
 * The grams a text's grams must hold for the query to occur in it: its character pairs (every pair of
 * an occurrence is a pair of the text), or the character itself. Pairs alone, not the characters
 * too: the same rows, fewer index keys, and a row estimate the planner gets right.
 */
export function queryGrams(zh: string): string[] {
  const chars = Array.from(zh);
  return chars.length < 2 ? chars : [...new Set(chars.slice(1).map((c, i) => chars[i] + c))];
}

type Fragment = ReturnType<typeof sql>;
const anyOf = (parts: (Fragment | null)[]): Fragment => {
  const present = parts.filter((x): x is Fragment => x !== null);
  return present.length === 0 ? sql`false` : sql`(${sql.join(present, sql` or `)})`;
};
const both = (a: Fragment, b: Fragment): Fragment => sql`(${a} and ${b})`;

/** The first-read match at the page's last position, in the page's order (see EXACT_TOTAL_UP_TO). */
interface Bound {
  relevance: number;
  score: number;
  slug: string;
  founded: number | null;
  name_key: string;
}

/**
 * Relevance is computed only for candidates that indexes find (ADR 029): per tier, a lossless
 * index whose rows are a superset of that tier's, so results equal scoring every row.
 * - Exact name, name prefix, alias, alias prefix (English, Chinese or slug words): `company_keys`,
 *   whole names and aliases as lexemes, `'query':*`.
 * - Word prefix: `company_name_words` (the name and alias words; Latin) and `company_name_grams`
 *   (characters and pairs of Chinese names and aliases; trigrams need three characters).
 * - Typo (strict word similarity, `%>>` on the `search_latin` trigram index): its own step.
 * - Description: the word tsquery on `search_doc`, or the Chinese grams of `search_zh`.
 * Up to EXACT_TOTAL_UP_TO matches, the page and the total come from one pass over them; past it,
 * the page comes from a second pass bounded by the first (see EXACT_TOTAL_UP_TO).
 */
export async function searchCompanies(db: Kysely<SearchTables>, p: SearchParams): Promise<SearchResult> {
  const w = p.weights;
  const filters = sql`(${p.category ?? null}::text is null or c.category = ${p.category ?? null}::text)
        and (${p.countryCode ?? null}::text is null or c.country_code = ${p.countryCode ?? null}::text)
        and (${p.minScore ?? null}::numeric is null or c.score >= ${p.minScore ?? null}::numeric)
        and (${p.regulated ?? null}::boolean is null or c.regulated = ${p.regulated ?? null}::boolean)`;
  const columns = sql`c.id, c.slug, c.name, c.name_zh, c.category, c.country_code, c.description_en, c.description_zh,
        c.score, c.regulated, c.founded, c.logo_url`;
  if (p.latin === '' && p.zh === '') {
    // Filters only. The count first (an index-only count over `company_filters`); then the page
    // walks the order's index while the filters keep many rows, and otherwise sorts the few they
    // keep: walking for a mix that keeps none would read every company.
    const count = await sql<{ total: number }>`select count(*)::int as total from company c where ${filters}`.execute(db);
    const total = count.rows[0]?.total ?? 0;
    if (total <= p.offset) return { rows: [], total, totalExact: true };
    const order = ORDER[p.order === 'relevance' ? 'score' : p.order];
    const page =
      total >= FILTERED_WALK_FROM
        ? await sql<SearchRow>`
            select ${columns}, 0::float8 as relevance from company c where ${filters}
            order by ${order} limit ${p.limit} offset ${p.offset}`.execute(db)
        : await sql<SearchRow>`
            with kept as materialized (select c.id, c.slug, c.name, c.score, c.founded, 0::float8 as relevance from company c where ${filters}),
            page as (select id from kept order by ${order} limit ${p.limit} offset ${p.offset})
            select ${columns}, 0::float8 as relevance from page join company c on c.id = page.id
            order by ${order}`.execute(db);
    return { rows: page.rows, total, totalExact: true };
  }
  return db.transaction().execute(async (trx) => {
    // `%>>` reads its threshold from this setting; the tiers above use the configured one. The
    // planner underrates `%>>` per row and may pick a sequential scan that runs it on every
    // company (seconds at 100,000); the candidate indexes are always the better path here. With
    // sequential scans off, a merge join with the typo matches walks the whole primary key: the
    // candidates' bitmap scans and a hash join are the plans meant. JIT would compile such plans
    // (their disabled nodes cost past its threshold) for queries that run in milliseconds, and
    // parallel workers cost more to start than these scans take.
    // With them, the Latin query as the documents hold it (`unaccent` folds what NFKD left), to be a
    // constant in the queries below.
    const settings = await sql<{ latin: string }>`select set_config('pg_trgm.strict_word_similarity_threshold', ${String(w.trigramThreshold)}, true),
      set_config('enable_seqscan', 'off', true), set_config('enable_mergejoin', 'off', true), set_config('jit', 'off', true),
      set_config('max_parallel_workers_per_gather', '0', true),
      unaccent(${p.latin}::text) as latin`.execute(trx);
    const latin = settings.rows[0]?.latin ?? '';
    const zh = p.zh;
    if (latin === '' && zh === '') return { rows: [], total: 0, totalExact: true };

    // Candidates per tier (see above); each is a superset of its tier's rows.
    const keys = sql`company_keys(c.name_latin, c.slug, c.name_zh, c.aliases_latin, c.aliases)`;
    const keysQuery = (prefix: boolean) => [latin, zh].filter((s) => s !== '').map((s) => tsOperand(s, prefix)).join(' | ');
    const strong = sql`${keys} @@ ${keysQuery(true)}::tsquery`;
    const exact = sql`${keys} @@ ${keysQuery(false)}::tsquery`;
    const latinWords = latin !== '' && p.latinNamesQuery !== null ? sql`company_name_words(c.search_doc) @@ to_tsquery('simple', ${p.latinNamesQuery}::text)` : null;
    const grams = sql`${queryGrams(zh)}::text[]`;
    const word = anyOf([latinWords, zh !== '' ? sql`company_name_grams(c.name_zh, c.aliases) @> ${grams}` : null]);
    const description = anyOf([
      latin !== '' && p.latinWordsQuery !== null ? sql`c.search_doc @@ to_tsquery('simple', ${p.latinWordsQuery}::text)` : null,
      zh !== '' ? sql`c.search_zh_grams @> ${grams}` : null,
      zh !== '' && p.zhWordsQuery !== null ? sql`c.search_doc @@ to_tsquery('simple', ${p.zhWordsQuery}::text)` : null,
    ]);
    const candidate = anyOf([strong, word, description]);

    // The Latin tiers above the typo tier, each true only for a row of that tier or a better one.
    const latinPrefix = `${latin}%`;
    const latinWordPrefix = latin !== '' && p.latinPrefixQuery !== null ? sql`c.search_doc @@ to_tsquery('simple', ${p.latinPrefixQuery}::text)` : null;
    const latinNameTier = anyOf([
      sql`c.name_latin = ${latin} or replace(c.slug, '-', ' ') = ${latin} or c.name_latin like ${latinPrefix}`,
      sql`${latin} = any(c.aliases_latin) or exists (select 1 from unnest(c.aliases_latin) a where a like ${latinPrefix})`,
      latinWordPrefix,
    ]);
    const weight = (x: number) => sql`${x}::float8`;
    const latinRelevance = (typos: boolean) =>
      latin === ''
        ? sql`0::float8`
        : sql`case
            when c.name_latin = ${latin} or replace(c.slug, '-', ' ') = ${latin} then ${weight(w.exactName)}
            when c.name_latin like ${latinPrefix} then ${weight(w.namePrefix)}
            when ${latin} = any(c.aliases_latin) then ${weight(w.alias)}
            when exists (select 1 from unnest(c.aliases_latin) a where a like ${latinPrefix}) then ${weight(w.aliasPrefix)}
            when ${latinWordPrefix ?? sql`false`} then ${weight(w.wordPrefix)}
            when ${typos ? sql`t.similarity is not null` : sql`false`} then ${weight(w.trigram)} + ${typos ? sql`t.similarity` : sql`0`}
            when ${p.latinWordsQuery !== null ? sql`c.search_doc @@ to_tsquery('simple', ${p.latinWordsQuery}::text)` : sql`false`} then ${weight(w.description)}
            else 0::float8
          end`;
    const zhPrefix = `${zh}%`;
    const zhRelevance =
      zh === ''
        ? sql`0::float8`
        : sql`case
            when c.name_zh = ${zh} then ${weight(w.exactName)}
            when c.name_zh like ${zhPrefix} then ${weight(w.namePrefix)}
            when ${zh} = any(c.aliases) then ${weight(w.alias)}
            when exists (select 1 from unnest(c.aliases) a where a like ${zhPrefix}) then ${weight(w.aliasPrefix)}
            when strpos(c.name_zh, ${zh}) > 0 or exists (select 1 from unnest(c.aliases) a where strpos(a, ${zh}) > 0) then ${weight(w.wordPrefix)}
            when strpos(c.search_zh, ${zh}) > 0 then ${weight(w.description)}
            when ${p.zhWordsQuery !== null ? sql`c.search_doc @@ to_tsquery('simple', ${p.zhWordsQuery}::text)` : sql`false`} then ${weight(w.description)}
            else 0::float8
          end`;

    // The typo step's query as a value the planner does not see: it takes the `%>>` index's own row
    // estimate for one and keeps too few rows to combine it with the filters' indexes, then rechecks
    // thousands of candidates (a similarity each) that the filters would have left out.
    const typoQuery = sql`(select ${latin}::text)`;
    // Typo matches, found on their own: whole words only (strict: "sealpoint" is not a typo of the
    // "point" in "Lagoon Point"), the similarity computed once per match. The other candidates look
    // their similarity up here instead of computing it.
    const withTypo = (typos: boolean) =>
      typos
        ? sql`typo as materialized (
            select c.id, strict_word_similarity(${latin}, c.search_latin) as similarity
            from company c where ${filters} and c.search_latin %>> ${typoQuery}
          ),`
        : sql``;
    // Narrow rows (id, sort keys, relevance per script) of the companies under `where`, and of the
    // typo matches; relevance is computed once per row, and only the page's rows are read in full.
    // `rest`: how the typo matches join the others (none also under `where`, or a union that
    // keeps each row once).
    const narrow = (typos: boolean, where: Fragment, rest: 'union all' | 'union') => sql`
        select c.id, c.slug, c.name, c.score, c.founded, ${latinRelevance(typos)} as latin_relevance, ${zhRelevance} as zh_relevance
        from company c ${typos ? sql`left join typo t on t.id = c.id` : sql``}
        where ${filters} and ${where}
        ${typos ? sql`${sql.raw(rest)}
        select c.id, c.slug, c.name, c.score, c.founded, ${latinRelevance(typos)}, ${zhRelevance}
        from typo t join company c on c.id = t.id
        ${rest === 'union all' ? sql`where not ${where}` : sql``}` : sql``}`;
    const relevant = (typos: boolean, where: Fragment, rest: 'union all' | 'union') => sql`
        select id, slug, name, score, founded, latin_relevance, zh_relevance, greatest(latin_relevance, zh_relevance) as relevance
        from (${narrow(typos, where, rest)}) u where greatest(latin_relevance, zh_relevance) > 0`;

    const need = p.offset + p.limit;
    const upTo = p.exactTotalUpTo ?? EXACT_TOTAL_UP_TO;
    const cap = need <= upTo ? upTo : null;
    const wordTier = weight(w.wordPrefix);
    // Typo matches with the other matches, `matched0` (relevance without typos): each row's Latin
    // relevance becomes the typo tier's where it is below the word-prefix tier, and typo-only rows
    // are nothing else (no candidate of any other tier, so no Chinese tier either).
    const withTypoMatches = sql`
        typo as materialized (
          select c.id, strict_word_similarity(${latin}, c.search_latin) as similarity
          from company c
          where (select count(*) from matched0) <= ${cap ?? Number.MAX_SAFE_INTEGER}
            and (select count(*) from matched0 where latin_relevance >= ${wordTier}) < ${TYPO_FALLBACK_BELOW}
            and ${filters} and c.search_latin %>> ${typoQuery}
        ),
        matched as materialized (
          select m.id, m.slug, m.name, m.score, m.founded, m.latin_relevance,
            greatest(case when m.latin_relevance >= ${wordTier} or t.similarity is null then m.latin_relevance
              else ${weight(w.trigram)} + t.similarity end, m.zh_relevance) as relevance
          from matched0 m left join typo t on t.id = m.id
          union all
          select c.id, c.slug, c.name, c.score, c.founded, ${weight(w.trigram)} + t.similarity, ${weight(w.trigram)} + t.similarity
          from typo t join company c on c.id = t.id
          where not exists (select 1 from matched0 m where m.id = t.id)
        )`;
    // Every match up to cap + 1 of them (in the order the indexes give them): the page and the count
    // when that is all of them, the bound for the second pass when it is not, and how many of those
    // read match the Latin words by name. `typos`: 'decide' adds the typo matches when those read
    // are all the matches and fewer than TYPO_FALLBACK_BELOW of them match by name.
    const first = async (typos: 'none' | 'decide' | 'all') => {
      const limit = cap === null ? sql`` : sql`limit ${cap + 1}`;
      const { rows } = await sql<SearchRow & { total: number; named: number; complete: boolean; bound: Bound | null }>`
        with ${withTypo(typos === 'all')}
        matched0 as materialized (${relevant(typos === 'all', candidate, 'union all')} ${limit}),
        ${typos === 'decide' ? withTypoMatches : sql`matched as (select * from matched0)`},
        page as (select id, relevance from matched order by ${ORDER[p.order]} limit ${p.limit} offset ${p.offset})
        select (select count(*)::int from matched) as total,
          (select count(*)::int from matched0 where latin_relevance >= ${wordTier}) as named,
          ${cap === null ? sql`true` : sql`(select count(*) from matched0) <= ${cap}`} as complete,
          ${cap === null ? sql`null` : sql`(select row_to_json(b) from (select relevance, score, slug, founded, lower(name) as name_key
            from matched order by ${ORDER[p.order]} offset ${need - 1} limit 1) b)`} as bound,
          ${columns}, page.relevance
        from (select 1) one left join (page join company c on c.id = page.id) on true
        order by ${ORDER[p.order]}`.execute(trx);
      const head = rows[0];
      return {
        rows: rows.filter((r) => r.id !== null).map(({ total: _t, named: _n, complete: _c, bound: _b, ...row }) => row as SearchRow),
        total: head?.total ?? 0,
        named: head?.named ?? 0,
        complete: head?.complete ?? true,
        bound: head?.bound ?? null,
      };
    };

    // No typo tier for queries under MIN_TYPO_LENGTH letters: a "typo" of "pay" is any word sharing
    // " pa" (partners, pacific…), tens of thousands of rechecks at scale for no useful match. Nor
    // when the words match TYPO_FALLBACK_BELOW companies by name: decided in the first pass when it
    // reads every match, or else counted on their own (stopping there).
    const typoLength = latin.replace(/ /g, '').length >= MIN_TYPO_LENGTH;
    let found = await first(typoLength ? 'decide' : 'none');
    let typos = false;
    if (typoLength && !found.complete && found.named < TYPO_FALLBACK_BELOW) {
      // Whether there are any typo matches too: a word found only in descriptions ("forex") has
      // none, and the first pass stands.
      const { rows } = await sql<{ named: number; typos: number }>`
        with named as (
          select count(*)::int as n from (
            select 1 from company c
            where ${filters} and ${anyOf([strong, latinWords])} and ${latinNameTier}
            limit ${TYPO_FALLBACK_BELOW}) x
        )
        select n as named, (select count(*)::int from (
            select 1 from company c
            where (select n from named) < ${TYPO_FALLBACK_BELOW} and ${filters} and c.search_latin %>> ${typoQuery}
            limit 1) y) as typos
        from named`.execute(trx);
      typos = (rows[0]?.named ?? 0) < TYPO_FALLBACK_BELOW && (rows[0]?.typos ?? 0) > 0;
      if (typos) found = await first('all');
    }
    if (found.complete || found.bound === null) return { rows: found.rows, total: found.total, totalExact: true };

    // More than `cap` matches. The first `need` of them in the page's order are no later than the
    // bound (the need-th of those read, a subset of all), so they are among the matches no later
    // than it: per order, the candidates within a range of its index; for relevance, every
    // candidate of a better tier and those of the bound's tier within a range of the score index.
    const b = found.bound;
    // Candidates of the tiers better than a relevance, and of its own tier (typo matches all come
    // in through the typo step, so their tier needs none).
    const better = (r: number): Fragment[] =>
      r >= w.exactName ? [] : r >= w.namePrefix ? [exact] : r >= w.wordPrefix ? [strong] : [strong, word];
    const tierOf = (r: number): Fragment | null =>
      r >= w.exactName ? exact : r >= w.aliasPrefix ? strong : r >= w.wordPrefix ? word : r > w.description ? null : description;
    const tier = tierOf(b.relevance);
    const upToSlug = sql`c.slug <= ${b.slug}::text`;
    const upToScore = sql`(c.score > ${b.score}::numeric or (c.score = ${b.score}::numeric and ${upToSlug}))`;
    let branches: (Fragment | null)[];
    if (p.order === 'relevance') {
      branches = [...better(b.relevance), tier && both(tier, upToScore)];
    } else if (p.order === 'score') {
      branches = [both(candidate, upToScore), ...better(b.relevance).map((x) => both(x, sql`c.score = ${b.score}::numeric`))];
    } else if (p.order === 'newest') {
      const year = b.founded === null ? null : sql`${b.founded}::integer`;
      branches = [
        both(candidate, year === null ? sql`(c.founded is not null or ${upToScore})` : sql`(c.founded > ${year} or (c.founded = ${year} and ${upToScore}))`),
      ];
    } else {
      branches = [both(candidate, sql`(lower(c.name) < ${b.name_key}::text or (lower(c.name) = ${b.name_key}::text and ${upToSlug}))`)];
    }
    // Each branch its own scan, in a union: one `or` of them the planner could not turn whole into
    // bitmap scans would be evaluated per row, index functions included.
    const within = branches.filter((x): x is Fragment => x !== null);
    const hits = within.map((where) => relevant(typos, where, 'union'));
    const second = await sql<SearchRow>`
      with ${withTypo(typos)}
      hits as materialized (${sql.join(hits, sql` union `)}),
      page as (select id, relevance from hits order by ${ORDER[p.order]} limit ${p.limit} offset ${p.offset})
      select ${columns}, page.relevance from page join company c on c.id = page.id
      order by ${ORDER[p.order]}`.execute(trx);
    return { rows: second.rows, total: cap ?? found.total, totalExact: false };
  });
}
