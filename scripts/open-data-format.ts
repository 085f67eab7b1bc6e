/**
 * The open-data export's files, and the published formulas a reader needs to recompute the site's
 * scores and Top Brokers from them. Node built-ins only: `reproduce-rankings.ts` must run from the
 * export alone, so nothing here reads the services' code.
 */
import { createHash } from 'node:crypto';

export interface Table {
  /** File name without extension: `<name>.csv` and `<name>.jsonl` are written. */
  name: string;
  /** Column order of the CSV; every row has these keys. */
  columns: string[];
  /** What each column means, for the data dictionary. */
  dictionary: Record<string, string>;
  rows: Record<string, unknown>[];
}

/** RFC 4180: quoted when needed, quotes doubled, arrays and objects as JSON, null as empty. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return /[",\r\n]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const toCsv = (t: Table): string => [t.columns.join(','), ...t.rows.map((r) => t.columns.map((c) => csvCell(r[c])).join(','))].join('\r\n') + '\r\n';
export const toJsonl = (t: Table): string => t.rows.map((r) => JSON.stringify(Object.fromEntries(t.columns.map((c) => [c, r[c] ?? null])))).join('\n') + (t.rows.length ? '\n' : '');
export const sha256 = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');

/** The score formula as the methodology page publishes it (services/reviews/src/domain/score.ts). */
export const SCORE = { priorWeight: 7, priorMean: 3.5, halfLifeDays: 182.5 } as const;
const DAY_MS = 86_400_000;

/** A company's score at `at` from its published reviews' stars and the time each was last written. */
export function score(reviews: readonly { stars: number; writtenAt: string }[], at: string): number {
  const now = Date.parse(at);
  const terms = reviews.map((r) => ({ ageMs: Math.max(0, now - Date.parse(r.writtenAt)), stars: r.stars }));
  // The published canonical order (newest first, then stars), so the sum is the site's to the bit.
  terms.sort((a, b) => a.ageMs - b.ageMs || a.stars - b.stars);
  let weight = 0;
  let weighted = 0;
  for (const t of terms) {
    const w = 0.5 ** (t.ageMs / DAY_MS / SCORE.halfLifeDays);
    weight += w;
    weighted += w * t.stars;
  }
  return (SCORE.priorWeight * SCORE.priorMean + weighted) / (SCORE.priorWeight + weight);
}

/** The score as the site shows and ranks it: rounded half up to one decimal. */
export const displayScore = (full: number): number => Math.round(full * 10) / 10;

/** Top Brokers as published: brokers with at least `minReviews` published reviews, by displayed score, then review count, then slug. */
export function rankBrokers<T extends { slug: string; category: string; score: number; reviewCount: number }>(companies: readonly T[], minReviews: number): T[] {
  return companies
    .filter((c) => c.category === 'Brokers' && c.reviewCount >= minReviews)
    .sort((a, b) => b.score - a.score || b.reviewCount - a.reviewCount || (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0));
}

/** The minimum review count of Top Brokers (catalogue TOP_MIN_REVIEWS; stated on the methodology page). */
export const TOP_MIN_REVIEWS = 20;
