import type { Kysely } from '@brokerwise/sql';
import type { NotificationsTables } from './types.ts';

type Db = Kysely<NotificationsTables>;

export async function setCompanyFollow(db: Db, userId: string, companyId: string, following: boolean): Promise<void> {
  if (following) {
    await db.insertInto('company_follow').values({ company_id: companyId, user_id: userId }).onConflict((oc) => oc.columns(['company_id', 'user_id']).doNothing()).execute();
  } else {
    await db.deleteFrom('company_follow').where('company_id', '=', companyId).where('user_id', '=', userId).execute();
  }
}

export async function companyFollowState(db: Db, userId: string, companyId: string): Promise<{ following: boolean; followers: number }> {
  const [mine, count] = await Promise.all([
    db.selectFrom('company_follow').select('user_id').where('company_id', '=', companyId).where('user_id', '=', userId).executeTakeFirst(),
    db.selectFrom('company_follow').select((eb) => eb.fn.countAll<number>().as('n')).where('company_id', '=', companyId).executeTakeFirst(),
  ]);
  return { following: mine !== undefined, followers: Number(count?.n ?? 0) };
}

/** Everyone following the company (the notice fan-out). */
export async function companyFollowers(db: Db, companyId: string): Promise<string[]> {
  return (await db.selectFrom('company_follow').select('user_id').where('company_id', '=', companyId).execute()).map((r) => r.user_id);
}
