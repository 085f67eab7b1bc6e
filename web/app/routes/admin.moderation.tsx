import { useState, type FormEvent } from 'react';
import { data, Link, useLoaderData } from 'react-router';
import { REPORT_REASONS, type AdminDecideBody, type ModerationDecideBody, type ModerationItem, type ReportReason } from '@brokerwise/api-contract';
import * as ops from '@brokerwise/api-contract/paths';
import { ErrorNotice } from '../components/ErrorNotice';
import { Pagination } from '../components/Pagination';
import { ReviewDate } from '../components/reviews/Stars';
import { RouteErrorContent } from '../components/StatusPage';
import { failureStatus, fieldErrorsOf, pageStatus, settle } from '../lib/api';
import { pageApi } from '../lib/api.server';
import { pageMeta } from '../lib/meta';
import { KIND_LABEL, REASON_LABEL, reasonLabel, signalText } from '../lib/reports';
import { reviewPage } from '../lib/reviews';
import { loadSession } from '../lib/session.server';
import { useT } from '../lib/use-t';
import type { Route } from './+types/admin.moderation';
import classes from '../components/reviews/Reviews.module.css';
import { AdminNav } from '../components/admin/AdminNav';
import adminClasses from './admin.reviews.module.css';
import { usePageApi } from '../components/use-page-api';

/** The reason the author reads: required to remove, at most 500 characters. */
const REASON_MAX = 500;

/**
 * /admin/moderation?page=: the one moderation queue (issue 17) — reported reviews, posts, comments
 * and profiles (reports grouped per target) and pending reviews, most severe first, then the
 * longest waiting. Staff only: anyone else gets the 404 page. The gateway checks the role again.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await loadSession(request, context);
  if (session.state === 'unknown') throw data(null, { status: failureStatus(session.error) });
  if (session.state !== 'signed-in' || !(session.profile.isAdmin || session.profile.role === 'moderator')) throw data(null, { status: 404 });
  const page = reviewPage(new URL(request.url).searchParams.get('page'));
  const { api } = pageApi(request, context);
  const queue = await settle(api.op(ops.adminModerationQueue, { page }));
  return data({ queue }, { status: pageStatus(queue) });
}

export const meta: Route.MetaFunction = ({ matches, location }) => pageMeta({ matches, location, title: { id: 'moderation.page.title' }, noindex: true });

const queueHref = (page: number) => (page > 1 ? `/admin/moderation?${new URLSearchParams({ page: String(page) })}` : '/admin/moderation');
const keyOf = (i: ModerationItem) => `${i.targetKind}:${i.targetId}`;

export default function AdminModeration() {
  const t = useT();
  const { queue } = useLoaderData<typeof loader>();
  // Items decided on this page leave at once; the reload that follows refills the page.
  const [decided, setDecided] = useState<ReadonlySet<string>>(new Set());
  const items = queue.ok ? queue.data.list.filter((i) => !decided.has(keyOf(i))) : [];
  return (
    <div className={`bw-container ${adminClasses.page}`}>
      <AdminNav />
      <h1 className={adminClasses.title}>{t('moderation.page.title')}</h1>
      <p className={classes.muted}>{t('moderation.page.intro')}</p>
      {!queue.ok ? (
        <ErrorNotice error={queue.error} />
      ) : (
        <>
          <p className={adminClasses.count} data-testid="moderation-total">
            {t('moderation.queue.total', { count: Math.max(0, queue.data.total - decided.size) })}
          </p>
          {items.length === 0 ? (
            <p className={classes.muted} data-testid="moderation-empty">
              {t('moderation.queue.empty')}
            </p>
          ) : (
            <ol className={classes.list}>
              {items.map((item) => (
                <li key={keyOf(item)} className={classes.item} data-testid="moderation-item" data-target-id={item.targetId} data-kind={item.targetKind}>
                  <QueueEntry item={item} onDecided={() => setDecided((s) => new Set(s).add(keyOf(item)))} />
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

function QueueEntry({ item, onDecided }: { item: ModerationItem; onDecided: () => void }) {
  const t = useT();
  const { api, toast, errorText, hydrated, revalidator } = usePageApi();
  const pending = item.source === 'pending_review';
  const [removing, setRemoving] = useState(false);
  const [reason, setReason] = useState('');
  // The rule defaults to the most severe reason reported (the reasons come most severe first in REPORT_REASONS).
  const [rule, setRule] = useState<ReportReason>(REPORT_REASONS.find((r) => item.reasons.includes(r)) ?? 'other');
  const [errors, setErrors] = useState<{ reason?: string; rule?: string }>({});
  const [busy, setBusy] = useState(false);
  const formId = `remove-${item.targetKind}-${item.targetId}`;

  async function run(call: () => Promise<{ msg: string }>) {
    setBusy(true);
    try {
      const r = await call();
      toast('success', r.msg || t('moderation.decide.done'));
      onDecided();
      void revalidator.revalidate();
    } catch (error) {
      const fields = fieldErrorsOf(error);
      setErrors({ ...(fields.reason ? { reason: fields.reason } : {}), ...(fields.rule ? { rule: fields.rule } : {}) });
      toast('error', errorText(error));
      setBusy(false);
    }
  }

  const decide = (body: ModerationDecideBody) => run(() => api.op(ops.adminModerationDecide, body));
  const decideReview = (body: AdminDecideBody) => run(() => api.op(ops.adminReviewDecide, body));

  function remove(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = reason.trim();
    if (!text) return setErrors({ reason: t('moderation.reason.required') });
    if ([...text].length > REASON_MAX) return setErrors({ reason: t('moderation.reason.length', { max: REASON_MAX }) });
    setErrors({});
    if (pending) void decideReview({ reviewId: item.targetId, decision: 'reject', reason: text });
    else void decide({ targetKind: item.targetKind, targetId: item.targetId, action: 'remove', reason: text, rule });
  }

  return (
    <article className={classes.review}>
      <header className={classes.reviewHead}>
        <span className={classes.author}>{t(KIND_LABEL[item.targetKind])}</span>
        <span className={classes.badge} data-status={item.severity >= 4 ? 'rejected' : 'pending'} data-testid="moderation-source">
          {pending ? t('moderation.item.pendingReview') : t('moderation.item.reports', { count: item.reports })}
        </span>
        <ReviewDate date={item.since} />
      </header>
      {!pending && (
        <p className={adminClasses.byline} data-testid="moderation-reasons">
          {t('moderation.item.reasons', { reasons: item.reasons.map((r) => reasonLabel(t, r)).join(', ') })}
        </p>
      )}
      {item.signals.length > 0 && (
        <ul className={adminClasses.byline} aria-label={t('moderation.signal.title')} data-testid="moderation-signals">
          {item.signals.map((signal) => (
            <li key={signal.kind}>{signalText(t, signal)}</li>
          ))}
        </ul>
      )}
      <p className={classes.content} data-testid="moderation-excerpt">
        {item.excerpt}
      </p>
      {item.texts.length > 0 && (
        <ul className={adminClasses.byline}>
          {item.texts.map((text, i) => (
            <li key={i}>{t('moderation.item.reporterSays', { text })}</li>
          ))}
        </ul>
      )}
      <p className={adminClasses.byline} data-testid="moderation-author">
        {item.author ? t('moderation.item.author', { username: item.author.username || '—', removals: item.record.removals, reports: item.record.reports }) : t('moderation.item.noAuthor')}
        {item.link && (
          <>
            {' · '}
            <Link to={item.link} className={classes.link}>
              {t('moderation.item.open')}
            </Link>
          </>
        )}
      </p>
      <div className={classes.actions}>
        {pending ? (
          <button type="button" className={classes.primaryButton} onClick={() => void decideReview({ reviewId: item.targetId, decision: 'approve' })} disabled={!hydrated || busy} data-testid="moderation-approve">
            {t('admin.decide.approve')}
          </button>
        ) : (
          <button type="button" className={classes.secondaryButton} onClick={() => void decide({ targetKind: item.targetKind, targetId: item.targetId, action: 'dismiss' })} disabled={!hydrated || busy} data-testid="moderation-dismiss">
            {t('moderation.decide.dismiss')}
          </button>
        )}
        {item.targetKind === 'profile' ? (
          <span className={adminClasses.byline}>{t('moderation.item.profileHint')}</span>
        ) : (
          !removing && (
            <button type="button" className={classes.dangerButton} onClick={() => setRemoving(true)} disabled={!hydrated || busy} data-testid="moderation-remove">
              {t(pending ? 'admin.decide.reject' : 'moderation.decide.remove')}
            </button>
          )
        )}
      </div>
      {removing && (
        <form className={adminClasses.rejectForm} onSubmit={remove} noValidate>
          <label htmlFor={`${formId}-reason`} className={adminClasses.label}>
            {t('moderation.reason.label')}
          </label>
          <textarea
            id={`${formId}-reason`}
            className={adminClasses.textarea}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            rows={3}
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={errors.reason ? `${formId}-reason-error` : undefined}
            disabled={busy}
            autoFocus
            data-testid="moderation-reason"
          />
          {errors.reason && (
            <p id={`${formId}-reason-error`} className={adminClasses.error}>
              {errors.reason}
            </p>
          )}
          {!pending && (
            <>
              <label htmlFor={`${formId}-rule`} className={adminClasses.label}>
                {t('moderation.rule.label')}
              </label>
              <select id={`${formId}-rule`} value={rule} onChange={(e) => setRule(e.currentTarget.value as ReportReason)} disabled={busy} data-testid="moderation-rule">
                {REPORT_REASONS.map((r) => (
                  <option key={r} value={r}>
                    {t(REASON_LABEL[r])}
                  </option>
                ))}
              </select>
              {errors.rule && <p className={adminClasses.error}>{errors.rule}</p>}
            </>
          )}
          <div className={classes.actions}>
            <button type="submit" className={classes.dangerButton} disabled={busy} data-testid="moderation-remove-confirm">
              {t(pending ? 'admin.decide.rejectConfirm' : 'moderation.decide.removeConfirm')}
            </button>
            <button type="button" className={classes.secondaryButton} onClick={() => setRemoving(false)} disabled={busy}>
              {t('review.delete.cancel')}
            </button>
          </div>
        </form>
      )}
    </article>
  );
}

export const ErrorBoundary = RouteErrorContent;
