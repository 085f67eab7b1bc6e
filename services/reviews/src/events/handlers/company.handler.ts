import type { EventPayload } from '@brokerwise/proto';
import type { HandlerContext } from '@brokerwise/service-kit';
import type { Kysely } from '@brokerwise/sql';
import { mergeCompanyReviews } from '../../domain/company-merge.ts';
import type { Clock } from '../../domain/context.ts';
import type { ReviewsTables } from '../../store/types.ts';

/**
 * What to do, in the inbox transaction, when the catalogue announces a company. Reviews keeps no
 * copy of the catalogue: only a start that asks for it (`npm start` seeding reviews, ADR 021)
 * consumes these events.
 */
export type OnCompanyAnnounced = (
  company: { id: string; score: number },
  ctx: { trx: Kysely<ReviewsTables>; now: Clock; correlationId: string; log: HandlerContext['log'] },
) => Promise<void>;

export const onCompanyUpserted =
  (now: Clock, react: OnCompanyAnnounced) =>
  (payload: EventPayload<'catalogue.company.upserted'>, ctx: HandlerContext): Promise<void> =>
    react({ id: payload.id, score: payload.score }, { trx: ctx.trx as Kysely<ReviewsTables>, now, correlationId: ctx.correlationId, log: ctx.log });

/** A company merged into another (`merged_into_id` set): its reviews and rating inputs move to the survivor. Only hidden: nothing to do. */
export const onCompanyRemoved =
  (now: Clock) =>
  async (payload: EventPayload<'catalogue.company.removed'>, ctx: HandlerContext): Promise<void> => {
    if (!payload.mergedIntoId) return;
    const r = await mergeCompanyReviews(ctx.trx as Kysely<ReviewsTables>, payload.id, payload.mergedIntoId, now, { correlationId: ctx.correlationId });
    ctx.log.info({ from: payload.id, into: payload.mergedIntoId, moved: r.moved, retired: r.retired.length }, 'merged company reviews moved');
  };
