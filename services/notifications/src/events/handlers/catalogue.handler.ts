import type { EventPayload } from '@brokerwise/proto';
import type { HandlerContext } from '@brokerwise/service-kit';
import type { Kysely } from '@brokerwise/sql';
import { recordNotice } from '../../domain/notices.ts';
import { companyFollowers } from '../../store/company-follow.store.ts';
import { markCompanyRemoved, upsertCompany } from '../../store/company.store.ts';
import type { NotificationsTables } from '../../store/types.ts';
import { timestampToDate } from './time.ts';

/** Company names and slugs for review notices and mails (latest version wins). */
export const onCompanyUpserted = async (p: EventPayload<'catalogue.company.upserted'>, ctx: HandlerContext): Promise<void> => {
  await upsertCompany(ctx.trx as Kysely<NotificationsTables>, { id: p.id, slug: p.slug, name: p.name, nameZh: p.nameZh, version: Number(p.version), removed: false });
};

export const onCompanyRemoved = async (p: EventPayload<'catalogue.company.removed'>, ctx: HandlerContext): Promise<void> => {
  await markCompanyRemoved(ctx.trx as Kysely<NotificationsTables>, { id: p.id, slug: p.slug, version: Number(p.version) });
};

/** A licence changed status in the register: each follower of the company is told (once per entry). */
export const onLicenceStatusChanged = async (p: EventPayload<'catalogue.licence.status_changed'>, ctx: HandlerContext): Promise<void> => {
  const trx = ctx.trx as Kysely<NotificationsTables>;
  const at = timestampToDate(p.recordedAt) ?? ctx.occurredAt ?? new Date();
  const params = { companyId: p.companyId, companySlug: p.companySlug, regulator: p.regulator, licenceNo: p.licenceNo, status: p.status, effectiveOn: p.effectiveOn };
  for (const userId of await companyFollowers(trx, p.companyId)) {
    await recordNotice(trx, { userId, kind: 'licence_status_changed', params, sourceEventId: p.id, at, correlationId: ctx.correlationId });
  }
};
