import { sql, type Kysely, type Selectable } from '@brokerwise/sql';
import type { Locale, NotificationsTables } from './types.ts';

type Db = Kysely<NotificationsTables>;
export type UserRow = Selectable<NotificationsTables['app_user']>;

/** identity.user.registered: the row starts here (a profile update that arrived first keeps its fields). */
export async function upsertRegistered(db: Db, u: { userId: string; username: string; email: string | null; locale: Locale; registeredAt: Date | null }): Promise<void> {
  await db
    .insertInto('app_user')
    .values({ user_id: u.userId, username: u.username, email: u.email, locale: u.locale, registered_at: u.registeredAt })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        locale: (eb) => eb.ref('excluded.locale'),
        registered_at: (eb) => eb.ref('excluded.registered_at'),
        // Only while no profile update (which is newer by definition) has been applied.
        username: sql`case when app_user.version = 0 then excluded.username else app_user.username end`,
        email: sql`case when app_user.version = 0 then excluded.email else app_user.email end`,
      }),
    )
    .execute();
}

/** identity.user.profile_updated: kept only if newer than what we hold. */
export async function upsertProfile(db: Db, u: { userId: string; username: string; email: string | null; version: number }): Promise<void> {
  await db
    .insertInto('app_user')
    .values({ user_id: u.userId, username: u.username, email: u.email, version: u.version })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ username: (eb) => eb.ref('excluded.username'), email: (eb) => eb.ref('excluded.email'), version: (eb) => eb.ref('excluded.version') })
        .where('app_user.version', '<', (eb) => eb.ref('excluded.version')),
    )
    .execute();
}

export async function findUser(db: Db, userId: string): Promise<UserRow | undefined> {
  return db.selectFrom('app_user').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function findUsers(db: Db, userIds: string[]): Promise<Map<string, UserRow>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.selectFrom('app_user').selectAll().where('user_id', 'in', [...new Set(userIds)]).execute();
  return new Map(rows.map((r) => [r.user_id, r]));
}

/** Users who turned non-essential mails off, among those with one of these addresses. */
export async function addressesOptedOut(db: Db, emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await db
    .selectFrom('app_user')
    .innerJoin('email_preference', 'email_preference.user_id', 'app_user.user_id')
    .select('app_user.email')
    .where('app_user.email', 'in', emails)
    .where('email_preference.non_essential', '=', false)
    .execute();
  return new Set(rows.map((r) => r.email!).filter(Boolean));
}
