import { sql, type Kysely, type Selectable } from '@brokerwise/sql';
import type { AccountType, IdentityTables, Role } from './types.ts';

type Db = Kysely<IdentityTables>;
export type UserRow = Selectable<IdentityTables['user_account']>;

export interface NewUser {
  id: string;
  email: string | null;
  username: string;
  accountType: AccountType;
  locale: string;
  now: Date;
  /** Default 'user'. */
  role?: Role | undefined;
}

export interface ProfileChange {
  username: string;
  countryCode: string | null;
  motto: string;
  /** undefined keeps the current avatar. */
  avatarKey?: string | null | undefined;
}

/** Unique constraints of user_account, as named in the migration. */
export const EMAIL_UNIQUE = 'user_account_email_key';
export const USERNAME_UNIQUE = 'user_account_username_ci';

/** The constraint a statement violated, when it failed on a unique constraint (SQLSTATE 23505). */
export function violatedUnique(err: unknown): string | undefined {
  const e = err as { code?: unknown; constraint?: unknown } | null;
  return e && e.code === '23505' && typeof e.constraint === 'string' ? e.constraint : undefined;
}

export const findUserById = (db: Db, id: string): Promise<UserRow | undefined> =>
  db.selectFrom('user_account').selectAll().where('id', '=', id).executeTakeFirst();

/** By email as stored (lower-cased); the caller lower-cases. */
export const findUserByEmail = (db: Db, email: string): Promise<UserRow | undefined> =>
  db.selectFrom('user_account').selectAll().where('email', '=', email).executeTakeFirst();

/** The row locked until the transaction ends (a role change reads and writes it). */
export const findUserByEmailForUpdate = (db: Db, email: string): Promise<UserRow | undefined> =>
  db.selectFrom('user_account').selectAll().where('email', '=', email).forUpdate().executeTakeFirst();

export const findUserByUsername = (db: Db, username: string): Promise<UserRow | undefined> =>
  db.selectFrom('user_account').selectAll().where(sql<string>`lower(username)`, '=', sql<string>`lower(${username})`).executeTakeFirst();

/** Whether the email and the username (case-insensitively) belong to someone other than `exceptUserId`. */
export async function findTaken(
  db: Db,
  wanted: { email?: string | undefined; username?: string | undefined },
  exceptUserId?: string,
): Promise<{ email: boolean; username: boolean }> {
  const taken = { email: false, username: false };
  if (wanted.email === undefined && wanted.username === undefined) return taken;
  let q = db
    .selectFrom('user_account')
    .select(['id', 'email', 'username'])
    .where((eb) =>
      eb.or([
        ...(wanted.email !== undefined ? [eb('email', '=', wanted.email)] : []),
        ...(wanted.username !== undefined ? [eb(sql<string>`lower(username)`, '=', sql<string>`lower(${wanted.username})`)] : []),
      ]),
    );
  if (exceptUserId) q = q.where('id', '<>', exceptUserId);
  for (const r of await q.execute()) {
    if (wanted.email !== undefined && r.email === wanted.email) taken.email = true;
    if (wanted.username !== undefined && r.username.toLowerCase() === wanted.username.toLowerCase()) taken.username = true;
  }
  return taken;
}

/** Usernames already used among `candidates`, lower-cased. */
export async function usernamesTaken(db: Db, candidates: string[]): Promise<Set<string>> {
  if (candidates.length === 0) return new Set();
  const rows = await db
    .selectFrom('user_account')
    .select(sql<string>`lower(username)`.as('name'))
    .where(
      sql<string>`lower(username)`,
      'in',
      candidates.map((c) => sql<string>`lower(${c})`),
    )
    .execute();
  return new Set(rows.map((r) => r.name));
}

export async function insertUser(db: Db, u: NewUser): Promise<UserRow> {
  return db
    .insertInto('user_account')
    .values({
      id: u.id,
      email: u.email,
      username: u.username,
      account_type: u.accountType,
      locale: u.locale,
      frozen_at: null,
      created_at: u.now,
      updated_at: u.now,
      avatar_key: null,
      country_code: null,
      ...(u.role ? { role: u.role } : {}),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateProfile(db: Db, id: string, c: ProfileChange, now: Date): Promise<UserRow | undefined> {
  return db
    .updateTable('user_account')
    .set({
      username: c.username,
      country_code: c.countryCode,
      motto: c.motto,
      ...(c.avatarKey !== undefined ? { avatar_key: c.avatarKey } : {}),
      updated_at: now,
      version: sql`version + 1`,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function updateEmail(db: Db, id: string, email: string, now: Date): Promise<UserRow | undefined> {
  return db
    .updateTable('user_account')
    .set({ email, updated_at: now, version: sql`version + 1` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** Adds `delta` to a user's follower or following count; returns the new value. */
export async function adjustFollowCount(db: Db, id: string, column: 'followers_count' | 'following_count', delta: 1 | -1): Promise<number> {
  const row = await db
    .updateTable('user_account')
    .set({ [column]: sql`${sql.ref(column)} + ${delta}` })
    .where('id', '=', id)
    .returning(column)
    .executeTakeFirstOrThrow();
  return Number((row as Record<string, number>)[column]);
}

/** Marks an account frozen (moderation) or lifts it (null). */
export async function setFrozen(db: Db, id: string, at: Date | null): Promise<void> {
  await db.updateTable('user_account').set({ frozen_at: at }).where('id', '=', id).execute();
}

export async function setRole(db: Db, id: string, role: Role, now: Date): Promise<void> {
  await db.updateTable('user_account').set({ role, updated_at: now, version: sql`version + 1` }).where('id', '=', id).execute();
}

/** Several users at once (author names on a page of posts); unknown ids are skipped. */
export async function findUsersByIds(db: Db, ids: readonly string[]): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('user_account').selectAll().where('id', 'in', [...ids]).execute();
}

/** Accounts whose name or email contains `keyword` (any case), newest first; all of them without one. */
export async function searchUsers(db: Db, q: { keyword: string; offset: number; limit: number }): Promise<{ rows: UserRow[]; total: number }> {
  let base = db.selectFrom('user_account');
  if (q.keyword) {
    const pattern = `%${q.keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where((eb) => eb.or([eb(sql<string>`lower(username)`, 'like', pattern), eb('email', 'like', pattern)]));
  }
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('created_at', 'desc').orderBy('id').offset(q.offset).limit(q.limit).execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** The row locked until the transaction ends. */
export const findUserByIdForUpdate = (db: Db, id: string): Promise<UserRow | undefined> =>
  db.selectFrom('user_account').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
