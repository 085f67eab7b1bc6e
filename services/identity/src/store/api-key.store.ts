import type { Kysely, Selectable } from '@brokerwise/sql';
import type { IdentityTables } from './types.ts';

type Db = Kysely<IdentityTables>;
export type ApiKeyRow = Selectable<IdentityTables['api_key']>;

export const insertApiKey = (db: Db, k: { id: string; userId: string; name: string; prefix: string; secretHash: string; at: Date }): Promise<ApiKeyRow> =>
  db
    .insertInto('api_key')
    .values({ id: k.id, user_id: k.userId, name: k.name, prefix: k.prefix, secret_hash: k.secretHash, created_at: k.at, last_used_at: null, revoked_at: null })
    .returningAll()
    .executeTakeFirstOrThrow();

/** A user's keys, newest first, revoked ones included (the owner sees when they stopped). */
export const apiKeysOf = (db: Db, userId: string): Promise<ApiKeyRow[]> =>
  db.selectFrom('api_key').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id').execute();

export const countActiveApiKeys = async (db: Db, userId: string): Promise<number> =>
  Number((await db.selectFrom('api_key').select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', userId).where('revoked_at', 'is', null).executeTakeFirstOrThrow()).n);

/** Revokes one of the user's keys; undefined when it is not theirs (or does not exist). */
export const revokeApiKey = (db: Db, userId: string, id: string, at: Date): Promise<ApiKeyRow | undefined> =>
  db
    .updateTable('api_key')
    .set((eb) => ({ revoked_at: eb.fn.coalesce('revoked_at', eb.val(at)) }))
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();

export const apiKeyByHash = (db: Db, secretHash: string): Promise<ApiKeyRow | undefined> =>
  db.selectFrom('api_key').selectAll().where('secret_hash', '=', secretHash).executeTakeFirst();

/** Marks a key used; written at most once a minute per key (see verifyApiKey). */
export const touchApiKey = (db: Db, id: string, at: Date): Promise<unknown> => db.updateTable('api_key').set({ last_used_at: at }).where('id', '=', id).execute();
