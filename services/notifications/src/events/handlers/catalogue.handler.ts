import type { EventPayload } from '@brokerwise/proto';
import type { HandlerContext } from '@brokerwise/service-kit';
import type { Kysely } from '@brokerwise/sql';
import { markCompanyRemoved, upsertCompany } from '../../store/company.store.ts';
import type { NotificationsTables } from '../../store/types.ts';

/** Company names and slugs for review notices and mails (latest version wins). */
export const onCompanyUpserted = async (p: EventPayload<'catalogue.company.upserted'>, ctx: HandlerContext): Promise<void> => {
  await upsertCompany(ctx.trx as Kysely<NotificationsTables>, { id: p.id, slug: p.slug, name: p.name, nameZh: p.nameZh, version: Number(p.version), removed: false });
};

export const onCompanyRemoved = async (p: EventPayload<'catalogue.company.removed'>, ctx: HandlerContext): Promise<void> => {
  await markCompanyRemoved(ctx.trx as Kysely<NotificationsTables>, { id: p.id, slug: p.slug, version: Number(p.version) });
};
