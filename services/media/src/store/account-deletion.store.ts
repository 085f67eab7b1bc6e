import type { Kysely } from '@brokerwise/sql';
import type { PostRow } from './post.store.ts';
import type { MediaTables } from './types.ts';

type Db = Kysely<MediaTables>;

/** Every post of an author, locked until the transaction ends. */
export async function postsByAuthor(db: Db, authorId: string): Promise<PostRow[]> {
  return db.selectFrom('post').selectAll().where('author_id', '=', authorId).forUpdate().execute();
}

/** The ids of a user's comments (top-level first, so a reply deleted with its thread is not asked for again). */
export async function commentIdsBy(db: Db, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('post_comment').select('id').where('user_id', '=', userId).orderBy('parent_id', 'desc').execute();
  return rows.map((r) => r.id);
}
