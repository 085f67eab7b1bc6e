import type { Kysely } from '@brokerwise/sql';
import type { MediaTables } from './types.ts';

type Db = Kysely<MediaTables>;

/** Records keys whose rows are being deleted in this transaction; they are removed after commit. */
export async function doomObjects(db: Db, keys: readonly string[], now: Date): Promise<void> {
  if (keys.length === 0) return;
  await db
    .insertInto('object_gc')
    .values([...new Set(keys)].map((key) => ({ key, enqueued_at: now })))
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

export async function doomedKeys(db: Db, limit: number, only?: readonly string[]): Promise<string[]> {
  let q = db.selectFrom('object_gc').select('key').orderBy('enqueued_at').limit(limit);
  if (only) {
    if (only.length === 0) return [];
    q = q.where('key', 'in', [...only]);
  }
  return (await q.execute()).map((r) => r.key);
}

export async function forgetDoomed(db: Db, key: string): Promise<void> {
  await db.deleteFrom('object_gc').where('key', '=', key).execute();
}

/** Queues moving objects under the private prefix (`hidden`) or back; the latest request per key wins. */
export async function queueMoves(db: Db, keys: readonly string[], hidden: boolean, now: Date): Promise<void> {
  if (keys.length === 0) return;
  await db
    .insertInto('object_move')
    .values([...new Set(keys)].map((key) => ({ key, hidden, enqueued_at: now })))
    .onConflict((oc) => oc.column('key').doUpdateSet({ hidden, enqueued_at: now }))
    .execute();
}

export async function queuedMoves(db: Db, limit: number, only?: readonly string[]): Promise<{ key: string; hidden: boolean }[]> {
  let q = db.selectFrom('object_move').select(['key', 'hidden']).orderBy('enqueued_at').limit(limit);
  if (only) {
    if (only.length === 0) return [];
    q = q.where('key', 'in', [...only]);
  }
  return q.execute();
}

/** Done: forgotten unless a newer request for the key asks the other way. */
export async function forgetMove(db: Db, key: string, hidden: boolean): Promise<void> {
  await db.deleteFrom('object_move').where('key', '=', key).where('hidden', '=', hidden).execute();
}

/** Drops queued moves of keys being deleted. */
export async function cancelMoves(db: Db, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.deleteFrom('object_move').where('key', 'in', [...keys]).execute();
}
