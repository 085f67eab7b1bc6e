import { sql, type Migration } from '@brokerwise/sql';

/**
 * Search at 100,000 companies (ADR 029): Chinese queries find their candidates through an index.
 * Trigrams need three characters and most Chinese words have two, so `search_zh_grams` holds every
 * character and character pair of each space-separated token of `search_zh`; a query's grams
 * contained in a company's grams (GIN, `@>`) is necessary for the query to occur in the text.
 * Stored (a generated column), not an expression index: a query that matches most companies is
 * read sequentially, and computing the grams per row then costs seconds.
 * Latin queries already have theirs: the trigram index on `search_latin` (LIKE and `%>>`) and the
 * tsvector index on `search_doc`.
 */
export const migration: Migration = {
  up: async (db) => {
    await sql`
      create function zh_grams(t text) returns text[] language sql immutable strict parallel safe as $$
        select coalesce(array_agg(distinct substr(w, i, n)), '{}')
        from regexp_split_to_table(t, '\\s+') as w, generate_series(1, 2) as n, generate_series(1, char_length(w)) as i
        where i + n - 1 <= char_length(w)
      $$`.execute(db);
    await sql`alter table company add column search_zh_grams text[] generated always as (zh_grams(search_zh)) stored`.execute(db);
    await sql`create index company_search_zh_grams on company using gin (search_zh_grams)`.execute(db);
  },
};
