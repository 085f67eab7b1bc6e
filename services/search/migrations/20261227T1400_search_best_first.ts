import { sql, type Migration } from '@brokerwise/sql';

/**
 * Search pages read only their rows (ADR 029, third pass). One index per relevance tier, each
 * lossless (GIN answers it without rechecking the row) and narrow enough that a tier's candidates are
 * that tier's rows, not every company sharing a word with it:
 * - `company_keys`: whole names, aliases and slug words (Latin folded, Chinese as written), one
 *   lexeme each, so `'north':*` finds the exact-name, name-prefix, alias and alias-prefix tiers.
 * - `company_name_words`: the name and alias words of `search_doc` (weights A and B), without
 *   positions: the word-prefix tier. `search_doc` itself answers `'capital':*AB` only with a recheck
 *   of every row holding the word anywhere (descriptions included).
 * - `company_name_grams`: characters and character pairs of the Chinese name and aliases (ASCII
 *   dropped): the Chinese word tier, without the descriptions `search_zh_grams` also holds (the grams
 *   as `zh_grams` makes them).
 * Expression indexes through immutable functions, so the query names the same expression; their
 * bodies name only built-in functions (ANALYZE and index builds may run them on another search_path).
 * The newest and name orders get the indexes the score order has: a page past a sample's bound is
 * a range of them.
 */
export const migration: Migration = {
  up: async (db) => {
    await sql`
      create function company_keys(name_latin text, slug text, name_zh text, aliases_latin text[], aliases text[])
      returns tsvector language sql immutable parallel safe as $$
        select array_to_tsvector(array(
          select k from unnest(array[name_latin, replace(slug, '-', ' '), name_zh] || aliases_latin || aliases) k
          where k <> '' and octet_length(k) < 2048))
      $$`.execute(db);
    await sql`
      create function company_name_words(search_doc tsvector) returns tsvector language sql immutable parallel safe as $$
        select strip(ts_filter(search_doc, '{a,b}'))
      $$`.execute(db);
    await sql`
      create function company_name_grams(name_zh text, aliases text[]) returns text[] language sql immutable parallel safe as $$
        select coalesce(array_agg(distinct substr(w, i, n)), '{}')
        from regexp_split_to_table(regexp_replace(name_zh || ' ' || array_to_string(aliases, ' '), '[\\x01-\\x7f]+', ' ', 'g'), '\\s+') as w,
          generate_series(1, 2) as n, generate_series(1, char_length(w)) as i
        where i + n - 1 <= char_length(w)
      $$`.execute(db);
    await sql`create index company_keys_idx on company using gin (company_keys(name_latin, slug, name_zh, aliases_latin, aliases))`.execute(db);
    await sql`create index company_name_words_idx on company using gin (company_name_words(search_doc))`.execute(db);
    await sql`create index company_name_grams_idx on company using gin (company_name_grams(name_zh, aliases))`.execute(db);
    await sql`create index company_newest on company (founded desc nulls last, score desc, slug)`.execute(db);
    await sql`create index company_name on company (lower(name), slug)`.execute(db);
  },
};
