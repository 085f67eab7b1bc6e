import { sql, type Kysely, type Selectable } from '@brokerwise/sql';
import { queueBannerSizes } from './image-sizes.store.ts';
import type { CatalogueTables } from './types.ts';

type Db = Kysely<CatalogueTables>;
export type CategoryRow = Selectable<CatalogueTables['category']>;
export type CountryRow = Selectable<CatalogueTables['country']>;
export type BannerRow = Selectable<CatalogueTables['banner']>;
/** A banner as saved: its pictures' sizes are made by their jobs. */
export type BannerInput = Omit<BannerRow, 'image_sizes_en' | 'image_sizes_zh'>;

export const listCategories = (db: Db): Promise<CategoryRow[]> => db.selectFrom('category').selectAll().orderBy('sort').execute();

export const listCountries = (db: Db, popularOnly: boolean): Promise<CountryRow[]> => {
  let q = db.selectFrom('country').selectAll();
  if (popularOnly) q = q.where('popular', '=', true);
  return q.orderBy('sort').orderBy('name_en').execute();
};

export const countryExists = async (db: Db, code: string): Promise<boolean> =>
  (await db.selectFrom('country').select('code').where('code', '=', code).executeTakeFirst()) !== undefined;

export async function listBanners(db: Db, offset: number, limit: number): Promise<{ rows: BannerRow[]; total: number }> {
  const base = db.selectFrom('banner').where('active', '=', true);
  const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const rows = await base.selectAll().orderBy('sort').offset(offset).limit(limit).execute();
  return { rows, total: Number(total?.n ?? 0) };
}

export async function upsertCategory(db: Db, row: CategoryRow): Promise<void> {
  await db.insertInto('category').values(row).onConflict((oc) => oc.column('slug').doUpdateSet({ name_en: row.name_en, name_zh: row.name_zh, sort: row.sort })).execute();
}

export async function upsertCountry(db: Db, row: CountryRow): Promise<void> {
  await db
    .insertInto('country')
    .values(row)
    .onConflict((oc) => oc.column('code').doUpdateSet({ name_en: row.name_en, name_zh: row.name_zh, popular: row.popular, sort: row.sort }))
    .execute();
}

/** Saves a banner; a picture whose key changed loses its recorded sizes, and each raster one without them gets its job (ADR 033). */
export async function upsertBanner(db: Db, row: BannerInput): Promise<void> {
  const { id: _id, ...changes } = row;
  const saved = await db
    .insertInto('banner')
    .values(row)
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({
        ...changes,
        image_sizes_en: sql<string | null>`case when banner.image_key_en = excluded.image_key_en then banner.image_sizes_en end`,
        image_sizes_zh: sql<string | null>`case when banner.image_key_zh = excluded.image_key_zh then banner.image_sizes_zh end`,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
  await queueBannerSizes(db, saved);
}
