import type { CompanyReplies, CompanyReviews, PublicReview, RatingSummary } from '@brokerwise/api-contract';
import * as ops from '@brokerwise/api-contract/paths';
import type { Settled } from '../../lib/api';
import { commentHref, detailHref, distributionRows, STATUS_LABEL } from '../../lib/reviews';
import { useT } from '../../lib/use-t';
import { ErrorNotice } from '../ErrorNotice';
import { Pagination } from '../Pagination';
import { SiteLink } from '../SiteLink';
import { Score } from '../Score';
import { ReviewDate, Stars } from './Stars';
import classes from './Reviews.module.css';
import { useConfirmedDelete } from '../use-confirmed-delete';
import { ReportButton } from '../ReportButton';
import { ReplyFiguresView, ReviewReply } from './CompanyReplies';

/**
 * /detail "Ratings and comments": the rating summary of approved reviews, the visitor's own review
 * (whatever its status) with Edit and Delete, and the approved reviews, newest first, in pages of
 * real links. Rendered on the server; only Delete needs script.
 */
export function ReviewsSection({
  companyId,
  companyName,
  reviews,
  replies = null,
}: {
  companyId: string;
  companyName: string;
  reviews: Settled<CompanyReviews>;
  /** The company's verified replies to these reviews and its reply figures (ADR 030). */
  replies?: CompanyReplies | null;
}) {
  const t = useT();
  if (!reviews.ok) {
    return (
      <div className={classes.stack}>
        <ErrorNotice error={reviews.error} />
        <SiteLink to={commentHref(companyId)} className={classes.primaryButton} data-testid="reviews-rate">
          {t('detail.reviews.rate')}
        </SiteLink>
      </div>
    );
  }
  const { rating, mine, total, page, limit } = reviews.data;
  // The visitor's own approved review is already on top (with Edit and Delete): not twice.
  const list = mine ? reviews.data.list.filter((r) => r.id !== mine.id) : reviews.data.list;
  return (
    <div className={classes.stack} data-testid="reviews">
      <div className={classes.summaryRow}>
        <RatingSummaryView rating={rating} />
        <div className={classes.rateBox}>
          <p className={classes.muted}>{t(mine ? 'review.mine.editIntro' : 'review.rate.intro', { name: companyName })}</p>
          <SiteLink to={commentHref(companyId)} className={classes.primaryButton} data-testid="reviews-rate">
            {t(mine ? 'review.mine.edit' : 'detail.reviews.rate')}
          </SiteLink>
        </div>
      </div>
      {mine && <MyReview review={mine} companyId={companyId} replies={replies} />}
      {replies && <ReplyFiguresView figures={replies.figures} />}
      <h3 className={classes.listTitle}>{t('review.list.title', { count: total })}</h3>
      {list.length === 0 && !(mine?.status === 'approved' && page === 1) ? (
        <p className={classes.muted} data-testid="reviews-empty">
          {t(page > 1 ? 'review.list.pageEmpty' : 'review.list.empty', { name: companyName })}
        </p>
      ) : (
        <ol className={classes.list}>
          {list.map((review) => (
            <li key={review.id} id={`review-${review.id}`} className={classes.item} data-testid="review-item" data-review-id={review.id}>
              <ReviewBody review={review} />
              <ReportButton kind="review" targetId={review.id} authorId={review.author.id} />
              <ReviewReply reviewId={review.id} replies={replies} />
            </li>
          ))}
        </ol>
      )}
      <Pagination page={page} total={total} limit={limit} hrefFor={(p) => detailHref(companyId, p)} />
    </div>
  );
}

/** Author, stars, date and text of one review. */
export function ReviewBody({ review, showAuthor = true }: { review: PublicReview; showAuthor?: boolean }) {
  return (
    <article className={classes.review}>
      <header className={classes.reviewHead}>
        {showAuthor && <span className={classes.author}>{review.author.username}</span>}
        <VerifiedClient review={review} />
        <Stars score={review.score} />
        <ReviewDate date={review.date} />
      </header>
      <p className={classes.content}>{review.content}</p>
    </article>
  );
}

/** "Verified client": the author has a synced live trading account at the reviewed company. */
export function VerifiedClient({ review }: { review: Pick<PublicReview, 'verifiedClient'> }) {
  const t = useT();
  if (!review.verifiedClient) return null;
  return (
    <span className={classes.badge} data-status="verified" title={t('review.badge.verifiedClientHint')} data-testid="review-verified">
      {t('review.badge.verifiedClient')}
    </span>
  );
}

/** Score, count and the 5★ → 1★ bars, counting approved reviews only. */
function RatingSummaryView({ rating }: { rating: RatingSummary }) {
  const t = useT();
  const rows = distributionRows(rating);
  return (
    <div className={classes.summary} data-testid="rating-summary">
      <div className={classes.summaryScore}>
        {rating.count > 0 ? (
          <div className={classes.scoreBox} data-testid="rating-score" data-score={rating.score.toFixed(1)} data-count={rating.count}>
            <Score score={rating.score} reviewCount={rating.count} />
          </div>
        ) : (
          <p className={classes.muted} data-testid="rating-none">
            {t('review.summary.none')}
          </p>
        )}
        <SiteLink to="/about/methodology" className={classes.link}>
          {t('review.summary.method')}
        </SiteLink>
      </div>
      <table className={classes.bars} data-testid="rating-distribution">
        <caption className="bw-visually-hidden">{t('review.summary.caption')}</caption>
        <tbody>
          {rows.map((row) => (
            <tr key={row.stars}>
              <th scope="row">{t('review.summary.stars', { stars: row.stars })}</th>
              <td className={classes.barCell}>
                <span className={classes.bar} aria-hidden="true">
                  <span style={{ width: `${row.percent}%` }} />
                </span>
              </td>
              <td className={classes.barCount}>{row.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The visitor's own review on top, whatever its status, with Edit and Delete. */
function MyReview({ review, companyId, replies }: { review: PublicReview; companyId: string; replies: CompanyReplies | null }) {
  const t = useT();
  return (
    <section className={classes.mine} data-status={review.status} data-review-id={review.id} aria-labelledby="my-review-title" data-testid="my-review">
      <div className={classes.mineHead}>
        <h3 id="my-review-title" className={classes.mineTitle}>
          {t('review.mine.title')}
        </h3>
        <StatusBadge status={review.status} />
      </div>
      <StatusNote review={review} />
      <ReviewBody review={review} showAuthor={false} />
      <ReviewReply reviewId={review.id} replies={replies} />
      <div className={classes.actions}>
        <SiteLink to={commentHref(companyId)} className={classes.secondaryButton} data-testid="my-review-edit">
          {t('review.mine.editShort')}
        </SiteLink>
        <DeleteReview companyId={companyId} />
      </div>
    </section>
  );
}

/** The status of a review as its author reads it (spec §4 for pending). */
export function StatusBadge({ status }: { status: PublicReview['status'] }) {
  const t = useT();
  return (
    <span className={classes.badge} data-status={status} data-testid="review-status">
      {t(STATUS_LABEL[status] ?? 'review.status.pending')}
    </span>
  );
}

/** Rejected: the moderator's reason. Pending needs no note: the badge says it (one message, not two). */
export function StatusNote({ review }: { review: Pick<PublicReview, 'status' | 'rejectReason'> }) {
  const t = useT();
  if (review.status === 'rejected')
    return (
      <p className={classes.note} data-testid="reject-reason">
        {review.rejectReason ? t('review.status.rejectedReason', { reason: review.rejectReason }) : t('review.status.rejectedNote')}
      </p>
    );
  return null;
}

/** Delete with an inline confirmation; the page then reloads its data. */
function DeleteReview({ companyId }: { companyId: string }) {
  const t = useT();
  const { phase, setPhase, remove, hydrated } = useConfirmedDelete(ops.deleteReview, companyId, t('review.delete.done'));

  if (phase === 'idle')
    return (
      <button type="button" className={classes.dangerButton} onClick={() => setPhase('confirm')} disabled={!hydrated} data-testid="my-review-delete">
        {t('review.delete.button')}
      </button>
    );
  return (
    <div className={classes.confirm} role="group" aria-label={t('review.delete.question')}>
      <span>{t('review.delete.question')}</span>
      <button type="button" className={classes.dangerButton} onClick={remove} disabled={phase === 'sending'} data-testid="my-review-delete-confirm" autoFocus>
        {t('review.delete.confirm')}
      </button>
      <button type="button" className={classes.secondaryButton} onClick={() => setPhase('idle')} disabled={phase === 'sending'}>
        {t('review.delete.cancel')}
      </button>
    </div>
  );
}
