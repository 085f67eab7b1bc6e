import { sharedWhilePending, traderSyncDuration, traderSyncFailures, traderSyncOldestDue, traderSyncQueue } from '@brokerwise/metrics';
import { enqueueEvent } from '@brokerwise/service-kit';
import { accountSynced, statsUpdated } from '../events/publish.ts';
import { claimDue, dueBacklog, findAccount, updateAccount, updateActiveAccount, type AccountRow } from '../store/account.store.ts';
import { findServer } from '../store/broker.store.ts';
import { commentContains, countDeals, insertDeals } from '../store/deal.store.ts';
import { isConnectorError, type AccountSummary, type ConnectorErrorCode } from './connector.ts';
import type { TraderContext } from './context.ts';
import type { Deal } from './deal.ts';
import { dealToRow, recomputeAccount } from './recompute.ts';

/** Most deals one sync takes in; the rest follow at the next sync (the cursor continues). */
const MAX_DEALS_PER_SYNC = 50_000;

export type SyncOutcome = { ok: true; added: number } | { ok: false; error: ConnectorErrorCode | 'credentials_unreadable' | 'internal' };

/** Backoff after the n-th consecutive failure: base × 2^(n−1), at most max. */
export const backoffMs = (failures: number, base: number, max: number): number => Math.min(max, base * 2 ** Math.max(0, failures - 1));

/**
 * One sync of one bridge account: summary and new deals from the bridge (outside any
 * transaction, bounded by the per-account timeout), then in one transaction: new deals (ids
 * unique per account, so a repeated page adds nothing), cursor, summary, statistics and ranking,
 * verification, sync state, and the events. A failure only marks this account's sync state
 * (reason, next attempt with exponential backoff).
 */
export async function syncAccount(ctx: TraderContext, account: AccountRow, requestId?: string): Promise<SyncOutcome> {
  const startedAt = ctx.now();
  let password: string;
  try {
    password = ctx.keyring.open({ keyId: account.password_key_id ?? '', bytes: account.password_ct ?? new Uint8Array() }, account.id);
  } catch {
    return fail(ctx, account, 'credentials_unreadable', startedAt);
  }
  const server = await findServer(ctx.db, account.server_id);
  const target = { bridgeUrl: server?.bridge_url || ctx.sync.defaultBridgeUrl, server: account.server, login: account.account_number, password, requestId };
  const signal = AbortSignal.timeout(ctx.sync.timeoutMs);
  let summary: AccountSummary;
  const deals: Deal[] = [];
  let cursor = account.cursor;
  let more = false;
  try {
    summary = await ctx.connector.summary(target, signal);
    let restarted = false;
    for (;;) {
      let page;
      try {
        page = await ctx.connector.deals(target, cursor, ctx.sync.pageSize, signal);
      } catch (err) {
        // The bridge lost our cursor (a new bridge for the server): start over; ids deduplicate.
        if (isConnectorError(err) && err.code === 'bad_cursor' && !restarted) {
          restarted = true;
          cursor = null;
          continue;
        }
        throw err;
      }
      deals.push(...page.deals);
      cursor = page.nextCursor;
      if (!page.hasMore) break;
      if (deals.length >= MAX_DEALS_PER_SYNC) {
        more = true;
        break;
      }
    }
  } catch (err) {
    if (isConnectorError(err)) return fail(ctx, account, err.code === 'bad_cursor' ? 'bad_response' : err.code, startedAt);
    if (signal.aborted) return fail(ctx, account, 'timeout', startedAt);
    throw err;
  }

  return ctx.db.transaction().execute(async (trx) => {
    const current = await findAccount(trx, account.id, { forUpdate: true });
    // Unbound while we were reading: keep nothing.
    if (!current || current.status !== 'active') return { ok: true as const, added: 0 };
    const added = await insertDeals(trx, deals.map((d) => dealToRow(account.id, d)));
    const now = ctx.now();
    const code = current.verify_code && current.verify_expires_at && current.verify_expires_at > now ? current.verify_code : null;
    const verified = current.verified_at ?? (code && (summary.name.toUpperCase().includes(code) || (await commentContains(trx, account.id, code))) ? now : null);
    // Lazy re-encryption: a password sealed with a retired key is sealed again with the current one.
    const resealed = ctx.keyring.isStale(current.password_key_id ?? '') ? ctx.keyring.seal(password, account.id) : null;
    await updateAccount(trx, account.id, {
      cursor,
      currency: summary.currency,
      leverage: summary.leverage,
      live: summary.live,
      equity: summary.equity,
      sync_state: 'ok',
      sync_error: null,
      sync_failures: 0,
      last_attempt_at: startedAt,
      last_success_at: now,
      // A long history arrives over several syncs: the next one follows at once.
      next_sync_at: more ? now : new Date(now.getTime() + ctx.sync.intervalMs),
      verified_at: verified,
      ...(verified && !current.verified_at ? { verify_code: null, verify_expires_at: null } : {}),
      ...(resealed ? { password_ct: resealed.bytes, password_key_id: resealed.keyId } : {}),
    });
    const updated = await recomputeAccount(trx, account.id, now, summary.equity);
    const total = await countDeals(trx, account.id);
    await enqueueEvent(trx, accountSynced(updated, added, total, now, requestId));
    await enqueueEvent(trx, statsUpdated(updated, now, requestId));
    return { ok: true as const, added };
  });
}

async function fail(ctx: Pick<TraderContext, 'db' | 'now' | 'sync'>, account: AccountRow, error: Exclude<SyncOutcome, { ok: true }>['error'], startedAt: Date): Promise<SyncOutcome> {
  const failures = account.sync_failures + 1;
  // Wrong credentials will not fix themselves: wait the longest backoff (or a "sync now").
  const wait = error === 'invalid_credentials' || error === 'credentials_unreadable' ? ctx.sync.retryMaxMs : backoffMs(failures, ctx.sync.retryBaseMs, ctx.sync.retryMaxMs);
  await updateActiveAccount(ctx.db, account.id, { sync_state: 'failing', sync_error: error, sync_failures: failures, last_attempt_at: startedAt, next_sync_at: new Date(ctx.now().getTime() + wait) });
  return { ok: false, error };
}

export interface SchedulerLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * The worker's loop, in lanes: up to `concurrency` lanes, each claiming ONE due account at a
 * time, syncing it (bounded by its own timeout) and claiming the next until none is due. A slow
 * or hanging bridge holds up only its own lane: every tick and every `poke` start the free lanes
 * at once, and no account sits claimed (leased, hidden from other workers) while it waits its
 * turn. An account failing, hanging or throwing affects only its own state. Claims are leased in
 * the database, so several workers share the accounts without syncing one twice.
 */
export class SyncScheduler {
  private readonly ctx: TraderContext;
  private readonly tickMs: number;
  private readonly concurrency: number;
  private readonly log: SchedulerLog;
  private readonly afterSync: () => void;
  private readonly lanes = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  private stopped = true;
  private untrack: (() => void)[] = [];

  constructor(opts: { ctx: TraderContext; tickMs: number; concurrency: number; log: SchedulerLog; afterSync?: () => void }) {
    this.ctx = opts.ctx;
    this.tickMs = opts.tickMs;
    this.concurrency = opts.concurrency;
    this.log = opts.log;
    this.afterSync = opts.afterSync ?? (() => {});
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    // Both queue gauges from one query per scrape.
    const backlog = sharedWhilePending(() => dueBacklog(this.ctx.db, this.ctx.now()));
    this.untrack = [
      traderSyncQueue.track(async () => (await backlog()).count),
      traderSyncOldestDue.track(async () => {
        const { oldestDueAt } = await backlog();
        return oldestDueAt ? Math.max(0, (this.ctx.now().getTime() - oldestDueAt.getTime()) / 1000) : 0;
      }),
    ];
    this.tick();
  }

  /** Run soon (a "sync now" or a new binding in the same process): starts a free lane now. */
  poke(): void {
    this.fill();
  }

  /** Stops claiming and waits for the lanes (each ends the account in hand). */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const undo of this.untrack.splice(0)) undo();
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await Promise.all([...this.lanes]);
  }

  private tick(): void {
    if (this.stopped) return;
    this.fill();
    this.timer = setTimeout(() => this.tick(), this.tickMs);
    this.timer.unref();
  }

  /** Starts one lane if one is free; a lane that finds work starts the next (so idle ticks cost one query). */
  private fill(): void {
    if (this.stopped || this.lanes.size >= this.concurrency) return;
    const lane: Promise<void> = this.lane()
      .catch((err: unknown) => this.log.error({ err }, 'sync lane failed'))
      .finally(() => this.lanes.delete(lane));
    this.lanes.add(lane);
  }

  private async lane(): Promise<void> {
    while (!this.stopped) {
      const now = this.ctx.now();
      // The lease outlasts the sync's timeout, so a crashed worker's claims come back on their own.
      const lease = new Date(now.getTime() + this.ctx.sync.timeoutMs * 3 + 60_000);
      const [account] = await claimDue(this.ctx.db, now, lease, 1);
      if (!account) return;
      this.fill();
      const timer = traderSyncDuration.startTimer();
      try {
        const outcome = await syncAccount(this.ctx, account);
        timer({ outcome: outcome.ok ? 'ok' : 'failed' });
        if (!outcome.ok) traderSyncFailures.inc();
        if (!outcome.ok) this.log.warn({ accountId: account.id, error: outcome.error }, 'account sync failed');
      } catch (err) {
        timer({ outcome: 'failed' });
        traderSyncFailures.inc();
        this.log.error({ err, accountId: account.id }, 'account sync crashed');
        await fail(this.ctx, account, 'internal', this.ctx.now()).catch(() => undefined);
      }
      this.afterSync();
    }
  }
}
