import { sql, type Migration } from '@brokerwise/sql';

/**
 * Durable responsive sizes (ADR 033): a picture's AVIF/WebP sizes are made by a job written in
 * the same transaction as the picture (a cover's `image` row, a poster's finished `video` row),
 * claimed by the worker with a lease (SKIP LOCKED) as transcodes are, so a restart re-runs it.
 * One job per original key. Each finished job records the sizes' real pixels with the picture
 * (`image.cover_sizes`, `video.poster_sizes`: `[{ name, width, height }]`), which the srcset
 * descriptors then say. Pictures stored before have none: `npm run rebuild -- image-sizes`.
 */
export const migration: Migration = {
  up: async (db) => {
    await db.schema
      .createTable('image_variant_job')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('image_id', 'uuid', (c) => c.references('image.id').onDelete('cascade'))
      .addColumn('video_id', 'uuid', (c) => c.references('video.id').onDelete('cascade'))
      .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('queued', 'running', 'done', 'failed')`))
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('available_at', 'timestamptz', (c) => c.notNull())
      .addColumn('lease_until', 'timestamptz')
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .addCheckConstraint('image_variant_job_one_owner', sql`(image_id is null) <> (video_id is null)`)
      .execute();
    await sql`create index image_variant_job_ready on image_variant_job (available_at) where state in ('queued', 'running')`.execute(db);
    await sql`create index image_variant_job_image on image_variant_job (image_id) where image_id is not null`.execute(db);
    await sql`create index image_variant_job_video on image_variant_job (video_id) where video_id is not null`.execute(db);
    await db.schema.alterTable('image').addColumn('cover_sizes', 'jsonb').execute();
    await db.schema.alterTable('video').addColumn('poster_sizes', 'jsonb').execute();
  },
};
