import { useIntl } from 'react-intl';
import { data, useLoaderData } from 'react-router';
import type { TransparencyMonth, TransparencyReport } from '@brokerwise/api-contract';
import * as ops from '@brokerwise/api-contract/paths';
import { ErrorNotice } from '../components/ErrorNotice';
import { RouteErrorContent } from '../components/StatusPage';
import { LineChart } from '../components/trader/Charts';
import { operationUrl, pageStatus, settle } from '../lib/api';
import { pageApi } from '../lib/api.server';
import { pageMeta } from '../lib/meta';
import { reasonLabel } from '../lib/reports';
import { useT } from '../lib/use-t';
import type { Route } from './+types/transparency';
import classes from '../components/trader/Trader.module.css';

const MONTH = /^(19[7-9]\d|2\d{3})-(0[1-9]|1[0-2])$/;

/** /transparency?from=YYYY-MM&to=YYYY-MM: the public report; by default the last 12 months. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const range = Object.fromEntries(['from', 'to'].flatMap((k) => (MONTH.test(params.get(k) ?? '') ? [[k, params.get(k)!]] : [])));
  const { api } = pageApi(request, context);
  const report = await settle(api.op(ops.transparency, range));
  return data({ report, range }, { status: pageStatus(report), headers: { 'cache-control': 'public, max-age=300' } });
}

export const meta: Route.MetaFunction = ({ matches, location }) => pageMeta({ matches, location, title: { id: 'transparency.page.title' }, description: { id: 'transparency.page.intro' } });

const sum = (months: TransparencyMonth[], read: (m: TransparencyMonth) => number) => months.reduce((n, m) => n + read(m), 0);

/** The public transparency report (issue 17): what is counted and how, charts, the monthly table and a CSV. */
export default function Transparency() {
  const t = useT();
  const intl = useIntl();
  const { report, range } = useLoaderData<typeof loader>();
  const monthName = (iso: string) => intl.formatDate(iso, { year: 'numeric', month: 'short', timeZone: 'UTC' });
  const csvHref = operationUrl(ops.transparencyCsv, range);
  return (
    <div className={`bw-container ${classes.page}`}>
      <h1 className={classes.title}>{t('transparency.page.title')}</h1>
      <div className={classes.stack}>
        <section className={classes.card} data-testid="transparency-intro">
          <p>{t('transparency.page.intro')}</p>
          <p>{t('transparency.page.how')}</p>
          <p>{t('transparency.page.automatic')}</p>
          <p>{t('transparency.page.verified')}</p>
          <p>
            <a href={csvHref} className={classes.link} download data-testid="transparency-csv">
              {t('transparency.page.csv')}
            </a>{' '}
            <span className={classes.small}>{t('transparency.page.csvNote')}</span>
          </p>
        </section>
        {!report.ok ? <ErrorNotice error={report.error} /> : <Figures report={report.data} monthName={monthName} />}
      </div>
    </div>
  );
}

function Figures({ report, monthName }: { report: TransparencyReport; monthName: (iso: string) => string }) {
  const t = useT();
  const intl = useIntl();
  const { months } = report;
  const times = months.map((m) => Date.parse(`${m.month}-01T00:00:00Z`));
  const period = { from: monthName(`${report.from}-01`), to: monthName(`${report.to}-01`) };
  const int = (n: number) => intl.formatNumber(n);
  const byRule = new Map<string, number>();
  for (const m of months) for (const [rule, n] of Object.entries(m.removed.byRule)) byRule.set(rule, (byRule.get(rule) ?? 0) + n);
  const newestFirst = [...months].reverse();
  return (
    <>
      <LineChart
        title={t('transparency.chart.reviewsTitle')}
        description={t('transparency.chart.reviewsDesc', { ...period, submitted: sum(months, (m) => m.reviews.submitted), removed: sum(months, (m) => m.removed.total) })}
        times={times}
        series={[
          { name: t('transparency.table.submitted'), color: '#1c64f2', values: months.map((m) => m.reviews.submitted) },
          { name: t('transparency.table.published'), color: '#0f7b4f', values: months.map((m) => m.reviews.published) },
          { name: t('transparency.table.removed'), color: '#c92a2a', values: months.map((m) => m.removed.total) },
        ]}
        format={int}
        withZero
        dateFormat={monthName}
        testId="transparency-chart-reviews"
      />
      <LineChart
        title={t('transparency.chart.reportsTitle')}
        description={t('transparency.chart.reportsDesc', { ...period, received: sum(months, (m) => m.reports.received), handled: sum(months, (m) => m.reports.handled) })}
        times={times}
        series={[
          { name: t('transparency.table.reportsReceived'), color: '#f5a524', values: months.map((m) => m.reports.received) },
          { name: t('transparency.table.reportsHandled'), color: '#1c64f2', values: months.map((m) => m.reports.handled) },
        ]}
        format={int}
        withZero
        dateFormat={monthName}
        testId="transparency-chart-reports"
      />

      <section aria-labelledby="transparency-months">
        <h2 id="transparency-months" className={classes.sectionTitle}>
          {t('transparency.table.title', period)}
        </h2>
        <div className={classes.tableWrap}>
          <table className={classes.table} data-testid="transparency-table">
            <thead>
              <tr>
                <th scope="col">{t('transparency.table.month')}</th>
                {COLUMNS.map((c) => (
                  <th key={c.id} scope="col" className={classes.num}>
                    {t(c.label)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {newestFirst.map((m) => (
                <tr key={m.month} data-testid="transparency-month" data-month={m.month}>
                  <th scope="row">{monthName(`${m.month}-01`)}</th>
                  {COLUMNS.map((c) => (
                    <td key={c.id} className={classes.num} data-col={c.id}>
                      {c.cell(m, int, t)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section aria-labelledby="transparency-reasons">
        <h2 id="transparency-reasons" className={classes.sectionTitle}>
          {t('transparency.reasons.title', period)}
        </h2>
        {byRule.size === 0 ? (
          <p className={classes.muted}>{t('transparency.reasons.none')}</p>
        ) : (
          <div className={classes.tableWrap}>
            <table className={classes.table} data-testid="transparency-reasons">
              <thead>
                <tr>
                  <th scope="col">{t('transparency.reasons.reason')}</th>
                  <th scope="col" className={classes.num}>
                    {t('transparency.table.removed')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {[...byRule.entries()]
                  .sort((a, b) => b[1] - a[1])
                  .map(([rule, n]) => (
                    <tr key={rule} data-rule={rule}>
                      <th scope="row">{rule === '' ? t('transparency.reasons.noRule') : reasonLabel(t, rule)}</th>
                      <td className={classes.num}>{int(n)}</td>
                    </tr>
                  ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}

type Cell = (m: TransparencyMonth, int: (n: number) => string, t: (id: string) => string) => string;

/** The table's columns after the month. */
const COLUMNS: { id: string; label: string; cell: Cell }[] = [
  { id: 'submitted', label: 'transparency.table.submitted', cell: (m, int) => int(m.reviews.submitted) },
  { id: 'published', label: 'transparency.table.published', cell: (m, int) => int(m.reviews.published) },
  { id: 'removed', label: 'transparency.table.removed', cell: (m, int) => int(m.removed.total) },
  { id: 'reportsReceived', label: 'transparency.table.reportsReceived', cell: (m, int) => int(m.reports.received) },
  { id: 'reportsHandled', label: 'transparency.table.reportsHandled', cell: (m, int) => int(m.reports.handled) },
  { id: 'medianHours', label: 'transparency.table.medianHours', cell: (m, int) => (m.reports.medianHoursToHandle === null ? '—' : int(m.reports.medianHoursToHandle)) },
  { id: 'automatic', label: 'transparency.table.automatic', cell: (m, int) => int(m.decisions.automatic) },
  { id: 'human', label: 'transparency.table.human', cell: (m, int) => int(m.decisions.human) },
  { id: 'flagged', label: 'transparency.table.flagged', cell: (m, int) => int(m.decisions.flagged) },
  { id: 'appealsReceived', label: 'transparency.table.appealsReceived', cell: (m, int) => int(m.appeals.received) },
  { id: 'appealsUpheld', label: 'transparency.table.appealsUpheld', cell: (m, int) => int(m.appeals.upheld) },
  { id: 'appealsLifted', label: 'transparency.table.appealsLifted', cell: (m, int) => int(m.appeals.lifted) },
  { id: 'contentAppealsReceived', label: 'transparency.table.contentAppealsReceived', cell: (m, int) => int(m.contentAppeals.received) },
  { id: 'contentAppealsRestored', label: 'transparency.table.contentAppealsRestored', cell: (m, int) => int(m.contentAppeals.restored) },
  { id: 'contentAppealsKept', label: 'transparency.table.contentAppealsKept', cell: (m, int) => int(m.contentAppeals.kept) },
  { id: 'sanctions', label: 'transparency.table.sanctions', cell: (m, int) => [m.sanctions.warn, m.sanctions.restrict, m.sanctions.freeze].map(int).join(' / ') },
  { id: 'verified', label: 'transparency.table.verified', cell: (m, _int, t) => (m.verifiedClientShare === null ? t('transparency.table.notAvailable') : `${Math.round(m.verifiedClientShare * 100)}%`) },
];

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorContent error={error} />;
}
