import type { FastifyInstance } from 'fastify';
import { ResponsiveSizes } from '@brokerwise/service-kit';
import { Type, type Static } from 'typebox';
import { countCompaniesByCategory } from '../../store/company.store.ts';
import { listBanners, listCategories, listCountries } from '../../store/reference.store.ts';
import type { CatalogueDeps } from '../../deps.ts';

const Bilingual = { nameEn: Type.String(), nameZh: Type.String() };
const CategoryDto = Type.Object({ slug: Type.String(), ...Bilingual, sort: Type.Integer(), companyCount: Type.Integer() });
const CountryDto = Type.Object({ code: Type.String(), ...Bilingual, popular: Type.Boolean() });
const BannerDto = Type.Object({
  id: Type.String(),
  titleEn: Type.String(),
  titleZh: Type.String(),
  imageKeyEn: Type.String(),
  imageKeyZh: Type.String(),
  /** Each picture's responsive sizes as made (ADR 033). */
  imageSizesEn: ResponsiveSizes,
  imageSizesZh: ResponsiveSizes,
  link: Type.String(),
});
const CountriesQuery = Type.Object({ popular: Type.Boolean({ default: false }) }, { additionalProperties: false });
const BannersQuery = Type.Object(
  { page: Type.Integer({ minimum: 1, maximum: 1000, default: 1 }), limit: Type.Integer({ minimum: 1, maximum: 20, default: 5 }) },
  { additionalProperties: false },
);

/** Categories, countries and banners: small reference lists the gateway caches. */
export async function referenceRoutes(app: FastifyInstance, deps: CatalogueDeps): Promise<void> {
  app.get('/v1/categories', { schema: { response: { 200: Type.Array(CategoryDto) } } }, async () => {
    const [rows, counts] = await Promise.all([listCategories(deps.db), countCompaniesByCategory(deps.db)]);
    return rows.map((r) => ({ slug: r.slug, nameEn: r.name_en, nameZh: r.name_zh, sort: r.sort, companyCount: counts.get(r.slug) ?? 0 }));
  });

  app.get<{ Querystring: Static<typeof CountriesQuery> }>(
    '/v1/countries',
    { schema: { querystring: CountriesQuery, response: { 200: Type.Array(CountryDto) } } },
    async (request) => {
      const rows = await listCountries(deps.db, request.query.popular);
      return rows.map((r) => ({ code: r.code, nameEn: r.name_en, nameZh: r.name_zh, popular: r.popular }));
    },
  );

  app.get<{ Querystring: Static<typeof BannersQuery> }>(
    '/v1/banners',
    { schema: { querystring: BannersQuery, response: { 200: Type.Object({ items: Type.Array(BannerDto), total: Type.Integer() }) } } },
    async (request) => {
      const { page, limit } = request.query;
      const { rows, total } = await listBanners(deps.db, (page - 1) * limit, limit);
      return {
        items: rows.map((r) => ({
          id: r.id,
          titleEn: r.title_en,
          titleZh: r.title_zh,
          imageKeyEn: r.image_key_en,
          imageKeyZh: r.image_key_zh,
          imageSizesEn: r.image_sizes_en,
          imageSizesZh: r.image_sizes_zh,
          link: r.link,
        })),
        total,
      };
    },
  );
}
