import { AccountHistory, rngFrom, seedOf, type WireDeal } from './history.ts';

/**
 * The simulated trading servers' accounts: generated histories, plus what the controls changed
 * (temporary names, read-only passwords, added orders). Behaviour by login (last digits):
 *
 *   …13  hangs (the caller's timeout fires)        …40  rejects every password
 *   …44  account_not_found                          …50  500 on every call
 *   …51  503 on its first two calls, then recovers  …66  short (partial) pages
 *   …99  reckless risk: the account blows up
 *
 * The read-only (investor) password of every simulated account is `ro-<login>` (until changed
 * through the controls). Servers whose name contains "demo" hold demo accounts; all others live
 * accounts.
 */
export interface SimAccount {
  history: AccountHistory;
  /** The account's temporary name as the owner set it on the platform. */
  name: string;
  /** Orders added through the controls (verification comments), in time order. */
  extra: WireDeal[];
}

export const LOGIN = /^[0-9]{3,12}$/;
export const MAX_LIMIT = 500;

/** A refusal of the protocol: HTTP status, stable code, message. */
export interface Refusal {
  status: number;
  code: string;
  message: string;
}

const refusal = (status: number, code: string, message: string): Refusal => ({ status, code, message });

export class SimulatedAccounts {
  readonly #accounts = new Map<string, SimAccount>();
  /** Read-only passwords changed through the controls, by account (server and login). */
  readonly #passwords = new Map<string, string>();
  /** Calls received per login, for tests. */
  readonly calls = new Map<string, number>();
  #extraTicket = 900_000_000;

  accountOf(server: string, login: string): SimAccount {
    const key = seedOf(server, login);
    let a = this.#accounts.get(key);
    if (!a) {
      a = { history: new AccountHistory(server, login), name: '', extra: [] };
      this.#accounts.set(key, a);
    }
    return a;
  }

  /**
   * Counts the call and says how the server answers it: `hang`, a refusal, or the account. A
   * malformed login or a missing server is refused before counting.
   */
  authenticate(server: string, login: string, credentials: { user?: string | undefined; password?: string | undefined }): 'hang' | Refusal | SimAccount {
    if (!LOGIN.test(login)) return refusal(404, 'account_not_found', 'No such account');
    if (!server) return refusal(400, 'bad_request', 'X-Bridge-Server is required');
    const n = (this.calls.get(login) ?? 0) + 1;
    this.calls.set(login, n);
    if (login.endsWith('13')) return 'hang';
    if (login.endsWith('50')) return refusal(500, 'internal', 'Bridge failure');
    if (login.endsWith('51') && n <= 2) return refusal(503, 'unavailable', 'Trading server temporarily unavailable');
    const expected = this.#passwords.get(seedOf(server, login)) ?? `ro-${login}`;
    if (credentials.user !== login || credentials.password !== expected || login.endsWith('40')) return refusal(401, 'invalid_credentials', 'Invalid account or read-only password');
    if (login.endsWith('44')) return refusal(404, 'account_not_found', 'No such account');
    return this.accountOf(server, login);
  }

  /** Every deal visible now, in time order (generated history merged with added orders). */
  visibleDeals(a: SimAccount, now: number): WireDeal[] {
    a.history.extendTo(now);
    const generated = a.history.deals.filter((d) => Date.parse(d.time) <= now);
    if (a.extra.length === 0) return generated;
    return [...generated, ...a.extra].sort((x, y) => Date.parse(x.time) - Date.parse(y.time) || (x.id < y.id ? -1 : 1));
  }

  summary(a: SimAccount, server: string, login: string, now: number) {
    const deals = this.visibleDeals(a, now);
    const balance = Math.round(deals.reduce((s, d) => s + d.profit + d.swap + d.commission, 0) * 100) / 100;
    // An open position's floating result, steady within the hour.
    const r = rngFrom(`floating|${login}|${Math.floor(now / 3_600_000)}`);
    const floating = a.history.blown || balance <= 0 ? 0 : Math.round(balance * (r() - 0.5) * 0.01 * 100) / 100;
    return {
      login,
      server,
      name: a.name,
      currency: a.history.profile.currency,
      leverage: a.history.profile.leverage,
      balance,
      equity: Math.round((balance + floating) * 100) / 100,
      live: !/demo/i.test(server),
      serverTime: new Date(now).toISOString(),
    };
  }

  /** A page of deals from position `from`; logins ending in 66 get partial pages. */
  dealsPage(a: SimAccount, login: string, now: number, from: number, limit: number): Refusal | { items: WireDeal[]; next: number; hasMore: boolean } {
    const deals = this.visibleDeals(a, now);
    if (from > deals.length) return refusal(400, 'bad_cursor', 'Cursor is ahead of the history');
    // Partial pages: fewer items than asked although more are waiting.
    const size = login.endsWith('66') ? Math.min(limit, 1 + ((from * 7 + 3) % 5)) : limit;
    const items = deals.slice(from, from + size);
    const next = from + items.length;
    return { items, next, hasMore: next < deals.length };
  }

  setPassword(server: string, login: string, password: string): void {
    this.#passwords.set(seedOf(server, login), password);
  }

  /** Places and closes a minimal order carrying `comment` now (flat: no profit). */
  addOrder(a: SimAccount, now: number, comment: string): WireDeal {
    const deals = this.visibleDeals(a, now);
    const lastTime = deals.length > 0 ? Date.parse(deals[deals.length - 1]!.time) : now;
    const time = new Date(Math.max(now, lastTime)).toISOString();
    const deal: WireDeal = { id: String(++this.#extraTicket), type: 'buy', time, openTime: time, symbol: 'EURUSD', lots: 0.01, openPrice: 1.085, closePrice: 1.085, stopLoss: null, takeProfit: null, commission: 0, swap: 0, profit: 0, comment: comment.slice(0, 64) };
    a.extra.push(deal);
    return deal;
  }
}

export const isRefusal = (x: unknown): x is Refusal => typeof x === 'object' && x !== null && 'status' in x && 'code' in x;
