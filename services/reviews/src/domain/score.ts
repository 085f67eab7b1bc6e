/**
 * The company score: a published, reproducible formula (the methodology page prints the
 * constants below).
 *
 * Over the company's APPROVED reviews r, with stars s_r ∈ {1..5} and age a_r in days (now minus
 * the time the author last wrote the review, never negative):
 *
 *     w_r   = 0.5 ^ (a_r / HALF_LIFE_DAYS)                       recency weight, 1 for a new review
 *     score = (PRIOR_WEIGHT · PRIOR_MEAN + Σ w_r · s_r) / (PRIOR_WEIGHT + Σ w_r)
 *
 * i.e. a Bayesian average: every company starts with PRIOR_WEIGHT virtual reviews of PRIOR_MEAN
 * stars, so a handful of reviews cannot put a company at the top or the bottom, and a review
 * counts half as much after HALF_LIFE_DAYS, a quarter after twice that, and so on.
 *
 * Consequences (pinned by score.test.ts): the score stays in [1, 5]; no review → exactly
 * PRIOR_MEAN; a 5★ never lowers it and a 1★ never raises it; one new review moves it by at most
 * 4 / (PRIOR_WEIGHT + Σ w_r + 1) (so < 0.05 once the reviews carry a total weight above 72,
 * e.g. 200 reviews from the last six months); the order of the reviews does not matter (they are
 * summed in a canonical order so the double is bit-for-bit reproducible).
 *
 * `score` is kept at full double precision (events, ranking); `displayScore` is rounded to one
 * decimal for the site. `distribution` and `approvedCount` are plain counts, not weighted.
 */

/** C: virtual reviews every company starts with. */
export const PRIOR_WEIGHT = 7;
/** m: the stars of each virtual review. */
export const PRIOR_MEAN = 3.5;
/** A review's weight halves every this many days. */
export const HALF_LIFE_DAYS = 182.5;
/** Decimals of the score shown on the site. */
export const DISPLAY_DECIMALS = 1;
export const MIN_STARS = 1;
export const MAX_STARS = 5;

const DAY_MS = 86_400_000;

/** One approved review as the formula sees it. */
export interface RatedReview {
  stars: number;
  /** When the author last wrote it (creation, or the last edit). */
  writtenAt: Date;
}

export interface Rating {
  /** Full precision, in [1, 5]. */
  score: number;
  /** `score` rounded to DISPLAY_DECIMALS. */
  displayScore: number;
  approvedCount: number;
  /** Counts of 1★ … 5★ reviews: index 0 is 1★. */
  distribution: [number, number, number, number, number];
}

/** The weight of a review `ageDays` old (future dates count as new). */
export function recencyWeight(ageDays: number): number {
  return 0.5 ** (Math.max(0, ageDays) / HALF_LIFE_DAYS);
}

/** `score` rounded half up to one decimal, as shown on the site. */
export function displayScore(score: number): number {
  const f = 10 ** DISPLAY_DECIMALS;
  return Math.round(score * f) / f;
}

/** The rating of a company from its approved reviews at `now`. Throws on stars outside 1..5. */
export function computeRating(reviews: readonly RatedReview[], now: Date): Rating {
  const distribution: Rating['distribution'] = [0, 0, 0, 0, 0];
  const terms: { ageMs: number; stars: number }[] = [];
  for (const r of reviews) {
    if (!Number.isInteger(r.stars) || r.stars < MIN_STARS || r.stars > MAX_STARS) throw new RangeError(`stars must be 1..5, got ${r.stars}`);
    distribution[r.stars - 1]! += 1;
    terms.push({ ageMs: Math.max(0, now.getTime() - r.writtenAt.getTime()), stars: r.stars });
  }
  // Canonical order (newest first, then stars): the floating-point sum does not depend on how
  // the caller ordered the rows, so the published score is reproducible to the last bit.
  terms.sort((a, b) => a.ageMs - b.ageMs || a.stars - b.stars);
  let weight = 0;
  let weightedStars = 0;
  for (const t of terms) {
    const w = recencyWeight(t.ageMs / DAY_MS);
    weight += w;
    weightedStars += w * t.stars;
  }
  const raw = (PRIOR_WEIGHT * PRIOR_MEAN + weightedStars) / (PRIOR_WEIGHT + weight);
  // Rounding in the sums may step a hair outside the range the algebra guarantees.
  const score = Math.min(MAX_STARS, Math.max(MIN_STARS, raw));
  return { score, displayScore: displayScore(score), approvedCount: terms.length, distribution };
}
