import type { EventPayload } from '@brokerwise/proto';
import type { HandlerContext } from '@brokerwise/service-kit';
import type { Kysely } from '@brokerwise/sql';
import { deleteAuthorReviews } from '../../domain/account-deletion.ts';
import type { Clock } from '../../domain/context.ts';
import type { ReviewsTables } from '../../store/types.ts';

/** An account was deleted: its reviews go with it (the privacy policy's promise). */
export const onUserDeleted =
  (now: Clock) =>
  async (payload: EventPayload<'identity.user.deleted'>, ctx: HandlerContext): Promise<void> => {
    const n = await deleteAuthorReviews(ctx.trx as Kysely<ReviewsTables>, payload.userId, now, { correlationId: ctx.correlationId });
    ctx.log.info({ userId: payload.userId, reviews: n }, "deleted account's reviews deleted");
  };
