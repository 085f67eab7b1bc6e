import { data, useLoaderData } from 'react-router';
import * as ops from '@brokerwise/api-contract/paths';
import { ComplaintsIntro } from '../components/complaints/ComplaintClock';
import { ComplaintList } from '../components/complaints/ComplaintList';
import { ErrorNotice } from '../components/ErrorNotice';
import { Pagination } from '../components/Pagination';
import { RouteErrorContent } from '../components/StatusPage';
import { pageStatus, settle } from '../lib/api';
import { pageApi } from '../lib/api.server';
import { pageMeta } from '../lib/meta';
import { reviewPage } from '../lib/reviews';
import { requireStaff } from '../lib/session.server';
import { useT } from '../lib/use-t';
import type { Route } from './+types/admin.complaints';
import list from '../components/reviews/Reviews.module.css';

/** Moderators only (checked here): complaint cases waiting for a decision, the longest waiting first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, 'moderator');
  const page = reviewPage(new URL(request.url).searchParams.get('page'));
  const { api } = pageApi(request, context);
  const [queue, rules] = await Promise.all([settle(api.op(ops.adminComplaints, { page })), settle(api.op(ops.complaintRules, {}))]);
  return data({ queue, rules: rules.ok ? rules.data : null }, { status: pageStatus(queue) });
}

export const meta: Route.MetaFunction = ({ matches, location }) => pageMeta({ matches, location, title: { id: 'complaints.admin.title' }, noindex: true });

export default function AdminComplaints() {
  const t = useT();
  const { queue, rules } = useLoaderData<typeof loader>();
  return (
    <div className="bw-container" data-testid="admin-complaints">
      <h1>{t('complaints.admin.title')}</h1>
      <ComplaintsIntro page="admin" rules={rules} />
      {!queue.ok ? (
        <ErrorNotice error={queue.error} />
      ) : queue.data.list.length === 0 ? (
        <p className={list.muted} data-testid="admin-complaints-empty">
          {t('complaints.admin.empty')}
        </p>
      ) : (
        <>
          <ComplaintList items={queue.data.list} />
          <Pagination page={queue.data.page} total={queue.data.total} limit={queue.data.limit} hrefFor={(p) => (p > 1 ? `/admin/complaints?page=${p}` : '/admin/complaints')} />
        </>
      )}
    </div>
  );
}

export const ErrorBoundary = RouteErrorContent;
