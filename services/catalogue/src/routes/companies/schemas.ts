import { ResponsiveSizes } from '@brokerwise/service-kit';
import { Type } from 'typebox';
import { BilingualText, LicenceStatus } from '../../domain/company-details.ts';
import { MAX_PAGE_SIZE } from '../../domain/companies.ts';

export const CategorySlug = Type.Union([Type.Literal('Brokers'), Type.Literal('FinTech'), Type.Literal('Lp'), Type.Literal('Pay')]);
export const CountryCode = Type.String({ pattern: '^[A-Z]{2}$' });

export const ListQuery = Type.Object(
  {
    page: Type.Integer({ minimum: 1, maximum: 10_000, default: 1 }),
    limit: Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: 20 }),
    category: Type.Optional(CategorySlug),
    minScore: Type.Optional(Type.Number({ minimum: 0, maximum: 5 })),
    country: Type.Optional(CountryCode),
    /** Licence status: true = regulated companies only, false = unregulated only. */
    regulated: Type.Optional(Type.Boolean()),
    keyword: Type.Optional(Type.String({ maxLength: 100 })),
    /** Comma-separated slugs (the gateway hydrates search hits with it). */
    slugs: Type.Optional(Type.String({ maxLength: 5000, pattern: '^[a-z0-9-]+(,[a-z0-9-]+)*$' })),
    /** Comma-separated company ids (the gateway names the companies of a user's reviews). */
    ids: Type.Optional(Type.String({ maxLength: 2000, pattern: '^[0-9a-f-]{36}(,[0-9a-f-]{36})*$' })),
    order: Type.Optional(Type.Union([Type.Literal('score'), Type.Literal('reviews'), Type.Literal('newest'), Type.Literal('name')])),
  },
  { additionalProperties: false },
);

export const CompanyDto = Type.Object({
  id: Type.String(),
  slug: Type.String(),
  name: Type.String(),
  nameZh: Type.String(),
  category: CategorySlug,
  countryCode: Type.String(),
  description: Type.Object({ en: Type.String(), zh: Type.String() }),
  logoKey: Type.Union([Type.String(), Type.Null()]),
  /** The logo's responsive sizes as made (ADR 033): the srcset lists these and nothing else. */
  logoSizes: ResponsiveSizes,
  score: Type.Number(),
  reviewCount: Type.Integer(),
  founded: Type.Union([Type.Integer(), Type.Null()]),
  regulated: Type.Boolean(),
  aliases: Type.Array(Type.String()),
  website: Type.Union([Type.String(), Type.Null()]),
  version: Type.Integer(),
});

export const ListResponse = Type.Object({ items: Type.Array(CompanyDto), total: Type.Integer() });

export const SaveBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 120 }),
    nameZh: Type.String({ maxLength: 120, default: '' }),
    category: CategorySlug,
    countryCode: CountryCode,
    description: Type.Object({ en: Type.String({ minLength: 1, maxLength: 500 }), zh: Type.String({ minLength: 1, maxLength: 500 }) }),
    logoKey: Type.Union([Type.String({ maxLength: 300 }), Type.Null()], { default: null }),
    score: Type.Number({ minimum: 0, maximum: 5, default: 0 }),
    reviewCount: Type.Integer({ minimum: 0, default: 0 }),
    founded: Type.Union([Type.Integer({ minimum: 1800, maximum: 2100 }), Type.Null()], { default: null }),
    regulated: Type.Boolean({ default: false }),
    aliases: Type.Array(Type.String({ maxLength: 120 }), { maxItems: 30, default: [] }),
    website: Type.Union([Type.String({ maxLength: 300, pattern: '^https?://' }), Type.Null()], { default: null }),
    details: Type.Record(Type.String(), Type.Unknown(), { default: {} }),
  },
  { additionalProperties: false },
);

export const SlugParams = Type.Object({ slug: Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,80}$' }) });

export const TopQuery = Type.Object(
  {
    page: Type.Integer({ minimum: 1, maximum: 10_000, default: 1 }),
    limit: Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: 20 }),
  },
  { additionalProperties: false },
);

const NullableString = Type.Union([Type.String(), Type.Null()]);
const CountryName = Type.Object({ code: Type.String(), nameEn: Type.String(), nameZh: Type.String() });

/** GET /v1/companies/:slug: the card fields plus every detail field, text in both languages. */
export const DetailDto = Type.Object({
  ...CompanyDto.properties,
  about: Type.Union([BilingualText, Type.Null()]),
  services: Type.Array(BilingualText),
  assetTypes: Type.Array(BilingualText),
  platforms: Type.Array(BilingualText),
  paymentMethods: Type.Array(BilingualText),
  maxLeverage: NullableString,
  licences: Type.Array(
    Type.Object({
      regulator: Type.String(),
      regulatorCountry: CountryName,
      licenceNo: Type.String(),
      entity: Type.String(),
      status: LicenceStatus,
      registerUrl: Type.String(),
    }),
  ),
  contact: Type.Object({ website: NullableString, email: NullableString, phone: NullableString, address: Type.Union([BilingualText, Type.Null()]) }),
  currencies: Type.Array(Type.String()),
  openAccountUrl: NullableString,
  updatedAt: Type.String(),
});
