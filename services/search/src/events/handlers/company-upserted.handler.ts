import { timestampDate, type CompanyUpserted } from '@brokerwise/proto';
import type { HandlerContext } from '@brokerwise/service-kit';
import { indexCompany, type CompanyFacts } from '../../domain/company-index.ts';
import { hasHan } from '../../domain/text.ts';

/** The catalogue puts the Chinese name first among the aliases (see its events/publish.ts). */
export function factsFromEvent(e: CompanyUpserted): CompanyFacts {
  const first = e.aliases[0] ?? '';
  return {
    id: e.id,
    slug: e.slug,
    name: e.name,
    nameZh: hasHan(first) ? first : '',
    aliases: e.aliases,
    category: e.category,
    countryCode: e.countryCode,
    descriptionEn: e.shortDescription?.en ?? '',
    descriptionZh: e.shortDescription?.zhCn ?? '',
    score: e.score,
    regulated: e.regulated,
    founded: e.foundedYear > 0 ? e.foundedYear : null,
    logoUrl: e.logoUrl,
    version: Number(e.version),
    updatedAt: e.updatedAt ? timestampDate(e.updatedAt) : new Date(0),
  };
}

export async function onCompanyUpserted(payload: CompanyUpserted, ctx: HandlerContext): Promise<void> {
  const outcome = await indexCompany(ctx.trx, factsFromEvent(payload));
  if (outcome === 'stale') ctx.log.debug({ companyId: payload.id, version: String(payload.version) }, 'stale company version ignored');
}
