import type { Kysely, Selectable } from '@brokerwise/sql';
import type { ClaimStatus, IdentityTables } from './types.ts';

type Db = Kysely<IdentityTables>;
export type ClaimRow = Selectable<IdentityTables['company_claim']>;
export type ClaimWithUser = ClaimRow & { username: string };

export const LIVE_CLAIM = 'company_claim_live';

export async function insertClaim(
  db: Db,
  c: {
    id: string;
    userId: string;
    companyId: string;
    companyName: string;
    companyHost: string;
    email: string;
    at: Date;
  },
): Promise<ClaimRow> {
  return db
    .insertInto('company_claim')
    .values({
      id: c.id,
      user_id: c.userId,
      company_id: c.companyId,
      company_name: c.companyName,
      company_host: c.companyHost,
      email: c.email,
      status: 'awaiting_code',
      created_at: c.at,
      verified_at: null,
      decided_at: null,
      decided_by: null,
      revoked_at: null,
      revoked_by: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The account's live claim on a company (waiting for its code or an administrator, or approved). */
export const liveClaim = (db: Db, userId: string, companyId: string): Promise<ClaimRow | undefined> =>
  db
    .selectFrom('company_claim')
    .selectAll()
    .where('user_id', '=', userId)
    .where('company_id', '=', companyId)
    .where('status', 'in', ['awaiting_code', 'awaiting_approval', 'approved'])
    .executeTakeFirst();

export const findClaim = (db: Db, id: string): Promise<ClaimRow | undefined> =>
  db.selectFrom('company_claim').selectAll().where('id', '=', id).executeTakeFirst();

export const findClaimForUpdate = (db: Db, id: string): Promise<ClaimRow | undefined> =>
  db.selectFrom('company_claim').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

export async function updateClaim(
  db: Db,
  id: string,
  change: Partial<
    Pick<
      ClaimRow,
      'status' | 'email' | 'company_name' | 'company_host' | 'verified_at' | 'decided_at' | 'decided_by' | 'decision_reason' | 'revoked_at' | 'revoked_by'
    >
  >,
): Promise<ClaimRow> {
  return db.updateTable('company_claim').set(change).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** An account's claims, newest first. */
export const claimsOf = (db: Db, userId: string): Promise<ClaimRow[]> =>
  db.selectFrom('company_claim').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id').execute();

/** Claims in a status (or all but unfinished ones), oldest first, with the claimant's username. */
export async function listClaims(db: Db, q: { statuses: ClaimStatus[]; offset: number; limit: number }): Promise<{ rows: ClaimWithUser[]; total: number }> {
  const base = db.selectFrom('company_claim as c').innerJoin('user_account as u', 'u.id', 'c.user_id').where('c.status', 'in', q.statuses);
  const [rows, count] = await Promise.all([
    base.selectAll('c').select('u.username').orderBy('c.created_at').orderBy('c.id').offset(q.offset).limit(q.limit).execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** The companies an account represents now (approved claims). */
export const representedBy = (db: Db, userId: string): Promise<ClaimRow[]> =>
  db.selectFrom('company_claim').selectAll().where('user_id', '=', userId).where('status', '=', 'approved').orderBy('decided_at').execute();

/** The verified representatives of a company (complaint cases tell them; ADR 031). */
export const representativesOf = (db: Db, companyId: string): Promise<ClaimRow[]> =>
  db.selectFrom('company_claim').selectAll().where('company_id', '=', companyId).where('status', '=', 'approved').orderBy('decided_at').execute();

/** A deleted account's claims: the live ones end (revoked by the deleting admin), every mailbox is erased. */
export async function endClaimsOf(db: Db, userId: string, adminId: string, now: Date): Promise<void> {
  await db
    .updateTable('company_claim')
    .set({ status: 'revoked', revoked_at: now, revoked_by: adminId })
    .where('user_id', '=', userId)
    .where('status', 'in', ['awaiting_code', 'awaiting_approval', 'approved'])
    .execute();
  await db.updateTable('company_claim').set({ email: '' }).where('user_id', '=', userId).execute();
}
