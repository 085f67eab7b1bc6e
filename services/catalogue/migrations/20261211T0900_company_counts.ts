import { sql, type Migration } from '@brokerwise/sql';

/**
 * Listing totals in O(1) (ADR 029): the number of visible companies (not hidden, not merged) is
 * kept per combination of the listing's filters, so a total is a sum over a few hundred rows at
 * most instead of an index-only count of every matching company (100,000 entries unfiltered).
 * - `company_count`: per (category, country, licence status, score); answers any mix of the
 *   category, country, regulated and minimum-score filters.
 * - `company_count_reviews`: per (category, review count); answers Top Brokers (a category and a
 *   minimum number of reviews).
 * Statement-level triggers on `company` apply each statement's changes in the same transaction,
 * as one delta per key (a bulk load or a rating update of many companies is one upsert per key),
 * in key order, so concurrent statements lock the counter rows in the same order. Keys whose
 * count reaches 0 stay, at 0: at most one row per key, no delete racing an insert.
 */
export const migration: Migration = {
  up: async (db) => {
    await sql`create table company_count (
      category_slug text not null, country_code char(2) not null, regulated boolean not null, score numeric(2,1) not null,
      n bigint not null,
      primary key (category_slug, country_code, regulated, score))`.execute(db);
    await sql`create table company_count_reviews (
      category_slug text not null, review_count integer not null,
      n bigint not null,
      primary key (category_slug, review_count))`.execute(db);
    // One function for the three triggers: each branch reads only the transition tables its
    // event has (plpgsql plans a statement when it first runs). search_path pinned: bulk loads
    // may run with another one.
    const added = sql`select category_slug, country_code, regulated, score, review_count, 1 as d from new_rows where hidden_at is null and merged_into is null`;
    const removed = sql`select category_slug, country_code, regulated, score, review_count, -1 as d from old_rows where hidden_at is null and merged_into is null`;
    const apply = (delta: typeof added) => sql`
      with delta as (${delta}),
      by_filters as (
        insert into company_count as c (category_slug, country_code, regulated, score, n)
        select category_slug, country_code, regulated, score, sum(d) from delta
        group by 1, 2, 3, 4 having sum(d) <> 0 order by 1, 2, 3, 4
        on conflict (category_slug, country_code, regulated, score) do update set n = c.n + excluded.n)
      insert into company_count_reviews as c (category_slug, review_count, n)
      select category_slug, review_count, sum(d) from delta
      group by 1, 2 having sum(d) <> 0 order by 1, 2
      on conflict (category_slug, review_count) do update set n = c.n + excluded.n`;
    await sql`create function company_count_apply() returns trigger language plpgsql set search_path from current as $$
      begin
        if tg_op = 'INSERT' then
          ${apply(added)};
        elsif tg_op = 'UPDATE' then
          ${apply(sql`${added} union all ${removed}`)};
        else
          ${apply(removed)};
        end if;
        return null;
      end
    $$`.execute(db);
    await sql`create trigger company_count_insert after insert on company referencing new table as new_rows
      for each statement execute function company_count_apply()`.execute(db);
    await sql`create trigger company_count_update after update on company referencing old table as old_rows new table as new_rows
      for each statement execute function company_count_apply()`.execute(db);
    await sql`create trigger company_count_delete after delete on company referencing old table as old_rows
      for each statement execute function company_count_apply()`.execute(db);
    await sql`insert into company_count (category_slug, country_code, regulated, score, n)
      select category_slug, country_code, regulated, score, count(*) from company
      where hidden_at is null and merged_into is null group by 1, 2, 3, 4`.execute(db);
    await sql`insert into company_count_reviews (category_slug, review_count, n)
      select category_slug, review_count, count(*) from company
      where hidden_at is null and merged_into is null group by 1, 2`.execute(db);
  },
};
