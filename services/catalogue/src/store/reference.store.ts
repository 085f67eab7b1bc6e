import type { Kysely, Selectable } from '@brokerwise/sql';
import type { CatalogueTables } from './types.ts';

type Db = Kysely<CatalogueTables>;
export type CategoryRow = Selectable<CatalogueTables['category']>;
export type CountryRow = Selectable<CatalogueTables['country']>;
export type BannerRow = Selectable<CatalogueTables['banner']>;

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

export async function upsertBanner(db: Db, row: BannerRow): Promise<void> {
  const { id: _id, ...changes } = row;
  await db.insertInto('banner').values(row).onConflict((oc) => oc.column('id').doUpdateSet(changes)).execute();
}
