import { sql, type Kysely, type Selectable } from '@brokerwise/sql';
import type { TraderTables } from './types.ts';

type Db = Kysely<TraderTables>;
export type DealRow = Selectable<TraderTables['deal']>;

/** Inserts deals, skipping ids the account already has; returns how many were new. */
export async function insertDeals(db: Db, rows: DealRow[]): Promise<number> {
  let added = 0;
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    const r = await db.insertInto('deal').values(chunk).onConflict((oc) => oc.columns(['account_id', 'deal_id']).doNothing()).executeTakeFirst();
    added += Number(r.numInsertedOrUpdatedRows ?? 0);
  }
  return added;
}

export const allDeals = (db: Db, accountId: string) => db.selectFrom('deal').selectAll().where('account_id', '=', accountId).execute();

export async function countDeals(db: Db, accountId: string): Promise<number> {
  const r = await db.selectFrom('deal').select((eb) => eb.fn.countAll<number>().as('n')).where('account_id', '=', accountId).executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** Closed trades, newest first. */
export async function tradePage(db: Db, accountId: string, page: { page: number; limit: number }): Promise<{ rows: DealRow[]; total: number }> {
  const base = db.selectFrom('deal').where('account_id', '=', accountId).where('kind', '=', 'trade');
  const [rows, total] = await Promise.all([
    base.selectAll().orderBy('time', 'desc').orderBy('deal_id', 'desc').limit(page.limit).offset((page.page - 1) * page.limit).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** Whether any deal of the account carries `text` in its comment. */
export async function commentContains(db: Db, accountId: string, text: string): Promise<boolean> {
  const r = await db
    .selectFrom('deal')
    .select('deal_id')
    .where('account_id', '=', accountId)
    .where(sql`position(${text.toLowerCase()} in lower(comment))`, '>', 0)
    .limit(1)
    .executeTakeFirst();
  return r !== undefined;
}
