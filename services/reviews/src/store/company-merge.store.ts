import { sql, type Kysely } from '@brokerwise/sql';
import type { ReviewsTables } from './types.ts';

type Db = Kysely<ReviewsTables>;

/**
 * Live reviews of `fromId` whose author also has a live review of `intoId`: one review per user and
 * company, so only the one written last survives the move (the older is soft-deleted). Returns the
 * ids deleted.
 */
export async function retireDuplicateAuthors(db: Db, fromId: string, intoId: string, at: Date): Promise<string[]> {
  const r = await sql<{ id: string }>`
    update review r set deleted_at = ${at}
    from review f join review t on t.user_id = f.user_id and t.company_id = ${intoId} and t.deleted_at is null
    where f.company_id = ${fromId} and f.deleted_at is null
      and r.id = case when f.updated_at >= t.updated_at then t.id else f.id end
    returning r.id`.execute(db);
  return r.rows.map((x) => x.id);
}

/** Moves every review of `fromId` (and the reports that name it as context) to `intoId`; returns how many reviews moved. */
export async function moveCompanyReviews(db: Db, fromId: string, intoId: string): Promise<number> {
  const moved = await db.updateTable('review').set({ company_id: intoId }).where('company_id', '=', fromId).executeTakeFirst();
  await db.updateTable('report').set({ context_id: intoId }).where('context_id', '=', fromId).execute();
  return Number(moved.numUpdatedRows);
}
