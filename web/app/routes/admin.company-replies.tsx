import { data, Link, useLoaderData } from 'react-router';
import type { AdminQueuedReply } from '@brokerwise/api-contract';
import * as ops from '@brokerwise/api-contract/paths';
import { AdminNav } from '../components/admin/AdminNav';
import { ReasonedDecision } from '../components/admin/ReasonedDecision';
import { ErrorNotice } from '../components/ErrorNotice';
import { Pagination } from '../components/Pagination';
import { ReviewDate, Stars } from '../components/reviews/Stars';
import { RouteErrorContent } from '../components/StatusPage';
import { pageStatus, settle } from '../lib/api';
import { pageApi } from '../lib/api.server';
import { pageMeta } from '../lib/meta';
import { requireStaff } from '../lib/session.server';
import { useT } from '../lib/use-t';
import type { Route } from './+types/admin.company-replies';
import classes from '../components/trader/Trader.module.css';
import adminClasses from './admin.reviews.module.css';

/** /admin/company-replies?page=: moderators and admins (404 for anyone else). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireStaff(request, context, 'moderator');
  const page = Math.min(10000, Math.max(1, Number.parseInt(new URL(request.url).searchParams.get('page') ?? '1', 10) || 1));
  const { api } = pageApi(request, context);
  const queue = await settle(api.op(ops.adminReplies, { page }));
  return data({ me: { id: me.id, role: me.role }, queue }, { status: pageStatus(queue), headers: { 'cache-control': 'private, no-store' } });
}

export const meta: Route.MetaFunction = ({ matches, location }) => pageMeta({ matches, location, title: { id: 'adminReplies.page.title' }, noindex: true });

/**
 * Companies' replies to reviews, moderated like reviews (ADR 030): each new or edited version waits
 * here, with the review it answers and the earlier versions, until a moderator publishes or refuses it.
 */
export default function AdminCompanyReplies() {
  const t = useT();
  const { me, queue } = useLoaderData<typeof loader>();
  return (
    <div className={`bw-container ${adminClasses.page}`}>
      <AdminNav role={me.role} />
      <h1 className={adminClasses.title}>{t('adminReplies.page.title')}</h1>
      <p className={classes.muted}>{t('adminReplies.page.intro')}</p>
      {!queue.ok ? (
        <ErrorNotice error={queue.error} />
      ) : queue.data.list.length === 0 ? (
        <p className={classes.muted} data-testid="admin-replies-empty">
          {t('adminReplies.list.empty')}
        </p>
      ) : (
        <>
          <ol className={classes.list}>
            {queue.data.list.map((item) => (
              <li key={item.reply.id} className={classes.card} data-testid="admin-reply" data-reply-id={item.reply.id} data-review-id={item.review.id}>
                <QueuedReply item={item} />
              </li>
            ))}
          </ol>
          <Pagination page={queue.data.page} total={queue.data.total} limit={queue.data.limit} hrefFor={(p) => (p > 1 ? `/admin/company-replies?page=${p}` : '/admin/company-replies')} />
        </>
      )}
    </div>
  );
}

function QueuedReply({ item }: { item: AdminQueuedReply }) {
  const t = useT();
  const earlier = item.history.slice(0, -1);
  return (
    <div className={classes.stack}>
      <p className={classes.small}>
        {t('adminReplies.item.review', { username: item.review.username || '—' })} <Stars score={item.review.score} />
      </p>
      <blockquote>{item.review.content}</blockquote>
      <p>
        <strong>{item.company.id ? <Link to={`/detail?id=${encodeURIComponent(item.company.id)}`}>{item.company.name}</Link> : item.company.name}</strong>
        {' — '}
        {t('adminReplies.item.by', { username: item.author.username || '—' })} · <ReviewDate date={item.reply.date} />
      </p>
      <p data-testid="admin-reply-text">{item.reply.content}</p>
      {earlier.length > 0 && (
        <details>
          <summary>{t('adminReplies.item.history', { count: earlier.length })}</summary>
          <ol>
            {earlier.map((v, i) => (
              <li key={i}>
                <ReviewDate date={v.date} /> {v.author && `(${v.author})`} {v.content}
              </li>
            ))}
          </ol>
        </details>
      )}
      <ReasonedDecision
        id={item.reply.id}
        yes="adminReplies.decide.approve"
        no="adminReplies.decide.reject"
        call={(api, d, reason) => api.op(ops.adminReplyDecide, { replyId: item.reply.id, decision: d === 'yes' ? 'approve' : 'reject', ...(reason ? { reason } : {}) })}
      />
    </div>
  );
}

export const ErrorBoundary = RouteErrorContent;
