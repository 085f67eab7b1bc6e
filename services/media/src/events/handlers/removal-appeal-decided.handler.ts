import type { EventPayload } from '@brokerwise/proto';
import type { HandlerContext } from '@brokerwise/service-kit';
import type { Kysely } from '@brokerwise/sql';
import type { Clock } from '../../domain/context.ts';
import { restoreOnAppeal } from '../../domain/moderation.ts';
import type { MediaTables } from '../../store/types.ts';

/** A second moderator restored a hidden post or comment on appeal (ADR 026): it is shown again; its files move back after commit. */
export const onRemovalAppealDecided =
  (now: Clock) =>
  async (p: EventPayload<'reviews.removal_appeal.decided'>, ctx: HandlerContext): Promise<void> => {
    if (!p.restored) return;
    const moved = await restoreOnAppeal(ctx.trx as Kysely<MediaTables>, { kind: p.targetKind, id: p.targetId }, now());
    ctx.log.info({ targetKind: p.targetKind, targetId: p.targetId, appealId: p.appealId, files: moved.length }, 'restored on appeal');
  };
