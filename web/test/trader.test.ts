import { describe, expect, it } from 'vitest';
import {
  areaPath,
  heat,
  isAccountId,
  linePath,
  monthlyGrid,
  niceStep,
  pageParam,
  parseTopTraderParams,
  projector,
  sample,
  topTraderHref,
  topTraderQuery,
  traderAccountHref,
  valueScale,
} from '../app/lib/trader';

describe('Top Trader parameters', () => {
  it('reads sort, filters and page, dropping what the API would refuse', () => {
    const p = parseTopTraderParams(new URLSearchParams('sort=gain&broker=harbour-fx&minDays=90&type=mixed&page=3'));
    expect(p).toEqual({ page: 3, sort: 'gain', broker: 'harbour-fx', minDays: 90, type: 'mixed' });
    const bad = parseTopTraderParams(new URLSearchParams('sort=luck&broker=../x&minDays=-5&type=robot&page=0'));
    expect(bad).toEqual({ page: 1, sort: 'score', broker: '', minDays: null, type: null });
  });

  it('sends only the filters that are set', () => {
    expect(topTraderQuery({ page: 1, sort: 'score', broker: '', minDays: null, type: null })).toEqual({ page: 1, sort: 'score' });
    expect(topTraderQuery({ page: 2, sort: 'track', broker: 'b', minDays: 30, type: 'manual' })).toEqual({ page: 2, sort: 'track', broker: 'b', minDays: 30, type: 'manual' });
  });

  it('builds one address per table, keeping filters when the sort or page changes', () => {
    const p = parseTopTraderParams(new URLSearchParams('broker=b&type=manual&page=4'));
    expect(topTraderHref(p, { sort: 'drawdown', page: 1 })).toBe('/trader/index?sort=drawdown&broker=b&type=manual');
    expect(topTraderHref(p)).toBe('/trader/index?broker=b&type=manual&page=4');
    expect(topTraderHref(parseTopTraderParams(new URLSearchParams()))).toBe('/trader/index');
    // Round trip.
    const href = topTraderHref(p, { minDays: 180 });
    expect(parseTopTraderParams(new URL(href, 'http://x').searchParams)).toEqual({ ...p, minDays: 180 });
  });

  it('parses page numbers', () => {
    expect(pageParam('2')).toBe(2);
    expect(pageParam('1001')).toBe(1);
    expect(pageParam('5000', 10_000)).toBe(5000);
    expect(pageParam('2.5')).toBe(1);
    expect(pageParam(null)).toBe(1);
  });
});

describe('account addresses', () => {
  it('links to the account and to a page of its orders', () => {
    expect(traderAccountHref('a-1')).toBe('/trader/account?id=a-1');
    expect(traderAccountHref('a-1', 3)).toBe('/trader/account?id=a-1&page=3#orders');
    expect(isAccountId('7d3a0000-0000-4000-8000-000000000001')).toBe(true);
    expect(isAccountId('')).toBe(false);
    expect(isAccountId('a/b')).toBe(false);
  });
});

describe('chart scaling', () => {
  it('picks round steps', () => {
    expect(niceStep(100, 4)).toBe(25);
    expect(niceStep(7, 4)).toBe(2);
    expect(niceStep(0.3, 3)).toBeCloseTo(0.1);
    expect(niceStep(0, 4)).toBe(1);
  });

  it('covers the data with round ticks, with zero when asked', () => {
    const s = valueScale([12, 87]);
    expect(s.min).toBeLessThanOrEqual(12);
    expect(s.max).toBeGreaterThanOrEqual(87);
    expect(s.ticks[0]).toBe(s.min);
    expect(s.ticks[s.ticks.length - 1]).toBe(s.max);
    const withZero = valueScale([5, 20], { withZero: true });
    expect(withZero.min).toBe(0);
    expect(withZero.ticks).toContain(0);
    const negative = valueScale([-30, -2], { withZero: true });
    expect(negative.max).toBe(0);
    expect(negative.min).toBeLessThanOrEqual(-30);
  });

  it('gives a flat series a band around its value', () => {
    const s = valueScale([1000, 1000]);
    expect(s.min).toBeLessThan(1000);
    expect(s.max).toBeGreaterThan(1000);
    expect(valueScale([]).max).toBeGreaterThan(valueScale([]).min);
  });

  it('maps time to x and value to y inside the padding, y growing downwards', () => {
    const box = { width: 200, height: 100, pad: { l: 20, r: 10, t: 5, b: 15 } };
    const { x, y } = projector(box, [0, 10], { min: 0, max: 50, ticks: [] });
    expect(x(0)).toBe(20);
    expect(x(10)).toBe(190);
    expect(x(5)).toBe(105);
    expect(y(50)).toBe(5);
    expect(y(0)).toBe(85);
    // One point: in the middle.
    expect(projector(box, [3], { min: 0, max: 1, ticks: [] }).x(3)).toBe(105);
  });

  it('writes compact paths', () => {
    expect(linePath([{ x: 0, y: 10.04 }, { x: 5.55, y: 2 }])).toBe('M0 10L5.6 2');
    expect(areaPath([{ x: 0, y: 1 }, { x: 10, y: 3 }], 20)).toBe('M0 1L10 3L10 20L0 20Z');
    expect(areaPath([], 20)).toBe('');
  });

  it('samples evenly, keeping both ends', () => {
    const items = Array.from({ length: 101 }, (_, i) => i);
    const s = sample(items, 5);
    expect(s).toEqual([0, 25, 50, 75, 100]);
    expect(sample([1, 2], 5)).toEqual([1, 2]);
  });
});

describe('monthly returns grid', () => {
  it('puts months in their year, newest year first, and compounds the year', () => {
    const rows = monthlyGrid([
      { month: '2025-11', returnPct: 10, profit: 100 },
      { month: '2025-12', returnPct: -10, profit: -110 },
      { month: '2026-01', returnPct: 5, profit: 50 },
      { month: 'junk', returnPct: 99, profit: 0 },
    ]);
    expect(rows.map((r) => r.year)).toEqual([2026, 2025]);
    expect(rows[0]!.months[0]).toBe(5);
    expect(rows[0]!.months.slice(1).every((m) => m === null)).toBe(true);
    expect(rows[1]!.months[10]).toBe(10);
    expect(rows[1]!.months[11]).toBe(-10);
    // 1.1 × 0.9 − 1 = −1 %.
    expect(rows[1]!.total).toBeCloseTo(-1, 10);
  });

  it('colours up to full strength at ±10 %', () => {
    expect(heat(0)).toBe(0);
    expect(heat(-5)).toBe(0.5);
    expect(heat(25)).toBe(1);
  });
});
