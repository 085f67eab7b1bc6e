import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assertEventType, assertTypePattern, matchesType } from './match.ts';
import { backoffDelay } from './options.ts';

describe('matchesType', () => {
  it.each([
    ['reviews.review.approved', 'reviews.review.approved', true],
    ['reviews.review.approved', 'reviews.review.rejected', false],
    ['reviews.*.approved', 'reviews.review.approved', true],
    ['reviews.*', 'reviews.review.approved', false],
    ['reviews.>', 'reviews.review.approved', true],
    ['reviews.>', 'reviews', false],
    ['>', 'reviews', true],
    ['*.*.approved', 'reviews.review.approved', true],
    ['reviews.review', 'reviews.review.approved', false],
    ['reviews.review.approved.x', 'reviews.review.approved', false],
    ['reviews.*.>', 'reviews.review', false],
  ])('%s vs %s → %s', (pattern, type, expected) => {
    expect(matchesType(pattern, type)).toBe(expected);
  });

  const token = fc.stringMatching(/^[a-z0-9_]{1,6}$/);
  const type = fc.array(token, { minLength: 1, maxLength: 5 });

  it('matches a type against itself, `>` and any one token replaced by `*`', () => {
    fc.assert(
      fc.property(type, fc.nat(), (tokens, n) => {
        const t = tokens.join('.');
        const starred = tokens.map((x, i) => (i === n % tokens.length ? '*' : x)).join('.');
        return matchesType(t, t) && matchesType('>', t) && matchesType(starred, t);
      }),
    );
  });

  it('matches `<prefix>.>` exactly when the type has more tokens than the prefix', () => {
    fc.assert(
      fc.property(type, type, fc.nat(), (prefix, tokens, n) => {
        const cut = n % (prefix.length + 1);
        const head = prefix.slice(0, cut);
        const t = [...head, ...tokens.slice(0, n % (tokens.length + 1))].join('.');
        if (t === '') return true;
        const pattern = [...head, '>'].join('.');
        return matchesType(pattern, t) === t.split('.').length > head.length;
      }),
    );
  });
});

describe('type validation', () => {
  it('accepts dotted tokens and rejects wildcards, spaces and empty tokens in event types', () => {
    expect(() => assertEventType('catalogue.company.upserted')).not.toThrow();
    for (const bad of ['', 'a..b', 'a.*', 'a.>', 'a b', '.a', 'a.']) {
      expect(() => assertEventType(bad), bad).toThrow(expect.objectContaining({ code: 'BUS_INVALID_ARGUMENT' }));
    }
  });

  it('accepts `*` anywhere and `>` only last in patterns', () => {
    for (const ok of ['a', 'a.*', '*.b', 'a.>', '>']) expect(() => assertTypePattern(ok), ok).not.toThrow();
    for (const bad of ['', 'a.>.b', 'a*', 'a.b>', 'a..b']) {
      expect(() => assertTypePattern(bad), bad).toThrow(expect.objectContaining({ code: 'BUS_INVALID_ARGUMENT' }));
    }
  });
});

describe('backoffDelay', () => {
  it('uses one delay per failed delivery and repeats the last', () => {
    expect([1, 2, 3, 4, 10].map((n) => backoffDelay([200, 1000, 5000], n))).toEqual([200, 1000, 5000, 5000, 5000]);
  });
});
