import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AccountHistory, rngFrom, seedOf, type WireDeal } from './history.ts';

/**
 * The broker bridge protocol (services/trader-sync/docs/bridge-protocol.md) over generated
 * histories, plus /v1/sim/* controls for tests and the demo. Behaviour by login (last digits):
 *
 *   …13  hangs (the caller's timeout fires)        …40  rejects every password
 *   …44  account_not_found                          …50  500 on every call
 *   …51  503 on its first two calls, then recovers  …66  short (partial) pages
 *   …99  reckless risk: the account blows up
 *
 * The read-only (investor) password of every simulated account is `ro-<login>`. Servers whose
 * name contains "demo" hold demo accounts; all others live accounts.
 */
export interface SimulatorState {
  /** Ends hanging requests (shutdown). */
  release(): void;
  /** Calls received per login, for tests. */
  calls: Map<string, number>;
}

interface SimAccount {
  history: AccountHistory;
  /** The account's temporary name as the owner set it on the platform. */
  name: string;
  /** Orders added through the controls (verification comments), in time order. */
  extra: WireDeal[];
}

const LOGIN = /^[0-9]{3,12}$/;
const MAX_LIMIT = 500;

const problem = (reply: FastifyReply, status: number, code: string, message: string) => reply.status(status).send({ error: { code, message } });
/** Sends the error and answers null ("no account"). */
const refuse = (reply: FastifyReply, status: number, code: string, message: string): null => {
  void problem(reply, status, code, message);
  return null;
};

export async function simulatorApp(app: FastifyInstance, opts: { now: () => number; hangMs: number }): Promise<SimulatorState> {
  const accounts = new Map<string, SimAccount>();
  const calls = new Map<string, number>();
  const hanging = new Set<() => void>();
  let extraTicket = 900_000_000;

  const accountOf = (server: string, login: string): SimAccount => {
    const key = seedOf(server, login);
    let a = accounts.get(key);
    if (!a) {
      a = { history: new AccountHistory(server, login), name: '', extra: [] };
      accounts.set(key, a);
    }
    return a;
  };

  /** Every deal visible now, in time order (generated history merged with added orders). */
  const visibleDeals = (a: SimAccount, now: number): WireDeal[] => {
    a.history.extendTo(now);
    const generated = a.history.deals.filter((d) => Date.parse(d.time) <= now);
    if (a.extra.length === 0) return generated;
    return [...generated, ...a.extra].sort((x, y) => Date.parse(x.time) - Date.parse(y.time) || (x.id < y.id ? -1 : 1));
  };

  const hang = (reply: FastifyReply) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        hanging.delete(done);
        resolve();
      };
      const timer = setTimeout(done, opts.hangMs);
      hanging.add(done);
      reply.raw.once('close', done);
    }).then(() => problem(reply, 504, 'timeout', 'The trading server did not answer'));

  /**
   * Authentication and the failure modes. Returns the account, or null when a reply was sent.
   */
  const authenticate = async (request: FastifyRequest<{ Params: { login: string } }>, reply: FastifyReply): Promise<SimAccount | null> => {
    const login = request.params.login;
    const server = String(request.headers['x-bridge-server'] ?? '').trim();
    if (!LOGIN.test(login)) return refuse(reply, 404, 'account_not_found', 'No such account');
    if (!server) return refuse(reply, 400, 'bad_request', 'X-Bridge-Server is required');
    const n = (calls.get(login) ?? 0) + 1;
    calls.set(login, n);
    if (login.endsWith('13')) {
      await hang(reply);
      return null;
    }
    if (login.endsWith('50')) return refuse(reply, 500, 'internal', 'Bridge failure');
    if (login.endsWith('51') && n <= 2) return refuse(reply, 503, 'unavailable', 'Trading server temporarily unavailable');
    const auth = String(request.headers.authorization ?? '');
    const [user, password] = auth.startsWith('Basic ') ? Buffer.from(auth.slice(6), 'base64').toString('utf8').split(/:(.*)/s) : [];
    if (user !== login || password !== `ro-${login}` || login.endsWith('40')) return refuse(reply, 401, 'invalid_credentials', 'Invalid account or read-only password');
    if (login.endsWith('44')) return refuse(reply, 404, 'account_not_found', 'No such account');
    return accountOf(server, login);
  };

  app.addHook('preClose', async () => {
    for (const done of [...hanging]) done();
  });

  type LoginReq = FastifyRequest<{ Params: { login: string } }>;

  app.get('/v1/accounts/:login/summary', async (request: LoginReq, reply) => {
    const a = await authenticate(request, reply);
    if (!a) return reply;
    const now = opts.now();
    const deals = visibleDeals(a, now);
    const balance = Math.round(deals.reduce((s, d) => s + d.profit + d.swap + d.commission, 0) * 100) / 100;
    // An open position's floating result, steady within the hour.
    const r = rngFrom(`floating|${request.params.login}|${Math.floor(now / 3_600_000)}`);
    const floating = a.history.blown || balance <= 0 ? 0 : Math.round(balance * (r() - 0.5) * 0.01 * 100) / 100;
    const server = String(request.headers['x-bridge-server']);
    return {
      login: request.params.login,
      server,
      name: a.name,
      currency: a.history.profile.currency,
      leverage: a.history.profile.leverage,
      balance,
      equity: Math.round((balance + floating) * 100) / 100,
      live: !/demo/i.test(server),
      serverTime: new Date(now).toISOString(),
    };
  });

  app.get('/v1/accounts/:login/deals', async (request: LoginReq, reply) => {
    const q = request.query as { cursor?: string; limit?: string };
    const limit = q.limit === undefined ? 100 : Number(q.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) return problem(reply, 400, 'bad_request', `limit must be 1–${MAX_LIMIT}`);
    let from = 0;
    if (q.cursor) {
      const m = /^c([0-9]{1,9})$/.exec(Buffer.from(q.cursor, 'base64url').toString('utf8'));
      if (!m) return problem(reply, 400, 'bad_cursor', 'Unknown cursor');
      from = Number(m[1]);
    }
    const a = await authenticate(request, reply);
    if (!a) return reply;
    const deals = visibleDeals(a, opts.now());
    if (from > deals.length) return problem(reply, 400, 'bad_cursor', 'Cursor is ahead of the history');
    // Partial pages: fewer items than asked although more are waiting.
    const size = request.params.login.endsWith('66') ? Math.min(limit, 1 + ((from * 7 + 3) % 5)) : limit;
    const items = deals.slice(from, from + size);
    const next = from + items.length;
    return { items, nextCursor: Buffer.from(`c${next}`).toString('base64url'), hasMore: next < deals.length };
  });

  // ---------------------------------------------------------------- controls (not part of the protocol)

  type Control = FastifyRequest<{ Params: { login: string }; Body: { server?: string; name?: string; comment?: string } }>;
  const controlAccount = (request: Control, reply: FastifyReply): SimAccount | null => {
    const raw: unknown = request.body?.server;
    const server = typeof raw === 'string' ? raw.trim() : '';
    if (!LOGIN.test(request.params.login) || !server) return refuse(reply, 400, 'bad_request', 'login and server are required');
    return accountOf(server, request.params.login);
  };

  /** Sets the account's temporary name (what a trader types in the platform's account settings). */
  app.post('/v1/sim/accounts/:login/name', async (request: Control, reply) => {
    const a = controlAccount(request, reply);
    if (!a) return reply;
    a.name = String(request.body.name ?? '').slice(0, 64);
    return { login: request.params.login, name: a.name };
  });

  /** Places and closes a minimal order carrying `comment` now (flat: no profit). */
  app.post('/v1/sim/accounts/:login/orders', async (request: Control, reply) => {
    const a = controlAccount(request, reply);
    if (!a) return reply;
    const now = opts.now();
    const deals = visibleDeals(a, now);
    const lastTime = deals.length > 0 ? Date.parse(deals[deals.length - 1]!.time) : now;
    const time = new Date(Math.max(now, lastTime)).toISOString();
    const deal: WireDeal = { id: String(++extraTicket), type: 'buy', time, openTime: time, symbol: 'EURUSD', lots: 0.01, openPrice: 1.085, closePrice: 1.085, stopLoss: null, takeProfit: null, commission: 0, swap: 0, profit: 0, comment: String(request.body.comment ?? '').slice(0, 64) };
    a.extra.push(deal);
    return deal;
  });

  return { release: () => hanging.forEach((done) => done()), calls };
}
