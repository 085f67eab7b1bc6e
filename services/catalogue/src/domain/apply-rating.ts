import { enqueueEvent } from '@brokerwise/service-kit';
import type { Kysely } from '@brokerwise/sql';
import { companyAnnounced } from '../events/publish.ts';
import { applyRating } from '../store/company.store.ts';
import type { CatalogueTables } from '../store/types.ts';

export interface RatingChange {
  companyId: string;
  /** One-decimal score shown to visitors (the reviews service's display score). */
  displayScore: number;
  approvedCount: number;
  version: number;
}

/**
 * A new published rating becomes the company's score and review count, and the company is
 * re-announced (`catalogue.company.upserted`) so search and caches follow. Runs inside the
 * inbox transaction; stale or unknown ratings change nothing.
 */
export async function applyRatingChange(trx: Kysely<CatalogueTables>, change: RatingChange, ctx: { correlationId: string; mediaUrl: (key: string) => string }): Promise<boolean> {
  const score = Math.min(5, Math.max(0, Math.round(change.displayScore * 10) / 10));
  const row = await applyRating(trx, { companyId: change.companyId, score, approvedCount: change.approvedCount, version: change.version });
  if (!row) return false;
  await enqueueEvent(trx, companyAnnounced(row, ctx.mediaUrl, ctx.correlationId));
  return true;
}
