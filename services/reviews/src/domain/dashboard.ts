/**
 * A company's dashboard (issue 19): what its verified representatives watch — the rating trend
 * (monthly average and count of published reviews over 12 months), the newest reviews and whether
 * they were answered, and the cases still open with their clocks. The gateway decides who may see
 * it (identity says who represents which company).
 */
import { latestReviews, openComplaintsOf, ratingTrend } from '../store/dashboard.store.ts';
import type { ReviewsContext } from './context.ts';

type Ctx = Pick<ReviewsContext, 'db' | 'now'>;

export const TREND_MONTHS = 12;
export const LATEST_REVIEWS = 10;
export const OPEN_CASES = 50;

export async function companyDashboard(ctx: Ctx, companyId: string) {
  const id = companyId.toLowerCase();
  const [trend, latest, open] = await Promise.all([
    ratingTrend(ctx.db, id, ctx.now(), TREND_MONTHS),
    latestReviews(ctx.db, id, LATEST_REVIEWS),
    openComplaintsOf(ctx.db, id, OPEN_CASES),
  ]);
  return { trend, latest, open };
}
