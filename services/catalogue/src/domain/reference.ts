import type { Kysely } from '@brokerwise/sql';
import { upsertBanner, upsertCategory, upsertCountry, type BannerInput, type CategoryRow, type CountryRow } from '../store/reference.store.ts';
import type { CatalogueTables } from '../store/types.ts';

export interface ReferenceData {
  categories?: readonly CategoryRow[];
  countries?: readonly CountryRow[];
  banners?: readonly BannerInput[];
}

/**
 * Creates or updates categories, countries and home-page banners in one transaction (by slug,
 * code and id), so a company saved afterwards finds its country. A banner's pictures get their
 * responsive sizes' jobs in it (ADR 033).
 */
export async function saveReferenceData(db: Kysely<CatalogueTables>, data: ReferenceData): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const c of data.categories ?? []) await upsertCategory(trx, c);
    for (const c of data.countries ?? []) await upsertCountry(trx, c);
    for (const b of data.banners ?? []) await upsertBanner(trx, b);
  });
}
