import type { Kysely, Selectable } from '@brokerwise/sql';
import type { NotificationsTables } from './types.ts';

type Db = Kysely<NotificationsTables>;
export type PostRow = Selectable<NotificationsTables['post']>;

/** media.post.published (publication or edit): the latest version wins; a redelivery changes nothing. */
export async function upsertPost(db: Db, p: { id: string; kind: string; version: number }): Promise<void> {
  await db
    .insertInto('post')
    .values(p)
    .onConflict((oc) =>
      oc
        .column('id')
        .doUpdateSet({ kind: (eb) => eb.ref('excluded.kind'), version: (eb) => eb.ref('excluded.version') })
        .where('post.version', '<', (eb) => eb.ref('excluded.version')),
    )
    .execute();
}

/** media.post.deleted: the post is gone; its old notices link as to an unknown post. */
export async function deletePost(db: Db, id: string): Promise<void> {
  await db.deleteFrom('post').where('id', '=', id).execute();
}

export async function findPosts(db: Db, ids: string[]): Promise<Map<string, PostRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('post').selectAll().where('id', 'in', [...new Set(ids)]).execute();
  return new Map(rows.map((r) => [r.id, r]));
}
