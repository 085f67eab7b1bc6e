import { describe, expect, it } from 'vitest';
import en from '../app/lang/en.json';
import zhCN from '../app/lang/zh-CN.json';
import { commentHref, detailHref, distributionRows, isReviewableId, reviewPage, STATUS_LABEL } from '../app/lib/reviews';
import { checkReviewContent, checkReviewScore, reviewLength, validateReview } from '../app/lib/validation';

const EN = en as Record<string, string>;
const ZH = zhCN as Record<string, string>;

describe('review form rules (spec §5)', () => {
  it('needs 1 to 5 stars', () => {
    expect(checkReviewScore('')).toBe('review.validation.scoreRequired');
    expect(checkReviewScore('0')).toBe('review.validation.scoreRequired');
    expect(checkReviewScore('6')).toBe('review.validation.scoreRequired');
    expect(checkReviewScore('2.5')).toBe('review.validation.scoreRequired');
    for (const s of ['1', '2', '3', '4', '5']) expect(checkReviewScore(s)).toBeNull();
  });

  it('needs 15 to 1000 characters after trimming, counted as a person counts them', () => {
    expect(checkReviewContent('   ')).toBe('review.validation.contentRequired');
    expect(checkReviewContent('too short')).toBe('review.validation.contentLength');
    expect(checkReviewContent(`  ${'a'.repeat(14)}  `)).toBe('review.validation.contentLength');
    expect(checkReviewContent('a'.repeat(15))).toBeNull();
    expect(checkReviewContent('a'.repeat(1000))).toBeNull();
    expect(checkReviewContent('a'.repeat(1001))).toBe('review.validation.contentLength');
    expect(reviewLength('出入金很快，客服回复也及时。😀')).toBe(15);
    expect(checkReviewContent('出入金很快，客服回复也及时。😀')).toBeNull();
  });

  it('checks every field at once, with messages in both languages', () => {
    const errors = validateReview({ score: '', content: 'short', check: false });
    expect(errors).toEqual({ score: 'review.validation.scoreRequired', content: 'review.validation.contentLength', check: 'review.validation.checkRequired' });
    for (const id of Object.values(errors)) {
      expect(EN[id]).toBeTruthy();
      expect(ZH[id]).toBeTruthy();
    }
    expect(validateReview({ score: '4', content: 'Fast withdrawals and helpful support.', check: true })).toEqual({});
  });
});

describe('review helpers', () => {
  it('reads ?page= safely', () => {
    expect(reviewPage(null)).toBe(1);
    expect(reviewPage('abc')).toBe(1);
    expect(reviewPage('0')).toBe(1);
    expect(reviewPage('3')).toBe(3);
    expect(reviewPage('1001')).toBe(1);
  });

  it('links pages of reviews and the review form', () => {
    expect(detailHref('ic-markets')).toBe('/detail?id=ic-markets');
    expect(detailHref('ic-markets', 1)).toBe('/detail?id=ic-markets');
    expect(detailHref('ic-markets', 2)).toBe('/detail?id=ic-markets&page=2#detail-reviews');
    expect(commentHref('ic-markets')).toBe('/comment?id=ic-markets');
  });

  it('accepts only slugs the reviews API takes', () => {
    expect(isReviewableId('ic-markets')).toBe(true);
    expect(isReviewableId('IC')).toBe(false);
    expect(isReviewableId('-x')).toBe(false);
    expect(isReviewableId('')).toBe(false);
  });

  it('draws the bars 5★ first from the 1★…5★ counts', () => {
    expect(distributionRows({ distribution: [1, 0, 0, 1, 2] })).toEqual([
      { stars: 5, count: 2, percent: 50 },
      { stars: 4, count: 1, percent: 25 },
      { stars: 3, count: 0, percent: 0 },
      { stars: 2, count: 0, percent: 0 },
      { stars: 1, count: 1, percent: 25 },
    ]);
    expect(distributionRows({ distribution: [] }).every((r) => r.count === 0 && r.percent === 0)).toBe(true);
  });

  it('labels pending reviews with the spec wording', () => {
    expect(EN[STATUS_LABEL.pending]).toBe('Your review is pending');
    // One message for a pending review: the badge (the spec's second wording said the same again).
    expect(EN['review.status.pendingNote']).toBeUndefined();
    expect(ZH[STATUS_LABEL.pending]).toBeTruthy();
  });
});
