import { sql, type Kysely, type Selectable } from '@brokerwise/sql';
import type { CodePurpose, IdentityTables } from './types.ts';

type Db = Kysely<IdentityTables>;
export type CodeRow = Selectable<IdentityTables['email_code']>;

/**
 * Serialises code requests for one (email, purpose) until the transaction ends, so two
 * concurrent requests can't both pass the resend check.
 */
export async function lockCodeSlot(trx: Db, email: string, purpose: CodePurpose): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`email_code:${purpose}:${email}`}, 0))`.execute(trx);
}

/** The most recent code for (email, purpose), used or not. */
export const latestCode = (db: Db, email: string, purpose: CodePurpose): Promise<CodeRow | undefined> =>
  db
    .selectFrom('email_code')
    .selectAll()
    .where('email', '=', email)
    .where('purpose', '=', purpose)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();

export async function insertCode(db: Db, row: Omit<CodeRow, 'attempts' | 'consumed_at'>): Promise<void> {
  await db.insertInto('email_code').values({ ...row, consumed_at: null }).execute();
}

/** A new code replaces the older ones: they can no longer be used. */
export async function retireCodes(db: Db, email: string, purpose: CodePurpose, now: Date): Promise<void> {
  await db.updateTable('email_code').set({ consumed_at: now }).where('email', '=', email).where('purpose', '=', purpose).where('consumed_at', 'is', null).execute();
}

export async function deleteCode(db: Db, id: string): Promise<void> {
  await db.deleteFrom('email_code').where('id', '=', id).execute();
}

/** Counts a wrong attempt while the code is below `max`; returns the new count (undefined if already at max). */
export async function addWrongAttempt(db: Db, id: string, max: number): Promise<number | undefined> {
  const row = await db
    .updateTable('email_code')
    .set({ attempts: sql`attempts + 1` })
    .where('id', '=', id)
    .where('attempts', '<', max)
    .returning('attempts')
    .executeTakeFirst();
  return row?.attempts;
}

/** Marks the code used if it still is usable; false when another request used it first or it died. */
export async function consumeCode(db: Db, id: string, now: Date, maxAttempts: number): Promise<boolean> {
  const row = await db
    .updateTable('email_code')
    .set({ consumed_at: now })
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .where('attempts', '<', maxAttempts)
    .where('expires_at', '>', now)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Housekeeping: codes that expired before `before` can never be used again. Returns how many went. */
export async function purgeCodes(db: Db, before: Date): Promise<number> {
  const r = await db.deleteFrom('email_code').where('expires_at', '<', before).executeTakeFirst();
  return Number(r.numDeletedRows);
}
