import { Type, type Static } from 'typebox';
import type { ReviewRow } from '../store/review.store.ts';
import { Uuid } from '@brokerwise/service-kit';

const NullableString = Type.Union([Type.String(), Type.Null()]);

export const ReviewStatus = Type.Union([Type.Literal('pending'), Type.Literal('approved'), Type.Literal('rejected')]);

export const ReviewDto = Type.Object({
  id: Type.String(),
  companyId: Type.String(),
  userId: Type.String(),
  username: Type.String(),
  stars: Type.Integer(),
  text: Type.String(),
  status: ReviewStatus,
  /** Only on the author's own review (and to moderators); null otherwise. */
  rejectReason: NullableString,
  createdAt: Type.String(),
  updatedAt: Type.String(),
  moderatedAt: NullableString,
  /** The review is the viewer's own. */
  mine: Type.Boolean(),
});

export type ReviewDtoType = Static<typeof ReviewDto>;

/** Rows never leave the service: only this mapping does. `viewer` = who is looking, if known. */
export function toReviewDto(r: ReviewRow, viewer: string | undefined): ReviewDtoType {
  return {
    id: r.id,
    companyId: r.company_id,
    userId: r.user_id,
    username: r.username,
    stars: r.stars,
    text: r.text,
    status: r.status,
    rejectReason: r.reject_reason,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
    moderatedAt: r.moderated_at ? r.moderated_at.toISOString() : null,
    mine: viewer !== undefined && viewer === r.user_id,
  };
}

export { Uuid };

export const PageQuery = {
  page: Type.Integer({ minimum: 1, maximum: 10_000, default: 1 }),
  limit: Type.Integer({ minimum: 1, maximum: 50, default: 20 }),
};

export const ReviewPage = Type.Object({ items: Type.Array(ReviewDto), total: Type.Integer() });
