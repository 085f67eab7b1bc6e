import type { CompanyRemoved } from '@brokerwise/proto';
import type { HandlerContext } from '@brokerwise/service-kit';
import { removeCompany } from '../../domain/company-index.ts';

export async function onCompanyRemoved(payload: CompanyRemoved, ctx: HandlerContext): Promise<void> {
  await removeCompany(ctx.trx, { id: payload.id, version: Number(payload.version) });
}
