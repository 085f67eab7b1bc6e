/**
 * Trader pages (spec §1, §2 /trader/*, /user/account; §3 Trader account, Trader order, Broker
 * application): addresses, query parsing, chart scaling and the monthly-returns grid, kept free of
 * React so they stay testable.
 */
import type { TopTraderQuery, TraderAccountDetail } from '@brokerwise/api-contract';

export type TopTraderSort = NonNullable<TopTraderQuery['sort']>;
export const TOP_TRADER_SORTS: readonly TopTraderSort[] = ['score', 'gain', 'drawdown', 'trades', 'track'];
export const STRATEGY_TYPES = ['manual', 'mixed'] as const;
/** Minimum-track filter choices (days) offered on /trader/index; any whole number works in the URL. */
export const MIN_DAYS_CHOICES: readonly number[] = [30, 90, 180, 365];
/** The API's page limit (`page` 1…1000 for the table, 1…10000 for orders). */
const MAX_PAGE = 1000;
/** The brokerserver search starts at this many characters (spec §8 "please enter N or more characters"). */
export const SERVER_QUERY_MIN = 2;
/** The API's limit on a server search (GET /api/brokers/brokerserver?query=, at most 100 characters). */
export const SERVER_QUERY_MAX = 100;
/** The anchor of the Top Trader part of /about/methodology. */
export const TOP_TRADER_METHODOLOGY_HREF = '/about/methodology#top-trader';

/** A `?page=` value as a page number: anything odd is page 1. */
export function pageParam(value: string | null | undefined, max = MAX_PAGE): number {
  if (!value || !/^\d{1,5}$/.test(value)) return 1;
  const n = Number(value);
  return n >= 1 && n <= max ? n : 1;
}

/** The Top Trader table's filters and sort as the URL holds them; unknown values are dropped. */
export interface TopTraderParams {
  page: number;
  sort: TopTraderSort;
  broker: string;
  minDays: number | null;
  type: 'manual' | 'mixed' | null;
}

export function parseTopTraderParams(params: URLSearchParams): TopTraderParams {
  const sort = params.get('sort') as TopTraderSort | null;
  const type = params.get('type');
  const broker = params.get('broker')?.trim() ?? '';
  const minDays = params.get('minDays')?.trim() ?? '';
  return {
    page: pageParam(params.get('page')),
    sort: sort && TOP_TRADER_SORTS.includes(sort) ? sort : 'score',
    broker: /^[a-z0-9][a-z0-9-]{0,99}$/.test(broker) ? broker : '',
    minDays: /^\d{1,5}$/.test(minDays) && Number(minDays) > 0 ? Math.min(Number(minDays), 36_500) : null,
    type: type === 'manual' || type === 'mixed' ? type : null,
  };
}

/** The query the gateway's /api/trader/top takes. */
export function topTraderQuery(p: TopTraderParams): TopTraderQuery {
  return {
    page: p.page,
    sort: p.sort,
    ...(p.broker ? { broker: p.broker } : {}),
    ...(p.minDays !== null ? { minDays: p.minDays } : {}),
    ...(p.type ? { type: p.type } : {}),
  };
}

/** /trader/index with the given filters; defaults (page 1, score) are left out so each table has one address. */
export function topTraderHref(p: TopTraderParams, changes: Partial<TopTraderParams> = {}): string {
  const next = { ...p, ...changes };
  const q = new URLSearchParams();
  if (next.sort !== 'score') q.set('sort', next.sort);
  if (next.broker) q.set('broker', next.broker);
  if (next.minDays !== null) q.set('minDays', String(next.minDays));
  if (next.type) q.set('type', next.type);
  if (next.page > 1) q.set('page', String(next.page));
  const qs = q.toString();
  return `/trader/index${qs ? `?${qs}` : ''}`;
}

/** A trading account's page; orders beyond the first page add `page` and land on the orders table. */
export function traderAccountHref(id: string, page = 1): string {
  const q = new URLSearchParams({ id });
  if (page > 1) q.set('page', String(page));
  return `/trader/account?${q}${page > 1 ? '#orders' : ''}`;
}

/** Account ids the API hands out (uuids); anything else is a 404 without asking. */
export function isAccountId(id: string): boolean {
  return /^[A-Za-z0-9-]{1,100}$/.test(id);
}

// ------------------------------------------------------------------------------ charts

export interface ChartBox {
  width: number;
  height: number;
  /** Room for the axis labels: left, right, top, bottom. */
  pad: { l: number; r: number; t: number; b: number };
}

export interface Scale {
  min: number;
  max: number;
  ticks: number[];
}

/** 1, 2, 2.5 or 5 × 10ⁿ: a round step that splits `span` into about `count` parts. */
export function niceStep(span: number, count: number): number {
  if (!(span > 0) || !Number.isFinite(span)) return 1;
  const raw = span / Math.max(1, count);
  const power = 10 ** Math.floor(Math.log10(raw));
  const unit = raw / power;
  const nice = unit <= 1 ? 1 : unit <= 2 ? 2 : unit <= 2.5 ? 2.5 : unit <= 5 ? 5 : 10;
  return nice * power;
}

/**
 * A value axis over `values` with round ticks; `withZero` keeps 0 on the axis (gain, drawdown).
 * A flat series gets a band around its value so its line sits in the middle.
 */
export function valueScale(values: readonly number[], options: { withZero?: boolean; count?: number } = {}): Scale {
  const finite = values.filter((v) => Number.isFinite(v));
  let lo = finite.length ? Math.min(...finite) : 0;
  let hi = finite.length ? Math.max(...finite) : 1;
  if (options.withZero) {
    lo = Math.min(lo, 0);
    hi = Math.max(hi, 0);
  }
  if (hi === lo) {
    const band = Math.abs(hi) > 0 ? Math.abs(hi) * 0.1 : 1;
    lo -= band;
    hi += band;
  }
  const step = niceStep(hi - lo, options.count ?? 4);
  const min = Math.floor(lo / step) * step;
  const max = Math.ceil(hi / step) * step;
  const ticks: number[] = [];
  for (let v = min, i = 0; v <= max + step / 1e6 && i < 50; v += step, i++) ticks.push(Number(v.toPrecision(12)));
  return { min, max, ticks };
}

/** Maps a time to x and a value to y inside the box (SVG y grows downwards). */
export function projector(box: ChartBox, times: readonly number[], scale: Scale) {
  const t0 = times.length ? Math.min(...times) : 0;
  const t1 = times.length ? Math.max(...times) : 1;
  const innerW = box.width - box.pad.l - box.pad.r;
  const innerH = box.height - box.pad.t - box.pad.b;
  const x = (t: number) => box.pad.l + (t1 === t0 ? innerW / 2 : ((t - t0) / (t1 - t0)) * innerW);
  const y = (v: number) => box.pad.t + (scale.max === scale.min ? innerH / 2 : ((scale.max - v) / (scale.max - scale.min)) * innerH);
  return { x, y };
}

const r1 = (n: number) => Math.round(n * 10) / 10;

/** The `d` of a polyline through the points (one decimal place: small markup, exact enough). */
export function linePath(points: readonly { x: number; y: number }[]): string {
  return points.map((p, i) => `${i === 0 ? 'M' : 'L'}${r1(p.x)} ${r1(p.y)}`).join('');
}

/** The `d` of the area between the line and the horizontal line at `baseY`. */
export function areaPath(points: readonly { x: number; y: number }[], baseY: number): string {
  if (points.length === 0) return '';
  const first = points[0]!;
  const last = points[points.length - 1]!;
  return `${linePath(points)}L${r1(last.x)} ${r1(baseY)}L${r1(first.x)} ${r1(baseY)}Z`;
}

/** At most `max` items, evenly spread, always keeping the first and the last (the table under a chart). */
export function sample<T>(items: readonly T[], max: number): T[] {
  if (items.length <= max) return [...items];
  if (max <= 1) return items.slice(-1);
  const out: T[] = [];
  for (let i = 0; i < max; i++) out.push(items[Math.round((i * (items.length - 1)) / (max - 1))]!);
  return out;
}

// ------------------------------------------------------------------------------ monthly returns

export interface MonthlyRow {
  year: number;
  /** January…December, % (null: no data that month). */
  months: (number | null)[];
  /** The months compounded, %. */
  total: number;
}

/** The year × month grid of monthly returns, newest year first. */
export function monthlyGrid(monthly: TraderAccountDetail['monthly']): MonthlyRow[] {
  const years = new Map<number, (number | null)[]>();
  for (const m of monthly) {
    const match = /^(\d{4})-(\d{2})$/.exec(m.month);
    if (!match) continue;
    const year = Number(match[1]);
    const month = Number(match[2]) - 1;
    if (month < 0 || month > 11) continue;
    let row = years.get(year);
    if (!row) {
      row = Array<number | null>(12).fill(null);
      years.set(year, row);
    }
    row[month] = m.returnPct;
  }
  return [...years.entries()]
    .sort(([a], [b]) => b - a)
    .map(([year, months]) => ({
      year,
      months,
      total: (months.reduce<number>((acc, r) => (r === null ? acc : acc * (1 + r / 100)), 1) - 1) * 100,
    }));
}

/** How strongly a month's cell is coloured: 0…1, full at ±10 %. */
export function heat(returnPct: number): number {
  return Math.min(1, Math.abs(returnPct) / 10);
}

// ------------------------------------------------------------------------------ texts

/** Message ids by ranking reason (TraderAccount.ranking.reason). */
export const RANKING_REASON_IDS: Record<string, string> = {
  hidden: 'trader.ranking.hidden',
  closed: 'trader.ranking.closed',
  statement: 'trader.ranking.statement',
  not_synced: 'trader.ranking.notSynced',
  demo: 'trader.ranking.demo',
  stale: 'trader.ranking.stale',
  track_too_short: 'trader.ranking.trackTooShort',
  too_few_trades: 'trader.ranking.tooFewTrades',
};

export const SYNC_STATE_IDS = { pending: 'trader.sync.pending', ok: 'trader.sync.ok', failing: 'trader.sync.failing' } as const;
export const TYPE_IDS = { manual: 'trader.type.manual', mixed: 'trader.type.mixed' } as const;
export const VISIBILITY_IDS = { public: 'trader.visibility.public', hidden: 'trader.visibility.hidden' } as const;
export const APPLICATION_STATUS_IDS = { pending: 'trader.application.pending', approved: 'trader.application.approved', rejected: 'trader.application.rejected' } as const;
export const SORT_IDS: Record<TopTraderSort, string> = {
  score: 'trader.top.sortScore',
  gain: 'trader.top.sortGain',
  drawdown: 'trader.top.sortDrawdown',
  trades: 'trader.top.sortTrades',
  track: 'trader.top.sortTrack',
};
