import { randomBytes } from 'node:crypto';
import { enqueueEvent } from '@brokerwise/service-kit';
import { profileUpdated } from '../events/publish.ts';
import { isFollowing } from '../store/follow.store.ts';
import { EMAIL_UNIQUE, USERNAME_UNIQUE, findTaken, findUserById, findUsersByIds, updateEmail, updateProfile, violatedUnique, type UserRow } from '../store/user.store.ts';
import { checkCode, useCode } from './codes.ts';
import type { IdentityContext, RequestMeta } from './context.ts';
import { avatarKeyRefused, invalidInput, taken, userNotFound } from './errors.ts';
import { codeProblem, countryProblem, emailProblem, mottoProblem, normalizeEmail, normalizeUsername, profileUsernameProblem } from './rules.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function getUser(ctx: Pick<IdentityContext, 'db'>, id: string): Promise<UserRow> {
  const user = UUID.test(id) ? await findUserById(ctx.db, id) : undefined;
  if (!user) throw userNotFound();
  return user;
}

/** What anyone may see of a user, and whether `viewerId` follows them. */
export async function getPublicProfile(ctx: Pick<IdentityContext, 'db'>, id: string, viewerId: string | undefined): Promise<{ user: UserRow; followed: boolean }> {
  const user = await getUser(ctx, id);
  const followed = viewerId !== undefined && UUID.test(viewerId) && viewerId !== id ? await isFollowing(ctx.db, viewerId, id) : false;
  return { user, followed };
}

/** Key prefix of a user's avatars in the object store. */
export const avatarPrefix = (userId: string): string => `avatars/${userId}/`;

/** Decodes, checks and re-encodes the uploaded picture, then stores it under the user's prefix. */
export async function uploadAvatar(ctx: Pick<IdentityContext, 'db' | 'objects' | 'processAvatar'>, userId: string, bytes: Buffer): Promise<{ key: string }> {
  await getUser(ctx, userId);
  const image = await ctx.processAvatar(bytes);
  const key = `${avatarPrefix(userId)}${randomBytes(12).toString('hex')}.${image.extension}`;
  await ctx.objects.put(key, image.bytes, image.contentType);
  return { key };
}

export interface ProfileInput {
  username: string;
  countryCode: string | null;
  motto: string;
  /** undefined keeps the avatar; null removes it; a key must be one this user uploaded. */
  avatarKey?: string | null | undefined;
}

const AVATAR_KEY_TAIL = /^[0-9a-f]{24}\.(jpg|png)$/;

/** Profile edit (username 3–12, country required, motto ≤ 200) and `identity.user.profile_updated`. */
export async function editProfile(
  ctx: Pick<IdentityContext, 'db' | 'now' | 'objects'>,
  userId: string,
  input: ProfileInput,
  meta: RequestMeta = {},
): Promise<UserRow> {
  const current = await getUser(ctx, userId);
  const username = normalizeUsername(input.username);
  const fields: Record<string, string> = {};
  // A name kept as it is stays valid even if registration (3–15) allowed it longer than 12.
  const usernameProblem = username === current.username ? undefined : profileUsernameProblem(username);
  if (usernameProblem) fields.username = usernameProblem;
  const country = countryProblem(input.countryCode);
  if (country) fields.countryCode = country;
  const motto = mottoProblem(input.motto);
  if (motto) fields.motto = motto;
  if (Object.keys(fields).length > 0) throw invalidInput(fields);

  if (typeof input.avatarKey === 'string' && input.avatarKey !== current.avatar_key) {
    const prefix = avatarPrefix(userId);
    const ok = input.avatarKey.startsWith(prefix) && AVATAR_KEY_TAIL.test(input.avatarKey.slice(prefix.length)) && (await ctx.objects.head(input.avatarKey)) !== null;
    if (!ok) throw avatarKeyRefused();
  }
  if (username !== current.username && (await findTaken(ctx.db, { username }, userId)).username) throw taken({ username: 'taken' });

  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const row = await updateProfile(trx, userId, { username, countryCode: input.countryCode, motto: input.motto, avatarKey: input.avatarKey }, ctx.now());
      if (!row) throw userNotFound();
      await enqueueEvent(trx, profileUpdated(row, meta.correlationId));
      return row;
    });
  } catch (err) {
    if (violatedUnique(err) === USERNAME_UNIQUE) throw taken({ username: 'taken' });
    throw err;
  }
}

/** Binds (or changes) the user's email with a bind_email code sent to the new address. */
export async function bindEmail(
  ctx: Pick<IdentityContext, 'db' | 'now' | 'codeSecret'>,
  userId: string,
  input: { email: string; code: string },
  meta: RequestMeta = {},
): Promise<UserRow> {
  const fields: Record<string, string> = {};
  const emailP = emailProblem(input.email);
  if (emailP) fields.email = emailP;
  const codeP = codeProblem(input.code);
  if (codeP) fields.captcha = codeP;
  if (Object.keys(fields).length > 0) throw invalidInput(fields);
  await getUser(ctx, userId);
  const email = normalizeEmail(input.email);
  if ((await findTaken(ctx.db, { email }, userId)).email) throw taken({ email: 'taken' });
  const code = await checkCode(ctx, { email, purpose: 'bind_email', code: input.code, userId });
  const now = ctx.now();
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      await useCode(trx, code, now);
      const row = await updateEmail(trx, userId, email, now);
      if (!row) throw userNotFound();
      await enqueueEvent(trx, profileUpdated(row, meta.correlationId));
      return row;
    });
  } catch (err) {
    if (violatedUnique(err) === EMAIL_UNIQUE) throw taken({ email: 'taken' });
    throw err;
  }
}

const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Name and avatar of up to 100 users in one call (a page of posts or comments); unknown or malformed ids are left out. */
export async function publicCards(ctx: Pick<IdentityContext, 'db'>, ids: readonly string[]): Promise<UserRow[]> {
  const wanted = [...new Set(ids.map((id) => id.toLowerCase()).filter((id) => UUID_SHAPE.test(id)))].slice(0, 100);
  return findUsersByIds(ctx.db, wanted);
}
