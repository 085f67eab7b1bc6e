import type { RecommendWeights } from '../store/post.store.ts';

/**
 * Recommended posts: recent engagement with time decay, not just the newest.
 *
 *   engagement(p) = Σ over p's likes, comments, bookmarks and forwards of the last 30 days
 *                   w(kind) · 0.5^(age_of_interaction_days / 3)
 *   score(p)      = (1 + engagement(p)) · 0.5^(age_of_post_days / 7)
 *
 * with w = like 1, comment 2, bookmark 3, forward 4 (the effort each takes). An interaction
 * counts half after 3 days, so a burst of fresh activity lifts an older post above a quiet new
 * one; the post's own 7-day half-life keeps the list turning over. A post nobody touched scores
 * 0.5^(age/7): among those, the newest first. Ties: newest first. Computed in SQL
 * (store/post.store.ts#recommendedIds) over playable posts.
 */
export const RECOMMEND_WEIGHTS: RecommendWeights = {
  like: 1,
  comment: 2,
  collection: 3,
  forward: 4,
  engagementHalfLifeDays: 3,
  freshnessHalfLifeDays: 7,
  windowDays: 30,
};
