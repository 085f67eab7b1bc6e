import type { Kysely } from '@brokerwise/sql';
import type { TraderTables } from './types.ts';

type Db = Kysely<TraderTables>;
export type SealedTable = 'account' | 'broker_application';

/** Rows (locked, skipping locked ones) whose password was sealed with another key than `currentKeyId`. */
export const staleSealed = (db: Db, table: SealedTable, currentKeyId: string, limit: number) =>
  db.selectFrom(table).select(['id', 'password_ct', 'password_key_id']).where('password_key_id', '<>', currentKeyId).where('password_ct', 'is not', null).limit(limit).forUpdate().skipLocked().execute();

export const reseal = (db: Db, table: SealedTable, id: string, sealed: { keyId: string; bytes: Uint8Array }) =>
  db.updateTable(table).set({ password_ct: sealed.bytes, password_key_id: sealed.keyId }).where('id', '=', id).execute();
