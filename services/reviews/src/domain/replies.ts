/**
 * Verified company replies (issue 19, ADR 030). A representative of the reviewed company (the
 * gateway says which companies the caller represents: identity owns that) replies once to each
 * published review; writing again edits the same reply. Every version is kept (its history) and,
 * as reviews, each waits for a moderator before it is shown; publishing it tells the reviewer
 * (`reviews.reply.published`, in the same transaction).
 */
import { randomUUID } from 'node:crypto';
import { enqueueEvent } from '@brokerwise/service-kit';
import { replyPublished } from '../events/publish.ts';
import {
  findReplyForUpdate,
  findReplyOfReview,
  insertReply,
  insertReplyVersion,
  listPendingReplies,
  repliesToReviews,
  replyFigures,
  replyVersions,
  rewriteReply,
  setReplyDecision,
  type ReplyRow,
} from '../store/reply.store.ts';
import { findLiveReview, type Page } from '../store/review.store.ts';
import type { Decision } from '../store/types.ts';
import type { ReviewsContext, RequestMeta } from './context.ts';
import { alreadyModerated, invalidInput, notRepresentative, replyNotFound, reviewNotFound, reviewNotPublished } from './errors.ts';
import { UUID } from './reviews.ts';
import { charCount, validateReason } from './rules.ts';

type Ctx = Pick<ReviewsContext, 'db' | 'now'>;

export const REPLY_MIN = 2;
export const REPLY_MAX = 1000;
/** The figures count the reviews of the last 12 months. */
export const FIGURES_WINDOW_MS = 365 * 24 * 3600_000;

export interface WriteReplyInput {
  reviewId: string;
  /** The representative writing it. */
  userId: string;
  /** The companies the writer is a verified representative of (from identity, via the gateway). */
  companyIds: readonly string[];
  text: string;
}

/** Writes (or edits) the company's one reply to a published review; pending until moderated. */
export async function writeReply(ctx: Ctx, input: WriteReplyInput): Promise<ReplyRow> {
  const text = input.text.trim();
  const n = charCount(text);
  if (n < REPLY_MIN || n > REPLY_MAX) throw invalidInput({ content: 'reply_length' });
  if (!UUID.test(input.reviewId)) throw reviewNotFound();
  return ctx.db.transaction().execute(async (trx) => {
    const review = await findLiveReview(trx, input.reviewId, {
      forUpdate: true,
    });
    if (!review) throw reviewNotFound();
    const companies = new Set(input.companyIds.map((c) => c.toLowerCase()));
    if (!companies.has(review.company_id.toLowerCase())) throw notRepresentative();
    if (review.status !== 'approved') throw reviewNotPublished();
    const now = ctx.now();
    const existing = await findReplyOfReview(trx, review.id, {
      forUpdate: true,
    });
    if (existing && existing.text === text && existing.status !== 'rejected') return existing;
    const reply = existing
      ? await rewriteReply(trx, existing.id, {
          authorId: input.userId,
          text,
          now,
        })
      : await insertReply(trx, {
          id: randomUUID(),
          reviewId: review.id,
          companyId: review.company_id,
          authorId: input.userId,
          text,
          now,
        });
    await insertReplyVersion(trx, {
      id: randomUUID(),
      replyId: reply.id,
      authorId: input.userId,
      text,
      at: now,
    });
    return reply;
  });
}

/** A moderator publishes or refuses a reply (a published one may be taken down too). */
export async function decideReply(
  ctx: Ctx,
  input: {
    replyId: string;
    moderatorId: string;
    decision: Decision;
    reason?: string | undefined;
  },
  meta: RequestMeta = {},
): Promise<ReplyRow> {
  const reason = validateReason(input.decision, input.reason);
  if (!UUID.test(input.replyId)) throw replyNotFound();
  return ctx.db.transaction().execute(async (trx) => {
    const reply = await findReplyForUpdate(trx, input.replyId);
    if (!reply) throw replyNotFound();
    const review = await findLiveReview(trx, reply.review_id);
    if (!review) throw replyNotFound();
    const status = input.decision === 'approve' ? 'approved' : 'rejected';
    if (reply.status === status) throw alreadyModerated(status);
    const now = ctx.now();
    const updated = await setReplyDecision(trx, reply.id, {
      status,
      rejectReason: status === 'rejected' ? reason : null,
      moderatorId: input.moderatorId,
      now,
      firstPublishedAt: reply.first_published_at ?? (status === 'approved' ? now : null),
    });
    if (status === 'approved') await enqueueEvent(trx, replyPublished(updated, review.user_id, reply.first_published_at !== null, now, meta.correlationId));
    return updated;
  });
}

export const repliesOf = (ctx: Pick<ReviewsContext, 'db'>, reviewIds: readonly string[]) =>
  repliesToReviews(
    ctx.db,
    reviewIds.filter((id) => UUID.test(id)),
  );

export const replyQueue = (ctx: Pick<ReviewsContext, 'db'>, page: Page) => listPendingReplies(ctx.db, page);

export async function replyHistory(ctx: Pick<ReviewsContext, 'db'>, replyId: string) {
  if (!UUID.test(replyId)) throw replyNotFound();
  return replyVersions(ctx.db, replyId);
}

/** Reply rate and median reply time of a company over its reviews of the last 12 months. */
export async function companyReplyFigures(ctx: Ctx, companyId: string) {
  if (!UUID.test(companyId)) return { reviews: 0, replied: 0, rate: null, medianHours: null };
  const f = await replyFigures(ctx.db, companyId, new Date(ctx.now().getTime() - FIGURES_WINDOW_MS));
  return {
    reviews: f.reviews,
    replied: f.replied,
    rate: f.reviews > 0 ? f.replied / f.reviews : null,
    medianHours: f.medianSeconds === null ? null : Math.round((f.medianSeconds / 3600) * 10) / 10,
  };
}
