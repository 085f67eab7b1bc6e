import { enqueueEvent } from '@brokerwise/service-kit';
import { parse, type HTMLElement } from 'node-html-parser';
import { accountSynced, statsUpdated } from '../events/publish.ts';
import { findAccount, updateAccount } from '../store/account.store.ts';
import { countDeals, insertDeals } from '../store/deal.store.ts';
import type { RequestMeta, TraderContext } from './context.ts';
import type { Deal } from './deal.ts';
import { accountClosed, accountNotFound, notOwner, notStatementAccount, statementInvalid } from './errors.ts';
import { dealToRow, recomputeAccount } from './recompute.ts';
import { UUID } from './accounts.ts';

/**
 * Statement import: the HTML a trader saves from MetaTrader instead of binding with the
 * read-only password.
 *
 * - MT4 "Detailed Statement" (Account History → Save as Detailed Report): a header row with
 *   `Account:`, `Name:`, `Currency:`, `Leverage:`; a "Closed Transactions:" section with
 *   Ticket | Open Time | Type | Size | Item | Price | S / L | T / P | Close Time | Price |
 *   Commission | Taxes | Swap | Profit, `balance` rows interleaved (Ticket | Time | balance |
 *   comment | amount); then "Open Trades:", "Working Orders:" and "Summary:" (Balance:, Equity:…).
 *   An order's comment is the ticket cell's `title`.
 * - MT5 report (History → Report → HTML): `Account:` "12345678 (USD, Server, real, Hedge)";
 *   sections "Positions" (Time | Position | Symbol | Type | Volume | Price | S / L | T / P | Time |
 *   Price | Commission | Swap | Profit, with hidden drill-down cells to skip), "Orders", "Deals"
 *   (Time | Deal | Symbol | Type | Direction | Volume | Price | Order | Commission | Fee | Swap |
 *   Profit | Balance | Comment; its `balance` rows are the deposits and withdrawals), then the
 *   results (Balance:, Equity:…).
 *
 * Times are the broker's server time without a zone; they are read as UTC.
 */
export interface ParsedStatement {
  format: 'mt4' | 'mt5';
  accountNumber: string | null;
  currency: string | null;
  server: string | null;
  live: boolean | null;
  balance: number | null;
  equity: number | null;
  deals: Deal[];
}

export class StatementError extends Error {
  readonly reason: 'unknown_format' | 'no_deals' | 'malformed';
  constructor(reason: StatementError['reason'], message: string) {
    super(message);
    this.name = 'StatementError';
    this.reason = reason;
  }
}

interface Cell {
  text: string;
  title: string;
}

function rowsOf(root: HTMLElement): Cell[][] {
  return root.querySelectorAll('tr').map((tr) =>
    tr.childNodes
      .filter((n): n is HTMLElement => (n as HTMLElement).tagName === 'TD' || (n as HTMLElement).tagName === 'TH')
      .filter((c) => !(c.getAttribute('class') ?? '').split(/\s+/).includes('hidden'))
      .map((c) => ({ text: c.text.replace(/\u00a0/g, ' ').replace(/\s+/g, ' ').trim(), title: c.getAttribute('title') ?? '' })),
  );
}

const TIME = /^(\d{4})\.(\d{2})\.(\d{2})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?$/;
function time(s: string): number {
  const m = TIME.exec(s.trim());
  if (!m) throw new StatementError('malformed', `Not a MetaTrader time: ${s}`);
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0));
}

function number(s: string | undefined): number {
  const t = (s ?? '').replace(/[\s\u00a0]/g, '').split('/')[0]!;
  if (t === '') return 0;
  const n = Number(t);
  if (!Number.isFinite(n)) throw new StatementError('malformed', `Not a number: ${s}`);
  return n;
}

const priceOrNull = (s: string | undefined) => {
  const n = number(s);
  return n === 0 ? null : n;
};

/** The value in the cell after a `label:` cell anywhere in the document. */
function labelled(rows: Cell[][], label: RegExp): string | null {
  for (const row of rows) {
    for (let i = 0; i < row.length; i++) {
      const c = row[i]!.text;
      const m = label.exec(c);
      if (!m) continue;
      const inline = c.slice(m[0].length).trim();
      if (inline) return inline;
      const next = row.slice(i + 1).find((x) => x.text !== '');
      if (next) return next.text;
    }
  }
  return null;
}

export function parseStatement(html: string): ParsedStatement {
  if (!/<t[dh][\s>]/i.test(html)) throw new StatementError('unknown_format', 'Not an HTML statement');
  const rows = rowsOf(parse(html));
  const texts = rows.map((r) => r.map((c) => c.text));
  if (texts.some((r) => r.some((c) => /^Closed Transactions:?$/i.test(c)))) return parseMt4(rows);
  if (texts.some((r) => r.length === 1 && /^Positions$/i.test(r[0]!)) && texts.some((r) => r.length === 1 && /^Deals$/i.test(r[0]!))) return parseMt5(rows);
  throw new StatementError('unknown_format', 'Neither an MT4 Detailed Statement nor an MT5 report');
}

function parseMt4(rows: Cell[][]): ParsedStatement {
  const account = labelled(rows, /^Account:/i);
  const currency = labelled(rows, /^Currency:/i);
  const deals: Deal[] = [];
  let section = '';
  for (const row of rows) {
    const first = row[0]?.text ?? '';
    if (row.length <= 2 && /:$/.test(first)) {
      section = first.toLowerCase();
      continue;
    }
    if (section !== 'closed transactions:' || !/^\d+$/.test(first)) continue;
    const type = (row[2]?.text ?? '').toLowerCase();
    if (type === 'balance') {
      const amount = number(row[row.length - 1]!.text);
      if (amount === 0) continue;
      deals.push(blank(first, 'balance', time(row[1]!.text), amount, row[3]?.text ?? ''));
    } else if (type === 'buy' || type === 'sell') {
      if (row.length < 14) throw new StatementError('malformed', `Trade ${first} has ${row.length} columns`);
      const c = row.map((x) => x.text);
      deals.push({
        id: first,
        kind: 'trade',
        time: time(c[8]!),
        openTime: time(c[1]!),
        side: type,
        lots: number(c[3]),
        symbol: c[4]!.toUpperCase(),
        openPrice: priceOrNull(c[5]),
        stopLoss: priceOrNull(c[6]),
        takeProfit: priceOrNull(c[7]),
        closePrice: priceOrNull(c[9]),
        commission: number(c[10]) + number(c[11]),
        swap: number(c[12]),
        profit: number(c[13]),
        comment: row[0]!.title.slice(0, 128),
      });
    }
    // credit, cancelled pending orders and totals are not deals
  }
  if (deals.length === 0) throw new StatementError('no_deals', 'The statement has no closed transactions');
  return {
    format: 'mt4',
    accountNumber: account ? (/\d{3,12}/.exec(account)?.[0] ?? null) : null,
    currency: currency && /^[A-Z]{3}$/.test(currency) ? currency : null,
    server: null,
    live: null,
    balance: summaryValue(rows, /^Balance:$/i),
    equity: summaryValue(rows, /^Equity:$/i),
    deals,
  };
}

function parseMt5(rows: Cell[][]): ParsedStatement {
  const account = labelled(rows, /^Account:/i) ?? '';
  const m = /(\d{3,12})\s*\(([^)]*)\)/.exec(account);
  const details = (m?.[2] ?? '').split(',').map((s) => s.trim());
  const deals: Deal[] = [];
  let section = '';
  for (const row of rows) {
    const c = row.map((x) => x.text);
    if (c.length === 1 && /^[A-Za-z ]+$/.test(c[0]!)) {
      section = c[0]!.toLowerCase();
      continue;
    }
    if (section === 'positions' && c.length >= 13 && TIME.test(c[0]!) && /^(buy|sell)$/i.test(c[3]!)) {
      deals.push({
        id: c[1]!,
        kind: 'trade',
        openTime: time(c[0]!),
        symbol: c[2]!.toUpperCase(),
        side: c[3]!.toLowerCase() as 'buy' | 'sell',
        lots: number(c[4]),
        openPrice: priceOrNull(c[5]),
        stopLoss: priceOrNull(c[6]),
        takeProfit: priceOrNull(c[7]),
        time: time(c[8]!),
        closePrice: priceOrNull(c[9]),
        commission: number(c[10]),
        swap: number(c[11]),
        profit: number(c[12]),
        comment: '',
      });
    } else if (section === 'deals' && c.length >= 12 && TIME.test(c[0]!) && /^balance$/i.test(c[3]!)) {
      const amount = number(c[11]);
      if (amount !== 0) deals.push(blank(`d${c[1]}`, 'balance', time(c[0]!), amount, c[13] ?? ''));
    }
  }
  if (deals.length === 0) throw new StatementError('no_deals', 'The report has no positions or balance deals');
  return {
    format: 'mt5',
    accountNumber: m?.[1] ?? null,
    currency: details[0] && /^[A-Z]{3}$/.test(details[0]) ? details[0] : null,
    server: details[1] || null,
    live: details[2] ? details[2].toLowerCase() === 'real' : null,
    balance: summaryValue(rows, /^Balance:$/i),
    equity: summaryValue(rows, /^Equity:$/i),
    deals,
  };
}

function summaryValue(rows: Cell[][], label: RegExp): number | null {
  const v = labelled(rows, label);
  if (v === null) return null;
  try {
    return number(v);
  } catch {
    return null;
  }
}

function blank(id: string, kind: Deal['kind'], t: number, amount: number, comment: string): Deal {
  return { id, kind, time: t, symbol: '', side: '', lots: 0, openTime: null, openPrice: null, closePrice: null, stopLoss: null, takeProfit: null, commission: 0, swap: 0, profit: amount, comment: comment.slice(0, 128) };
}

/**
 * Imports a statement into the owner's statement account: its deals are added (the same
 * statement twice adds nothing), the statistics recomputed. A statement of another account
 * number is refused.
 */
export async function importStatement(ctx: Pick<TraderContext, 'db' | 'now'>, accountId: string, userId: string, html: string, meta: RequestMeta = {}) {
  let parsed: ParsedStatement;
  try {
    parsed = parseStatement(html);
  } catch (err) {
    if (err instanceof StatementError) throw statementInvalid(err.reason);
    throw statementInvalid('malformed');
  }
  return ctx.db.transaction().execute(async (trx) => {
    const account = UUID.test(accountId) ? await findAccount(trx, accountId, { forUpdate: true }) : undefined;
    if (!account || (account.user_id !== userId && account.visibility === 'hidden')) throw accountNotFound();
    if (account.user_id !== userId) throw notOwner();
    if (account.status !== 'active') throw accountClosed();
    if (account.source !== 'statement') throw notStatementAccount();
    if (parsed.accountNumber && parsed.accountNumber !== account.account_number) throw statementInvalid('account_mismatch');
    const added = await insertDeals(trx, parsed.deals.map((d) => dealToRow(account.id, d)));
    const now = ctx.now();
    await updateAccount(trx, account.id, {
      currency: parsed.currency ?? account.currency,
      // A statement cannot prove a live account: verified-client badges need a bridge account.
      live: null,
      sync_state: 'ok',
      sync_error: null,
      last_attempt_at: now,
      last_success_at: now,
      equity: parsed.equity ?? account.equity,
    });
    const updated = await recomputeAccount(trx, account.id, now, parsed.equity);
    await enqueueEvent(trx, accountSynced(updated, added, await countDeals(trx, account.id), now, meta.correlationId));
    await enqueueEvent(trx, statsUpdated(updated, now, meta.correlationId));
    return { account: updated, added, format: parsed.format };
  });
}
