import { sql, type Kysely } from '@brokerwise/sql';
import type { IdentityTables } from './types.ts';
import type { UserRow } from './user.store.ts';

type Db = Kysely<IdentityTables>;

/**
 * Erases an account's personal data in place: email, names, avatar, country, motto, its password,
 * social sign-ins, pending codes and API keys. The row (its id, role history, sanctions, audit)
 * stays, as the law and the audit log need it; `username` becomes a neutral unique placeholder.
 */
export async function eraseAccount(db: Db, user: UserRow, at: Date): Promise<UserRow> {
  if (user.email) await db.deleteFrom('email_code').where('email', '=', user.email).execute();
  await db.deleteFrom('email_code').where('user_id', '=', user.id).execute();
  await db.deleteFrom('credential').where('user_id', '=', user.id).execute();
  await db.deleteFrom('social_identity').where('user_id', '=', user.id).execute();
  await db.updateTable('api_key').set({ revoked_at: at }).where('user_id', '=', user.id).where('revoked_at', 'is', null).execute();
  return db
    .updateTable('user_account')
    .set({
      email: null,
      username: `deleted-${user.id.replace(/-/g, '')}`,
      avatar_key: null,
      country_code: null,
      motto: '',
      deleted_at: at,
      updated_at: at,
      version: sql`version + 1`,
    })
    .where('id', '=', user.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
