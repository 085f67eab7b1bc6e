import { randomUUID } from 'node:crypto';
import { AppError } from '@brokerwise/errors';
import { enqueueEvent } from '@brokerwise/service-kit';
import type { Kysely } from '@brokerwise/sql';
import { companyUpserted } from '../events/publish.ts';
import { listCompanies, upsertCompany, type CompanyFilter, type CompanyRow, type CompanyUpsert } from '../store/company.store.ts';
import { countryExists } from '../store/reference.store.ts';
import type { CatalogueTables, CategorySlug } from '../store/types.ts';

export const MAX_PAGE_SIZE = 50;

export interface ListCompaniesInput {
  page: number;
  limit: number;
  category?: CategorySlug | undefined;
  minScore?: number | undefined;
  countryCode?: string | undefined;
  keyword?: string | undefined;
  order?: CompanyFilter['order'] | undefined;
}

export async function findCompanies(db: Kysely<CatalogueTables>, input: ListCompaniesInput): Promise<{ rows: CompanyRow[]; total: number }> {
  if (input.limit > MAX_PAGE_SIZE) {
    throw new AppError({ code: 'catalogue.limit_too_large', kind: 'validation', message: `limit must be at most ${MAX_PAGE_SIZE}`, fields: { limit: 'too_large' }, params: { max: MAX_PAGE_SIZE } });
  }
  return listCompanies(db, {
    category: input.category,
    minScore: input.minScore,
    countryCode: input.countryCode,
    keyword: input.keyword,
    order: input.order ?? 'score',
    offset: (input.page - 1) * input.limit,
    limit: input.limit,
  });
}

export type SaveCompanyInput = Omit<CompanyUpsert, 'id'> & { id?: string };

/**
 * Creates or updates a company and, in the same transaction, queues
 * `catalogue.company.upserted` in the outbox: the event exists if and only if the change does.
 */
export async function saveCompany(
  db: Kysely<CatalogueTables>,
  input: SaveCompanyInput,
  ctx: { correlationId?: string | undefined; mediaUrl: (key: string) => string },
): Promise<CompanyRow> {
  return db.transaction().execute(async (trx) => {
    if (!(await countryExists(trx, input.countryCode))) {
      throw new AppError({ code: 'catalogue.unknown_country', kind: 'validation', message: 'Unknown country', fields: { countryCode: 'unknown' } });
    }
    const row = await upsertCompany(trx, { ...input, id: input.id ?? randomUUID() });
    await enqueueEvent(trx, companyUpserted(row, row.logo_key ? ctx.mediaUrl(row.logo_key) : '', ctx.correlationId));
    return row;
  });
}
