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
