import { randomInt, randomUUID } from 'node:crypto';
import { enqueueEvent } from '@brokerwise/service-kit';
import { accountBound, statsUpdated } from '../events/publish.ts';
import { accountsOfUser, findAccount, findActiveBinding, insertAccount, unsyncedState, updateAccount, type AccountRow } from '../store/account.store.ts';
import { countBindFailures, recordBindFailure } from '../store/bind-check.store.ts';
import { findBrokerBySlug, findServerByName, type ServerRow } from '../store/broker.store.ts';
import { tradePage } from '../store/deal.store.ts';
import type { AccountSource, StrategyType, Visibility } from '../store/types.ts';
import { isConnectorError } from './connector.ts';
import type { RequestMeta, TraderContext } from './context.ts';
import { accountClosed, accountNotFound, alreadyVerified, bindThrottled, brokerUnavailable, invalidInput, notBridgeAccount, notOwner } from './errors.ts';
import { rankColumns, statsOf } from './recompute.ts';

export interface BindInput {
  userId: string;
  username: string;
  /** Broker: the catalogue slug (as /api/brokers/traderbroker lists it); optional when the server names it. */
  broker?: string | undefined;
  server?: string | undefined;
  accountNumber?: string | undefined;
  password?: string | undefined;
  nickname?: string | undefined;
  description?: string | undefined;
  strategyType?: string | undefined;
  visibility?: string | undefined;
  source?: string | undefined;
}

export const LIMITS = { nickname: [2, 30], description: [0, 500], password: [4, 64] } as const;
const ACCOUNT_NUMBER = /^[0-9]{3,12}$/;

/** Every field checked at once: field → code (required, length, format, one_of). */
function validateBind(b: BindInput): { source: AccountSource; type: StrategyType; visibility: Visibility; nickname: string; description: string; accountNumber: string; server: string } {
  const fields: Record<string, string> = {};
  const source = (b.source ?? 'bridge') as AccountSource;
  if (source !== 'bridge' && source !== 'statement') fields.source = 'one_of';
  const server = (b.server ?? '').trim();
  if (!server) fields.server = 'required';
  const accountNumber = (b.accountNumber ?? '').trim();
  if (!accountNumber) fields.account = 'required';
  else if (!ACCOUNT_NUMBER.test(accountNumber)) fields.account = 'format';
  if (source === 'bridge') {
    if (!b.password) fields.password = 'required';
    else if (b.password.length < LIMITS.password[0] || b.password.length > LIMITS.password[1]) fields.password = 'length';
  }
  const nickname = (b.nickname ?? '').trim();
  if (!nickname) fields.nickname = 'required';
  else if ([...nickname].length < LIMITS.nickname[0] || [...nickname].length > LIMITS.nickname[1]) fields.nickname = 'length';
  const description = (b.description ?? '').trim();
  if ([...description].length > LIMITS.description[1]) fields.description = 'length';
  const type = (b.strategyType ?? '') as StrategyType;
  if (type !== 'manual' && type !== 'mixed') fields.type = b.strategyType ? 'one_of' : 'required';
  const visibility = (b.visibility ?? 'public') as Visibility;
  if (visibility !== 'public' && visibility !== 'hidden') fields.visibility = 'one_of';
  if (Object.keys(fields).length > 0) throw invalidInput(fields);
  return { source, type, visibility, nickname, description, accountNumber, server };
}

/** Where the account is bound, checked without locking: a refusal costs no call to the bridge. */
async function bindTarget(db: TraderContext['db'], input: BindInput, v: { server: string; accountNumber: string }): Promise<ServerRow> {
  const server = await findServerByName(db, v.server);
  if (!server) throw invalidInput({ server: 'unknown' });
  if (input.broker) {
    const broker = await findBrokerBySlug(db, input.broker);
    if (!broker || broker.company_id !== server.company_id) throw invalidInput({ server: 'broker_mismatch' });
  }
  const existing = await findActiveBinding(db, server.id, v.accountNumber);
  if (existing) throw invalidInput({ account: existing.user_id === input.userId ? 'bound' : 'taken' });
  return server;
}

/**
 * Asks the server's bridge for the account's summary with the read-only password: a wrong
 * password or an unknown account is a field error, a bridge that fails or does not answer within
 * `bindCheckTimeoutMs` a 503. Either way nothing is stored. Refusals are counted per user and
 * per account; past `sync.bindFailures` the bridge is not asked (429) until the oldest leaves the
 * window, so the form cannot be used to guess investor passwords.
 */
async function checkWithBridge(ctx: Pick<TraderContext, 'db' | 'now' | 'connector' | 'sync'>, server: ServerRow, userId: string, login: string, password: string, requestId: string | undefined): Promise<void> {
  const { perUser, perAccount, windowMs } = ctx.sync.bindFailures;
  const now = ctx.now();
  const since = new Date(now.getTime() - windowMs);
  const failures = await countBindFailures(ctx.db, { userId, serverId: server.id, accountNumber: login, since });
  const full = [failures.user.count >= perUser ? failures.user.oldest : null, failures.account.count >= perAccount ? failures.account.oldest : null].filter((d): d is Date => d !== null);
  if (full.length > 0) {
    const until = Math.max(...full.map((d) => d.getTime() + windowMs));
    throw bindThrottled(Math.max(1, Math.ceil((until - now.getTime()) / 1000)));
  }
  const refused = async (field: string, code: string) => {
    await recordBindFailure(ctx.db, { userId, serverId: server.id, accountNumber: login, at: now, forgetBefore: since });
    return invalidInput({ [field]: code });
  };
  const signal = AbortSignal.timeout(ctx.sync.bindCheckTimeoutMs);
  try {
    await ctx.connector.summary({ bridgeUrl: server.bridge_url || ctx.sync.defaultBridgeUrl, server: server.name, login, password, requestId }, signal);
  } catch (err) {
    if (isConnectorError(err) && err.code === 'invalid_credentials') throw await refused('password', 'refused');
    if (isConnectorError(err) && err.code === 'account_not_found') throw await refused('account', 'not_found');
    if (isConnectorError(err) || signal.aborted) throw brokerUnavailable(isConnectorError(err) ? err.code : 'timeout', err);
    throw err;
  }
}

/**
 * Binds an account (server + number) to the user. One binding per account: another user's
 * active binding is a field error (`account: taken`), the user's own a `account: bound`.
 * A bridge account's read-only password is checked with the bridge first (outside the
 * transaction: the call may take seconds); it is then sealed with the current key, the row's id
 * as associated data.
 */
export async function bindAccount(ctx: Pick<TraderContext, 'db' | 'now' | 'keyring' | 'connector' | 'sync'>, input: BindInput, meta: RequestMeta = {}): Promise<AccountRow> {
  const v = validateBind(input);
  const target = await bindTarget(ctx.db, input, v);
  if (v.source === 'bridge') await checkWithBridge(ctx, target, input.userId, v.accountNumber, input.password!, meta.correlationId);
  return ctx.db.transaction().execute(async (trx) => {
    // Again inside the transaction: the server or a binding may have changed during the check.
    const server = await bindTarget(trx, input, v);
    const id = randomUUID();
    const now = ctx.now();
    const sealed = v.source === 'bridge' ? ctx.keyring.seal(input.password!, id) : null;
    const row = await insertAccount(trx, {
      id,
      user_id: input.userId,
      username: input.username,
      server_id: server.id,
      server: server.name,
      company_id: server.company_id,
      broker_name: server.broker_name,
      account_number: v.accountNumber,
      nickname: v.nickname,
      description: v.description,
      strategy_type: v.type,
      visibility: v.visibility,
      source: v.source,
      status: 'active',
      closed_at: null,
      password_ct: sealed?.bytes ?? null,
      password_key_id: sealed?.keyId ?? null,
      bound_at: now,
      // Bridge accounts are synced at once; statement accounts wait for their upload.
      ...unsyncedState(v.source === 'bridge' ? now : null),
    }).catch((err: unknown) => {
      // Two binds of the same account raced: the unique index decided.
      if ((err as { code?: string }).code === '23505') throw invalidInput({ account: 'taken' });
      throw err;
    });
    await enqueueEvent(trx, accountBound(row, meta.correlationId));
    return row;
  });
}

export const myAccounts = (ctx: Pick<TraderContext, 'db'>, userId: string) => accountsOfUser(ctx.db, userId);

/** An account as `viewer` may see it: public ones to everybody, hidden ones to their owner only. */
export async function viewAccount(ctx: Pick<TraderContext, 'db'>, id: string, viewer: string | undefined): Promise<AccountRow> {
  const row = UUID.test(id) ? await findAccount(ctx.db, id) : undefined;
  if (!row || (row.visibility === 'hidden' && row.user_id !== viewer)) throw accountNotFound();
  return row;
}

export async function accountOrders(ctx: Pick<TraderContext, 'db'>, id: string, viewer: string | undefined, page: { page: number; limit: number }) {
  const account = await viewAccount(ctx, id, viewer);
  return { account, ...(await tradePage(ctx.db, account.id, page)) };
}

/** The owner's own account for a change, locked; hidden accounts of others look absent. */
async function ownAccount(ctx: Pick<TraderContext, 'db'>, trx: TraderContext['db'], id: string, userId: string, opts: { active: boolean }): Promise<AccountRow> {
  const row = UUID.test(id) ? await findAccount(trx, id, { forUpdate: true }) : undefined;
  if (!row || (row.user_id !== userId && row.visibility === 'hidden')) throw accountNotFound();
  if (row.user_id !== userId) throw notOwner();
  if (opts.active && row.status !== 'active') throw accountClosed();
  return row;
}

export async function setVisibility(ctx: Pick<TraderContext, 'db' | 'now'>, id: string, userId: string, visibility: Visibility, meta: RequestMeta = {}): Promise<AccountRow> {
  if (visibility !== 'public' && visibility !== 'hidden') throw invalidInput({ visibility: 'one_of' });
  return ctx.db.transaction().execute(async (trx) => {
    const row = await ownAccount(ctx, trx, id, userId, { active: false });
    const now = ctx.now();
    const updated = (await updateAccount(trx, row.id, { visibility, ...rankColumns({ ...row, visibility }, statsOf(row), now) }))!;
    if (updated.stats) await enqueueEvent(trx, statsUpdated(updated, now, meta.correlationId));
    return updated;
  });
}

/**
 * Unbinding closes the account: it stops syncing, leaves the ranking, forgets the password, and
 * keeps its history on the owner's profile (a blown account cannot be erased to flatter a record).
 */
export async function unbindAccount(ctx: Pick<TraderContext, 'db' | 'now'>, id: string, userId: string, meta: RequestMeta = {}): Promise<AccountRow> {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await ownAccount(ctx, trx, id, userId, { active: true });
    const now = ctx.now();
    const updated = (await updateAccount(trx, row.id, {
      status: 'closed',
      closed_at: now,
      next_sync_at: null,
      password_ct: null,
      password_key_id: null,
      verify_code: null,
      verify_expires_at: null,
      ...rankColumns({ ...row, status: 'closed' }, statsOf(row), now),
    }))!;
    if (updated.stats) await enqueueEvent(trx, statsUpdated(updated, now, meta.correlationId));
    return updated;
  });
}

/** "Sync now": the account is due at once; the worker picks it up at its next tick. */
export async function requestSync(ctx: Pick<TraderContext, 'db' | 'now'>, id: string, userId: string): Promise<AccountRow> {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await ownAccount(ctx, trx, id, userId, { active: true });
    if (row.source !== 'bridge') throw notBridgeAccount();
    return (await updateAccount(trx, row.id, { next_sync_at: ctx.now() }))!;
  });
}

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const VERIFY_TTL_MS = 7 * 86_400_000;

/**
 * Ownership verification: a short code the owner puts as the account's name in the platform or
 * as an order's comment; the next sync that sees it marks the account verified. A new request
 * replaces the previous code.
 */
export async function requestVerification(ctx: Pick<TraderContext, 'db' | 'now'>, id: string, userId: string): Promise<AccountRow> {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await ownAccount(ctx, trx, id, userId, { active: true });
    if (row.source !== 'bridge') throw notBridgeAccount();
    if (row.verified_at) throw alreadyVerified();
    const code = `BW-${Array.from({ length: 6 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('')}`;
    return (await updateAccount(trx, row.id, { verify_code: code, verify_expires_at: new Date(ctx.now().getTime() + VERIFY_TTL_MS) }))!;
  });
}

export async function verificationOf(ctx: Pick<TraderContext, 'db'>, id: string, userId: string): Promise<AccountRow> {
  const row = UUID.test(id) ? await findAccount(ctx.db, id) : undefined;
  if (!row || (row.user_id !== userId && row.visibility === 'hidden')) throw accountNotFound();
  if (row.user_id !== userId) throw notOwner();
  return row;
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
