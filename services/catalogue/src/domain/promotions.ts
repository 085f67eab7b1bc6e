import { randomUUID } from 'node:crypto';
import { AppError, notFound } from '@brokerwise/errors';
import type { Kysely } from '@brokerwise/sql';
import {
  companyIdBySlug,
  findPromotionBySlug,
  insertPromotion,
  listActivePromotions,
  listLivePromotions,
  softDeletePromotion,
  updatePromotion,
  type PromotionRow,
  type PromotionWrite,
} from '../store/promotion.store.ts';
import type { CatalogueTables } from '../store/types.ts';
import { MAX_PAGE_SIZE } from './companies.ts';

/** Lengths in characters (code points) after trimming, per language. */
export const PROMOTION_LIMITS = {
  title: { min: 5, max: 120 },
  summary: { min: 20, max: 300 },
  body: { min: 50, max: 8000 },
  terms: { max: 4000 },
} as const;

export type PromotionStatus = 'scheduled' | 'active' | 'ended';

/** What an admin sends; texts raw (trimmed and normalised here), dates as ISO strings. */
export type PromotionInput = Omit<PromotionWrite, 'companyId' | 'startsAt' | 'endsAt'> & {
  /** The company's slug. */
  company: string;
  startsAt: string;
  endsAt: string | null;
};

/**
 * `create`: a new slug (409 if taken, even by a deleted promotion); `update`: an existing live
 * promotion (404 otherwise); `upsert`: whichever applies (409 for a deleted one's slug).
 */
export type SaveMode = 'create' | 'update' | 'upsert';

const length = (s: string) => [...s].length;
/** Trimmed, with Windows/old-Mac line ends made `\n` and runs of 3+ newlines cut to one blank line. */
const cleanText = (s: string) => s.replace(/\r\n?/g, '\n').replace(/[ \t]+\n/g, '\n').replace(/\n{3,}/g, '\n\n').trim();
const cleanLine = (s: string) => s.replace(/\s+/g, ' ').trim();

function parseDate(s: string | null): Date | null | 'invalid' {
  if (s === null || s.trim() === '') return null;
  const d = new Date(s);
  return Number.isNaN(d.getTime()) ? 'invalid' : d;
}

export interface CheckedPromotion {
  fields: Record<string, string>;
  value: Omit<PromotionWrite, 'companyId'> | null;
}

/**
 * The rules of a promotion, without the database: every broken field gets a stable code
 * (`required`, `length`, `too_long`, `invalid`, `before_start`), all at once.
 */
export function checkPromotion(input: PromotionInput): CheckedPromotion {
  const fields: Record<string, string> = {};
  const text = {
    titleEn: cleanLine(input.titleEn),
    titleZh: cleanLine(input.titleZh),
    summaryEn: cleanLine(input.summaryEn),
    summaryZh: cleanLine(input.summaryZh),
    bodyEn: cleanText(input.bodyEn),
    bodyZh: cleanText(input.bodyZh),
    termsEn: cleanText(input.termsEn),
    termsZh: cleanText(input.termsZh),
  };
  const ranged: [keyof typeof text, { min: number; max: number }][] = [
    ['titleEn', PROMOTION_LIMITS.title],
    ['titleZh', PROMOTION_LIMITS.title],
    ['summaryEn', PROMOTION_LIMITS.summary],
    ['summaryZh', PROMOTION_LIMITS.summary],
    ['bodyEn', PROMOTION_LIMITS.body],
    ['bodyZh', PROMOTION_LIMITS.body],
  ];
  for (const [field, { min, max }] of ranged) {
    const n = length(text[field]);
    if (n === 0) fields[field] = 'required';
    else if (n < min || n > max) fields[field] = 'length';
  }
  for (const field of ['termsEn', 'termsZh'] as const) if (length(text[field]) > PROMOTION_LIMITS.terms.max) fields[field] = 'too_long';
  if (!input.company.trim()) fields.company = 'required';

  const startsAt = parseDate(input.startsAt);
  const endsAt = parseDate(input.endsAt);
  if (startsAt === null) fields.startsAt = 'required';
  else if (startsAt === 'invalid') fields.startsAt = 'invalid';
  if (endsAt === 'invalid') fields.endsAt = 'invalid';
  else if (endsAt && startsAt instanceof Date && endsAt.getTime() <= startsAt.getTime()) fields.endsAt = 'before_start';

  if (Object.keys(fields).length > 0 || !(startsAt instanceof Date) || endsAt === 'invalid') return { fields, value: null };
  return { fields, value: { ...text, startsAt, endsAt } };
}

/** Scheduled before it starts, ended from its end on, active in between. */
export function promotionStatus(p: { starts_at: Date | string; ends_at: Date | string | null }, now: Date): PromotionStatus {
  if (new Date(p.starts_at).getTime() > now.getTime()) return 'scheduled';
  if (p.ends_at !== null && new Date(p.ends_at).getTime() <= now.getTime()) return 'ended';
  return 'active';
}

const invalid = (fields: Record<string, string>) =>
  new AppError({ code: 'catalogue.promotion_invalid', kind: 'validation', message: `Invalid promotion: ${Object.keys(fields).join(', ')}`, fields });
const promotionNotFound = () => notFound('catalogue.promotion_not_found', 'No such promotion');

function checkPage(limit: number): void {
  if (limit > MAX_PAGE_SIZE) {
    throw new AppError({ code: 'catalogue.limit_too_large', kind: 'validation', message: `limit must be at most ${MAX_PAGE_SIZE}`, fields: { limit: 'too_large' }, params: { max: MAX_PAGE_SIZE } });
  }
}

/** Public list: promotions running now, newest first. */
export async function findActivePromotions(
  db: Kysely<CatalogueTables>,
  input: { page: number; limit: number; company?: string | undefined; now?: Date },
): Promise<{ rows: PromotionRow[]; total: number }> {
  checkPage(input.limit);
  return listActivePromotions(db, { now: input.now ?? new Date(), companySlug: input.company, offset: (input.page - 1) * input.limit, limit: input.limit });
}

/** Admin list: every promotion not deleted, scheduled and ended included. */
export async function findAllPromotions(db: Kysely<CatalogueTables>, input: { page: number; limit: number }): Promise<{ rows: PromotionRow[]; total: number }> {
  checkPage(input.limit);
  return listLivePromotions(db, { offset: (input.page - 1) * input.limit, limit: input.limit });
}

/**
 * One promotion. Ended ones still open (marked ended); scheduled ones only with `preview` (admin);
 * unknown and deleted ones are `catalogue.promotion_not_found`.
 */
export async function getPromotion(db: Kysely<CatalogueTables>, slug: string, opts: { preview: boolean; now?: Date }): Promise<PromotionRow> {
  const row = await findPromotionBySlug(db, slug);
  if (!row || row.deleted_at !== null) throw promotionNotFound();
  if (!opts.preview && promotionStatus(row, opts.now ?? new Date()) === 'scheduled') throw promotionNotFound();
  return row;
}

/** Creates or updates a promotion after checking every rule and that its company exists. */
export async function savePromotion(
  db: Kysely<CatalogueTables>,
  input: { slug: string; mode: SaveMode; createdBy: string; promotion: PromotionInput },
): Promise<PromotionRow> {
  return db.transaction().execute(async (trx) => {
    const { fields, value } = checkPromotion(input.promotion);
    const companyId = input.promotion.company.trim() ? await companyIdBySlug(trx, input.promotion.company.trim()) : undefined;
    if (input.promotion.company.trim() && !companyId) fields.company = 'unknown';
    if (Object.keys(fields).length > 0 || !value || !companyId) throw invalid(fields);

    const write: PromotionWrite = { ...value, companyId };
    const existing = await findPromotionBySlug(trx, input.slug);
    if (existing && (input.mode === 'create' || existing.deleted_at !== null)) {
      if (input.mode === 'update') throw promotionNotFound();
      throw new AppError({ code: 'catalogue.promotion_exists', kind: 'conflict', message: 'A promotion with this slug exists', fields: { slug: 'taken' } });
    }
    if (existing) {
      await updatePromotion(trx, input.slug, write);
    } else {
      if (input.mode === 'update') throw promotionNotFound();
      if (!(await insertPromotion(trx, { ...write, id: randomUUID(), slug: input.slug, createdBy: input.createdBy }))) {
        throw new AppError({ code: 'catalogue.promotion_exists', kind: 'conflict', message: 'A promotion with this slug exists', fields: { slug: 'taken' } });
      }
    }
    const saved = await findPromotionBySlug(trx, input.slug);
    if (!saved) throw promotionNotFound();
    return saved;
  });
}

/** Soft delete: gone from every list and page; the slug stays reserved. */
export async function deletePromotion(db: Kysely<CatalogueTables>, slug: string): Promise<void> {
  if (!(await softDeletePromotion(db, slug))) throw promotionNotFound();
}
