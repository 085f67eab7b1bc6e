import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeRating } from '../services/reviews/src/domain/score.ts';
import { csvCell, displayScore, rankBrokers, score, toCsv, toJsonl } from './open-data-format.ts';

describe('open-data formulas (what a reader recomputes from the export)', () => {
  it('score is the reviews service’s score to the last bit, in any input order', () => {
    const at = '2026-11-26T00:00:00.000Z';
    const review = fc.record({ stars: fc.integer({ min: 1, max: 5 }), ageMs: fc.integer({ min: -86_400_000, max: 5 * 365 * 86_400_000 }) });
    fc.assert(
      fc.property(fc.array(review, { maxLength: 60 }), (rs) => {
        const rows = rs.map((r) => ({ stars: r.stars, writtenAt: new Date(Date.parse(at) - r.ageMs).toISOString() }));
        const site = computeRating(rows.map((r) => ({ stars: r.stars, writtenAt: new Date(r.writtenAt) })), new Date(at));
        expect(score([...rows].reverse(), at)).toBe(site.score);
        expect(displayScore(score(rows, at))).toBe(site.displayScore);
      }),
    );
  });

  it('ranks Top Brokers by displayed score, then review count, then slug, brokers with enough reviews only', () => {
    const c = (slug: string, score: number, reviewCount: number, category = 'Brokers') => ({ slug, category, score, reviewCount });
    const ranked = rankBrokers([c('b', 4.5, 30), c('a', 4.5, 30), c('c', 4.5, 40), c('d', 4.9, 19), c('e', 5, 99, 'Fintech'), c('f', 3.1, 20)], 20);
    expect(ranked.map((x) => x.slug)).toEqual(['c', 'a', 'b', 'f']);
  });

  it('writes RFC 4180 CSV and JSON Lines with the same rows', () => {
    expect(csvCell('He said "hi", then left')).toBe('"He said ""hi"", then left"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(' padded')).toBe('" padded"');
    const t = { name: 't', columns: ['a', 'b'], dictionary: {}, rows: [{ a: 1, b: '海港\n外汇' }, { a: 2, b: null }] };
    expect(toCsv(t)).toBe('a,b\r\n1,"海港\n外汇"\r\n2,\r\n');
    expect(toJsonl(t).split('\n').filter(Boolean).map((l) => JSON.parse(l))).toEqual([{ a: 1, b: '海港\n外汇' }, { a: 2, b: null }]);
  });
});
