import { Type } from 'typebox';
import { MAX_PAGE_SIZE } from '../../domain/companies.ts';

const Slug = Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,80}$' });
const Text = Type.Object({ en: Type.String(), zh: Type.String() });
const Status = Type.Union([Type.Literal('scheduled'), Type.Literal('active'), Type.Literal('ended')]);
/** Bounds what a request may carry; the real length rules (field codes) live in domain/promotions.ts. */
const Raw = (maxLength: number) => Type.String({ maxLength });

export const PromotionSlugParams = Type.Object({ slug: Slug });

export const PromotionListQuery = Type.Object(
  {
    page: Type.Integer({ minimum: 1, maximum: 10_000, default: 1 }),
    limit: Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: 20 }),
    /** Only this company's promotions (its slug). */
    company: Type.Optional(Slug),
  },
  { additionalProperties: false },
);

export const AdminPromotionListQuery = Type.Object(
  {
    page: Type.Integer({ minimum: 1, maximum: 10_000, default: 1 }),
    limit: Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: 20 }),
  },
  { additionalProperties: false },
);

export const PromotionDetailQuery = Type.Object(
  {
    /** Admin preview: scheduled promotions open too. */
    preview: Type.Boolean({ default: false }),
  },
  { additionalProperties: false },
);

export const PromotionCompanyDto = Type.Object({
  id: Type.String(),
  slug: Type.String(),
  name: Type.String(),
  nameZh: Type.String(),
  logoKey: Type.Union([Type.String(), Type.Null()]),
  score: Type.Number(),
  reviewCount: Type.Integer(),
  openAccountUrl: Type.Union([Type.String(), Type.Null()]),
});

/** A list entry: everything but the body and terms. */
export const PromotionSummaryDto = Type.Object({
  id: Type.String(),
  slug: Type.String(),
  status: Status,
  company: PromotionCompanyDto,
  title: Text,
  summary: Text,
  startsAt: Type.String(),
  endsAt: Type.Union([Type.String(), Type.Null()]),
  createdBy: Type.String(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});

export const PromotionDto = Type.Object({
  ...PromotionSummaryDto.properties,
  /** Plain text; paragraphs separated by a blank line. */
  body: Text,
  terms: Text,
});

export const PromotionListResponse = Type.Object({ items: Type.Array(PromotionSummaryDto), total: Type.Integer() });

export const PromotionSaveBody = Type.Object(
  {
    company: Raw(100),
    titleEn: Raw(2_000),
    titleZh: Raw(2_000),
    summaryEn: Raw(5_000),
    summaryZh: Raw(5_000),
    bodyEn: Raw(40_000),
    bodyZh: Raw(40_000),
    termsEn: Type.String({ maxLength: 20_000, default: '' }),
    termsZh: Type.String({ maxLength: 20_000, default: '' }),
    /** ISO 8601 date-time. */
    startsAt: Raw(40),
    endsAt: Type.Union([Raw(40), Type.Null()], { default: null }),
    /** Who writes it (the admin's user id); kept from the first save. */
    createdBy: Type.String({ minLength: 1, maxLength: 100, default: 'system' }),
    mode: Type.Union([Type.Literal('create'), Type.Literal('update'), Type.Literal('upsert')], { default: 'upsert' }),
  },
  { additionalProperties: false },
);
