import type { Kysely, Selectable } from '@brokerwise/sql';
import type { IdentityTables } from './types.ts';

type Db = Kysely<IdentityTables>;
export type SessionRow = Selectable<IdentityTables['session']>;

export async function insertSession(db: Db, s: Omit<SessionRow, 'revoked_at' | 'revoked_reason'>): Promise<SessionRow> {
  return db
    .insertInto('session')
    .values({ ...s, revoked_at: null, revoked_reason: null })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export const findSession = (db: Db, id: string): Promise<SessionRow | undefined> =>
  db.selectFrom('session').selectAll().where('id', '=', id).executeTakeFirst();

/** Revokes one session if still active; returns its id, or undefined if it already was. */
export async function revokeSession(db: Db, id: string, reason: string, now: Date): Promise<string | undefined> {
  const row = await db
    .updateTable('session')
    .set({ revoked_at: now, revoked_reason: reason })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** Revokes every active session of a user; returns their ids. */
export async function revokeUserSessions(db: Db, userId: string, reason: string, now: Date): Promise<string[]> {
  const rows = await db
    .updateTable('session')
    .set({ revoked_at: now, revoked_reason: reason })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .returning('id')
    .execute();
  return rows.map((r) => r.id).sort();
}

/** Sessions of a user neither revoked nor expired at `now`. */
export const countLiveSessions = async (db: Db, userId: string, now: Date): Promise<number> =>
  Number(
    (
      await db
        .selectFrom('session')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirstOrThrow()
    ).n,
  );
