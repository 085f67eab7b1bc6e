import { useState, type CSSProperties, type FormEvent } from 'react';
import { data, Link, useLoaderData, useRevalidator, useRouteLoaderData } from 'react-router';
import type { Page, TraderAccount, TraderAccountDetail, TraderOrder, TraderStatementResult, TraderStats } from '../../../gateway/src/contract.ts';
import { AccountLayout } from '../components/account/AccountLayout';
import { useHydrated } from '../components/account/use-form';
import { useApi, useApiErrorText } from '../components/ApiProvider';
import { ErrorNotice } from '../components/ErrorNotice';
import { Pagination } from '../components/Pagination';
import { useSession } from '../components/SessionProvider';
import { RouteErrorContent } from '../components/StatusPage';
import { useToast } from '../components/Toasts';
import { LineChart } from '../components/trader/Charts';
import { useTraderFormat, type TraderFormat } from '../components/trader/format';
import { AccountBadges, AccountSummary, RankingStatus, signClass, SyncStatus } from '../components/trader/TraderParts';
import { failureStatus, fieldErrorsOf, pageStatus, settle, type Settled } from '../lib/api';
import { pageApi } from '../lib/api.server';
import { apiLang } from '../lib/locale';
import { pageMeta } from '../lib/meta';
import type { RootData } from '../lib/root-data';
import { requireUser } from '../lib/session.server';
import { heat, isAccountId, monthlyGrid, pageParam, traderAccountHref } from '../lib/trader';
import { uploadWithProgress } from '../lib/upload';
import { useT } from '../lib/use-t';
import type { Route } from './+types/trader.account';
import classes from '../components/trader/Trader.module.css';

/** MT4/MT5 statements are at most 5 MB (gateway). */
const STATEMENT_MAX_BYTES = 5 * 1024 * 1024;

/**
 * /trader/account?id=&page= (spec §2, §3, §4): one trading account: statistics, curves, monthly
 * returns and closed orders. Public accounts for everybody; hidden ones for their owner only
 * (anyone else gets the 404 page). Without `id`: the signed-in user's own accounts ("My accounts").
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const id = params.get('id')?.trim() ?? '';
  const { api } = pageApi(request, context);
  if (!id) {
    await requireUser(request, context);
    const accounts = await settle(api.get<TraderAccount[]>('/api/trader/accounts'));
    return data({ kind: 'mine' as const, accounts }, { status: pageStatus(accounts) });
  }
  if (!isAccountId(id)) throw data(null, { status: 404 });
  const page = pageParam(params.get('page'), 10_000);
  const [account, orders] = await Promise.all([
    settle(api.get<TraderAccountDetail>('/api/trader/account', { id })),
    settle(api.get<Page<TraderOrder>>('/api/trader/orders', { id, page })),
  ]);
  if (!account.ok) {
    if (account.error.status === 404 || account.error.status === 400) throw data(null, { status: 404 });
    return data({ kind: 'failed' as const, error: account.error }, { status: failureStatus(account.error) });
  }
  return data({ kind: 'account' as const, account: account.data, orders, page }, { headers: account.data.mine ? { 'cache-control': 'private, no-store' } : {} });
}

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) => {
  if (loaderData?.kind === 'account') {
    const a = loaderData.account;
    return pageMeta({
      matches,
      location,
      title: { id: 'trader.account.metaTitle', values: { nickname: a.nickname, broker: a.broker.name } },
      description: { id: 'trader.account.metaDescription', values: { nickname: a.nickname, owner: a.owner.username, broker: a.broker.name } },
      canonicalParams: ['id', 'page'],
      ogType: 'profile',
      noindex: a.visibility === 'hidden',
    });
  }
  return pageMeta({ matches, location, title: { id: 'trader.mine.title' }, noindex: true });
};

export default function TraderAccountPage() {
  const t = useT();
  const loaded = useLoaderData<typeof loader>();
  if (loaded.kind === 'mine') return <MyAccounts accounts={loaded.accounts} />;
  if (loaded.kind === 'failed') {
    return (
      <div className={`bw-container ${classes.page}`}>
        <h1 className={classes.title}>{t('trader.account.title')}</h1>
        <ErrorNotice error={loaded.error} />
      </div>
    );
  }
  return <AccountView account={loaded.account} orders={loaded.orders} page={loaded.page} />;
}

function MyAccounts({ accounts }: { accounts: Settled<TraderAccount[]> }) {
  const t = useT();
  return (
    <AccountLayout title={t('trader.mine.title')}>
      <div className={classes.stack}>
        <p className={classes.actions}>
          <Link to="/trader/bindaccount" className={classes.button} data-testid="bind-account-link">
            {t('trader.mine.bind')}
          </Link>
          <Link to="/user/account" className={classes.buttonSecondary}>
            {t('trader.mine.verify')}
          </Link>
          <Link to="/trader/apply" className={classes.link}>
            {t('trader.mine.apply')}
          </Link>
        </p>
        {!accounts.ok ? (
          <ErrorNotice error={accounts.error} />
        ) : accounts.data.length === 0 ? (
          <p className={classes.muted} data-testid="my-trader-empty">
            {t('trader.mine.empty')}
          </p>
        ) : (
          <ul className={classes.list}>
            {accounts.data.map((a) => (
              <li key={a.id}>
                <AccountSummary account={a} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </AccountLayout>
  );
}

function AccountView({ account, orders, page }: { account: TraderAccountDetail; orders: Settled<Page<TraderOrder>>; page: number }) {
  const t = useT();
  const f = useTraderFormat();
  return (
    <div className={`bw-container ${classes.page}`} data-testid="trader-account" data-account-id={account.id}>
      <header className={classes.head}>
        <div>
          <p className={classes.small}>
            <Link to="/trader/index" className={classes.link}>
              {t('trader.top.title')}
            </Link>
            {account.mine && (
              <>
                {' · '}
                <Link to="/trader/account" className={classes.link}>
                  {t('trader.mine.title')}
                </Link>
              </>
            )}
          </p>
          <h1 className={classes.title} data-testid="trader-nickname">
            {account.nickname}
          </h1>
          <p className={classes.muted}>
            {t('trader.account.byline', { owner: account.owner.username, account: account.account, date: f.date(account.boundAt) })}
          </p>
          <AccountBadges account={account} />
          {account.description && <p className={classes.description}>{account.description}</p>}
          <RankingStatus account={account} />
        </div>
      </header>

      <div className={classes.stack}>
        {account.mine && <OwnerPanel account={account} />}
        {account.stats ? (
          <StatsCards stats={account.stats} leverage={account.leverage} />
        ) : (
          <p className={classes.card} data-testid="trader-no-stats">
            {t('trader.stats.none')}
          </p>
        )}
        {account.curve.length > 0 && <Curves account={account} />}
        {account.monthly.length > 0 && <MonthlyReturns monthly={account.monthly} />}
        <section id="orders" aria-labelledby="orders-title">
          <h2 id="orders-title" className={classes.sectionTitle}>
            {t('trader.orders.title')}
          </h2>
          {!orders.ok ? (
            <ErrorNotice error={orders.error} />
          ) : orders.data.list.length === 0 ? (
            <p className={classes.muted} data-testid="trader-orders-empty">
              {t('trader.orders.empty')}
            </p>
          ) : (
            <>
              <OrdersTable orders={orders.data.list} f={f} />
              <Pagination page={page} total={orders.data.total} limit={orders.data.limit || 20} hrefFor={(p) => traderAccountHref(account.id, p)} />
            </>
          )}
        </section>
      </div>
    </div>
  );
}

function StatsCards({ stats: s, leverage }: { stats: TraderStats; leverage: number | null }) {
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

function Curves({ account }: { account: TraderAccountDetail }) {
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

function MonthlyReturns({ monthly }: { monthly: TraderAccountDetail['monthly'] }) {
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

function OrdersTable({ orders, f }: { orders: TraderOrder[]; f: TraderFormat }) {
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

/** The owner's controls: sync state and Sync now, visibility, statement upload, unbind (spec §4). */
function OwnerPanel({ account }: { account: TraderAccount }) {
  const t = useT();
  const api = useApi();
  const toast = useToast();
  const errorText = useApiErrorText();
  const revalidator = useRevalidator();
  const hydrated = useHydrated();
  const [busy, setBusy] = useState<'' | 'sync' | 'visibility' | 'unbind'>('');
  const [confirming, setConfirming] = useState(false);
  const closed = account.status === 'closed';

  async function run(kind: 'sync' | 'visibility' | 'unbind', path: string, body: object) {
    setBusy(kind);
    try {
      const result = await api.post<TraderAccount>(path, body);
      toast('success', result.msg);
      setConfirming(false);
      await revalidator.revalidate();
    } catch (error) {
      toast('error', errorText(error));
    } finally {
      setBusy('');
    }
  }

  const nextVisibility = account.visibility === 'public' ? 'hidden' : 'public';
  return (
    <section className={`${classes.card} ${classes.owner}`} aria-labelledby="owner-title" data-testid="trader-owner">
      <div>
        <h2 id="owner-title" className={classes.sectionTitle}>
          {t('trader.owner.title')}
        </h2>
        <SyncStatus sync={account.sync} source={account.source} />
        {account.source === 'bridge' && !closed && (
          <div className={classes.actions}>
            <button
              type="button"
              className={classes.button}
              disabled={!hydrated || !!busy}
              onClick={() => void run('sync', '/api/trader/sync', { id: account.id })}
              data-testid="trader-sync-now"
            >
              {t(busy === 'sync' ? 'trader.owner.syncing' : 'trader.owner.syncNow')}
            </button>
            <button type="button" className={classes.buttonSecondary} disabled={!hydrated || !!busy} onClick={() => void revalidator.revalidate()} data-testid="trader-refresh">
              {t('trader.owner.refresh')}
            </button>
          </div>
        )}
        {!account.verified && !closed && (
          <p className={classes.small}>
            <Link to={`/user/account?${new URLSearchParams({ id: account.id })}`} className={classes.link}>
              {t('trader.owner.verify')}
            </Link>
          </p>
        )}
      </div>
      <div className={classes.stack}>
        {!closed && (
          <div>
            <h3 className={classes.sectionTitle}>{t('trader.owner.visibility')}</h3>
            <p className={classes.small}>{t(account.visibility === 'public' ? 'trader.owner.publicNote' : 'trader.owner.hiddenNote')}</p>
            <button
              type="button"
              role="switch"
              aria-checked={account.visibility === 'public'}
              className={classes.buttonSecondary}
              disabled={!hydrated || !!busy}
              onClick={() => void run('visibility', '/api/trader/visibility', { id: account.id, visibility: nextVisibility })}
              data-testid="trader-visibility-toggle"
            >
              {t(nextVisibility === 'hidden' ? 'trader.owner.makeHidden' : 'trader.owner.makePublic')}
            </button>
          </div>
        )}
        {account.source === 'statement' && !closed && <StatementUpload account={account} />}
        {!closed && (
          <div>
            {!confirming ? (
              <button type="button" className={classes.buttonSecondary} disabled={!hydrated || !!busy} onClick={() => setConfirming(true)} data-testid="trader-unbind">
                {t('trader.owner.unbind')}
              </button>
            ) : (
              <div className={classes.confirm} role="alertdialog" aria-labelledby="unbind-question">
                <p id="unbind-question">{t('trader.owner.unbindQuestion')}</p>
                <div className={classes.actions}>
                  <button
                    type="button"
                    className={classes.buttonDanger}
                    disabled={!!busy}
                    onClick={() => void run('unbind', '/api/trader/unbind', { id: account.id })}
                    data-testid="trader-unbind-confirm"
                  >
                    {t('trader.owner.unbindYes')}
                  </button>
                  <button type="button" className={classes.buttonSecondary} disabled={!!busy} onClick={() => setConfirming(false)}>
                    {t('trader.owner.cancel')}
                  </button>
                </div>
              </div>
            )}
          </div>
        )}
      </div>
    </section>
  );
}

/** MT4/MT5 HTML statement, sent raw (text/html) to /api/trader/statement?id=. */
function StatementUpload({ account }: { account: TraderAccount }) {
  const t = useT();
  const toast = useToast();
  const errorText = useApiErrorText();
  const revalidator = useRevalidator();
  const hydrated = useHydrated();
  const { end } = useSession();
  const root = useRouteLoaderData<RootData>('root');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState('');
  const [percent, setPercent] = useState<number | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!file) return setError(t('trader.statement.required'));
    if (file.size > STATEMENT_MAX_BYTES) return setError(t('trader.statement.tooLarge'));
    setError('');
    setPercent(0);
    try {
      const result = await uploadWithProgress<TraderStatementResult>({
        path: `/api/trader/statement?${new URLSearchParams({ id: account.id })}`,
        body: file,
        contentType: 'text/html',
        salt: root?.salt ?? '',
        lang: apiLang(root?.locale ?? 'en'),
        onProgress: setPercent,
        onSessionEnded: end,
      });
      toast('success', t('trader.statement.imported', { added: result.data.added, format: result.data.format.toUpperCase() }));
      setFile(null);
      await revalidator.revalidate();
    } catch (failure) {
      const fields = fieldErrorsOf(failure);
      setError(fields.statement ?? errorText(failure));
    } finally {
      setPercent(null);
    }
  }

  return (
    <form onSubmit={submit} noValidate data-testid="trader-statement-form">
      <h3 className={classes.sectionTitle}>{t('trader.statement.title')}</h3>
      <p className={classes.small}>{t('trader.statement.hint')}</p>
      <label className={classes.field}>
        {t('trader.statement.file')}
        <input
          type="file"
          name="statement"
          accept=".htm,.html,text/html"
          onChange={(e) => {
            setFile(e.currentTarget.files?.[0] ?? null);
            setError('');
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'statement-error' : undefined}
          disabled={!hydrated || percent !== null}
        />
      </label>
      {error && (
        <p id="statement-error" className={classes.error} role="alert" data-testid="trader-statement-error">
          {error}
        </p>
      )}
      <div className={classes.actions}>
        <button type="submit" className={classes.button} disabled={!hydrated || percent !== null}>
          {percent === null ? t('trader.statement.upload') : t('trader.statement.uploading', { percent })}
        </button>
      </div>
    </form>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorContent error={error} />;
}
