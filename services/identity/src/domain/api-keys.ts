import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { AppError } from '@brokerwise/errors';
import { apiKeyByHash, apiKeysOf, countActiveApiKeys, insertApiKey, revokeApiKey, touchApiKey, type ApiKeyRow } from '../store/api-key.store.ts';
import type { IdentityContext } from './context.ts';
import { invalidInput } from './errors.ts';

/** Active keys one account may hold: enough for staging and production per app, few enough to keep track of. */
export const MAX_ACTIVE_KEYS = 10;
export const KEY_NAME_MAX = 60;
/** Keys read `bwk_` + 43 base64url characters (256 random bits). */
const KEY_SHAPE = /^bwk_[A-Za-z0-9_-]{43}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** last_used_at is written at most this often per key, so a busy key is not a write per call. */
const TOUCH_EVERY_MS = 60_000;

/**
 * The stored form of a key. A plain SHA-256 is enough (unlike passwords): the secret is 256 random
 * bits, so there is nothing to guess, and verification must be cheap on every API call.
 */
export const hashApiKey = (key: string): string => createHash('sha256').update(key).digest('base64url');

export interface ApiKeyView {
  id: string;
  name: string;
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}
const view = (r: ApiKeyRow): ApiKeyView => ({ id: r.id, name: r.name, prefix: r.prefix, createdAt: r.created_at, lastUsedAt: r.last_used_at, revokedAt: r.revoked_at });

/** Makes a key; the secret is in the answer once and never again. */
export async function createApiKey(ctx: Pick<IdentityContext, 'db' | 'now'>, userId: string, name: string): Promise<{ key: string; record: ApiKeyView }> {
  const trimmed = name.trim();
  if (trimmed === '') throw invalidInput({ name: 'key_name_required' });
  if ([...trimmed].length > KEY_NAME_MAX) throw new AppError({ code: 'identity.validation', kind: 'validation', message: 'Invalid input', fields: { name: 'key_name_length' }, params: { max: KEY_NAME_MAX } });
  if ((await countActiveApiKeys(ctx.db, userId)) >= MAX_ACTIVE_KEYS) {
    throw new AppError({ code: 'identity.api_key_limit', kind: 'conflict', message: 'Too many active API keys', params: { max: MAX_ACTIVE_KEYS } });
  }
  const key = `bwk_${randomBytes(32).toString('base64url')}`;
  const row = await insertApiKey(ctx.db, { id: randomUUID(), userId, name: trimmed, prefix: key.slice(0, 10), secretHash: hashApiKey(key), at: ctx.now() });
  return { key, record: view(row) };
}

export const listApiKeys = async (ctx: Pick<IdentityContext, 'db'>, userId: string): Promise<ApiKeyView[]> => (await apiKeysOf(ctx.db, userId)).map(view);

export async function revokeKey(ctx: Pick<IdentityContext, 'db' | 'now'>, userId: string, id: string): Promise<ApiKeyView & { secretHash: string }> {
  const row = UUID.test(id) ? await revokeApiKey(ctx.db, userId, id, ctx.now()) : undefined;
  if (!row) throw new AppError({ code: 'identity.api_key_not_found', kind: 'not_found', message: 'No such API key' });
  return { ...view(row), secretHash: row.secret_hash };
}

/** The key's id and owner when it is a live key; undefined otherwise (malformed, unknown, revoked). */
export async function verifyApiKey(ctx: Pick<IdentityContext, 'db' | 'now'>, key: string): Promise<{ id: string; userId: string } | undefined> {
  if (!KEY_SHAPE.test(key)) return undefined;
  const row = await apiKeyByHash(ctx.db, hashApiKey(key));
  if (!row || row.revoked_at !== null) return undefined;
  const now = ctx.now();
  if (!row.last_used_at || now.getTime() - row.last_used_at.getTime() >= TOUCH_EVERY_MS) await touchApiKey(ctx.db, row.id, now);
  return { id: row.id, userId: row.user_id };
}
