import { data, Link, useLoaderData } from 'react-router';
import type { UserReport } from '@brokerwise/api-contract';
import * as ops from '@brokerwise/api-contract/paths';
import { AccountLayout } from '../components/account/AccountLayout';
import { ErrorNotice } from '../components/ErrorNotice';
import { Pagination } from '../components/Pagination';
import { ReviewDate } from '../components/reviews/Stars';
import { RouteErrorContent } from '../components/StatusPage';
import { pageStatus, settle } from '../lib/api';
import { pageApi } from '../lib/api.server';
import { pageMeta } from '../lib/meta';
import { KIND_LABEL, reasonLabel, REPORT_STATUS_LABEL } from '../lib/reports';
import { reviewPage } from '../lib/reviews';
import { requireUser } from '../lib/session.server';
import { useT } from '../lib/use-t';
import type { Route } from './+types/user.reports';
import classes from '../components/reviews/Reviews.module.css';

/** Signed-in users only: this loader checks it itself (spec §6), never relying on a parent. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  const page = reviewPage(new URL(request.url).searchParams.get('page'));
  const { api } = pageApi(request, context);
  const reports = await settle(api.op(ops.myReports, { page }));
  return data({ reports }, { status: pageStatus(reports) });
}

export const meta: Route.MetaFunction = ({ matches, location }) => pageMeta({ matches, location, title: { id: 'myReports.page.title' }, noindex: true });

// Badge colours of the reviews pages: open waits (pending), dismissed was refused (rejected), actioned was taken down.
const BADGE: Record<UserReport['status'], string> = { open: 'pending', dismissed: 'rejected', actioned: 'approved' };

/** My reports (issue 17): what the user reported and what the moderators did, newest first. */
export default function MyReports() {
  const t = useT();
  const { reports } = useLoaderData<typeof loader>();
  return (
    <AccountLayout title={t('myReports.page.title')}>
      {!reports.ok ? (
        <ErrorNotice error={reports.error} />
      ) : reports.data.list.length === 0 ? (
        <p className={classes.muted} data-testid="my-reports-empty">
          {t('myReports.list.empty')}
        </p>
      ) : (
        <div className={classes.stack}>
          <ol className={classes.list}>
            {reports.data.list.map((r) => (
              <li key={r.id} className={classes.item} data-testid="my-reports-item" data-status={r.status}>
                <article className={classes.review}>
                  <header className={classes.reviewHead}>
                    <span className={classes.author}>{t(KIND_LABEL[r.targetKind])}</span>
                    <span className={classes.badge} data-status={BADGE[r.status]} data-testid="my-report-status">
                      {t(REPORT_STATUS_LABEL[r.status])}
                    </span>
                    <ReviewDate date={r.createdAt} />
                  </header>
                  <p className={classes.content}>{r.excerpt}</p>
                  <p className={classes.muted}>
                    {t('myReports.item.reason', { reason: reasonLabel(t, r.reason) })}
                    {r.text && ` — ${r.text}`}
                  </p>
                  {r.link && r.status !== 'actioned' && (
                    <Link to={r.link} className={classes.link}>
                      {t('myReports.item.open')}
                    </Link>
                  )}
                </article>
              </li>
            ))}
          </ol>
          <Pagination
            page={reports.data.page}
            total={reports.data.total}
            limit={reports.data.limit}
            hrefFor={(p) => (p > 1 ? `/user/reports?${new URLSearchParams({ page: String(p) })}` : '/user/reports')}
          />
        </div>
      )}
    </AccountLayout>
  );
}

export const ErrorBoundary = RouteErrorContent;
