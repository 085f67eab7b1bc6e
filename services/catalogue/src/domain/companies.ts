import { randomUUID } from 'node:crypto';
import { AppError, notFound } from '@brokerwise/errors';
import { enqueueEvent } from '@brokerwise/service-kit';
import type { Kysely } from '@brokerwise/sql';
import { companyAnnounced } from '../events/publish.ts';
import { companiesPage, findCompanyById, findCompanyBySlug, listCompanies, upsertCompany, type CompanyFilter, type CompanyRow, type CompanyUpsert } from '../store/company.store.ts';
import { countryExists, listCountries, type CountryRow } from '../store/reference.store.ts';
import { readDetails, type CompanyDetails } from './company-details.ts';
import type { CatalogueTables } from '../store/types.ts';

export const MAX_PAGE_SIZE = 50;

/** The store's filter, its order optional (score by default), and a page. */
export type ListCompaniesInput = Omit<CompanyFilter, 'order' | 'offset' | 'limit'> & {
  page: number;
  limit: number;
  order?: CompanyFilter['order'] | undefined;
};

export async function findCompanies(db: Kysely<CatalogueTables>, input: ListCompaniesInput): Promise<{ rows: CompanyRow[]; total: number }> {
  if (input.limit > MAX_PAGE_SIZE) {
    throw new AppError({ code: 'catalogue.limit_too_large', kind: 'validation', message: `limit must be at most ${MAX_PAGE_SIZE}`, fields: { limit: 'too_large' }, params: { max: MAX_PAGE_SIZE } });
  }
  return listCompanies(db, {
    category: input.category,
    minScore: input.minScore,
    minReviews: input.minReviews,
    countryCode: input.countryCode,
    regulated: input.regulated,
    keyword: input.keyword,
    slugs: input.slugs,
    ids: input.ids,
    includeHidden: input.includeHidden,
    order: input.order ?? 'score',
    offset: (input.page - 1) * input.limit,
    limit: input.limit,
  });
}

/** Top Brokers: brokers with at least `minReviews` reviews, by score, then review count, then slug. */
export async function rankBrokers(db: Kysely<CatalogueTables>, input: { page: number; limit: number; minReviews: number }): Promise<{ rows: CompanyRow[]; total: number }> {
  return findCompanies(db, { page: input.page, limit: input.limit, category: 'Brokers', minReviews: input.minReviews, order: 'score' });
}

export interface CompanyDetail {
  row: CompanyRow;
  details: CompanyDetails;
  /** Names of the countries the detail mentions (the company's and its regulators'), by code. */
  countries: Map<string, CountryRow>;
}

/**
 * One company with its details document read defensively; `catalogue.company_not_found` if absent
 * or hidden. A merged company's slug answers with the company it was merged into (its own slug
 * and id), so callers can redirect old links.
 */
export async function getCompanyDetail(db: Kysely<CatalogueTables>, slug: string): Promise<CompanyDetail> {
  let row = await findCompanyBySlug(db, slug);
  // Merges keep chains one hop (mergeCompany re-points earlier merges), so one lookup suffices.
  if (row?.merged_into) row = await findCompanyById(db, row.merged_into);
  if (!row || row.hidden_at || row.merged_into) throw notFound('catalogue.company_not_found', 'No such company');
  const details = readDetails(row.details, row.website);
  const countries = new Map((await listCountries(db, false)).map((c) => [c.code, c]));
  return { row, details, countries };
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
    // A re-import of a hidden or merged company must not bring it back into search.
    await enqueueEvent(trx, companyAnnounced(row, ctx.mediaUrl, ctx.correlationId));
    return row;
  });
}

/**
 * Announces every company again (`catalogue.company.upserted` through the outbox), in pages, so
 * a new or emptied read model (search) can be rebuilt from events. Returns how many.
 */
export async function republishAll(
  db: Kysely<CatalogueTables>,
  ctx: { mediaUrl: (key: string) => string; correlationId?: string | undefined; onPage?: (count: number) => void },
): Promise<number> {
  let count = 0;
  for (let offset = 0; ; offset += 200) {
    const rows = await companiesPage(db, offset, 200);
    if (rows.length === 0) return count;
    await db.transaction().execute(async (trx) => {
      for (const row of rows) await enqueueEvent(trx, companyAnnounced(row, ctx.mediaUrl, ctx.correlationId));
    });
    count += rows.length;
    ctx.onPage?.(count);
  }
}
