import { data, Link, useLoaderData } from 'react-router';
import type { PublicReview } from '@brokerwise/api-contract';
import * as ops from '@brokerwise/api-contract/paths';
import { AccountLayout } from '../components/account/AccountLayout';
import { ErrorNotice } from '../components/ErrorNotice';
import { Pagination } from '../components/Pagination';
import { ReviewBody, StatusBadge, StatusNote } from '../components/reviews/ReviewsSection';
import { RouteErrorContent } from '../components/StatusPage';
import { pageStatus, settle } from '../lib/api';
import { pageApi } from '../lib/api.server';
import { pageMeta } from '../lib/meta';
import { commentHref, detailHref, reviewPage } from '../lib/reviews';
import { requireUser } from '../lib/session.server';
import { useT } from '../lib/use-t';
import type { Route } from './+types/user.reviews';
import classes from '../components/reviews/Reviews.module.css';

/** Signed-in users only: this loader checks it itself (spec §6), never relying on a parent. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  const page = reviewPage(new URL(request.url).searchParams.get('page'));
  const { api } = pageApi(request, context);
  const reviews = await settle(api.op(ops.myReviews, { page }));
  return data({ page, reviews }, { status: pageStatus(reviews) });
}

export const meta: Route.MetaFunction = ({ matches, location }) => pageMeta({ matches, location, title: { id: 'header.account.reviews' }, noindex: true });

/** My reviews (spec §2): every review of the user, whatever its status, newest first. */
export default function MyReviews() {
  const t = useT();
  const { reviews } = useLoaderData<typeof loader>();
  return (
    <AccountLayout title={t('header.account.reviews')}>
      {!reviews.ok ? (
        <ErrorNotice error={reviews.error} />
      ) : reviews.data.list.length === 0 ? (
        <div className={classes.mine} data-testid="my-reviews-empty">
          <p className={classes.muted}>{t(reviews.data.page > 1 ? 'review.list.pageEmpty' : 'myReviews.list.empty')}</p>
          <div className={classes.actions}>
            <Link to="/search" className={classes.primaryButton}>
              {t('myReviews.list.find')}
            </Link>
          </div>
        </div>
      ) : (
        <div className={classes.stack}>
          <ol className={classes.list}>
            {reviews.data.list.map((review) => (
              <li key={review.id} className={classes.item} data-testid="my-reviews-item">
                <MyReviewItem review={review} />
              </li>
            ))}
          </ol>
          <Pagination
            page={reviews.data.page}
            total={reviews.data.total}
            limit={reviews.data.limit}
            hrefFor={(p) => (p > 1 ? `/user/reviews?${new URLSearchParams({ page: String(p) })}` : '/user/reviews')}
          />
        </div>
      )}
    </AccountLayout>
  );
}

function MyReviewItem({ review }: { review: PublicReview }) {
  const t = useT();
  const companyId = review.company.id;
  return (
    <div data-status={review.status}>
      <div className={classes.mineHead}>
        {review.company.logo && <img src={review.company.logo} alt="" width={28} height={28} className={classes.companyLogo} />}
        <h2 className={classes.mineTitle}>
          {companyId ? <Link to={detailHref(companyId)}>{review.company.name}</Link> : review.company.name || t('myReviews.item.unknown')}
        </h2>
        <StatusBadge status={review.status} />
      </div>
      <StatusNote review={review} />
      <ReviewBody review={review} showAuthor={false} />
      {companyId && (
        <div className={classes.actions}>
          <Link to={commentHref(companyId)} className={classes.secondaryButton} data-testid="my-reviews-edit">
            {t('review.mine.editShort')}
          </Link>
          <Link to={detailHref(companyId)} className={classes.link}>
            {t('myReviews.item.company', { name: review.company.name })}
          </Link>
        </div>
      )}
    </div>
  );
}

export const ErrorBoundary = RouteErrorContent;
