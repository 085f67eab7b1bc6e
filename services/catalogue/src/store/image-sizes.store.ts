import { queueImageSizeJob, queueImageSizeJobs } from '@brokerwise/service-kit/image-sizes';
import { sql, type Kysely, type Selectable } from '@brokerwise/sql';
import { hasResponsiveVariants, type ResponsiveKind, type VariantSize } from '@brokerwise/storage';
import type { CompanyRow } from './company.store.ts';
import type { CatalogueTables } from './types.ts';

type Db = Kysely<CatalogueTables>;
export type ImageSizeJobRow = Selectable<CatalogueTables['image_variant_job']>;

/** A raster picture without recorded sizes gets its job (ADR 033), in the caller's transaction; SVGs have none. */
async function queueSizes(db: Db, key: string | null, sizes: VariantSize[] | null, kind: ResponsiveKind): Promise<void> {
  if (key && sizes === null && hasResponsiveVariants(key)) await queueImageSizeJob(db, { key, kind }, new Date());
}

/** A company's logo, as just written (its sizes are reset when its key changes). */
export const queueLogoSizes = (db: Db, row: Pick<CompanyRow, 'logo_key' | 'logo_sizes'>): Promise<void> => queueSizes(db, row.logo_key, row.logo_sizes, 'logo');

/** A banner's two pictures, as just written. */
export async function queueBannerSizes(db: Db, row: Pick<Selectable<CatalogueTables['banner']>, 'image_key_en' | 'image_key_zh' | 'image_sizes_en' | 'image_sizes_zh'>): Promise<void> {
  await queueSizes(db, row.image_key_en, row.image_sizes_en, 'photo');
  await queueSizes(db, row.image_key_zh, row.image_sizes_zh, 'photo');
}

/**
 * The backfill: a job for every raster logo and banner picture with no recorded sizes (stored
 * before the jobs, or whose job gave up). Answers how many were queued.
 */
export async function queueMissingImageSizeJobs(db: Db, now: Date): Promise<number> {
  const wanted = sql`
    select * from (
      select logo_key as key, 'logo' as kind from company where logo_key is not null and logo_sizes is null
      union all select image_key_en, 'photo' from banner where image_sizes_en is null
      union all select image_key_zh, 'photo' from banner where image_sizes_zh is null) as pictures
    where key !~* '\\.svg$'`;
  return queueImageSizeJobs(db, wanted, ['kind'], now);
}

/**
 * The sizes as made, with every row showing the picture: the companies whose logo it is
 * (answered, to be announced) and the banners showing it in either language.
 */
export async function recordPictureSizes(db: Db, key: string, sizes: readonly VariantSize[]): Promise<CompanyRow[]> {
  const json = JSON.stringify(sizes);
  await db.updateTable('banner').set({ image_sizes_en: json }).where('image_key_en', '=', key).execute();
  await db.updateTable('banner').set({ image_sizes_zh: json }).where('image_key_zh', '=', key).execute();
  return db.updateTable('company').set({ logo_sizes: json }).where('logo_key', '=', key).returningAll().execute();
}
