import { randomUUID } from 'node:crypto';
import { enqueueEvent } from '@brokerwise/service-kit';
import { reviewDeleted, reviewSubmitted } from '../events/publish.ts';
import {
  findLiveReview,
  findUserReview,
  insertReview,
  listApproved,
  listByUser,
  listRecentApproved,
  lockUser,
  markDeleted,
  rewriteReview,
  submissionsOf,
  type Page,
  type ReviewRow,
} from '../store/review.store.ts';
import type { ReviewsContext, RequestMeta } from './context.ts';
import { reviewNotFound } from './errors.ts';
import { insertFlags, setOrigin } from '../store/signal.store.ts';
import { checkNewAccount, validateReview, type ReviewInput } from './rules.ts';
import { detectSignals, type SignalThresholds } from './signals.ts';

export const MAX_PAGE_SIZE = 50;

export interface SubmitInput extends ReviewInput {
  companyId: string;
  userId: string;
  /** The author's current username, shown with the review. */
  username: string;
  /** When the author's account was created (the new-account limits apply for 24 h). */
  accountCreatedAt: Date;
  /** Keyed hashes of the client's address and device (the gateway's; never the raw address). */
  origin?: { address?: string | null | undefined; device?: string | null | undefined } | undefined;
  /** The author's email domain and the company's website domain (the "tied account" signal). */
  emailDomain?: string | null | undefined;
  companyDomain?: string | null | undefined;
}

/**
 * Writes the user's review of a company: the first submission creates it, a later one edits it
 * (one review per user per company). Either way it is pending until moderated, and
 * `reviews.review.submitted` is enqueued in the same transaction. Submissions of one user are
 * serialised, so the new-account limits hold under concurrent requests. The automatic signals
 * (near-duplicate text, bursts, shared device or address, new accounts with links, tied accounts)
 * are flagged in the same transaction; they only raise the review in the moderation queue.
 */
export async function submitReview(ctx: Pick<ReviewsContext, 'db' | 'now'> & { signals: SignalThresholds }, input: SubmitInput, meta: RequestMeta = {}): Promise<ReviewRow> {
  const { stars, text } = validateReview(input);
  return ctx.db.transaction().execute(async (trx) => {
    await lockUser(trx, input.userId);
    const now = ctx.now();
    const existing = await findUserReview(trx, input.companyId, input.userId, { forUpdate: true });
    const past = await submissionsOf(trx, input.userId);
    checkNewAccount({
      accountCreatedAt: input.accountCreatedAt,
      now,
      text,
      editingId: existing?.id,
      past: past.map((p) => ({ id: p.id, text: p.text, createdAt: p.created_at, updatedAt: p.updated_at, deleted: p.deleted_at !== null })),
    });
    const row = existing
      ? await rewriteReview(trx, existing.id, { username: input.username, stars, text, now })
      : await insertReview(trx, { id: randomUUID(), companyId: input.companyId, userId: input.userId, username: input.username, stars, text, now });
    const origin = { address: input.origin?.address ?? null, device: input.origin?.device ?? null };
    await setOrigin(trx, row.id, origin);
    const flags = await detectSignals(trx, ctx.signals, {
      reviewId: row.id,
      companyId: row.company_id,
      userId: row.user_id,
      text,
      now,
      accountCreatedAt: input.accountCreatedAt,
      origin,
      emailDomain: input.emailDomain ?? null,
      companyDomain: input.companyDomain ?? null,
    });
    await insertFlags(trx, flags);
    await enqueueEvent(trx, reviewSubmitted(row, { edited: existing !== undefined, wasApproved: existing?.status === 'approved' }, meta.correlationId));
    return row;
  });
}

/** Deletes the user's review of the company (whatever its status); 404 when there is none. */
export async function deleteReview(ctx: Pick<ReviewsContext, 'db' | 'now'>, companyId: string, userId: string, meta: RequestMeta = {}): Promise<ReviewRow> {
  return ctx.db.transaction().execute(async (trx) => {
    const existing = await findUserReview(trx, companyId, userId, { forUpdate: true });
    if (!existing) throw reviewNotFound();
    const now = ctx.now();
    await markDeleted(trx, existing.id, now);
    await enqueueEvent(trx, reviewDeleted(existing, now, meta.correlationId));
    return existing;
  });
}

/**
 * A company's reviews as `viewer` sees them: the approved ones (a page, newest first) and the
 * viewer's own review whatever its status (pending and rejected ones are shown to nobody else).
 */
export async function companyReviews(
  ctx: Pick<ReviewsContext, 'db'>,
  companyId: string,
  page: Page,
  viewer: string | undefined,
): Promise<{ rows: ReviewRow[]; total: number; mine: ReviewRow | undefined }> {
  const [list, mine] = await Promise.all([
    listApproved(ctx.db, companyId, page),
    viewer ? findUserReview(ctx.db, companyId, viewer) : Promise.resolve(undefined),
  ]);
  return { ...list, mine };
}

export const userReviews = (ctx: Pick<ReviewsContext, 'db'>, userId: string, page: Page) => listByUser(ctx.db, userId, page);

export const recentReviews = (ctx: Pick<ReviewsContext, 'db'>, limit: number) => listRecentApproved(ctx.db, limit);

export async function getReview(ctx: Pick<ReviewsContext, 'db'>, id: string): Promise<ReviewRow> {
  const row = UUID.test(id) ? await findLiveReview(ctx.db, id) : undefined;
  if (!row) throw reviewNotFound();
  return row;
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
