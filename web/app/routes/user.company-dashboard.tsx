import type { CompanyDashboard } from '@brokerwise/api-contract';
import { data, Link, useLoaderData } from 'react-router';
import { useIntl } from 'react-intl';
import * as ops from '@brokerwise/api-contract/paths';
import { AccountLayout } from '../components/account/AccountLayout';
import { ComplaintFigures } from '../components/complaints/ComplaintFigures';
import { CATEGORY_LABEL, casePath, STATUS_LABEL } from '../components/complaints/labels';
import { ErrorNotice } from '../components/ErrorNotice';
import { ReplyFiguresView } from '../components/reviews/CompanyReplies';
import { ReviewDate } from '../components/reviews/Stars';
import { RouteErrorContent } from '../components/StatusPage';
import { LineChart } from '../components/trader/Charts';
import { pageStatus, settle } from '../lib/api';
import { pageApi } from '../lib/api.server';
import { pageMeta } from '../lib/meta';
import { formatShortDate } from '../lib/short-date';
import { detailHref } from '../lib/reviews';
import { requireUser } from '../lib/session.server';
import { useT } from '../lib/use-t';
import type { Route } from './+types/user.company-dashboard';
import classes from '../components/trader/Trader.module.css';
import list from '../components/reviews/Reviews.module.css';

/** Signed-in users only (checked here); the gateway lets only the company's verified representatives (and admins) in. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  const { api } = pageApi(request, context);
  const id = new URL(request.url).searchParams.get('id')?.trim().slice(0, 80) || undefined;
  const board = await settle(api.op(ops.companyDashboard, id ? { id } : {}));
  return data({ board }, { status: pageStatus(board), headers: { 'cache-control': 'private, no-store' } });
}

export const meta: Route.MetaFunction = ({ matches, location }) => pageMeta({ matches, location, title: { id: 'companyDashboard.page.title' }, noindex: true });

/**
 * /user/company/dashboard (issue 19): what a company's verified representatives watch — the rating
 * trend of the last 12 months, the newest reviews (answered or not, each linking to its reply
 * form), the cases still open with their deadlines, and the reply and complaint figures.
 */
export default function CompanyDashboardPage() {
  const t = useT();
  const { board } = useLoaderData<typeof loader>();
  return (
    <AccountLayout title={t('companyDashboard.page.title')}>
      {board.ok ? (
        <Dashboard d={board.data} />
      ) : board.error.status === 403 ? (
        <p className={classes.card} data-testid="dashboard-forbidden">
          {t('companyDashboard.page.forbidden')}{' '}
          <Link to="/user/company" className={list.link}>
            {t('companyDashboard.page.claim')}
          </Link>
        </p>
      ) : (
        <ErrorNotice error={board.error} />
      )}
    </AccountLayout>
  );
}

const REPLY_LABEL: Record<NonNullable<CompanyDashboard['latest'][number]['reply']>, string> = {
  pending: 'companyDashboard.reviews.replyPending',
  approved: 'companyDashboard.reviews.replyApproved',
  rejected: 'companyDashboard.reviews.replyRejected',
};

function Dashboard({ d }: { d: CompanyDashboard }) {
  const t = useT();
  const intl = useIntl();
  const monthName = (iso: string) => intl.formatDate(iso, { year: 'numeric', month: 'short', timeZone: 'UTC' });
  const rated = d.trend.filter((m) => m.average !== null);
  const timeOf = (month: string) => Date.parse(`${month}-01T00:00:00Z`);
  const total = d.trend.reduce((n, m) => n + m.reviews, 0);
  const period = { from: monthName(`${d.trend[0]?.month ?? ''}-01`), to: monthName(`${d.trend.at(-1)?.month ?? ''}-01`) };
  const stars = (v: number) => intl.formatNumber(v, { minimumFractionDigits: 1, maximumFractionDigits: 2 });
  return (
    <div className={classes.stack} data-testid="company-dashboard">
      <section className={classes.card} aria-labelledby="dashboard-company">
        <h2 id="dashboard-company" className={classes.sectionTitle}>
          <Link to={detailHref(d.company.id)} className={list.link} data-testid="dashboard-company">
            {d.company.name}
          </Link>
        </h2>
        {d.companies.length > 1 && (
          <p className={classes.small}>
            {t('companyDashboard.page.switch')}{' '}
            {d.companies.map((c) => (
              <Link key={c.id} to={`/user/company/dashboard?${new URLSearchParams({ id: c.id })}`} className={list.link}>
                {c.name}{' '}
              </Link>
            ))}
          </p>
        )}
      </section>

      <section aria-labelledby="dashboard-trend">
        <h2 id="dashboard-trend" className={classes.sectionTitle}>
          {t('companyDashboard.trend.title')}
        </h2>
        {rated.length === 0 ? (
          <p className={classes.muted} data-testid="dashboard-trend-empty">
            {t('companyDashboard.trend.empty')}
          </p>
        ) : (
          <LineChart
            testId="dashboard-rating-chart"
            title={t('companyDashboard.trend.ratingTitle')}
            description={t('companyDashboard.trend.ratingDesc', { ...period, months: rated.length, last: stars(rated.at(-1)!.average!) })}
            times={rated.map((m) => timeOf(m.month))}
            series={[{ name: t('companyDashboard.trend.average'), color: '#f5a524', values: rated.map((m) => m.average!) }]}
            format={stars}
            dateFormat={monthName}
          />
        )}
        <LineChart
          testId="dashboard-count-chart"
          title={t('companyDashboard.trend.countTitle')}
          description={t('companyDashboard.trend.countDesc', { ...period, total })}
          times={d.trend.map((m) => timeOf(m.month))}
          series={[{ name: t('companyDashboard.trend.reviews'), color: '#1c64f2', values: d.trend.map((m) => m.reviews) }]}
          format={(v) => intl.formatNumber(v)}
          withZero
          dateFormat={monthName}
        />
      </section>

      <section className={classes.card} aria-labelledby="dashboard-reviews">
        <h2 id="dashboard-reviews" className={classes.sectionTitle}>
          {t('companyDashboard.reviews.title')}
        </h2>
        <ReplyFiguresView figures={d.replies} />
        {d.latest.length === 0 ? (
          <p className={classes.muted}>{t('companyDashboard.reviews.empty')}</p>
        ) : (
          <ol className={list.list}>
            {d.latest.map((r) => (
              <li key={r.id} className={list.item} data-testid="dashboard-review" data-replied={r.reply ?? 'none'}>
                <header className={list.reviewHead}>
                  <span className={list.author}>{r.username}</span>
                  <span aria-label={t('companyDashboard.reviews.stars', { n: r.score })}>{'★'.repeat(r.score) + '☆'.repeat(5 - r.score)}</span>
                  <ReviewDate date={r.date} />
                  <span className={list.badge} data-testid="dashboard-review-status">
                    {t(r.reply === null ? 'companyDashboard.reviews.notReplied' : REPLY_LABEL[r.reply])}
                  </span>
                </header>
                <p className={list.content}>{r.content.length > 240 ? `${r.content.slice(0, 240)}…` : r.content}</p>
                <Link to={`${detailHref(d.company.id)}#review-${r.id}`} className={list.link} data-testid="dashboard-reply-link">
                  {t(r.reply === null ? 'companyDashboard.reviews.reply' : 'companyDashboard.reviews.see')}
                </Link>
              </li>
            ))}
          </ol>
        )}
      </section>

      <section className={classes.card} aria-labelledby="dashboard-cases">
        <h2 id="dashboard-cases" className={classes.sectionTitle}>
          {t('companyDashboard.cases.title')}
        </h2>
        <ComplaintFigures figures={d.complaints} />
        {d.open.length === 0 ? (
          <p className={classes.muted} data-testid="dashboard-cases-empty">
            {t('companyDashboard.cases.empty')}
          </p>
        ) : (
          <ol className={list.list}>
            {d.open.map((c) => (
              <li key={c.id} className={list.item} data-testid="dashboard-case" data-status={c.status}>
                <header className={list.reviewHead}>
                  <span className={list.author}>{c.author.username}</span>
                  <span>{t(CATEGORY_LABEL[c.category])}</span>
                  <span className={list.badge}>{t(STATUS_LABEL[c.status])}</span>
                </header>
                <p className={list.content}>{c.content.length > 200 ? `${c.content.slice(0, 200)}…` : c.content}</p>
                <p className={classes.small} data-testid="dashboard-case-clock">
                  {c.dueAt && c.workingDaysLeft !== null
                    ? t(c.status === 'awaiting_user' ? 'companyDashboard.cases.userDue' : 'companyDashboard.cases.due', {
                        date: formatShortDate(intl, c.dueAt),
                        days: c.workingDaysLeft,
                      })
                    : t('companyDashboard.cases.userTurn')}{' '}
                  <Link to={casePath(c.id)} className={list.link} data-testid="dashboard-case-open">
                    {t('companyDashboard.cases.open')}
                  </Link>
                </p>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

export const ErrorBoundary = RouteErrorContent;
