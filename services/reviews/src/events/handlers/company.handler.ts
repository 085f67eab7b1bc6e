import type { EventPayload } from '@brokerwise/proto';
import type { HandlerContext } from '@brokerwise/service-kit';
import type { Kysely } from '@brokerwise/sql';
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
