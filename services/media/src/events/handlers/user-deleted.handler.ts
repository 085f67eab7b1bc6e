import type { EventPayload } from '@brokerwise/proto';
import type { HandlerContext } from '@brokerwise/service-kit';
import type { Kysely } from '@brokerwise/sql';
import { deleteAuthorContent } from '../../domain/account-deletion.ts';
import type { Clock } from '../../domain/context.ts';
import type { MediaTables } from '../../store/types.ts';

/** An account was deleted: its posts and comments go with it (the privacy policy's promise). */
export const onUserDeleted =
  (now: Clock) =>
  async (payload: EventPayload<'identity.user.deleted'>, ctx: HandlerContext): Promise<void> => {
    const r = await deleteAuthorContent(ctx.trx as Kysely<MediaTables>, payload.userId, now, { correlationId: ctx.correlationId });
    ctx.log.info({ userId: payload.userId, ...r }, "deleted account's posts and comments deleted");
  };
