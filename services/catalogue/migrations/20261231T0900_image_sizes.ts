import { sql, type Migration } from '@brokerwise/sql';

/**
 * Durable responsive sizes of logos and banners (ADR 033), as media has for covers and posters:
 * a picture's AVIF/WebP sizes are made by a job written in the same transaction as the row that
 * shows it (a company's logo, a banner's image in either language), one job per original key,
 * claimed by a worker with a lease (SKIP LOCKED) so a restart re-runs it. Each finished job
 * records the sizes' real pixels with every row showing the picture (`company.logo_sizes`,
 * `banner.image_sizes_en` / `_zh`: `[{ name, width, height }]`), which the srcset descriptors
 * then say. Raster pictures stored before get their job here (vector ones have no sizes).
 */
export const migration: Migration = {
  up: async (db) => {
    await sql`create table image_variant_job (
      key text primary key,
      kind text not null check (kind in ('logo', 'photo')),
      state text not null check (state in ('queued', 'running', 'done', 'failed')),
      attempts integer not null default 0,
      available_at timestamptz not null, lease_until timestamptz, last_error text,
      created_at timestamptz not null, updated_at timestamptz not null)`.execute(db);
    await sql`create index image_variant_job_ready on image_variant_job (available_at) where state in ('queued', 'running')`.execute(db);
    await sql`alter table company add column logo_sizes jsonb`.execute(db);
    await sql`alter table banner add column image_sizes_en jsonb, add column image_sizes_zh jsonb`.execute(db);
    await sql`
      insert into image_variant_job (key, kind, state, available_at, created_at, updated_at)
      select key, kind, 'queued', now(), now(), now() from (
        select logo_key as key, 'logo' as kind from company where logo_key is not null
        union select image_key_en, 'photo' from banner union select image_key_zh, 'photo' from banner) as pictures
      where key !~* '\\.svg$'
      on conflict (key) do nothing`.execute(db);
  },
};
