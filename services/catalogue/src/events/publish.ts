import { create, encodeEvent, LocalizedTextSchema, timestampFromDate, type EncodedEvent } from '@brokerwise/proto';
import type { CompanyRow } from '../store/company.store.ts';

const PRODUCER = 'catalogue';

/** `catalogue.company.upserted` from the row as committed (version included). */
export function companyUpserted(row: CompanyRow, logoUrl: string, correlationId: string | undefined): EncodedEvent {
  return encodeEvent(
    'catalogue.company.upserted',
    {
      id: row.id,
      slug: row.slug,
      name: row.name,
      nameZh: row.name_zh,
      category: row.category_slug,
      countryCode: row.country_code,
      shortDescription: create(LocalizedTextSchema, { en: row.description_en, zhCn: row.description_zh }),
      score: Number(row.score),
      logoUrl,
      aliases: row.name_zh ? [row.name_zh, ...row.aliases.filter((a) => a !== row.name_zh)] : row.aliases,
      foundedYear: row.founded ?? 0,
      regulated: row.regulated,
      updatedAt: timestampFromDate(new Date(row.updated_at)),
      version: BigInt(row.version),
    },
    { producer: PRODUCER, ...(correlationId ? { correlationId } : {}) },
  );
}
