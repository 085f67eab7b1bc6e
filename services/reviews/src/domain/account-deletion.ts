import { enqueueEvent } from '@brokerwise/service-kit';
import type { Kysely } from '@brokerwise/sql';
import { reviewDeleted } from '../events/publish.ts';
import { eraseAuthor, liveReviewsOf } from '../store/account-deletion.store.ts';
import type { ReviewsTables } from '../store/types.ts';
import type { Clock, RequestMeta } from './context.ts';

/**
 * An administrator deleted `userId`'s account (`identity.user.deleted`): as the privacy policy
 * promises, the user's reviews are deleted with it (each announced as `reviews.review.deleted`, so
 * ratings, notices and search follow) and the author's copied name and origin hashes are erased from
 * all of them. The moderation log keeps its entries (append-only). Runs in the inbox transaction.
 */
export async function deleteAuthorReviews(trx: Kysely<ReviewsTables>, userId: string, now: Clock, meta: RequestMeta = {}): Promise<number> {
  const at = now();
  const live = await liveReviewsOf(trx, userId);
  await eraseAuthor(trx, userId, at);
  for (const row of live) await enqueueEvent(trx, reviewDeleted(row, at, meta.correlationId));
  return live.length;
}
