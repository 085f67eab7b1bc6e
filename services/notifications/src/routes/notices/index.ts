import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import type { NotificationsDeps } from '../../deps.ts';
import { noticesOf, readNotices, sendSystemNotice, unreadOf, type NoticeView } from '../../domain/notices.ts';
import { UserParams } from '../dto.ts';
import { ListQuery, NoticePage, ReadBody, ReadDto, SystemBody, SystemDto, Unread } from './schemas.ts';

const toDto = (n: NoticeView) => ({ id: n.id, category: n.category, kind: n.kind, title: n.title, text: n.text, link: n.link, actor: n.actor, read: n.read, createdAt: n.createdAt.toISOString() });

/** A user's notices (the gateway authenticates the user and passes the id in) and admins' system notices. */
export async function noticeRoutes(app: FastifyInstance, deps: NotificationsDeps): Promise<void> {
  app.get<{ Params: Static<typeof UserParams>; Querystring: Static<typeof ListQuery> }>(
    '/v1/users/:userId/notices',
    { config: { callerParam: 'userId' }, schema: { params: UserParams, querystring: ListQuery, response: { 200: NoticePage } } },
    async (request) => {
      const q = request.query;
      const page = await noticesOf(deps, { userId: request.params.userId.toLowerCase(), category: q.category ?? 'notices', page: q.page, limit: q.limit, lang: q.lang ?? 'en' });
      return { items: page.items.map(toDto), total: page.total, unread: page.unread };
    },
  );

  app.get<{ Params: Static<typeof UserParams> }>('/v1/users/:userId/unread', { config: { callerParam: 'userId' }, schema: { params: UserParams, response: { 200: Unread } } }, async (request) =>
    unreadOf(deps, request.params.userId.toLowerCase()),
  );

  app.post<{ Params: Static<typeof UserParams>; Body: Static<typeof ReadBody> }>(
    '/v1/users/:userId/notices/read',
    { config: { callerParam: 'userId' }, schema: { params: UserParams, body: ReadBody, response: { 200: ReadDto } } },
    async (request) => {
      const b = request.body;
      const which = b.ids ? { ids: b.ids.map((id) => id.toLowerCase()) } : { category: b.category === 'all' || b.category === undefined ? null : b.category };
      return readNotices(deps, request.params.userId.toLowerCase(), which);
    },
  );

  app.post<{ Body: Static<typeof SystemBody> }>('/v1/system-notices', { schema: { body: SystemBody, response: { 200: SystemDto } } }, async (request) => {
    const b = request.body;
    const sent = await sendSystemNotice(deps, { userId: b.userId, title: b.title, body: b.body, link: b.link, adminId: b.adminId.toLowerCase() }, { correlationId: request.id });
    deps.relay.poke();
    return sent;
  });
}
