import type { EventPayload } from '@brokerwise/proto';
import type { HandlerContext } from '@brokerwise/service-kit';
import type { Kysely } from '@brokerwise/sql';
import { onCompanyRemoved, onCompanyUpserted } from '../../domain/brokers.ts';
import type { Clock } from '../../domain/context.ts';
import { usernameChanged } from '../../store/account.store.ts';
import type { TraderTables } from '../../store/types.ts';

/** Keeps the read model of catalogue brokers. */
export const onUpserted =
  (now: Clock) =>
  async (p: EventPayload<'catalogue.company.upserted'>, ctx: HandlerContext): Promise<void> => {
    await onCompanyUpserted(ctx.trx as Kysely<TraderTables>, { id: p.id, slug: p.slug, name: p.name, category: p.category, version: Number(p.version) }, now());
  };

export const onRemoved =
  (now: Clock) =>
  async (p: EventPayload<'catalogue.company.removed'>, ctx: HandlerContext): Promise<void> => {
    await onCompanyRemoved(ctx.trx as Kysely<TraderTables>, { id: p.id, slug: p.slug, version: Number(p.version) }, now());
  };

/** Usernames shown with accounts follow the profile. */
export const onProfileUpdated = async (p: EventPayload<'identity.user.profile_updated'>, ctx: HandlerContext): Promise<void> => {
  if (p.username) await usernameChanged(ctx.trx as Kysely<TraderTables>, p.userId, p.username);
};
