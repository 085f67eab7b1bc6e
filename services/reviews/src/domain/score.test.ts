import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HALF_LIFE_DAYS, PRIOR_MEAN, PRIOR_WEIGHT, computeRating, displayScore, recencyWeight, type RatedReview } from './score.ts';

const NOW = new Date('2026-11-21T12:00:00.000Z');
const DAY = 86_400_000;
const daysAgo = (d: number) => new Date(NOW.getTime() - d * DAY);

const stars = fc.integer({ min: 1, max: 5 });
/** Ages from "just now" to ten years, to the millisecond. */
const ageDays = fc.integer({ min: 0, max: 3650 * DAY }).map((ms) => ms / DAY);
const review = (maxAgeDays = 3650) =>
  fc.record({ stars, ageDays: maxAgeDays === 3650 ? ageDays : fc.integer({ min: 0, max: maxAgeDays * DAY }).map((ms) => ms / DAY) });
type Gen = { stars: number; ageDays: number };
const toReviews = (gs: Gen[]): RatedReview[] => gs.map((g) => ({ stars: g.stars, writtenAt: daysAgo(g.ageDays) }));
const scoreOf = (gs: Gen[]) => computeRating(toReviews(gs), NOW).score;

describe('company score formula', () => {
  it('publishes its constants: 7 virtual reviews of 3.5★, half-life 182.5 days', () => {
    expect({ PRIOR_WEIGHT, PRIOR_MEAN, HALF_LIFE_DAYS }).toEqual({ PRIOR_WEIGHT: 7, PRIOR_MEAN: 3.5, HALF_LIFE_DAYS: 182.5 });
  });

  it('is exactly the prior with no reviews', () => {
    expect(computeRating([], NOW)).toEqual({ score: 3.5, displayScore: 3.5, approvedCount: 0, distribution: [0, 0, 0, 0, 0] });
  });

  it('computes worked examples by hand', () => {
    // One fresh 5★: (7·3.5 + 5) / 8 = 3.6875.
    expect(computeRating([{ stars: 5, writtenAt: NOW }], NOW).score).toBe(3.6875);
    // One 1★ exactly one half-life old (weight ½): (24.5 + 0.5) / 7.5 = 3.333…
    expect(computeRating([{ stars: 1, writtenAt: daysAgo(182.5) }], NOW).score).toBeCloseTo(25 / 7.5, 12);
    // Three fresh 5★ and one fresh 2★: (24.5 + 17) / 11 = 3.7727… → 3.8 on the site.
    const r = computeRating(
      [5, 5, 5, 2].map((s) => ({ stars: s, writtenAt: NOW })),
      NOW,
    );
    expect(r.score).toBeCloseTo(41.5 / 11, 12);
    expect(r.displayScore).toBe(3.8);
    expect(r.approvedCount).toBe(4);
    expect(r.distribution).toEqual([0, 1, 0, 0, 3]);
  });

  it('halves a review weight every half-life and treats future dates as new', () => {
    expect(recencyWeight(0)).toBe(1);
    expect(recencyWeight(182.5)).toBe(0.5);
    expect(recencyWeight(365)).toBe(0.25);
    expect(recencyWeight(-10)).toBe(1);
  });

  it('rounds the displayed score to one decimal', () => {
    expect(displayScore(3.6875)).toBe(3.7);
    expect(displayScore(4.04999)).toBe(4);
    expect(displayScore(4.05)).toBe(4.1);
  });

  it('refuses stars outside 1..5 (0 is never a rating)', () => {
    for (const s of [0, 6, 2.5]) expect(() => computeRating([{ stars: s, writtenAt: NOW }], NOW)).toThrow(RangeError);
  });

  it('always stays within [1, 5]', () => {
    fc.assert(
      fc.property(fc.array(review(), { maxLength: 300 }), (gs) => {
        const s = scoreOf(gs);
        expect(s).toBeGreaterThanOrEqual(1);
        expect(s).toBeLessThanOrEqual(5);
      }),
    );
  });

  it('never drops when a 5★ review is added, never rises when a 1★ is added', () => {
    fc.assert(
      fc.property(fc.array(review(), { maxLength: 200 }), ageDays, (gs, age) => {
        const before = scoreOf(gs);
        expect(scoreOf([...gs, { stars: 5, ageDays: age }])).toBeGreaterThanOrEqual(before);
        expect(scoreOf([...gs, { stars: 1, ageDays: age }])).toBeLessThanOrEqual(before);
      }),
    );
  });

  it('moves a company with ≥ 200 reviews from the last six months by < 0.05 with one new review', () => {
    fc.assert(
      fc.property(fc.array(review(182.5), { minLength: 200, maxLength: 400 }), stars, (gs, s) => {
        const before = scoreOf(gs);
        expect(Math.abs(scoreOf([...gs, { stars: s, ageDays: 0 }]) - before)).toBeLessThan(0.05);
      }),
      { numRuns: 50 },
    );
  });

  it('bounds the move of one new review by 4 / (C + Σw + 1), whatever the ages', () => {
    fc.assert(
      fc.property(fc.array(review(), { maxLength: 300 }), stars, (gs, s) => {
        const totalWeight = gs.reduce((sum, g) => sum + recencyWeight(g.ageDays), 0);
        const move = Math.abs(scoreOf([...gs, { stars: s, ageDays: 0 }]) - scoreOf(gs));
        expect(move).toBeLessThanOrEqual(4 / (PRIOR_WEIGHT + totalWeight + 1) + 1e-12);
      }),
    );
  });

  it('weighs older reviews less: the same reviews written earlier sit closer to the prior', () => {
    fc.assert(
      fc.property(stars, fc.array(ageDays, { minLength: 1, maxLength: 50 }), fc.double({ min: 1, max: 2000, noNaN: true }), (s, ages, extra) => {
        const recent = scoreOf(ages.map((a) => ({ stars: s, ageDays: a })));
        const older = scoreOf(ages.map((a) => ({ stars: s, ageDays: a + extra })));
        expect(Math.abs(older - PRIOR_MEAN)).toBeLessThanOrEqual(Math.abs(recent - PRIOR_MEAN));
        if (s !== PRIOR_MEAN) expect(Math.abs(older - PRIOR_MEAN)).toBeLessThan(Math.abs(recent - PRIOR_MEAN));
      }),
    );
  });

  it('does not depend on the order of the reviews (bit for bit)', () => {
    fc.assert(
      fc.property(
        fc.array(review(), { maxLength: 100 }).chain((gs) => fc.tuple(fc.constant(gs), fc.shuffledSubarray(gs, { minLength: gs.length, maxLength: gs.length }))),
        ([gs, shuffled]) => {
          expect(computeRating(toReviews(shuffled), NOW)).toEqual(computeRating(toReviews(gs), NOW));
        },
      ),
    );
  });

  it('counts the distribution and approved reviews unweighted', () => {
    fc.assert(
      fc.property(fc.array(review(), { maxLength: 100 }), (gs) => {
        const r = computeRating(toReviews(gs), NOW);
        expect(r.approvedCount).toBe(gs.length);
        for (let s = 1; s <= 5; s++) expect(r.distribution[s - 1]).toBe(gs.filter((g) => g.stars === s).length);
      }),
    );
  });
});
