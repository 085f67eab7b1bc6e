import { Type } from 'typebox';
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
    keyword: Type.Optional(Type.String({ maxLength: 100 })),
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
