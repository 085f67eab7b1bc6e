import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deal } from '../src/domain/deal.ts';
import { parseStatement, StatementError } from '../src/domain/statements.ts';
import { computeStats } from '../src/domain/stats.ts';
import { bind, errorOf, login, startHarness, trader, type Harness } from './harness.ts';

// ------------------------------------------------------------------ generators of the real layouts

const H = 3_600_000;
const T0 = Date.UTC(2026, 2, 2, 8, 0, 0);
const mt = (t: number, seconds = false) => {
  const d = new Date(t).toISOString();
  return `${d.slice(0, 4)}.${d.slice(5, 7)}.${d.slice(8, 10)} ${d.slice(11, seconds ? 19 : 16)}`;
};
const money = (x: number) => x.toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');

/** A small account history: deposits, a withdrawal, wins and losses on several symbols. */
function history(): Deal[] {
  const deals: Deal[] = [];
  const base = { symbol: '', side: '' as const, lots: 0, openTime: null, openPrice: null, closePrice: null, stopLoss: null, takeProfit: null, commission: 0, swap: 0, comment: '' };
  deals.push({ ...base, id: '5001', kind: 'balance', time: T0, profit: 5000, comment: 'Deposit' });
  const specs = [
    ['EURUSD', 'buy', 0.5, 1.0842, 1.0871, 145, -3.5, -0.8],
    ['XAUUSD', 'sell', 0.1, 2362.4, 2371.9, -95, -0.7, -1.2],
    ['GBPUSD', 'sell', 1.2, 1.2711, 1.2694, 204, -8.4, 0],
    ['USDJPY', 'buy', 0.3, 151.32, 150.81, -101.2, -2.1, 1.5],
    ['EURUSD', 'sell', 0.8, 1.0901, 1.0888, 104, -5.6, -2.4],
  ] as const;
  specs.forEach(([symbol, side, lots, open, close, profit, commission, swap], i) => {
    const openTime = T0 + (i * 30 + 5) * H;
    deals.push({ ...base, id: String(6001 + i), kind: 'trade', symbol, side, lots, openTime: openTime - (openTime % 1000), time: openTime + 20 * H, openPrice: open, closePrice: close, stopLoss: i % 2 ? null : open * 0.99, takeProfit: i % 2 ? null : open * 1.01, profit, commission, swap, comment: i === 2 ? 'BW-ABC234' : '' });
  });
  deals.push({ ...base, id: '5002', kind: 'balance', time: T0 + 200 * H, profit: -1000, comment: 'Withdrawal' });
  return deals;
}

function mt4Statement(account: string, deals: Deal[], opts: { equity?: number } = {}): string {
  const rows = deals
    .map((d) =>
      d.kind === 'balance'
        ? `<tr align=right><td>${d.id}</td><td class=msdate nowrap>${mt(d.time)}</td><td>balance</td><td class=mspt colspan=10 align=left>${d.comment}</td><td class=mspt>${money(d.profit)}</td></tr>`
        : `<tr align=right><td title="${d.comment}">${d.id}</td><td class=msdate nowrap>${mt(d.openTime!)}</td><td>${d.side}</td><td class=mspt>${d.lots.toFixed(2)}</td><td>${d.symbol.toLowerCase()}</td><td style="mso-number-format:0\\.00000;">${d.openPrice}</td><td style="mso-number-format:0\\.00000;">${d.stopLoss ?? '0.00000'}</td><td style="mso-number-format:0\\.00000;">${d.takeProfit ?? '0.00000'}</td><td class=msdate nowrap>${mt(d.time)}</td><td style="mso-number-format:0\\.00000;">${d.closePrice}</td><td class=mspt>${money(d.commission)}</td><td class=mspt>0.00</td><td class=mspt>${money(d.swap)}</td><td class=mspt>${money(d.profit)}</td></tr>`,
    )
    .join('\n');
  const balance = deals.reduce((s, d) => s + d.profit + d.swap + d.commission, 0);
  return `<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01//EN" "http://www.w3.org/TR/html4/strict.dtd">
<html><head><title>Statement: ${account} - John Trader</title><style type="text/css">td { font: 8pt Tahoma,Arial; }</style></head>
<body topmargin=1 marginheight=1><div align=center><div style="font: 20pt Times New Roman"><b>Harbour FX Ltd</b></div><br>
<table cellspacing=1 cellpadding=3 border=0>
<tr align=left><td colspan=2><b>Account: ${account}</b></td><td colspan=5><b>Name: John Trader</b></td><td colspan=2><b>Currency: USD</b></td><td colspan=2><b>Leverage: 1:500</b></td><td colspan=3 align=right><b>2026 March 31, 23:59</b></td></tr>
<tr align=left><td colspan=13><b>Closed Transactions:</b></td></tr>
<tr align=center bgcolor="#C0C0C0"><td>Ticket</td><td nowrap>Open Time</td><td>Type</td><td>Size</td><td>Item</td><td>Price</td><td>S / L</td><td>T / P</td><td nowrap>Close Time</td><td>Price</td><td>Commission</td><td>Taxes</td><td>Swap</td><td>Profit</td></tr>
${rows}
<tr align=right><td colspan=10>&nbsp;</td><td class=mspt>-20.30</td><td class=mspt>0.00</td><td class=mspt>-2.90</td><td class=mspt>256.80</td></tr>
<tr><td colspan=13><b>Open Trades:</b></td></tr>
<tr align=center><td colspan=13>No transactions</td></tr>
<tr><td colspan=13><b>Working Orders:</b></td></tr>
<tr><td colspan=13 align=center>No transactions</td></tr>
<tr><td colspan=13><b>Summary:</b></td></tr>
<tr align=right><td colspan=3><b>Deposit/Withdrawal:</b></td><td colspan=2 class=mspt><b>4 000.00</b></td><td colspan=4><b>Credit Facility:</b></td><td class=mspt colspan=4><b>0.00</b></td></tr>
<tr align=right><td colspan=3><b>Closed Trade P/L:</b></td><td colspan=2 class=mspt><b>256.80</b></td><td colspan=4><b>Floating P/L:</b></td><td colspan=2 class=mspt><b>0.00</b></td><td colspan=2><b>Margin:</b></td><td class=mspt><b>0.00</b></td></tr>
<tr align=right><td colspan=3><b>Balance:</b></td><td colspan=2 class=mspt><b>${money(balance)}</b></td><td colspan=4><b>Equity:</b></td><td colspan=2 class=mspt><b>${money(opts.equity ?? balance)}</b></td><td colspan=2><b>Free Margin:</b></td><td class=mspt><b>${money(balance)}</b></td></tr>
</table></div></body></html>`;
}

function mt5Report(account: string, deals: Deal[]): string {
  const trades = deals.filter((d) => d.kind === 'trade');
  const positions = trades
    .map(
      (d) =>
        `<tr bgcolor="#FFFFFF" align="right"><td>${mt(d.openTime!, true)}</td><td>${d.id}</td><td>${d.symbol}</td><td>${d.side}</td><td class="hidden" colspan="8"></td><td>${d.lots}</td><td>${d.openPrice}</td><td>${d.stopLoss ?? ''}</td><td>${d.takeProfit ?? ''}</td><td>${mt(d.time, true)}</td><td>${d.closePrice}</td><td>${money(d.commission)}</td><td>${money(d.swap)}</td><td colspan="2">${money(d.profit)}</td></tr>`,
    )
    .join('\n');
  let bal = 0;
  const dealRows = deals
    .filter((d) => d.kind === 'balance')
    .map((d) => {
      bal += d.profit;
      return `<tr bgcolor="#F7F7F7" align="right"><td>${mt(d.time, true)}</td><td>${Number(d.id) + 100}</td><td></td><td>balance</td><td></td><td></td><td></td><td></td><td>0.00</td><td>0.00</td><td>0.00</td><td>${money(d.profit)}</td><td>${money(bal)}</td><td>${d.comment}</td></tr>`;
    })
    .join('\n');
  const balance = deals.reduce((s, d) => s + d.profit + d.swap + d.commission, 0);
  return `<!DOCTYPE html><html><head><title>${account}: Trade History Report</title><meta charset="utf-8"></head><body><div align="center">
<table cellspacing="1" cellpadding="3" border="0">
<tr align="center"><td colspan="14"><div style="font: 14pt Tahoma"><b>Trade History Report</b></div></td></tr>
<tr align="left"><th colspan="4" nowrap align="right">Name:</th><th colspan="10" nowrap align="left"><b>Li Wei 李伟</b></th></tr>
<tr align="left"><th colspan="4" nowrap align="right">Account:</th><th colspan="10" nowrap align="left"><b>${account}&nbsp;(USD, HarbourFX-Live01, real, Hedge)</b></th></tr>
<tr align="left"><th colspan="4" nowrap align="right">Company:</th><th colspan="10" nowrap align="left"><b>Harbour FX Ltd</b></th></tr>
<tr align="center"><th colspan="14"><div style="font: 10pt Tahoma"><b>Positions</b></div></th></tr>
<tr align="center" bgcolor="#E5F0FC"><td nowrap>Time</td><td nowrap>Position</td><td nowrap>Symbol</td><td nowrap>Type</td><td class="hidden" colspan="8"></td><td nowrap>Volume</td><td nowrap>Price</td><td nowrap>S / L</td><td nowrap>T / P</td><td nowrap>Time</td><td nowrap>Price</td><td nowrap>Commission</td><td nowrap>Swap</td><td nowrap colspan="2">Profit</td></tr>
${positions}
<tr align="center"><th colspan="14"><div style="font: 10pt Tahoma"><b>Orders</b></div></th></tr>
<tr align="center" bgcolor="#E5F0FC"><td>Open Time</td><td>Order</td><td>Symbol</td><td>Type</td><td>Volume</td><td>Price</td><td>S / L</td><td>T / P</td><td>Time</td><td>State</td><td>Comment</td></tr>
<tr align="center"><th colspan="14"><div style="font: 10pt Tahoma"><b>Deals</b></div></th></tr>
<tr align="center" bgcolor="#E5F0FC"><td>Time</td><td>Deal</td><td>Symbol</td><td>Type</td><td>Direction</td><td>Volume</td><td>Price</td><td>Order</td><td>Commission</td><td>Fee</td><td>Swap</td><td>Profit</td><td>Balance</td><td>Comment</td></tr>
${dealRows}
<tr align="center"><th colspan="14"><div style="font: 10pt Tahoma"><b>Results</b></div></th></tr>
<tr align="right"><td colspan="3">Balance:</td><td colspan="2"><b>${money(balance)}</b></td><td colspan="3">Free Margin:</td><td colspan="2"><b>${money(balance)}</b></td></tr>
<tr align="right"><td colspan="3">Equity:</td><td colspan="2"><b>${money(balance)}</b></td><td colspan="3">Margin:</td><td colspan="2"><b>0.00</b></td></tr>
</table></div></body></html>`;
}

const comparable = (deals: Deal[]) =>
  deals
    .map((d) => ({ kind: d.kind, time: d.time, symbol: d.symbol, side: d.side, lots: d.lots, openTime: d.openTime, openPrice: d.openPrice, closePrice: d.closePrice, commission: d.commission, swap: d.swap, profit: d.profit }))
    .sort((a, b) => a.time - b.time);

describe('statement parsing (MT4 Detailed Statement, MT5 report)', () => {
  it('reads every deal of an MT4 Detailed Statement, its account, currency, balance, equity and comments', () => {
    const deals = history();
    const parsed = parseStatement(mt4Statement('2089123', deals, { equity: 4100.5 }));
    expect(parsed).toMatchObject({ format: 'mt4', accountNumber: '2089123', currency: 'USD', live: null, equity: 4100.5 });
    expect(comparable(parsed.deals)).toEqual(comparable(deals));
    expect(parsed.deals.find((d) => d.id === '6003')?.comment).toBe('BW-ABC234');
    expect(parsed.balance).toBeCloseTo(computeStats({ deals, now: T0 + 300 * H }).balance, 2);
  });

  it('reads the positions and balance deals of an MT5 report, skipping its hidden cells', () => {
    const deals = history();
    const parsed = parseStatement(mt5Report('51234567', deals));
    expect(parsed).toMatchObject({ format: 'mt5', accountNumber: '51234567', currency: 'USD', server: 'HarbourFX-Live01', live: true });
    expect(comparable(parsed.deals)).toEqual(comparable(deals));
    expect(computeStats({ deals: parsed.deals, now: T0 + 300 * H }).gainPct).toBeCloseTo(computeStats({ deals, now: T0 + 300 * H }).gainPct, 10);
  });

  it('refuses unknown formats, empty statements and malformed rows with a reason', () => {
    const reason = (html: string) => {
      try {
        parseStatement(html);
        return 'parsed';
      } catch (err) {
        return (err as StatementError).reason;
      }
    };
    expect(reason('just some text')).toBe('unknown_format');
    expect(reason('<html><body><table><tr><td>Portfolio</td></tr></table></body></html>')).toBe('unknown_format');
    expect(reason(mt4Statement('2089123', history()).replace(/<tr align=right><td( title="[^"]*")?>\d+<\/td>.*<\/tr>\n/g, ''))).toBe('no_deals');
    expect(reason(mt4Statement('2089123', history()).replace('2026.03.02 13:00', '02/03/2026 1pm'))).toBe('malformed');
    expect(reason(mt5Report('51234567', history()).replace(/>buy</, '>buy<').replace('1.0842', 'one point'))).toBe('malformed');
    expect(reason('<table><tr><td>Closed Transactions:</td></tr><tr><td>1</td><td>2026.01.01 10:00</td><td>buy</td><td>1.00</td></tr></table>')).toBe('malformed');
  });
});

describe('statement import through the service', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('imports a statement into a statement account once, recomputes statistics, and is never ranked', async () => {
    const b = await h.broker();
    const owner = trader();
    const bound = await bind(h, owner, { server: b.live, accountNumber: '2089123', source: 'statement' });
    expect(bound.status, JSON.stringify(bound.body)).toBe(200);
    expect(bound.body).toMatchObject({ source: 'statement', sync: { state: 'pending', nextAttemptAt: null } });
    const id = bound.body.id as string;
    const html = mt4Statement('2089123', history());
    const up = await h.call('POST', `/v1/accounts/${id}/statement?userId=${owner.userId}`, html);
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(up.body).toMatchObject({ added: 7, format: 'mt4', account: { sync: { state: 'ok' }, stats: { trades: 5, deposits: 5000, withdrawals: 1000 }, ranking: { ranked: false, reason: 'statement' }, summary: { live: null } } });
    const again = await h.call('POST', `/v1/accounts/${id}/statement?userId=${owner.userId}`, html);
    expect(again.body.added).toBe(0);
    expect(again.body.account.stats.trades).toBe(5);
    await h.waitForEvent('trader.stats.updated', (p) => p.accountId === id && p.trades === 5);

    const wrong = await h.call('POST', `/v1/accounts/${id}/statement?userId=${owner.userId}`, mt4Statement('999999', history()));
    expect(wrong.status).toBe(400);
    expect(errorOf(wrong)).toMatchObject({ code: 'trader.statement_invalid', fields: { statement: 'account_mismatch' } });
    expect(errorOf(await h.call('POST', `/v1/accounts/${id}/statement?userId=${owner.userId}`, '<p>hello</p>'))).toMatchObject({ fields: { statement: 'unknown_format' } });
    expect((await h.call('POST', `/v1/accounts/${id}/statement?userId=${trader().userId}`, html)).status).toBe(403);

    // A bridge account takes no statements; a statement account has nothing to "sync now" or verify.
    const number = login();
    const bridge = await bind(h, owner, { server: b.live, accountNumber: number, password: `ro-${number}` });
    expect(errorOf(await h.call('POST', `/v1/accounts/${bridge.body.id}/statement?userId=${owner.userId}`, html)).code).toBe('trader.not_statement_account');
    expect(errorOf(await h.call('POST', `/v1/accounts/${id}/sync`, { userId: owner.userId })).code).toBe('trader.not_bridge_account');
    expect(errorOf(await h.call('POST', `/v1/accounts/${id}/verification`, { userId: owner.userId })).code).toBe('trader.not_bridge_account');
  });
});
