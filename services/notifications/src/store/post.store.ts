import type { Kysely, Selectable } from '@brokerwise/sql';
import type { NotificationsTables, PostRemoved } from './types.ts';

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

/**
 * The post is gone (`moderation`: reviews.content.removed; `deleted`: media.post.deleted) or back
 * (null: restored on appeal). Deleted is final: a removal or restore arriving after it (the events
 * come on different streams) changes nothing, and a restore clears only a moderator's removal. A
 * post not in the read model yet gets a row of unknown kind (its publication may still arrive).
 */
export async function setPostRemoved(db: Db, id: string, removed: PostRemoved | null): Promise<void> {
  if (removed === null) {
    await db.updateTable('post').set({ removed: null }).where('id', '=', id).where('removed', '=', 'moderation').execute();
    return;
  }
  await db
    .insertInto('post')
    .values({ id, kind: '', version: 0, removed })
    .onConflict((oc) =>
      oc
        .column('id')
        .doUpdateSet({ removed: (eb) => eb.ref('excluded.removed') })
        .where((eb) => eb.or([eb('post.removed', 'is', null), eb('post.removed', '!=', 'deleted')])),
    )
    .execute();
}

export async function findPosts(db: Db, ids: string[]): Promise<Map<string, PostRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('post').selectAll().where('id', 'in', [...new Set(ids)]).execute();
  return new Map(rows.map((r) => [r.id, r]));
}
