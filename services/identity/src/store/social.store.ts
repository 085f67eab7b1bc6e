import type { Kysely, Selectable } from '@brokerwise/sql';
import type { IdentityTables, SocialProvider } from './types.ts';

type Db = Kysely<IdentityTables>;
export type SocialIdentityRow = Selectable<IdentityTables['social_identity']>;

export const findSocialIdentity = (db: Db, provider: SocialProvider, subject: string): Promise<SocialIdentityRow | undefined> =>
  db.selectFrom('social_identity').selectAll().where('provider', '=', provider).where('subject', '=', subject).executeTakeFirst();

export async function insertSocialIdentity(db: Db, row: SocialIdentityRow): Promise<void> {
  await db.insertInto('social_identity').values(row).execute();
}
