import { ConnectorError, type AccountSummary, type Connector, type ConnectorTarget, type DealPage } from '../domain/connector.ts';
import type { Deal } from '../domain/deal.ts';

/**
 * The HTTP broker bridge (docs/bridge-protocol.md). Every call authenticates with the account's
 * login and read-only password; the password never appears in a URL or a log line.
 */
export class BridgeConnector implements Connector {
  async summary(t: ConnectorTarget, signal: AbortSignal): Promise<AccountSummary> {
    const body = (await this.call(t, '/summary', signal)) as Record<string, unknown>;
    const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : NaN);
    const summary = {
      name: typeof body.name === 'string' ? body.name : '',
      currency: typeof body.currency === 'string' && /^[A-Z]{3}$/.test(body.currency) ? body.currency : 'USD',
      leverage: typeof body.leverage === 'number' ? body.leverage : null,
      balance: num(body.balance),
      equity: num(body.equity),
      live: body.live === true,
    };
    if (Number.isNaN(summary.balance) || Number.isNaN(summary.equity) || typeof body.live !== 'boolean') throw new ConnectorError('bad_response', 'Summary without balance, equity or live');
    return summary;
  }

  async deals(t: ConnectorTarget, cursor: string | null, limit: number, signal: AbortSignal): Promise<DealPage> {
    const qs = new URLSearchParams({ limit: String(limit), ...(cursor ? { cursor } : {}) });
    const body = (await this.call(t, `/deals?${qs}`, signal)) as { items?: unknown; nextCursor?: unknown; hasMore?: unknown };
    if (!Array.isArray(body.items) || typeof body.nextCursor !== 'string' || typeof body.hasMore !== 'boolean') throw new ConnectorError('bad_response', 'Deal page without items, nextCursor or hasMore');
    return { deals: body.items.map(toDeal), nextCursor: body.nextCursor, hasMore: body.hasMore };
  }

  private async call(t: ConnectorTarget, path: string, signal: AbortSignal): Promise<unknown> {
    const url = `${t.bridgeUrl.replace(/\/$/, '')}/v1/accounts/${encodeURIComponent(t.login)}${path}`;
    let res: Response;
    try {
      res = await fetch(url, {
        headers: {
          authorization: `Basic ${Buffer.from(`${t.login}:${t.password}`).toString('base64')}`,
          'x-bridge-server': t.server,
          accept: 'application/json',
          ...(t.requestId ? { 'x-request-id': t.requestId } : {}),
        },
        signal,
      });
    } catch (err) {
      if (signal.aborted) throw new ConnectorError('timeout', 'The bridge did not answer in time');
      throw new ConnectorError('unavailable', 'The bridge is unreachable', { cause: err });
    }
    const body: unknown = await res.json().catch(() => null);
    if (res.ok) return body;
    const code = (body as { error?: { code?: unknown } } | null)?.error?.code;
    if (res.status === 401 || code === 'invalid_credentials') throw new ConnectorError('invalid_credentials', 'The bridge refused the read-only password');
    if (code === 'bad_cursor') throw new ConnectorError('bad_cursor', 'The bridge does not know the cursor');
    if (res.status === 404 || code === 'account_not_found') throw new ConnectorError('account_not_found', 'The bridge does not know the account');
    if (res.status === 504 || code === 'timeout') throw new ConnectorError('timeout', 'The trading server did not answer in time');
    if (res.status >= 500 || res.status === 429) throw new ConnectorError('unavailable', `The bridge answered ${res.status}`);
    throw new ConnectorError('bad_response', `The bridge answered ${res.status}`);
  }
}

const time = (v: unknown): number | null => {
  if (typeof v !== 'string') return null;
  const t = Date.parse(v);
  return Number.isNaN(t) ? null : t;
};
const numOrNull = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) && v !== 0 ? v : null);
const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

function toDeal(raw: unknown): Deal {
  const d = raw as Record<string, unknown>;
  const t = time(d.time);
  const type = d.type;
  if (typeof d.id !== 'string' || !d.id || t === null || !['buy', 'sell', 'balance', 'fee'].includes(String(type))) throw new ConnectorError('bad_response', 'A deal without id, time or a known type');
  const trade = type === 'buy' || type === 'sell';
  return {
    id: d.id.slice(0, 64),
    kind: trade ? 'trade' : (type as 'balance' | 'fee'),
    time: t,
    symbol: trade ? String(d.symbol ?? '').slice(0, 32) : '',
    side: trade ? (type as 'buy' | 'sell') : '',
    lots: trade ? num(d.lots) : 0,
    openTime: trade ? time(d.openTime) : null,
    openPrice: numOrNull(d.openPrice),
    closePrice: numOrNull(d.closePrice),
    stopLoss: numOrNull(d.stopLoss),
    takeProfit: numOrNull(d.takeProfit),
    commission: num(d.commission),
    swap: num(d.swap),
    profit: num(d.profit),
    comment: String(d.comment ?? '').slice(0, 128),
  };
}
