import { Type } from 'typebox';
import { PageQuery, ReviewDto, Uuid } from '../dto.ts';

export const CompanyParams = Type.Object({ companyId: Uuid });
export const UserParams = Type.Object({ userId: Uuid });

/**
 * The signed-in author's review of a company. Stars, text and the tick are checked by the domain
 * (so every field gets its form code at once); the schema only keeps types and sizes sane.
 */
export const SubmitBody = Type.Object(
  {
    userId: Uuid,
    username: Type.String({ minLength: 1, maxLength: 100 }),
    stars: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
    text: Type.Optional(Type.String({ maxLength: 20_000 })),
    confirmed: Type.Optional(Type.Boolean()),
    /** When the author's account was created (ISO 8601), for the new-account limits. */
    accountCreatedAt: Type.String({ format: 'date-time' }),
    /** Keyed hashes (never raw values) of the client's address and device, for the automatic signals. */
    originAddress: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    originDevice: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    /** The author's email domain and the company's website domain ("tied account" signal). */
    emailDomain: Type.Optional(Type.String({ maxLength: 253 })),
    companyDomain: Type.Optional(Type.String({ maxLength: 253 })),
  },
  { additionalProperties: false },
);

export const DeleteQuery = Type.Object({ userId: Uuid }, { additionalProperties: false });
export const DeletedDto = Type.Object({ deleted: Type.String() });

export const CompanyReviewsQuery = Type.Object({ ...PageQuery, viewer: Type.Optional(Uuid) }, { additionalProperties: false });
export const CompanyReviewsDto = Type.Object({
  /** Approved reviews, newest first (the viewer's own is flagged `mine` when approved). */
  items: Type.Array(ReviewDto),
  /** Approved reviews in all pages. */
  total: Type.Integer(),
  /** The viewer's own review whatever its status (pending, rejected with its reason); null if none or no viewer. */
  mine: Type.Union([ReviewDto, Type.Null()]),
});

export const UserReviewsQuery = Type.Object(PageQuery, { additionalProperties: false });

export const RecentQuery = Type.Object({ limit: Type.Integer({ minimum: 1, maximum: 50, default: 10 }) }, { additionalProperties: false });
export const RecentDto = Type.Object({ items: Type.Array(ReviewDto) });
