import { useState, type FormEvent } from 'react';
import { data, Link, useLoaderData } from 'react-router';
import type { AdminDecideBody, AuditEntry, PublicReview } from '@brokerwise/api-contract';
import * as ops from '@brokerwise/api-contract/paths';
import { ErrorNotice } from '../components/ErrorNotice';
import { Pagination } from '../components/Pagination';
import { VerifiedClient } from '../components/reviews/ReviewsSection';
import { ReviewDate, Stars } from '../components/reviews/Stars';
import { RouteErrorContent } from '../components/StatusPage';
import { fieldErrorsOf, pageStatus, settle, type Settled } from '../lib/api';
import { pageApi } from '../lib/api.server';
import { pageMeta } from '../lib/meta';
import { detailHref, reviewPage } from '../lib/reviews';
import { requireStaff } from '../lib/session.server';
import { useT } from '../lib/use-t';
import type { Route } from './+types/admin.reviews';
import classes from '../components/reviews/Reviews.module.css';
import { AdminNav } from '../components/admin/AdminNav';
import adminClasses from './admin.reviews.module.css';
import { usePageApi } from '../components/use-page-api';

/** A moderator's reason: required to reject, at most 500 characters (the author reads it). */
const REASON_MAX = 500;

/**
 * /admin/reviews?page=&audit=<reviewId>: the moderation queue (pending reviews, longest waiting
 * first). Admins only: anyone else, signed in or not, gets the 404 page, so the page's existence
 * isn't advertised. The gateway checks the role again on every call.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, 'moderator');
  const params = new URL(request.url).searchParams;
  const page = reviewPage(params.get('page'));
  const auditId = params.get('audit')?.trim().slice(0, 100) || null;
  const { api } = pageApi(request, context);
  const [queue, audit] = await Promise.all([
    settle(api.op(ops.adminReviewQueue, { page })),
    auditId ? settle(api.op(ops.adminReviewAudit, { reviewId: auditId })) : Promise.resolve(null),
  ]);
  return data({ page, queue, auditId, audit }, { status: pageStatus(queue) });
}

export const meta: Route.MetaFunction = ({ matches, location }) => pageMeta({ matches, location, title: { id: 'admin.page.title' }, noindex: true });

const queueHref = (page: number) => (page > 1 ? `/admin/reviews?${new URLSearchParams({ page: String(page) })}` : '/admin/reviews');
const auditHref = (reviewId: string, page: number) =>
  `/admin/reviews?${new URLSearchParams({ ...(page > 1 ? { page: String(page) } : {}), audit: reviewId })}#audit`;

export default function AdminReviews() {
  const t = useT();
  const { page, queue, auditId, audit } = useLoaderData<typeof loader>();
  // Reviews decided on this page leave the queue at once; the reload that follows refills it.
  const [decided, setDecided] = useState<ReadonlySet<string>>(new Set());
  const items = queue.ok ? queue.data.list.filter((r) => !decided.has(r.id)) : [];

  return (
    <div className={`bw-container ${adminClasses.page}`}>
      <AdminNav />
      <h1 className={adminClasses.title}>{t('admin.page.title')}</h1>
      <p className={classes.muted}>{t('admin.page.intro')}</p>
      <noscript>
        <p className={adminClasses.noscript}>{t('auth.shell.needsScript')}</p>
      </noscript>
      {auditId && <AuditPanel reviewId={auditId} audit={audit} page={page} />}
      {!queue.ok ? (
        <ErrorNotice error={queue.error} />
      ) : (
        <>
          <p className={adminClasses.count} data-testid="admin-queue-total">
            {t('admin.queue.total', { count: Math.max(0, queue.data.total - decided.size) })}
          </p>
          {items.length === 0 ? (
            <p className={classes.muted} data-testid="admin-queue-empty">
              {t('admin.queue.empty')}
            </p>
          ) : (
            <ol className={classes.list}>
              {items.map((review) => (
                <li key={review.id} className={classes.item} data-testid="admin-queue-item" data-review-id={review.id}>
                  <QueueItem review={review} page={page} onDecided={() => setDecided((s) => new Set(s).add(review.id))} />
                </li>
              ))}
            </ol>
          )}
          <Pagination page={queue.data.page} total={queue.data.total} limit={queue.data.limit} hrefFor={queueHref} />
        </>
      )}
    </div>
  );
}

function QueueItem({ review, page, onDecided }: { review: PublicReview; page: number; onDecided: () => void }) {
  const t = useT();
  const { api, toast, errorText, hydrated, revalidator } = usePageApi();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState('');
  const [busy, setBusy] = useState(false);
  const reasonId = `reason-${review.id}`;

  async function decide(body: AdminDecideBody) {
    setBusy(true);
    try {
      const result = await api.op(ops.adminReviewDecide, body);
      toast('success', result.msg || t(body.decision === 'approve' ? 'admin.decide.approved' : 'admin.decide.rejected'));
      onDecided();
      void revalidator.revalidate();
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields.reason) setReasonError(fields.reason);
      toast('error', errorText(error));
      setBusy(false);
    }
  }

  function reject(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = reason.trim();
    if (!text) return setReasonError(t('admin.reason.required'));
    if ([...text].length > REASON_MAX) return setReasonError(t('admin.reason.length', { max: REASON_MAX }));
    setReasonError('');
    void decide({ reviewId: review.id, decision: 'reject', reason: text });
  }

  return (
    <article className={classes.review}>
      <header className={classes.reviewHead}>
        {review.company.id ? (
          <Link to={detailHref(review.company.id)} className={classes.author}>
            {review.company.name || review.company.id}
          </Link>
        ) : (
          <span className={classes.author}>{t('myReviews.item.unknown')}</span>
        )}
        <span className={adminClasses.byline}>{t('admin.queue.by', { username: review.author.username || '—' })}</span>
        <VerifiedClient review={review} />
        <Stars score={review.score} />
        <ReviewDate date={review.date} />
      </header>
      <p className={classes.content}>{review.content}</p>
      <div className={classes.actions}>
        <button
          type="button"
          className={classes.primaryButton}
          onClick={() => void decide({ reviewId: review.id, decision: 'approve' })}
          disabled={!hydrated || busy}
          data-testid="admin-approve"
        >
          {t('admin.decide.approve')}
        </button>
        {!rejecting && (
          <button type="button" className={classes.dangerButton} onClick={() => setRejecting(true)} disabled={!hydrated || busy} data-testid="admin-reject">
            {t('admin.decide.reject')}
          </button>
        )}
        <Link to={auditHref(review.id, page)} className={classes.link} data-testid="admin-audit-link">
          {t('admin.audit.link')}
        </Link>
      </div>
      {rejecting && (
        <form className={adminClasses.rejectForm} onSubmit={reject} noValidate>
          <label htmlFor={reasonId} className={adminClasses.label}>
            {t('admin.reason.label')}
          </label>
          <textarea
            id={reasonId}
            className={adminClasses.textarea}
            value={reason}
            onChange={(e) => {
              setReason(e.currentTarget.value);
              if (reasonError && e.currentTarget.value.trim()) setReasonError('');
            }}
            rows={3}
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={reasonError ? `${reasonId}-error` : undefined}
            disabled={busy}
            autoFocus
            data-testid="admin-reason"
          />
          {reasonError && (
            <p id={`${reasonId}-error`} className={adminClasses.error}>
              {reasonError}
            </p>
          )}
          <div className={classes.actions}>
            <button type="submit" className={classes.dangerButton} disabled={busy} data-testid="admin-reject-confirm">
              {t('admin.decide.rejectConfirm')}
            </button>
            <button type="button" className={classes.secondaryButton} onClick={() => setRejecting(false)} disabled={busy}>
              {t('review.delete.cancel')}
            </button>
          </div>
        </form>
      )}
    </article>
  );
}

function AuditPanel({ reviewId, audit, page }: { reviewId: string; audit: Settled<AuditEntry[]> | null; page: number }) {
  const t = useT();
  return (
    <section id="audit" className={adminClasses.audit} aria-labelledby="audit-title" data-testid="admin-audit">
      <div className={adminClasses.auditHead}>
        <h2 id="audit-title" className={classes.mineTitle}>
          {t('admin.audit.title', { id: reviewId })}
        </h2>
        <Link to={queueHref(page)} className={classes.link}>
          {t('admin.audit.close')}
        </Link>
      </div>
      {!audit ? null : !audit.ok ? (
        <ErrorNotice error={audit.error} />
      ) : audit.data.length === 0 ? (
        <p className={classes.muted}>{t('admin.audit.empty')}</p>
      ) : (
        <ol className={adminClasses.auditList}>
          {audit.data.map((entry) => (
            <li key={entry.id}>
              <ReviewDate date={entry.at} />{' '}
              {t(entry.decision === 'approve' ? 'admin.audit.approved' : 'admin.audit.rejected', {
                moderator: entry.moderator.username || '—',
              })}
              {entry.reason && <span className={adminClasses.reason}> {t('admin.audit.reason', { reason: entry.reason })}</span>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

export const ErrorBoundary = RouteErrorContent;
