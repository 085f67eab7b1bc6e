import { describe, expect, it } from 'vitest';
import { pageWindow } from '../app/components/Pagination';
import { countryName, countrySearchHref, isEmailShape } from '../app/lib/format';
import { parseSearchQuery, searchHref, toBrokersListQuery } from '../app/lib/search-query';

describe('parseSearchQuery', () => {
  it('reads every filter', () => {
    const q = parseSearchQuery(new URLSearchParams('keyword=%20IC%20&country=abc&categories=Lp&rating=4&licence=unregulated&order=reviews&page=3'));
    expect(q).toEqual({ keyword: 'IC', country: 'abc', categories: 'Lp', rating: 4, licence: 'unregulated', order: 'reviews', page: 3 });
    expect(toBrokersListQuery(q)).toMatchObject({ regulated: 'false' });
  });

  it('drops malformed values instead of failing', () => {
    const q = parseSearchQuery(new URLSearchParams('categories=Banks&rating=9&licence=maybe&order=random&page=-2&keyword=' + 'x'.repeat(300)));
    expect(q).toEqual({ keyword: 'x'.repeat(100), country: '', categories: undefined, rating: undefined, licence: undefined, order: 'score', page: 1 });
    expect(parseSearchQuery(new URLSearchParams('page=abc')).page).toBe(1);
    expect(parseSearchQuery(new URLSearchParams('rating=0')).rating).toBeUndefined();
  });

  it('passes only set filters to the API', () => {
    const q = parseSearchQuery(new URLSearchParams('keyword=ic&page=2'));
    expect(toBrokersListQuery(q)).toEqual({ page: 2, limit: 10, order: 'score', keyword: 'ic' });
  });
});

describe('searchHref', () => {
  it('keeps filters and leaves defaults out', () => {
    const q = parseSearchQuery(new URLSearchParams('keyword=ic&country=c1&categories=Pay&rating=3&licence=regulated&order=name'));
    expect(searchHref('/search', q, 2)).toBe('/search?keyword=ic&country=c1&categories=Pay&rating=3&licence=regulated&order=name&page=2');
    expect(searchHref('/search', parseSearchQuery(new URLSearchParams()), 1)).toBe('/search');
  });

  it('does not repeat the category a listing address already names', () => {
    const q = { ...parseSearchQuery(new URLSearchParams('order=newest')), categories: 'Lp' as const };
    expect(searchHref('/listing/Lp', q, 3)).toBe('/listing/Lp?order=newest&page=3');
  });
});

describe('pageWindow', () => {
  it('shows first, last and neighbours with gaps', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(5, 10)).toEqual([1, null, 4, 5, 6, null, 10]);
    expect(pageWindow(1, 10)).toEqual([1, 2, null, 10]);
    expect(pageWindow(3, 4)).toEqual([1, 2, 3, 4]);
  });

  it('offers no last page when the total is a lower bound, only a gap after the window', () => {
    // "More than 500" at 20 a page: at least 26 pages, the 26th not the last.
    expect(pageWindow(1, 26, 1, true)).toEqual([1, 2, null]);
    expect(pageWindow(25, 26, 1, true)).toEqual([1, null, 24, 25, 26, null]);
    expect(pageWindow(1, 2, 1, true)).toEqual([1, 2, null]);
  });
});

describe('country helpers', () => {
  const country = { name: '新加坡', Eglish: 'Singapore' };
  it('names a country in the visitor language', () => {
    expect(countryName(country, 'en')).toBe('Singapore');
    expect(countryName(country, 'zh-CN')).toBe('新加坡');
    expect(countryName({ name: '', Eglish: 'Malta' }, 'zh-CN')).toBe('Malta');
  });

  it('links to a search by the opaque id', () => {
    expect(countrySearchHref('a+b/c=')).toBe('/search?country=a%2Bb%2Fc%3D');
  });
});

describe('isEmailShape', () => {
  it('accepts simple addresses and rejects the rest', () => {
    expect(isEmailShape('trader@example.com')).toBe(true);
    expect(isEmailShape(' trader@example.co.uk ')).toBe(true);
    expect(isEmailShape('trader@example')).toBe(false);
    expect(isEmailShape('trader example@x.com')).toBe(false);
    expect(isEmailShape('')).toBe(false);
  });
});
