import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { checkCommentRate, checkPostRate, validateComment, validatePost } from './rules.ts';
import { fold, searchTerms, termAlternatives, TRADING_SYNONYMS } from './text.ts';

const day = 24 * 3600_000;
const base = { kind: 'image_text', title: 'T', description: 'D', category: 'news', coverImageId: 'c', content: '<p>x</p>' };

describe('validatePost', () => {
  it('trims, defaults the locale and keeps only the media of the kind', () => {
    expect(validatePost({ ...base, title: '  T  ', videoId: 'v' })).toMatchObject({ title: 'T', locale: 'en', videoId: null, content: '<p>x</p>' });
    expect(validatePost({ ...base, kind: 'video', videoId: 'V', content: 'ignored' })).toMatchObject({ videoId: 'v', content: '' });
  });

  it('counts characters, not UTF-16 units', () => {
    expect(() => validatePost({ ...base, title: '😀'.repeat(100) })).not.toThrow();
    expect(() => validatePost({ ...base, title: '😀'.repeat(101) })).toThrow(expect.objectContaining({ fields: { title: 'length' } }));
  });
});

describe('validateComment', () => {
  it('needs 1 to 500 characters', () => {
    expect(validateComment(' hi ')).toBe('hi');
    expect(() => validateComment('')).toThrow(expect.objectContaining({ fields: { text: 'required' } }));
    expect(() => validateComment('x'.repeat(501))).toThrow(expect.objectContaining({ fields: { text: 'length' } }));
  });
});

describe('new-account limits', () => {
  const created = new Date('2026-12-01T00:00:00Z');
  it('allows max comments in any minute, then says how long until the oldest leaves it', () => {
    const now = new Date(created.getTime() + 3600_000);
    const ago = (s: number) => new Date(now.getTime() - s * 1000);
    expect(() => checkCommentRate({ accountCreatedAt: created, now, recent: [ago(50), ago(30)], max: 3 })).not.toThrow();
    expect(() => checkCommentRate({ accountCreatedAt: created, now, recent: [ago(50), ago(30), ago(10)], max: 3 })).toThrow(expect.objectContaining({ code: 'media.comment_rate_limited', retryAfter: 10 }));
    expect(() => checkCommentRate({ accountCreatedAt: created, now: new Date(created.getTime() + day), recent: [ago(3), ago(2), ago(1)], max: 3 })).not.toThrow();
  });

  it('allows max posts in the first day, then waits until the account is a day old', () => {
    const now = new Date(created.getTime() + 20 * 3600_000);
    expect(() => checkPostRate({ accountCreatedAt: created, now, published: 2, max: 3 })).not.toThrow();
    expect(() => checkPostRate({ accountCreatedAt: created, now, published: 3, max: 3 })).toThrow(expect.objectContaining({ code: 'media.post_rate_limited', retryAfter: 4 * 3600 }));
    expect(() => checkPostRate({ accountCreatedAt: created, now: new Date(created.getTime() + day), published: 10, max: 3 })).not.toThrow();
  });
});

describe('search folding', () => {
  it('folds case, accents and full width; leaves Chinese alone', () => {
    expect(fold('Ｃafé  ÜBER\tStraße')).toBe('cafe uber straße');
    expect(fold('黄金 交易')).toBe('黄金 交易');
    expect(searchTerms('  EUR  eur usd a b c d e f ')).toEqual(['eur', 'usd', 'a', 'b', 'c']);
  });

  it('knows trading terms in both languages, each group both ways, and nothing else', () => {
    expect(termAlternatives('gold')).toContain('黄金');
    expect(termAlternatives('黄金')).toContain('gold');
    expect(termAlternatives('剥头皮')).toContain('scalping');
    expect(termAlternatives('eur/usd')).toContain('欧元美元');
    expect(termAlternatives('golden')).toEqual(['golden']);
    for (const group of TRADING_SYNONYMS) for (const word of group) expect(fold(word), 'entries are folded').toBe(word);
    for (const word of TRADING_SYNONYMS.flat()) expect(searchTerms(word), 'entries are single words').toEqual([word]);
    expect(new Set(TRADING_SYNONYMS.flat()).size, 'a word belongs to one group').toBe(TRADING_SYNONYMS.flat().length);
  });

  it('is idempotent', () => {
    fc.assert(fc.property(fc.string(), (s) => fold(fold(s)) === fold(s)));
  });
});
