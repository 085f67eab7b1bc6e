import { lazy, Suspense, useState } from 'react';
import type { CompanyClaim, CompanyReplies, CompanyReply, ReplyFigures } from '@brokerwise/api-contract';
import { loadChunk } from '../../lib/chunk-load';
import { useT } from '../../lib/use-t';
import { ReviewDate } from './Stars';
import classes from './Reviews.module.css';

// A representative's reply form arrives when they open it: no other reader runs it.
const ReplyForm = lazy(() => loadChunk(() => import('./ReplyForm')));

/** The claim statuses as the claimant and the console read them. */
export const CLAIM_STATUS_LABEL: Record<CompanyClaim['status'], string> = {
  awaiting_code: 'companyClaim.status.awaitingCode',
  awaiting_approval: 'companyClaim.status.awaitingApproval',
  approved: 'companyClaim.status.approved',
  rejected: 'companyClaim.status.rejected',
  revoked: 'companyClaim.status.revoked',
};

/** Hours as the page says them: hours under two days, days beyond. */
export function useReplyTime() {
  const t = useT();
  return (hours: number) => (hours < 48 ? t('companyReply.figures.hours', { n: Math.round(hours * 10) / 10 }) : t('companyReply.figures.days', { n: Math.round((hours / 24) * 10) / 10 }));
}

/** Reply rate and median reply time over the company's reviews of the last 12 months. */
export function ReplyFiguresView({ figures }: { figures: ReplyFigures }) {
  const t = useT();
  const time = useReplyTime();
  return (
    <div className={classes.note} data-testid="reply-figures" data-rate={figures.rate ?? ''} data-median={figures.medianHours ?? ''}>
      <strong>{t('companyReply.figures.title')}</strong>{' '}
      {figures.rate === null ? (
        t('companyReply.figures.none')
      ) : (
        <>
          <span data-testid="reply-rate">{t('companyReply.figures.rate', { rate: Math.round(figures.rate * 100), replied: figures.replied, reviews: figures.reviews })}</span>{' '}
          <span data-testid="reply-median">
            {figures.medianHours === null ? t('companyReply.figures.noReplies') : t('companyReply.figures.median', { time: time(figures.medianHours) })}
          </span>
        </>
      )}
    </div>
  );
}

/**
 * Under a review: the company's published reply, labelled as verified; for the company's own
 * representatives also a reply in moderation (or refused) and the form to write or edit it.
 */
export function ReviewReply({ reviewId, replies }: { reviewId: string; replies: CompanyReplies | null }) {
  const t = useT();
  const [editing, setEditing] = useState(false);
  if (!replies) return null;
  const reply = replies.replies.find((r) => r.reviewId === reviewId);
  const company = replies.company.name;
  return (
    <div className={classes.stack}>
      {reply && <ReplyView reply={reply} company={company} representative={replies.representative} />}
      {replies.representative &&
        (editing ? (
          <Suspense fallback={null}>
            <ReplyForm reviewId={reviewId} initial={reply?.content ?? ''} onDone={() => setEditing(false)} />
          </Suspense>
        ) : (
          <div className={classes.actions}>
            <button type="button" className={classes.secondaryButton} onClick={() => setEditing(true)} data-testid="reply-open">
              {t(reply ? 'companyReply.form.edit' : 'companyReply.form.write', { company })}
            </button>
          </div>
        ))}
    </div>
  );
}

function ReplyView({ reply, company, representative }: { reply: CompanyReply; company: string; representative: boolean }) {
  const t = useT();
  return (
    <section className={classes.mine} data-testid="company-reply" data-status={reply.status} aria-label={t('companyReply.view.label', { company })}>
      <div className={classes.mineHead}>
        <h4 className={classes.mineTitle}>
          <span data-testid="company-reply-label">{t('companyReply.view.label', { company })}</span>
        </h4>
        <ReviewDate date={reply.date} />
        {reply.edited && <span className={classes.muted}>{t('companyReply.view.edited')}</span>}
      </div>
      {representative && reply.status !== 'approved' && (
        <p className={classes.note} data-testid="company-reply-status">
          {reply.status === 'pending' ? t('companyReply.view.pending') : t('companyReply.view.rejected', { reason: reply.rejectReason ?? '' })}
        </p>
      )}
      <p className={classes.content}>{reply.content}</p>
    </section>
  );
}
