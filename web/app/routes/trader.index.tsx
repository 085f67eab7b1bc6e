import { data, Form, Link, useLoaderData } from 'react-router';
import type { RankedTrader } from '@brokerwise/api-contract';
import * as ops from '@brokerwise/api-contract/paths';
import { ErrorNotice } from '../components/ErrorNotice';
import { Pagination } from '../components/Pagination';
import { RouteErrorContent } from '../components/StatusPage';
import { useTraderFormat } from '../components/trader/format';
import { signClass } from '../components/trader/TraderParts';
import { pageStatus, settle } from '../lib/api';
import { pageApi } from '../lib/api.server';
import { pageMeta } from '../lib/meta';
import {
  MIN_DAYS_CHOICES,
  parseTopTraderParams,
  SORT_IDS,
  TOP_TRADER_METHODOLOGY_HREF,
  topTraderHref,
  topTraderQuery,
  traderAccountHref,
  TYPE_IDS,
  type TopTraderParams,
  type TopTraderSort,
} from '../lib/trader';
import { useT } from '../lib/use-t';
import type { Route } from './+types/trader.index';
import listClasses from './list-page.module.css';
import classes from '../components/trader/Trader.module.css';

/** /trader/index (spec §2 Top Trader): ranked public live accounts; filters and sort are GET parameters. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { api } = pageApi(request, context);
  const params = parseTopTraderParams(new URL(request.url).searchParams);
  const [table, brokers] = await Promise.all([
    settle(api.op(ops.topTraders, { ...topTraderQuery(params) })),
    settle(api.op(ops.traderBrokers)),
  ]);
  return data({ params, table, brokers: brokers.ok ? brokers.data : [] }, { status: pageStatus(table) });
}

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) =>
  pageMeta({
    matches,
    location,
    title: loaderData && loaderData.params.page > 1 ? { id: 'trader.top.titlePage', values: { page: loaderData.params.page } } : { id: 'trader.top.title' },
    description: { id: 'trader.top.description' },
    canonicalParams: ['page', 'sort', 'broker', 'minDays', 'type'],
  });

export default function TopTrader() {
  const t = useT();
  const { params, table, brokers } = useLoaderData<typeof loader>();
  const filtered = !!(params.broker || params.minDays !== null || params.type);
  return (
    <div className={`bw-container ${classes.page}`}>
      <header className={listClasses.head}>
        <div>
          <h1 className={listClasses.title}>{t('trader.top.title')}</h1>
          <p className={listClasses.lead}>{t('trader.top.intro')}</p>
          <p className={classes.method}>
            {t('trader.top.method')}{' '}
            <Link to={TOP_TRADER_METHODOLOGY_HREF} className={classes.link} data-testid="methodology-link">
              {t('trader.top.methodLink')}
            </Link>
          </p>
        </div>
        <div className={classes.actions}>
          <Link to="/trader/bindaccount" className={classes.button}>
            {t('trader.top.bind')}
          </Link>
          <Link to="/trader/apply" className={classes.buttonSecondary}>
            {t('trader.top.apply')}
          </Link>
        </div>
      </header>

      <Form method="get" action="/trader/index" className={classes.filters} aria-label={t('trader.top.filters')} data-testid="trader-filters">
        {params.sort !== 'score' && <input type="hidden" name="sort" value={params.sort} />}
        <label className={classes.field}>
          {t('trader.top.broker')}
          <select name="broker" defaultValue={params.broker} className={classes.select} data-testid="filter-broker">
            <option value="">{t('trader.top.anyBroker')}</option>
            {brokers.map((b) => (
              <option key={b.id} value={b.id}>
                {b.name}
              </option>
            ))}
          </select>
        </label>
        <label className={classes.field}>
          {t('trader.top.minDays')}
          <select name="minDays" defaultValue={params.minDays === null ? '' : String(params.minDays)} className={classes.select} data-testid="filter-min-days">
            <option value="">{t('trader.top.anyDays')}</option>
            {[...new Set([...MIN_DAYS_CHOICES, ...(params.minDays !== null ? [params.minDays] : [])])]
              .sort((a, b) => a - b)
              .map((d) => (
                <option key={d} value={d}>
                  {t('trader.top.days', { days: d })}
                </option>
              ))}
          </select>
        </label>
        <label className={classes.field}>
          {t('trader.top.type')}
          <select name="type" defaultValue={params.type ?? ''} className={classes.select} data-testid="filter-type">
            <option value="">{t('trader.top.anyType')}</option>
            <option value="manual">{t(TYPE_IDS.manual)}</option>
            <option value="mixed">{t(TYPE_IDS.mixed)}</option>
          </select>
        </label>
        <button type="submit" className={classes.button} data-testid="filter-apply">
          {t('trader.top.applyFilters')}
        </button>
        {filtered && (
          <Link to={topTraderHref(params, { broker: '', minDays: null, type: null, page: 1 })} className={classes.link}>
            {t('trader.top.clearFilters')}
          </Link>
        )}
      </Form>

      <section aria-label={t('trader.top.tableLabel')}>
        {!table.ok ? (
          <ErrorNotice error={table.error} />
        ) : table.data.list.length === 0 ? (
          <div className={classes.empty} data-testid="trader-top-empty">
            <p>{t(filtered ? 'trader.top.emptyFiltered' : 'trader.top.empty')}</p>
            {(filtered || params.page > 1) && <Link to="/trader/index">{t('trader.top.first')}</Link>}
          </div>
        ) : (
          <>
            <RankingTable rows={table.data.list} params={params} />
            <Pagination page={params.page} total={table.data.total} limit={table.data.limit || 20} hrefFor={(page) => topTraderHref(params, { page })} />
          </>
        )}
      </section>
    </div>
  );
}

/** A column header that sorts the table by itself (a link: works without script). */
function SortHeader({ sort, params, label, num = true }: { sort: TopTraderSort; params: TopTraderParams; label: string; num?: boolean }) {
  const t = useT();
  const active = params.sort === sort;
  return (
    <th scope="col" className={num ? classes.num : undefined} aria-sort={active ? (sort === 'drawdown' ? 'ascending' : 'descending') : undefined}>
      <Link
        to={topTraderHref(params, { sort, page: 1 })}
        className={classes.sortLink}
        aria-current={active ? 'true' : undefined}
        title={t(SORT_IDS[sort])}
        data-testid={`sort-${sort}`}
      >
        {label}
        {active ? (sort === 'drawdown' ? ' ▲' : ' ▼') : ''}
      </Link>
    </th>
  );
}

function RankingTable({ rows, params }: { rows: RankedTrader[]; params: TopTraderParams }) {
  const t = useT();
  const f = useTraderFormat();
  return (
    <div className={classes.tableWrap}>
      <table className={classes.table} data-testid="trader-top-table" data-sort={params.sort}>
        <caption className="bw-visually-hidden">{t(SORT_IDS[params.sort])}</caption>
        <thead>
          <tr>
            <th scope="col">{t('trader.top.colRank')}</th>
            <th scope="col">{t('trader.top.colNickname')}</th>
            <th scope="col">{t('trader.top.colOwner')}</th>
            <th scope="col">{t('trader.top.colBroker')}</th>
            <SortHeader sort="gain" params={params} label={t('trader.top.colGain')} />
            <SortHeader sort="drawdown" params={params} label={t('trader.top.colDrawdown')} />
            <SortHeader sort="trades" params={params} label={t('trader.top.colTrades')} />
            <SortHeader sort="track" params={params} label={t('trader.top.colTrack')} />
            <th scope="col">{t('trader.top.colType')}</th>
            <SortHeader sort="score" params={params} label={t('trader.top.colScore')} />
          </tr>
        </thead>
        <tbody>
          {rows.map(({ rank, account }) => {
            const s = account.stats;
            return (
              <tr key={account.id} data-testid="trader-top-row" data-account-id={account.id}>
                <td className={classes.rank}>{rank}</td>
                <td>
                  <Link to={traderAccountHref(account.id)} className={classes.nickname} data-testid="trader-top-nickname">
                    {account.nickname}
                  </Link>
                </td>
                <td>
                  <Link to={`/vlog/personal?${new URLSearchParams({ uid: account.owner.id })}`} className={classes.sortLink}>
                    {account.owner.username}
                  </Link>
                </td>
                <td>{account.broker.name}</td>
                <td className={`${classes.num} ${signClass(s?.gainPct) ?? ''}`} data-testid="trader-top-gain" data-value={s?.gainPct ?? ''}>
                  {f.pct(s?.gainPct)}
                </td>
                <td className={classes.num} data-testid="trader-top-drawdown" data-value={s?.maxDrawdownPct ?? ''}>
                  {f.pct(s?.maxDrawdownPct, false)}
                </td>
                <td className={classes.num} data-testid="trader-top-trades" data-value={s?.trades ?? ''}>
                  {s ? f.int(s.trades) : '—'}
                </td>
                <td className={classes.num} data-testid="trader-top-track" data-value={s?.trackDays ?? ''}>
                  {s ? f.int(s.trackDays) : '—'}
                </td>
                <td>{t(TYPE_IDS[account.type])}</td>
                <td className={classes.num} data-testid="trader-top-score" data-value={account.ranking.score ?? ''}>
                  {account.ranking.score === null ? '—' : f.num(account.ranking.score, 2)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

export const ErrorBoundary = RouteErrorContent;
