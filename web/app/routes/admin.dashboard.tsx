import { data, Link, useLoaderData } from 'react-router';
import * as ops from '@brokerwise/api-contract/paths';
import { AdminNav } from '../components/admin/AdminNav';
import { ErrorNotice } from '../components/ErrorNotice';
import { RouteErrorContent } from '../components/StatusPage';
import { pageStatus, settle } from '../lib/api';
import { pageApi } from '../lib/api.server';
import { pageMeta } from '../lib/meta';
import { requireStaff } from '../lib/session.server';
import { useT } from '../lib/use-t';
import type { Route } from './+types/admin.dashboard';
import classes from '../components/trader/Trader.module.css';
import adminClasses from './admin.reviews.module.css';
import own from './admin.dashboard.module.css';

const HOUR_MS = 3_600_000;

/** /admin (and /admin/dashboard): moderators and admins (404 for anyone else). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireStaff(request, context, 'moderator');
  const { api } = pageApi(request, context);
  const board = await settle(api.op(ops.adminDashboard));
  // The wait in whole hours, worked out here once so the server and the browser render the same text.
  const waitingHours = board.ok && board.data.queue.oldestSince ? Math.max(0, Math.floor((Date.now() - Date.parse(board.data.queue.oldestSince)) / HOUR_MS)) : null;
  return data({ me: { role: me.role }, board, waitingHours }, { status: pageStatus(board), headers: { 'cache-control': 'private, no-store' } });
}

export const meta: Route.MetaFunction = ({ matches, location }) => pageMeta({ matches, location, title: { id: 'adminDashboard.page.title' }, noindex: true });

/** The staff dashboard: the moderation queue's size and age, open appeals, recent reports. */
export default function AdminDashboardPage() {
  const t = useT();
  const { me, board, waitingHours } = useLoaderData<typeof loader>();
  return (
    <div className={`bw-container ${adminClasses.page}`}>
      <AdminNav role={me.role} />
      <h1 className={adminClasses.title}>{t('adminDashboard.page.title')}</h1>
      {!board.ok ? (
        <ErrorNotice error={board.error} />
      ) : (
        <ul className={own.tiles}>
          {[
            { id: 'queue', label: 'adminDashboard.queue.size', figure: String(board.data.queue.size), to: '/admin/moderation', link: 'adminDashboard.queue.open' },
            { id: 'oldest', label: 'adminDashboard.queue.oldest', figure: waitingHours === null ? '—' : t('adminDashboard.queue.hours', { hours: waitingHours }) },
            { id: 'appeals', label: 'adminDashboard.appeals.open', figure: String(board.data.openAppeals), to: '/admin/appeals', link: 'adminDashboard.appeals.link' },
            { id: 'reports', label: 'adminDashboard.reports.week', figure: String(board.data.reportsLastWeek), to: '/transparency', link: 'adminDashboard.reports.transparency' },
          ].map((tile) => (
            <li key={tile.id} className={classes.card} data-testid={`dashboard-${tile.id}`}>
              {t(tile.label)}
              <strong className={own.figure}>{tile.figure}</strong>
              {tile.to && tile.link && (
                <Link to={tile.to} className={classes.link}>
                  {t(tile.link)}
                </Link>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorContent error={error} />;
}
