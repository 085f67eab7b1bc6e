import { Type } from 'typebox';
import { ForwardDto, Kind, Locale, PageQuery, PostDto, Uuid } from '../dto.ts';

export const PostParams = Type.Object({ id: Type.String({ maxLength: 64 }) });
export const AuthorParams = Type.Object({ id: Uuid });

/** What an author writes, on a new post and an edit: sizes only (the domain checks the rest). */
const PostFields = {
  title: Type.Optional(Type.String({ maxLength: 2_000 })),
  description: Type.Optional(Type.String({ maxLength: 10_000 })),
  category: Type.Optional(Type.String({ maxLength: 50 })),
  locale: Type.Optional(Type.String({ maxLength: 10 })),
  coverImageId: Type.Optional(Type.String({ maxLength: 64 })),
  videoId: Type.Optional(Type.String({ maxLength: 64 })),
  /** HTML of an image-text post (sanitised before it is stored). */
  content: Type.Optional(Type.String({ maxLength: 200_000 })),
};

/**
 * A new post. The fields are checked by the domain (so every field gets its form code at once);
 * the schema only keeps types and sizes sane.
 */
export const PublishBody = Type.Object(
  {
    authorId: Uuid,
    /** When the author's account was created (ISO 8601), for the new-account limits. */
    accountCreatedAt: Type.String({ format: 'date-time' }),
    kind: Type.Optional(Type.String({ maxLength: 20 })),
    ...PostFields,
  },
  { additionalProperties: false },
);

/** An edit: fields left out keep their value; the kind never changes. */
export const EditBody = Type.Object(
  {
    authorId: Uuid,
    ...PostFields,
  },
  { additionalProperties: false },
);

export const AuthorQuery = Type.Object({ authorId: Uuid }, { additionalProperties: false });
export const DeletedDto = Type.Object({ deleted: Type.String() });

export const ViewerQuery = Type.Object({ viewer: Type.Optional(Uuid) }, { additionalProperties: false });
export const ListQuery = Type.Object(
  { ...PageQuery, kind: Type.Optional(Kind), category: Type.Optional(Type.String({ maxLength: 50 })), locale: Type.Optional(Locale), viewer: Type.Optional(Uuid) },
  { additionalProperties: false },
);
export const RecommendQuery = Type.Object({ ...PageQuery, kind: Type.Optional(Kind), viewer: Type.Optional(Uuid) }, { additionalProperties: false });
export const SearchQuery = Type.Object({ ...PageQuery, q: Type.String({ maxLength: 200 }), kind: Type.Optional(Kind), viewer: Type.Optional(Uuid) }, { additionalProperties: false });
export const AuthorPostsQuery = Type.Object({ ...PageQuery, kind: Type.Optional(Kind), viewer: Type.Optional(Uuid) }, { additionalProperties: false });
export const FeedQuery = Type.Object({ ...PageQuery, viewer: Type.Optional(Uuid) }, { additionalProperties: false });

export const CategoriesDto = Type.Object({ items: Type.Array(Type.Object({ slug: Type.String(), nameEn: Type.String(), nameZh: Type.String() })) });

export const FeedDto = Type.Object({
  items: Type.Array(
    Type.Object({
      /** `post`: the user's own post; `forward`: a post they forwarded (`forward` holds their comment). */
      type: Type.Union([Type.Literal('post'), Type.Literal('forward')]),
      at: Type.String(),
      post: PostDto,
      forward: Type.Union([ForwardDto, Type.Null()]),
    }),
  ),
  total: Type.Integer(),
});

export const StatsDto = Type.Object({
  /** Playable posts. */
  posts: Type.Integer(),
  likesReceived: Type.Integer(),
  collectionsReceived: Type.Integer(),
  forwardsReceived: Type.Integer(),
});
