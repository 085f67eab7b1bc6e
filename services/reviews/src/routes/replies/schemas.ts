import { Type } from 'typebox';
import { PageQuery, Uuid } from '../dto.ts';

const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);
const Status = Type.Union([Type.Literal('pending'), Type.Literal('approved'), Type.Literal('rejected')]);

export const ReplyDto = Type.Object({
  id: Type.String(),
  reviewId: Type.String(),
  companyId: Type.String(),
  authorId: Type.String(),
  text: Type.String(),
  status: Status,
  rejectReason: Nullable(Type.String()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  firstPublishedAt: Nullable(Type.String()),
  /** More than one version was written. */
  edited: Type.Boolean(),
});
export const ReplyListDto = Type.Object({ items: Type.Array(ReplyDto) });

// Any string: a malformed id is an unknown review or reply (404).
export const ReviewParams = Type.Object({
  reviewId: Type.String({ maxLength: 100 }),
});
export const ReplyParams = Type.Object({
  replyId: Type.String({ maxLength: 100 }),
});
export const CompanyParams = Type.Object({
  companyId: Type.String({ maxLength: 100 }),
});

export const WriteBody = Type.Object(
  {
    userId: Uuid,
    companyIds: Type.Array(Uuid, { maxItems: 50 }),
    text: Type.String({ maxLength: 10_000 }),
  },
  { additionalProperties: false },
);
export const RepliesQuery = Type.Object({ reviewIds: Type.String({ maxLength: 4000, default: '' }) }, { additionalProperties: false });
export const QueueQuery = Type.Object(PageQuery, {
  additionalProperties: false,
});
export const QueueDto = Type.Object({
  items: Type.Array(
    Type.Object({
      reply: ReplyDto,
      review: Type.Object({
        id: Type.String(),
        username: Type.String(),
        stars: Type.Integer(),
        text: Type.String(),
      }),
    }),
  ),
  total: Type.Integer(),
});
export const DecisionBody = Type.Object(
  {
    moderatorId: Uuid,
    decision: Type.Union([Type.Literal('approve'), Type.Literal('reject')]),
    reason: Type.Optional(Type.String({ maxLength: 5_000 })),
  },
  { additionalProperties: false },
);
export const HistoryDto = Type.Object({
  items: Type.Array(
    Type.Object({
      authorId: Type.String(),
      text: Type.String(),
      writtenAt: Type.String(),
    }),
  ),
});
export const FiguresDto = Type.Object({
  reviews: Type.Integer(),
  replied: Type.Integer(),
  rate: Type.Union([Type.Number(), Type.Null()]),
  medianHours: Type.Union([Type.Number(), Type.Null()]),
});
