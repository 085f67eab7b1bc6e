import type { Kysely } from '@brokerwise/sql';
import { moveCompanyReviews, retireDuplicateAuthors } from '../store/company-merge.store.ts';
import type { ReviewsTables } from '../store/types.ts';
import type { Clock, RequestMeta } from './context.ts';
import { recomputeRating } from './rating.ts';

/**
 * The catalogue merged duplicate `fromId` into `intoId`: its reviews (and so its rating inputs) move
 * to the survivor, whose rating is recomputed (`reviews.rating.changed`: the catalogue, search and
 * rankings follow); the duplicate's rating is recomputed too, empty now. An author with a review on
 * both keeps the one written last. Runs in the caller's (inbox) transaction: applied once.
 */
export async function mergeCompanyReviews(
  trx: Kysely<ReviewsTables>,
  fromId: string,
  intoId: string,
  now: Clock,
  meta: RequestMeta = {},
): Promise<{ moved: number; retired: string[] }> {
  if (fromId === intoId) return { moved: 0, retired: [] };
  const retired = await retireDuplicateAuthors(trx, fromId, intoId, now());
  const moved = await moveCompanyReviews(trx, fromId, intoId);
  // Nothing held (or already moved: the duplicate's own re-announcement comes back here): no new ratings.
  if (moved === 0 && retired.length === 0) return { moved, retired };
  await recomputeRating(trx, intoId, now, meta);
  await recomputeRating(trx, fromId, now, meta);
  return { moved, retired };
}
