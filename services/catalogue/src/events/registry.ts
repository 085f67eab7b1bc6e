import type { RatingChanged } from '@brokerwise/proto';
import type { EventHandlers } from '@brokerwise/service-kit';
import type { Kysely } from '@brokerwise/sql';
import { applyRatingChange } from '../domain/apply-rating.ts';
import type { CatalogueTables } from '../store/types.ts';

/**
 * Events this service consumes, listed explicitly (never discovered by scanning).
 * Ratings computed by the reviews service become the company's score and review count.
 */
export function handlers(ctx: { mediaUrl: (key: string) => string; onApplied?: () => void }): EventHandlers {
  return {
    'reviews.rating.changed': async (payload: RatingChanged, h) => {
      const applied = await applyRatingChange(
        h.trx as unknown as Kysely<CatalogueTables>,
        { companyId: payload.companyId, displayScore: payload.displayScore, approvedCount: payload.approvedCount, version: Number(payload.version) },
        { correlationId: h.correlationId, mediaUrl: ctx.mediaUrl },
      );
      if (applied) ctx.onApplied?.();
    },
  };
}
