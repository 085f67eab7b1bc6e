import { sql, type Migration } from '@brokerwise/sql';

/**
 * Adaptive video (issue 20, ADR 032): a video is transcoded to HLS renditions, so its files are
 * many (a master playlist, a playlist, an init segment and media segments per rendition); every
 * key is kept with the row so deleting, hiding and restoring a post reach them all. `progress`
 * (0–100) is what the creator sees while the worker transcodes. Videos made before keep their
 * single mp4 (`playback_key`) and play as before.
 */
export const migration: Migration = {
  up: async (db) => {
    await db.schema
      .alterTable('video')
      .addColumn('hls_keys', sql`text[]`)
      .addColumn('progress', 'smallint', (c) => c.notNull().defaultTo(0).check(sql`progress between 0 and 100`))
      .execute();
    await sql`update video set progress = 100 where status = 'ready'`.execute(db);
  },
};
