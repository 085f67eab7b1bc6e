import type { EventPayload } from '@brokerwise/proto';
import type { HandlerContext } from '@brokerwise/service-kit';
import type { Kysely } from '@brokerwise/sql';
import type { Clock } from '../../domain/context.ts';
import { seedDemoReviews } from '../../domain/maintenance.ts';
import type { ReviewsTables } from '../../store/types.ts';

/** Demo mode only (DEMO_REVIEWS): a company seen for the first time gets its demo reviews. */
export const onCompanyUpsertedSeedDemo =
  (now: Clock) =>
  async (payload: EventPayload<'catalogue.company.upserted'>, ctx: HandlerContext): Promise<void> => {
    const written = await seedDemoReviews(ctx.trx as Kysely<ReviewsTables>, { id: payload.id, score: payload.score }, now, ctx.correlationId);
    if (written > 0) ctx.log.debug({ companyId: payload.id, reviews: written }, 'demo reviews seeded');
  };
