import type { Kysely } from '@brokerwise/sql';
import type { IdentityTables } from './types.ts';

type Db = Kysely<IdentityTables>;

export async function findPasswordHash(db: Db, userId: string): Promise<string | undefined> {
  const row = await db.selectFrom('credential').select('password_hash').where('user_id', '=', userId).executeTakeFirst();
  return row?.password_hash;
}

/** Sets (or first sets, for an account created by social sign-in) the password hash. */
export async function savePasswordHash(db: Db, userId: string, hash: string, now: Date): Promise<void> {
  await db
    .insertInto('credential')
    .values({ user_id: userId, password_hash: hash, changed_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ password_hash: hash, changed_at: now }))
    .execute();
}
