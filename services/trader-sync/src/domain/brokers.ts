import { randomUUID } from 'node:crypto';
import { enqueueEvent } from '@brokerwise/service-kit';
import type { Kysely } from '@brokerwise/sql';
import { applicationApproved, applicationRejected } from '../events/publish.ts';
import { rankedPage, verifiedPairs, type AccountRow, type RankSort } from '../store/account.store.ts';
import { applicationPage, findApplication, insertApplication, pendingForServer, updateApplication, type ApplicationRow } from '../store/application.store.ts';
import { bindableBrokers, brokersByIds, type BrokerRow, findBrokerBySlug, findServerByName, insertServer, searchServers, upsertBroker } from '../store/broker.store.ts';
import type { ApplicationStatus, StrategyType, TraderTables } from '../store/types.ts';
import { UUID } from './accounts.ts';
import type { RequestMeta, TraderContext } from './context.ts';
import { alreadyDecided, applicationNotFound, invalidInput } from './errors.ts';

// ------------------------------------------------------------------ read model of catalogue brokers

export interface CompanyEvent {
  id: string;
  slug: string;
  name: string;
  category: string;
  version: number;
}

/** Keeps Brokers only; a company that leaves the category counts as removed. Older versions are dropped. */
export async function onCompanyUpserted(db: Kysely<TraderTables>, c: CompanyEvent, at: Date): Promise<boolean> {
  return upsertBroker(db, { companyId: c.id, slug: c.slug, name: c.name, version: c.version, removed: c.category !== 'Brokers', at });
}

export async function onCompanyRemoved(db: Kysely<TraderTables>, c: { id: string; slug: string; version: number }, at: Date): Promise<void> {
  await upsertBroker(db, { companyId: c.id, slug: c.slug, name: c.slug, version: c.version, removed: true, at });
}

export const listBindableBrokers = (ctx: Pick<TraderContext, 'db'>) => bindableBrokers(ctx.db);

export const findServers = (ctx: Pick<TraderContext, 'db'>, query: string, limit: number) => searchServers(ctx.db, query, limit);

// ------------------------------------------------------------------ broker applications

export interface ApplicationInput {
  userId: string;
  brokerName?: string | undefined;
  website?: string | undefined;
  server?: string | undefined;
  sampleAccount?: string | undefined;
  password?: string | undefined;
}

const SERVER_NAME = /^[A-Za-z0-9][A-Za-z0-9 ._-]{1,62}[A-Za-z0-9]$/;

/** A trader asks for a broker to be added: queued for an admin; the sample password is sealed. */
export async function submitApplication(ctx: Pick<TraderContext, 'db' | 'now' | 'keyring'>, input: ApplicationInput): Promise<ApplicationRow> {
  const fields: Record<string, string> = {};
  const brokerName = (input.brokerName ?? '').trim();
  if (!brokerName) fields.broker = 'required';
  else if ([...brokerName].length > 100) fields.broker = 'length';
  const website = (input.website ?? '').trim();
  if (!website) fields.website = 'required';
  else if (!isWebsite(website)) fields.website = 'format';
  const server = (input.server ?? '').trim();
  if (!server) fields.server = 'required';
  else if (!SERVER_NAME.test(server)) fields.server = 'format';
  const sample = (input.sampleAccount ?? '').trim();
  if (!sample) fields.account = 'required';
  else if (!/^[0-9]{3,12}$/.test(sample)) fields.account = 'format';
  if (!input.password) fields.password = 'required';
  else if (input.password.length < 4 || input.password.length > 64) fields.password = 'length';
  if (Object.keys(fields).length > 0) throw invalidInput(fields);
  return ctx.db.transaction().execute(async (trx) => {
    if (await findServerByName(trx, server)) throw invalidInput({ server: 'exists' });
    if (await pendingForServer(trx, server)) throw invalidInput({ server: 'pending' });
    const id = randomUUID();
    const sealed = ctx.keyring.seal(input.password!, id);
    return insertApplication(trx, {
      id,
      user_id: input.userId,
      broker_name: brokerName,
      website,
      server,
      sample_account: sample,
      password_ct: sealed.bytes,
      password_key_id: sealed.keyId,
      status: 'pending',
      decided_by: null,
      decided_at: null,
      server_id: null,
      created_at: ctx.now(),
    });
  });
}

function isWebsite(s: string): boolean {
  try {
    const u = new URL(/^https?:\/\//i.test(s) ? s : `https://${s}`);
    return (u.protocol === 'https:' || u.protocol === 'http:') && u.hostname.includes('.');
  } catch {
    return false;
  }
}

export const listApplications = (ctx: Pick<TraderContext, 'db'>, filter: { status?: ApplicationStatus | undefined; userId?: string | undefined }, page: { page: number; limit: number }) =>
  applicationPage(ctx.db, filter, page);

export interface Decision {
  adminId: string;
  decision: 'approve' | 'reject';
  reason?: string | undefined;
  /** Approve: attach the server to this catalogue broker (slug), if the broker is in the catalogue. */
  broker?: string | undefined;
}

/**
 * An admin decides. Approving adds the server to the bindable servers (its broker's company when
 * the admin names one in the catalogue) and publishes `trader.broker_application.approved`;
 * rejecting needs a reason (1–500 characters), which the applicant sees, and publishes
 * `trader.broker_application.rejected`. Either event goes through the outbox with the decision.
 */
export async function decideApplication(ctx: Pick<TraderContext, 'db' | 'now'>, id: string, d: Decision, meta: RequestMeta = {}): Promise<ApplicationRow> {
  const reason = (d.reason ?? '').trim();
  if (d.decision === 'reject' && !reason) throw invalidInput({ reason: 'required' });
  if ([...reason].length > 500) throw invalidInput({ reason: 'length' });
  return ctx.db.transaction().execute(async (trx) => {
    const app = UUID.test(id) ? await findApplication(trx, id, { forUpdate: true }) : undefined;
    if (!app) throw applicationNotFound();
    if (app.status !== 'pending') throw alreadyDecided(app.status);
    const now = ctx.now();
    if (d.decision === 'reject') {
      const rejected = await updateApplication(trx, app.id, { status: 'rejected', reason, decided_by: d.adminId, decided_at: now });
      await enqueueEvent(trx, applicationRejected(rejected, meta.correlationId));
      return rejected;
    }
    let companyId: string | null = null;
    if (d.broker) {
      const broker = await findBrokerBySlug(trx, d.broker);
      if (!broker) throw invalidInput({ broker: 'unknown' });
      companyId = broker.company_id;
    }
    const server =
      (await insertServer(trx, { id: randomUUID(), name: app.server, company_id: companyId, broker_name: app.broker_name, kind: /demo/i.test(app.server) ? 'demo' : 'live', bridge_url: null, origin: 'application', created_at: now })) ??
      (await findServerByName(trx, app.server))!;
    const decided = await updateApplication(trx, app.id, { status: 'approved', reason, decided_by: d.adminId, decided_at: now, server_id: server.id });
    await enqueueEvent(trx, applicationApproved(decided, server.company_id, meta.correlationId));
    return decided;
  });
}

// ------------------------------------------------------------------ ranking and verified clients

/** The catalogue brokers of these accounts, by company id (for the account DTOs). */
export function brokersOfAccounts(ctx: Pick<TraderContext, 'db'>, rows: readonly AccountRow[]): Promise<Map<string, BrokerRow>> {
  return brokersByIds(ctx.db, rows.flatMap((r) => (r.company_id ? [r.company_id] : [])));
}

export interface RankingFilter {
  /** Catalogue slug of the broker; an unknown slug ranks nobody. */
  broker?: string | undefined;
  minDays?: number | undefined;
  type?: StrategyType | undefined;
}

/** One page of the Top Trader ranking, with the brokers of the accounts on it. */
export async function topTraders(
  ctx: Pick<TraderContext, 'db'>,
  filter: RankingFilter,
  sort: RankSort,
  page: { page: number; limit: number },
): Promise<{ rows: AccountRow[]; total: number; brokers: Map<string, BrokerRow> }> {
  let companyId: string | undefined;
  if (filter.broker) {
    companyId = (await findBrokerBySlug(ctx.db, filter.broker))?.company_id;
    if (!companyId) return { rows: [], total: 0, brokers: new Map() };
  }
  const { rows, total } = await rankedPage(ctx.db, { companyId, minDays: filter.minDays, type: filter.type }, sort, page);
  return { rows, total, brokers: await brokersOfAccounts(ctx, rows) };
}

/** Which of these (user, company) pairs hold a verified account at that broker. */
export function verifiedClients(ctx: Pick<TraderContext, 'db'>, pairs: { userId: string; companyId: string }[]): Promise<{ userId: string; companyId: string }[]> {
  return verifiedPairs(ctx.db, pairs);
}
