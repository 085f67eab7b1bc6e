import { Type } from 'typebox';
import { PageQuery, ReviewDto, Uuid } from '../dto.ts';

export const QueueQuery = Type.Object(PageQuery, { additionalProperties: false });

// Any string: a malformed id is an unknown review (404).
export const ReviewParams = Type.Object({ reviewId: Type.String({ maxLength: 100 }) });

export const DecisionBody = Type.Object(
  {
    moderatorId: Uuid,
    decision: Type.Union([Type.Literal('approve'), Type.Literal('reject')]),
    /** Required to reject (the author is told), ≤ 500 characters; checked by the domain. */
    reason: Type.Optional(Type.String({ maxLength: 5_000 })),
  },
  { additionalProperties: false },
);

export const AuditDto = Type.Object({
  id: Type.String(),
  reviewId: Type.String(),
  moderatorId: Type.String(),
  decision: Type.Union([Type.Literal('approve'), Type.Literal('reject')]),
  reason: Type.String(),
  previousStatus: Type.String(),
  at: Type.String(),
});

export const DecisionDto = Type.Object({ review: ReviewDto, audit: AuditDto });
export const AuditListDto = Type.Object({ items: Type.Array(AuditDto) });
