import { describe, expect, it } from 'vitest';
import { demoReviewsFor, demoUuid } from './demo-reviews.ts';
import { computeRating } from '../../services/reviews/src/domain/score.ts';

const NOW = new Date('2026-11-22T00:00:00Z');
const ids = Array.from({ length: 60 }, (_, i) => demoUuid(`company:${i}`));

describe('demo reviews', () => {
  it('are the same on every run for a company', () => {
    expect(demoReviewsFor(ids[0]!, 4.2, NOW)).toEqual(demoReviewsFor(ids[0]!, 4.2, NOW));
  });

  it('obey the review rules: 1–5 stars, 15–1000 characters, one per user, written in the past', () => {
    for (const id of ids) {
      const reviews = demoReviewsFor(id, 3.6, NOW);
      expect(new Set(reviews.map((r) => r.userId)).size).toBe(reviews.length);
      for (const r of reviews) {
        expect(r.stars).toBeGreaterThanOrEqual(1);
        expect(r.stars).toBeLessThanOrEqual(5);
        expect([...r.text].length).toBeGreaterThanOrEqual(15);
        expect([...r.text].length).toBeLessThanOrEqual(1000);
        expect(r.writtenAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
      }
    }
  });

  it('land the formula near the catalogue demo score, keeping good companies above bad ones', () => {
    const scoreOf = (id: string, target: number) =>
      computeRating(demoReviewsFor(id, target, NOW).map((r) => ({ stars: r.stars, writtenAt: r.writtenAt })), NOW).score;
    const good = ids.map((id) => scoreOf(id, 4.5));
    const bad = ids.map((id) => scoreOf(id, 2.0));
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    expect(Math.abs(mean(good) - 4.5)).toBeLessThan(0.35);
    expect(Math.abs(mean(bad) - 2.0)).toBeLessThan(0.35);
    expect(Math.min(...good)).toBeGreaterThan(Math.max(...bad));
  });

  it('give well-rated companies enough reviews for the Top Brokers minimum', () => {
    const counts = ids.map((id) => demoReviewsFor(id, 4.3, NOW).length);
    expect(counts.filter((n) => n >= 20).length).toBeGreaterThan(ids.length / 2);
  });
});
