import { Type } from 'typebox';
import { CommentDto, ForwardDto, PageQuery, PostDto, Uuid } from '../dto.ts';

export const PostParams = Type.Object({ id: Type.String({ maxLength: 64 }) });
export const UserParams = Type.Object({ id: Uuid });

/** `like` absent toggles; true/false sets. */
export const LikeBody = Type.Object({ userId: Uuid, like: Type.Optional(Type.Boolean()) }, { additionalProperties: false });
export const LikeDto = Type.Object({ liked: Type.Boolean(), likes: Type.Integer() });
/** `collect` absent toggles; true/false sets. */
export const CollectBody = Type.Object({ userId: Uuid, collect: Type.Optional(Type.Boolean()) }, { additionalProperties: false });
export const CollectDto = Type.Object({ collected: Type.Boolean(), collections: Type.Integer() });

export const ForwardBody = Type.Object({ userId: Uuid, comment: Type.Optional(Type.String({ maxLength: 5_000 })) }, { additionalProperties: false });
export const ForwardedDto = Type.Object({ forward: ForwardDto, forwards: Type.Integer() });
export const UnforwardedDto = Type.Object({ forwarded: Type.Literal(false), forwards: Type.Integer() });

export const CommentBody = Type.Object(
  {
    userId: Uuid,
    /** When the commenter's account was created (ISO 8601), for the new-account limits. */
    accountCreatedAt: Type.String({ format: 'date-time' }),
    text: Type.Optional(Type.String({ maxLength: 5_000 })),
    /** The comment replied to; replies are one level deep. */
    parentId: Type.Optional(Type.String({ maxLength: 64 })),
  },
  { additionalProperties: false },
);
export const CommentsQuery = Type.Object(PageQuery, { additionalProperties: false });
export const ThreadDto = Type.Intersect([CommentDto, Type.Object({ replies: Type.Array(CommentDto) })]);
export const CommentsDto = Type.Object({
  /** Top-level comments, newest first, each with its replies (oldest first). */
  items: Type.Array(ThreadDto),
  /** Top-level comments in all pages. */
  total: Type.Integer(),
  /** Every comment of the post, replies included. */
  all: Type.Integer(),
});
export const UserQuery = Type.Object({ userId: Uuid }, { additionalProperties: false });
export const CommentDeletedDto = Type.Object({ deleted: Type.Array(Type.String()) });

export const CollectionsQuery = Type.Object(PageQuery, { additionalProperties: false });
export const CollectionsDto = Type.Object({ items: Type.Array(Type.Intersect([PostDto, Type.Object({ collectedAt: Type.String() })])), total: Type.Integer() });
