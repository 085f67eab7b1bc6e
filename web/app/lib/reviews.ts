/**
 * Reviews on the site (spec §2 /detail, /comment, /user/reviews; §3 Review; §4 pending): addresses,
 * page numbers and the rating summary's bars, kept free of React so they stay testable.
 */
import type { PublicReview, RatingSummary } from '@brokerwise/api-contract';

/** Pages the reviews API accepts (`page` 1…1000). */
export const MAX_REVIEW_PAGE = 1000;

/** A `?page=` value as a page number: anything odd is page 1. */
export function reviewPage(value: string | null | undefined): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= MAX_REVIEW_PAGE ? n : 1;
}

/** The company's page; reviews beyond the first page add `page` and land on the reviews section. */
export function detailHref(id: string, page = 1): string {
  const params = new URLSearchParams({ id });
  if (page > 1) params.set('page', String(page));
  return `/detail?${params}${page > 1 ? '#detail-reviews' : ''}`;
}

/** Write (or edit) a review of the company. */
export function commentHref(id: string): `/comment?${string}` {
  return `/comment?${new URLSearchParams({ id })}`;
}

/** Company slugs the reviews API accepts. */
export function isReviewableId(id: string): boolean {
  return /^[a-z0-9][a-z0-9-]*$/.test(id) && id.length <= 81;
}

export interface DistributionRow {
  stars: number;
  count: number;
  /** Share of all approved reviews, 0…100, rounded. */
  percent: number;
}

/** The bars of the summary, 5★ first; `distribution` holds the counts of 1★ … 5★. */
export function distributionRows(rating: Pick<RatingSummary, 'distribution'>): DistributionRow[] {
  const counts = [1, 2, 3, 4, 5].map((stars) => Math.max(0, Number(rating.distribution[stars - 1]) || 0));
  const total = counts.reduce((a, b) => a + b, 0);
  return [5, 4, 3, 2, 1].map((stars) => {
    const count = counts[stars - 1]!;
    return { stars, count, percent: total ? Math.round((count / total) * 100) : 0 };
  });
}

/** Message id of a review's status label (spec §4 wording for pending). */
export const STATUS_LABEL: Record<PublicReview['status'], string> = {
  pending: 'review.status.pending',
  approved: 'review.status.approved',
  rejected: 'review.status.rejected',
};
