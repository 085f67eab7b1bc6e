import type { EventPayload } from '@brokerwise/proto';
import type { HandlerContext } from '@brokerwise/service-kit';
import type { Kysely } from '@brokerwise/sql';
import { eraseTrader } from '../../domain/account-deletion.ts';
import type { TraderTables } from '../../store/types.ts';

/** An account was deleted: its trading accounts and broker applications go with it (ADR 019). */
export const onUserDeleted = async (payload: EventPayload<'identity.user.deleted'>, ctx: HandlerContext): Promise<void> => {
  const r = await eraseTrader(ctx.trx as Kysely<TraderTables>, payload.userId);
  ctx.log.info({ userId: payload.userId, ...r }, "deleted account's trading accounts and applications deleted");
};
