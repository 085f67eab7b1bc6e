import type { Insertable, Kysely, Selectable, Updateable } from '@brokerwise/sql';
import type { ApplicationStatus, TraderTables } from './types.ts';

type Db = Kysely<TraderTables>;
export type ApplicationRow = Selectable<TraderTables['broker_application']>;

export const insertApplication = (db: Db, row: Insertable<TraderTables['broker_application']>) => db.insertInto('broker_application').values(row).returningAll().executeTakeFirstOrThrow();

export function findApplication(db: Db, id: string, opts: { forUpdate?: boolean } = {}): Promise<ApplicationRow | undefined> {
  let q = db.selectFrom('broker_application').selectAll().where('id', '=', id);
  if (opts.forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

export const updateApplication = (db: Db, id: string, patch: Updateable<TraderTables['broker_application']>) =>
  db.updateTable('broker_application').set(patch).where('id', '=', id).returningAll().executeTakeFirstOrThrow();

/** Oldest first for the pending queue; newest first otherwise. */
export async function applicationPage(db: Db, filter: { status?: ApplicationStatus | undefined; userId?: string | undefined }, page: { page: number; limit: number }): Promise<{ rows: ApplicationRow[]; total: number }> {
  let base = db.selectFrom('broker_application');
  if (filter.status) base = base.where('status', '=', filter.status);
  if (filter.userId) base = base.where('user_id', '=', filter.userId);
  const order = filter.status === 'pending' ? 'asc' : 'desc';
  const [rows, total] = await Promise.all([
    base.selectAll().orderBy('created_at', order).orderBy('id', order).limit(page.limit).offset((page.page - 1) * page.limit).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function pendingForServer(db: Db, server: string): Promise<ApplicationRow | undefined> {
  return db.selectFrom('broker_application').selectAll().where('status', '=', 'pending').where((eb) => eb(eb.fn('lower', ['server']), '=', server.toLowerCase())).executeTakeFirst();
}
