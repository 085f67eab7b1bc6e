import { sql, type Kysely, type Selectable } from '@brokerwise/sql';
import { allVariantKeys } from '@brokerwise/storage';
import type { MediaTables } from './types.ts';

type Db = Kysely<MediaTables>;
export type ImageRow = Selectable<MediaTables['image']>;

export async function insertImage(
  db: Db,
  i: { id: string; ownerId: string; width: number; height: number; fullKey: string; coverKey: string; thumbKey: string; bytes: number; now: Date },
): Promise<ImageRow> {
  return db
    .insertInto('image')
    .values({ id: i.id, owner_id: i.ownerId, width: i.width, height: i.height, full_key: i.fullKey, cover_key: i.coverKey, thumb_key: i.thumbKey, bytes: i.bytes, created_at: i.now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findImages(db: Db, ids: readonly string[]): Promise<ImageRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('image').selectAll().where('id', 'in', [...ids]).execute();
}

/** The post's image set becomes exactly `imageIds`. */
export async function setPostImages(db: Db, postId: string, imageIds: readonly string[]): Promise<void> {
  await db.deleteFrom('post_image').where('post_id', '=', postId).execute();
  if (imageIds.length > 0) await db.insertInto('post_image').values(imageIds.map((image_id) => ({ post_id: postId, image_id }))).execute();
}

export async function postImageIds(db: Db, postId: string): Promise<string[]> {
  return (await db.selectFrom('post_image').select('image_id').where('post_id', '=', postId).execute()).map((r) => r.image_id);
}

/** Of `ids`, the images no post uses any more. */
export async function unusedImages(db: Db, ids: readonly string[]): Promise<ImageRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('image')
    .selectAll()
    .where('id', 'in', [...ids])
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('post_image').select(sql`1`.as('x')).whereRef('post_image.image_id', '=', 'image.id'))))
    .execute();
}

/** Images no post uses, uploaded before `before` (abandoned uploads). */
export async function orphanImages(db: Db, before: Date, limit: number): Promise<ImageRow[]> {
  return db
    .selectFrom('image')
    .selectAll()
    .where('created_at', '<', before)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('post_image').select(sql`1`.as('x')).whereRef('post_image.image_id', '=', 'image.id'))))
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

/**
 * Deletes images and their size jobs. The jobs go first, explicitly: the sizes worker locks a job,
 * then its image (`recordSizes`); leaving them to the foreign key's cascade locked the image first,
 * then the job, and the two transactions could deadlock (seen in CI as a 500 on deleting a post).
 */
export async function deleteImages(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('image_variant_job').where('image_id', 'in', [...ids]).execute();
  await db.deleteFrom('image').where('id', 'in', [...ids]).execute();
}

/** An image's stored files: its three sizes and the cover's responsive variants (ADR 033). */
export const imageKeys = (i: Pick<ImageRow, 'full_key' | 'cover_key' | 'thumb_key'>): string[] => [i.full_key, i.cover_key, i.thumb_key, ...allVariantKeys(i.cover_key, 'photo')];
