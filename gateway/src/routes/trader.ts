import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { operations, type Validated } from '@brokerwise/api-contract';
import { AppError, isAppError } from '@brokerwise/errors';
import type { CatalogueClient, CatalogueCompany } from '../clients/catalogue.client.ts';
import type { IdentityClient } from '../clients/identity.client.ts';
import type { BrokerApplicationRecord, TraderAccountRecord, TraderClient, TraderDetailRecord } from '../clients/trader.client.ts';
import type { BrokerApplication, Lang, Page, RankedTrader, TraderAccount, TraderAccountDetail, TraderBroker, TraderOrder, TraderServer } from '@brokerwise/api-contract';
import { contractSchema } from '../http/contract-schema.ts';
import { now } from '../http/envelope.ts';
import type { Sessions } from '../http/session.ts';
import { message } from '../i18n/messages.ts';
import { requireRole } from '../http/admin-guard.ts';

export interface TraderDeps {
  trader: TraderClient;
  catalogue: CatalogueClient;
  identity: IdentityClient;
  sessions: Sessions;
}

const PAGE_SIZE = 20;
const STATEMENT_MAX_BYTES = 5 * 1024 * 1024;

/** A user id (UUID): anything else has no accounts, without asking trader-sync. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** trader-sync names some fields differently from the public forms. */
const BIND_FIELDS: Record<string, string> = { password: 'readonlyPassword' };
const APPLY_FIELDS: Record<string, string> = { password: 'readonlyPassword' };
function renameFields(err: unknown, names: Record<string, string>, codes: Record<string, string> = {}): unknown {
  if (!isAppError(err) || !err.fields) return err;
  const fields = Object.fromEntries(Object.entries(err.fields).map(([k, v]) => [names[k] ?? k, codes[`${k}:${v}`] ?? v]));
  return new AppError({ ...err.toJSON(), fields });
}

const send = <T>(request: FastifyRequest, reply: FastifyReply, code: string, data: T) =>
  reply.header('cache-control', 'no-store').send({ code: 1, msg: message(code, request.lang), time: now(), data });

export function presentAccount(a: TraderAccountRecord, lang: Lang, names: Map<string, string> = new Map()): TraderAccount {
  return {
    id: a.id,
    owner: { id: a.userId, username: a.username },
    broker: { id: a.broker.slug ?? '', name: (a.broker.companyId && names.get(a.broker.companyId)) || a.broker.name },
    server: a.server,
    account: a.accountNumber,
    nickname: a.nickname,
    description: a.description,
    type: a.type,
    visibility: a.visibility,
    source: a.source,
    status: a.status,
    boundAt: a.boundAt,
    closedAt: a.closedAt,
    currency: a.summary.currency,
    leverage: a.summary.leverage,
    balance: a.summary.balance,
    equity: a.summary.equity,
    live: a.summary.live,
    verified: a.verified,
    // The owner sees why a sync fails; others see the state only.
    sync: { ...a.sync, error: a.mine ? a.sync.error : null, errorText: a.mine && a.sync.error ? message(`trader.sync_error.${a.sync.error}`, lang) : null },
    ranking: a.ranking,
    stats: a.stats,
    mine: a.mine,
  };
}

const presentDetail = (d: TraderDetailRecord, lang: Lang, names: Map<string, string>): TraderAccountDetail => ({ ...presentAccount(d.account, lang, names), curve: d.curve, monthly: d.monthly });

const presentApplication = (a: BrokerApplicationRecord, admin: boolean): BrokerApplication => ({
  id: a.id,
  broker: a.broker,
  website: a.website,
  server: a.server,
  account: a.sampleAccount,
  status: a.status,
  reason: a.reason,
  createdAt: a.createdAt,
  decidedAt: a.decidedAt,
  ...(admin ? { applicant: { id: a.userId } } : {}),
});

/** Trader pages' API: binding and syncing accounts, statistics, Top Trader, broker applications. */
export async function traderRoutes(app: FastifyInstance, deps: TraderDeps): Promise<void> {
  const { trader, catalogue, identity, sessions } = deps;

  /** Catalogue companies by id (one call per 50), for names in the caller's language and logos. */
  const companiesOf = async (ids: (string | null)[], rid: string): Promise<Map<string, CatalogueCompany>> => {
    const unique = [...new Set(ids.filter((i): i is string => !!i))];
    const out = new Map<string, CatalogueCompany>();
    for (let i = 0; i < unique.length; i += 50) {
      const chunk = unique.slice(i, i + 50);
      const { items } = await catalogue.companies({ page: 1, limit: chunk.length, ids: chunk.join(',') }, rid).catch(() => ({ items: [] as CatalogueCompany[] }));
      for (const c of items) out.set(c.id, c);
    }
    return out;
  };
  const namesOf = async (accounts: TraderAccountRecord[], lang: Lang, rid: string) => {
    const companies = await companiesOf(accounts.map((a) => a.broker.companyId), rid);
    return new Map([...companies].map(([id, c]) => [id, lang === 'zh-cn' && c.nameZh ? c.nameZh : c.name]));
  };

  // The one admin check (also records the role for the service tokens, ADR 017).
  const requireAdmin = requireRole(sessions, identity, 'admin');

  // -------------------------------------------------------------- spec §7

  app.get<{ Querystring: Validated<typeof operations.traderServers.query> }>('/api/brokers/brokerserver', { schema: contractSchema('traderServers') }, async (request, reply) => {
    const { items } = await trader.servers(request.query.query, request.query.limit, request.id);
    const companies = await companiesOf(items.map((s) => s.broker.companyId), request.id);
    const data: TraderServer[] = items.map((s) => {
      const c = s.broker.companyId ? companies.get(s.broker.companyId) : undefined;
      return { id: s.id, name: s.name, kind: s.kind, broker: { id: s.broker.slug ?? '', name: c ? (request.lang === 'zh-cn' && c.nameZh ? c.nameZh : c.name) : s.broker.name } };
    });
    return send(request, reply, 'ok', data);
  });

  app.get<{ Querystring: Validated<typeof operations.traderBrokers.query> }>('/api/brokers/traderbroker', { schema: contractSchema('traderBrokers') }, async (request, reply) => {
    const { items } = await trader.brokers(request.id);
    const companies = await companiesOf(items.map((b) => b.companyId), request.id);
    const data: TraderBroker[] = items.map((b) => {
      const c = companies.get(b.companyId);
      return { id: b.slug, name: c && request.lang === 'zh-cn' && c.nameZh ? c.nameZh : (c?.name ?? b.name), logo: c?.logoKey ? `/media/${c.logoKey}` : '', servers: b.servers };
    });
    return send(request, reply, 'ok', data);
  });

  // -------------------------------------------------------------- accounts

  app.post<{ Body: Validated<typeof operations.bindAccount.body> }>('/api/trader/bind', { schema: contractSchema('bindAccount') }, async (request, reply) => {
    const user = await sessions.require(request);
    const me = await identity.user(user.userId, request.id);
    const b = request.body;
    const bound = await trader
      .bind(
        { userId: me.id, username: me.username, broker: b.broker, server: b.server, accountNumber: b.account, password: b.readonlyPassword, nickname: b.nickname, description: b.description, strategyType: b.type, visibility: b.visibility, source: b.source },
        request.id,
      )
      .catch((err: unknown) => {
        throw renameFields(err, BIND_FIELDS);
      });
    return send(request, reply, 'trader.bound', presentAccount(bound, request.lang, await namesOf([bound], request.lang, request.id)));
  });

  app.get<{ Querystring: Validated<typeof operations.myAccounts.query> }>('/api/trader/accounts', { schema: contractSchema('myAccounts') }, async (request, reply) => {
    const user = await sessions.require(request);
    const { items } = await trader.accountsOf(user.userId, request.id);
    const names = await namesOf(items, request.lang, request.id);
    return send(request, reply, 'ok', items.map((a) => presentAccount(a, request.lang, names)));
  });

  app.get<{ Querystring: Validated<typeof operations.traderProfile.query> }>('/api/trader/profile', { schema: contractSchema('traderProfile') }, async (request, reply) => {
    const viewer = await sessions.optional(request);
    if (!UUID.test(request.query.uid)) return send(request, reply, 'ok', []);
    const { items } = await trader.accountsOf(request.query.uid, request.id);
    const visible = items.filter((a) => a.visibility === 'public' || a.userId === viewer?.userId).map((a) => ({ ...a, mine: a.userId === viewer?.userId, accountNumber: a.userId === viewer?.userId ? a.accountNumber : mask(a.accountNumber) }));
    const names = await namesOf(visible, request.lang, request.id);
    return send(request, reply, 'ok', visible.map((a) => presentAccount(a, request.lang, names)));
  });

  app.get<{ Querystring: Validated<typeof operations.traderAccount.query> }>('/api/trader/account', { schema: contractSchema('traderAccount') }, async (request, reply) => {
    const viewer = await sessions.optional(request);
    const detail = await trader.account(request.query.id, viewer?.userId, request.id);
    return send(request, reply, 'ok', presentDetail(detail, request.lang, await namesOf([detail.account], request.lang, request.id)));
  });

  app.get<{ Querystring: Validated<typeof operations.traderOrders.query> }>('/api/trader/orders', { schema: contractSchema('traderOrders') }, async (request, reply) => {
    const viewer = await sessions.optional(request);
    const { items, total } = await trader.orders(request.query.id, { page: request.query.page, limit: PAGE_SIZE, viewer: viewer?.userId }, request.id);
    const data: Page<TraderOrder> = {
      list: items.map((o) => ({ id: o.id, openTime: o.openTime, closeTime: o.closeTime, instrument: o.symbol, side: o.side, lots: o.lots, openPrice: o.openPrice, closePrice: o.closePrice, stopLoss: o.stopLoss, takeProfit: o.takeProfit, commission: o.commission, interest: o.interest, profit: o.profit })),
      total,
      page: request.query.page,
      limit: PAGE_SIZE,
    };
    return send(request, reply, 'ok', data);
  });

  app.post<{ Body: Validated<typeof operations.syncAccount.body> }>('/api/trader/sync', { schema: contractSchema('syncAccount') }, async (request, reply) => {
    const user = await sessions.require(request);
    const a = await trader.syncNow(request.body.id, user.userId, request.id);
    return send(request, reply, 'trader.sync_requested', presentAccount(a, request.lang, await namesOf([a], request.lang, request.id)));
  });

  app.post<{ Body: Validated<typeof operations.accountVisibility.body> }>('/api/trader/visibility', { schema: contractSchema('accountVisibility') }, async (request, reply) => {
    const user = await sessions.require(request);
    const a = await trader.setVisibility(request.body.id, user.userId, request.body.visibility, request.id);
    return send(request, reply, a.visibility === 'public' ? 'trader.made_public' : 'trader.made_hidden', presentAccount(a, request.lang, await namesOf([a], request.lang, request.id)));
  });

  app.post<{ Body: Validated<typeof operations.unbindAccount.body> }>('/api/trader/unbind', { schema: contractSchema('unbindAccount') }, async (request, reply) => {
    const user = await sessions.require(request);
    const a = await trader.unbind(request.body.id, user.userId, request.id);
    return send(request, reply, 'trader.unbound', presentAccount(a, request.lang, await namesOf([a], request.lang, request.id)));
  });

  // The statement is the request body (text/html): its own scope adds the parser.
  await app.register(async (scope) => {
    scope.addContentTypeParser(['text/html', 'text/plain', 'application/octet-stream'], { parseAs: 'string', bodyLimit: STATEMENT_MAX_BYTES }, (_req, body, done) => done(null, body));
    scope.post<{ Querystring: Validated<typeof operations.importStatement.query>; Body: string }>('/api/trader/statement', { schema: contractSchema('importStatement'), bodyLimit: STATEMENT_MAX_BYTES }, async (request, reply) => {
      const user = await sessions.require(request);
      if (typeof request.body !== 'string' || request.body.trim() === '') throw new AppError({ code: 'trader.statement_invalid', kind: 'validation', message: 'Empty statement', fields: { statement: 'required' } });
      const r = await trader.statement(request.query.id, user.userId, request.body, request.id);
      return send(request, reply, 'trader.statement_imported', { account: presentAccount(r.account, request.lang, await namesOf([r.account], request.lang, request.id)), added: r.added, format: r.format });
    });
  });

  app.post<{ Body: Validated<typeof operations.requestVerification.body> }>('/api/trader/verify', { schema: contractSchema('requestVerification') }, async (request, reply) => {
    const user = await sessions.require(request);
    return send(request, reply, 'trader.verification_code', await trader.requestVerification(request.body.id, user.userId, request.id));
  });

  app.get<{ Querystring: Validated<typeof operations.verification.query> }>('/api/trader/verify', { schema: contractSchema('verification') }, async (request, reply) => {
    const user = await sessions.require(request);
    return send(request, reply, 'ok', await trader.verification(request.query.id, user.userId, request.id));
  });

  app.get<{ Querystring: Validated<typeof operations.topTraders.query> }>('/api/trader/top', { schema: contractSchema('topTraders') }, async (request, reply) => {
    const q = request.query;
    const { items, total } = await trader.ranking({ page: q.page, limit: PAGE_SIZE, sort: q.sort, broker: q.broker, minDays: q.minDays, type: q.type }, request.id);
    const names = await namesOf(
      items.map((i) => i.account),
      request.lang,
      request.id,
    );
    const data: Page<RankedTrader> = { list: items.map((i) => ({ rank: i.rank, account: presentAccount(i.account, request.lang, names) })), total, page: q.page, limit: PAGE_SIZE };
    void reply.header('cache-control', 'public, max-age=30');
    return reply.send({ code: 1, msg: message('ok', request.lang), time: now(), data });
  });

  // -------------------------------------------------------------- broker applications

  app.post<{ Body: Validated<typeof operations.applyBroker.body> }>('/api/trader/apply', { schema: contractSchema('applyBroker') }, async (request, reply) => {
    const user = await sessions.require(request);
    const b = request.body;
    const saved = await trader.apply({ userId: user.userId, brokerName: b.broker, website: b.website, server: b.server, sampleAccount: b.account, password: b.readonlyPassword }, request.id).catch((err: unknown) => {
      throw renameFields(err, APPLY_FIELDS);
    });
    return send(request, reply, 'trader.application_sent', presentApplication(saved, false));
  });

  app.get<{ Querystring: Validated<typeof operations.myApplications.query> }>('/api/trader/applications', { schema: contractSchema('myApplications') }, async (request, reply) => {
    const user = await sessions.require(request);
    const { items, total } = await trader.applications({ page: request.query.page, limit: PAGE_SIZE, userId: user.userId }, request.id);
    const data: Page<BrokerApplication> = { list: items.map((a) => presentApplication(a, false)), total, page: request.query.page, limit: PAGE_SIZE };
    return send(request, reply, 'ok', data);
  });

  app.get<{ Querystring: Validated<typeof operations.adminApplications.query> }>('/api/admin/trader/applications', { schema: contractSchema('adminApplications') }, async (request, reply) => {
    await requireAdmin(request);
    const { items, total } = await trader.applications({ page: request.query.page, limit: PAGE_SIZE, status: request.query.status }, request.id);
    const data: Page<BrokerApplication> = { list: items.map((a) => presentApplication(a, true)), total, page: request.query.page, limit: PAGE_SIZE };
    return send(request, reply, 'ok', data);
  });

  app.post<{ Body: Validated<typeof operations.adminApplicationDecide.body> }>('/api/admin/trader/applications/decide', { schema: contractSchema('adminApplicationDecide') }, async (request, reply) => {
    const me = await requireAdmin(request);
    const b = request.body;
    const decided = await trader.decide(b.id, { adminId: me.id, decision: b.decision, reason: b.reason ?? '', broker: b.broker }, request.id).catch((err: unknown) => {
      throw renameFields(err, {}, { 'reason:required': 'application_required' });
    });
    return send(request, reply, decided.status === 'approved' ? 'trader.application_approved' : 'trader.application_rejected', presentApplication(decided, true));
  });
}

const mask = (n: string) => (/\*/.test(n) || n.length <= 4 ? n : `${n.slice(0, 2)}${'*'.repeat(n.length - 4)}${n.slice(-2)}`);
