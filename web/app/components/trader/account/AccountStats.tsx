import type { CSSProperties } from 'react';
import type { TraderAccountDetail, TraderOrder, TraderStats } from '@brokerwise/api-contract';
import { heat, monthlyGrid } from '../../../lib/trader';
import { useT } from '../../../lib/use-t';
import { LineChart } from '../Charts';
import { useTraderFormat, type TraderFormat } from '../format';
import { signClass } from '../TraderParts';
import classes from '../Trader.module.css';

// What a trading account's page shows of its record: statistics, curves, monthly returns, closed orders.

export function StatsCards({ stats: s, leverage }: { stats: TraderStats; leverage: number | null }) {
  const t = useT();
  const f = useTraderFormat();
  const m = (v: number) => f.money(v, s.currency);
  const cards: [string, string, string?][] = [
    [t('trader.stats.balance'), m(s.balance)],
    [t('trader.stats.equity'), m(s.equity)],
    [t('trader.stats.gain'), f.pct(s.gainPct), signClass(s.gainPct)],
    [t('trader.stats.absoluteGain'), f.pct(s.absoluteGainPct), signClass(s.absoluteGainPct)],
    [t('trader.stats.maxDrawdown'), f.pct(s.maxDrawdownPct, false)],
    [t('trader.stats.maxDrawdownMoney'), m(s.maxDrawdownMoney)],
    [t('trader.stats.profit'), m(s.profit), signClass(s.profit)],
    [t('trader.stats.profitFactor'), s.profitFactor === null ? '—' : f.num(s.profitFactor)],
    [t('trader.stats.winRate'), f.pct(s.winRatePct, false)],
    [t('trader.stats.expectancy'), m(s.expectancy), signClass(s.expectancy)],
    [t('trader.stats.averageWin'), m(s.averageWin)],
    [t('trader.stats.averageLoss'), m(s.averageLoss)],
    [t('trader.stats.trades'), t('trader.stats.tradesValue', { trades: s.trades, wins: s.wins, losses: s.losses })],
    [t('trader.stats.longestWin'), f.int(s.longestWinStreak)],
    [t('trader.stats.longestLoss'), f.int(s.longestLoseStreak)],
    [t('trader.stats.lots'), f.num(s.lots)],
    [t('trader.stats.deposits'), m(s.deposits)],
    [t('trader.stats.withdrawals'), m(s.withdrawals)],
    [t('trader.stats.fees'), m(s.fees)],
    [t('trader.stats.interest'), m(s.interest)],
    [t('trader.stats.volatility'), f.pct(s.volatility * 100, false)],
    [t('trader.stats.trackDays'), f.int(s.trackDays)],
    [t('trader.stats.leverage'), leverage ? `1:${f.int(leverage)}` : '—'],
  ];
  return (
    <section aria-labelledby="stats-title">
      <h2 id="stats-title" className={classes.sectionTitle}>
        {t('trader.stats.title')}
      </h2>
      <dl className={classes.stats} data-testid="trader-stats">
        {cards.map(([label, value, tone]) => (
          <div key={label} className={classes.stat}>
            <dt>{label}</dt>
            <dd className={tone}>{value}</dd>
          </div>
        ))}
      </dl>
      <p className={classes.small}>{t('trader.stats.period', { first: f.date(s.firstDealAt), last: f.date(s.lastDealAt) })}</p>
    </section>
  );
}

export function Curves({ account }: { account: TraderAccountDetail }) {
  const t = useT();
  const f = useTraderFormat();
  const times = account.curve.map((p) => Date.parse(p.t));
  const money = (v: number) => f.money(v, account.currency);
  const pct = (v: number) => f.pct(v, false);
  const axisPct = (v: number) => `${f.compact(v)}%`;
  const last = account.curve[account.curve.length - 1]!;
  const maxDd = Math.max(...account.curve.map((p) => p.drawdownPct));
  return (
    <section aria-labelledby="charts-title">
      <h2 id="charts-title" className={classes.sectionTitle}>
        {t('trader.chart.title')}
      </h2>
      <div className={classes.charts}>
        <LineChart
          testId="trader-chart-balance"
          title={t('trader.chart.balanceTitle')}
          description={t('trader.chart.balanceDesc', { balance: money(last.balance), equity: money(last.equity), points: account.curve.length })}
          times={times}
          series={[
            { name: t('trader.stats.balance'), color: '#1c64f2', values: account.curve.map((p) => p.balance) },
            { name: t('trader.stats.equity'), color: '#f5a524', values: account.curve.map((p) => p.equity) },
          ]}
          format={money}
          axisFormat={f.compact}
          area
        />
        <LineChart
          testId="trader-chart-gain"
          title={t('trader.chart.gainTitle')}
          description={t('trader.chart.gainDesc', { gain: f.pct(last.gainPct) })}
          times={times}
          series={[{ name: t('trader.stats.gain'), color: '#0f7b4f', values: account.curve.map((p) => p.gainPct) }]}
          format={(v) => f.pct(v)}
          axisFormat={axisPct}
          withZero
          area
        />
        <LineChart
          testId="trader-chart-drawdown"
          title={t('trader.chart.drawdownTitle')}
          description={t('trader.chart.drawdownDesc', { drawdown: pct(maxDd) })}
          times={times}
          series={[{ name: t('trader.chart.drawdown'), color: '#c92a2a', values: account.curve.map((p) => -p.drawdownPct) }]}
          format={pct}
          axisFormat={axisPct}
          withZero
          area
        />
      </div>
    </section>
  );
}

export function MonthlyReturns({ monthly }: { monthly: TraderAccountDetail['monthly'] }) {
  const t = useT();
  const f = useTraderFormat();
  const rows = monthlyGrid(monthly);
  return (
    <section aria-labelledby="monthly-title">
      <h2 id="monthly-title" className={classes.sectionTitle}>
        {t('trader.monthly.title')}
      </h2>
      <div className={classes.tableWrap}>
        <table className={classes.table} data-testid="trader-monthly">
          <thead>
            <tr>
              <th scope="col">{t('trader.monthly.year')}</th>
              {Array.from({ length: 12 }, (_, i) => (
                <th key={i} scope="col" className={classes.num}>
                  {f.month(i)}
                </th>
              ))}
              <th scope="col" className={classes.num}>
                {t('trader.monthly.total')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.year}>
                <th scope="row">{row.year}</th>
                {row.months.map((r, i) => (
                  <td
                    key={i}
                    className={classes.cell}
                    data-sign={r === null || r === 0 ? undefined : r > 0 ? 'pos' : 'neg'}
                    style={r === null ? undefined : ({ '--heat': heat(r).toFixed(2) } as CSSProperties)}
                  >
                    {r === null ? '' : f.pct(r)}
                  </td>
                ))}
                <td className={`${classes.num} ${signClass(row.total) ?? ''}`}>
                  <strong>{f.pct(row.total)}</strong>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

export function OrdersTable({ orders, f }: { orders: TraderOrder[]; f: TraderFormat }) {
  const t = useT();
  return (
    <div className={classes.tableWrap}>
      <table className={classes.table} data-testid="trader-orders">
        <thead>
          <tr>
            <th scope="col">{t('trader.orders.openTime')}</th>
            <th scope="col">{t('trader.orders.instrument')}</th>
            <th scope="col">{t('trader.orders.side')}</th>
            <th scope="col" className={classes.num}>
              {t('trader.orders.lots')}
            </th>
            <th scope="col" className={classes.num}>
              {t('trader.orders.openPrice')}
            </th>
            <th scope="col" className={classes.num}>
              {t('trader.orders.stopLoss')}
            </th>
            <th scope="col" className={classes.num}>
              {t('trader.orders.takeProfit')}
            </th>
            <th scope="col">{t('trader.orders.closeTime')}</th>
            <th scope="col" className={classes.num}>
              {t('trader.orders.closePrice')}
            </th>
            <th scope="col" className={classes.num}>
              {t('trader.orders.interest')}
            </th>
            <th scope="col" className={classes.num}>
              {t('trader.orders.profit')}
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((o) => (
            <tr key={o.id} data-testid="trader-order">
              <td>{f.dateTime(o.openTime)}</td>
              <td>{o.instrument}</td>
              <td>{o.side === 'buy' ? t('trader.orders.buy') : o.side === 'sell' ? t('trader.orders.sell') : o.side}</td>
              <td className={classes.num}>{f.num(o.lots)}</td>
              <td className={classes.num}>{f.price(o.openPrice)}</td>
              <td className={classes.num}>{f.price(o.stopLoss)}</td>
              <td className={classes.num}>{f.price(o.takeProfit)}</td>
              <td>{f.dateTime(o.closeTime)}</td>
              <td className={classes.num}>{f.price(o.closePrice)}</td>
              <td className={classes.num}>{f.num(o.interest)}</td>
              <td className={`${classes.num} ${signClass(o.profit) ?? ''}`}>{f.num(o.profit)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
