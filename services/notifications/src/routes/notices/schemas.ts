import { Type } from 'typebox';
import { SYSTEM_BODY_MAX, SYSTEM_TITLE_MAX } from '../../domain/notices.ts';
import { Category, Lang, Localized, Uuid } from '../dto.ts';

export const ListQuery = Type.Object(
  {
    category: Type.Optional(Category),
    page: Type.Integer({ minimum: 1, maximum: 10_000, default: 1 }),
    limit: Type.Integer({ minimum: 1, maximum: 50, default: 20 }),
    lang: Type.Optional(Lang),
  },
  { additionalProperties: false },
);

export const Unread = Type.Object({ notices: Type.Integer(), system: Type.Integer() });

export const NoticeDto = Type.Object({
  id: Type.String(),
  category: Category,
  kind: Type.String(),
  title: Type.String(),
  text: Type.String(),
  link: Type.Union([Type.String(), Type.Null()]),
  actor: Type.Union([Type.Object({ id: Type.String(), username: Type.String() }), Type.Null()]),
  read: Type.Boolean(),
  createdAt: Type.String(),
});

export const NoticePage = Type.Object({ items: Type.Array(NoticeDto), total: Type.Integer(), unread: Unread });

export const ReadBody = Type.Object(
  {
    /** These notices; or, without ids, every notice of `category` (`all`: both tabs). */
    ids: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 100 })),
    category: Type.Optional(Type.Union([Category, Type.Literal('all')])),
  },
  { additionalProperties: false },
);
export const ReadDto = Type.Object({ updated: Type.Integer(), unread: Unread });

export const SystemBody = Type.Object(
  {
    userId: Type.Optional(Uuid),
    title: Localized(SYSTEM_TITLE_MAX * 2),
    body: Localized(SYSTEM_BODY_MAX * 2),
    link: Type.Optional(Type.String({ maxLength: 400 })),
    adminId: Uuid,
  },
  { additionalProperties: false },
);
export const SystemDto = Type.Object({ id: Type.String(), audience: Type.Union([Type.Literal('user'), Type.Literal('everyone')]) });
