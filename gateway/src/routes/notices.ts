import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { operations, type Validated } from '@brokerwise/api-contract';
import { AppError, isAppError } from '@brokerwise/errors';
import type { IdentityClient } from '../clients/identity.client.ts';
import type { NoticeRecord, NotificationsClient } from '../clients/notifications.client.ts';
import type { EmailPreferences, Notice, NoticeKind, NoticePage, UnreadNotices } from '@brokerwise/api-contract';
import { contractSchema } from '../http/contract-schema.ts';
import { now } from '../http/envelope.ts';
import type { NoticeStreams } from '../http/notice-stream.ts';
import type { Sessions } from '../http/session.ts';
import { message } from '../i18n/messages.ts';
import { requireRole } from '../http/admin-guard.ts';

export interface NoticeDeps {
  notifications: NotificationsClient;
  identity: IdentityClient;
  sessions: Sessions;
  streams: NoticeStreams;
}

const PAGE_SIZE = 10;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const send = <T>(request: FastifyRequest, reply: FastifyReply, code: string, data: T, params?: Record<string, string | number>) =>
  reply.header('cache-control', 'no-store').send({ code: 1, msg: message(code, request.lang, params), time: now(), data });

const present = (n: NoticeRecord): Notice => ({
  id: n.id,
  type: n.category,
  kind: n.kind as NoticeKind,
  title: n.title,
  content: n.text,
  link: n.link,
  actor: n.actor,
  read: n.read,
  createdAt: n.createdAt,
});

/** The service names the admin forms' fields body/userId; the public forms say content/uid. */
function renameBody(err: unknown): unknown {
  if (!isAppError(err) || !err.fields) return err;
  const rename = ([k, v]: [string, string]): [string, string] => {
    if (k === 'body') return ['content', v === 'length' ? 'notice_too_long' : v];
    return [k === 'userId' ? 'uid' : k, v];
  };
  return new AppError({ ...err.toJSON(), fields: Object.fromEntries(Object.entries(err.fields).map(rename)) });
}

/**
 * Notices of the signed-in user (spec §7 /api/user/notice, /api/user/noticecont), marking them
 * read, the live stream for the bell, email preferences, and the admins' system notices and
 * newsletter issues. The notifications service renders the texts in the caller's language.
 */
export async function noticeRoutes(app: FastifyInstance, deps: NoticeDeps): Promise<void> {
  const { notifications, identity, sessions, streams } = deps;

  // The one admin check (also records the role for the service tokens, ADR 017).
  const requireAdmin = requireRole(sessions, identity, 'admin');

  app.get<{ Querystring: Validated<typeof operations.notices.query> }>('/api/user/notice', { schema: contractSchema('notices') }, async (request, reply) => {
    const user = await sessions.require(request);
    const type = request.query.type ?? 'notices';
    const page = await notifications.notices(user.userId, { category: type, page: request.query.page, limit: PAGE_SIZE, lang: request.lang }, request.id);
    const data: NoticePage = { list: page.items.map(present), total: page.total, page: request.query.page, limit: PAGE_SIZE, type, unread: page.unread };
    return send(request, reply, 'ok', data);
  });

  app.get('/api/user/noticecont', { schema: contractSchema('noticeCount') }, async (request, reply) => {
    const user = await sessions.require(request);
    const unread = await notifications.unread(user.userId, request.id);
    return send(request, reply, 'ok', unread.notices + unread.system);
  });

  app.post<{ Body: Validated<typeof operations.noticeRead.body> }>('/api/user/notice/read', { schema: contractSchema('noticeRead') }, async (request, reply) => {
    const user = await sessions.require(request);
    const b = request.body ?? {};
    const ids = [...(b.ids ?? []), ...(b.id ? [b.id] : [])];
    const result = await notifications.read(user.userId, ids.length > 0 ? { ids } : { category: b.type ?? 'all' }, request.id);
    const data: { updated: number; unread: UnreadNotices } = result;
    return send(request, reply, 'notice.read', data);
  });

  // EventSource sends cookies but no headers: this path alone takes no request signature.
  app.get('/api/user/notice/stream', { config: { unsigned: true } }, async (request, reply) => {
    const user = await sessions.require(request);
    const unread = await notifications.unread(user.userId, request.id);
    const stillSignedIn = () => sessions.require(request).then(
      () => true,
      (err: unknown) => {
        if (isAppError(err) && (err.kind === 'unauthenticated' || err.kind === 'session_revoked')) return false;
        throw err;
      },
    );
    streams.open(request, reply, user.userId, { unread: unread.notices + unread.system }, stillSignedIn);
    return reply;
  });

  app.get('/api/user/emailPreferences', { schema: contractSchema('emailPreferences') }, async (request, reply) => {
    const user = await sessions.require(request);
    const data: EmailPreferences = await notifications.preferences(user.userId, request.id);
    return send(request, reply, 'ok', data);
  });

  app.post<{ Body: Validated<typeof operations.saveEmailPreferences.body> }>('/api/user/emailPreferences', { schema: contractSchema('saveEmailPreferences') }, async (request, reply) => {
    const user = await sessions.require(request);
    const data: EmailPreferences = await notifications.savePreferences(user.userId, { nonEssential: request.body.nonEssential }, request.id);
    return send(request, reply, 'user.email_preferences_saved', data);
  });

  app.post<{ Body: Validated<typeof operations.adminNotice.body> }>('/api/admin/notice/send', { schema: contractSchema('adminNotice') }, async (request, reply) => {
    const me = await requireAdmin(request);
    const b = request.body;
    const uid = b.uid?.trim() || undefined;
    if (uid !== undefined) {
      // Only to someone who exists; the identity service knows.
      const known = UUID.test(uid) && (await identity.user(uid.toLowerCase(), request.id).then(() => true, (err: unknown) => (isAppError(err) && err.kind === 'not_found' ? false : Promise.reject(err))));
      if (!known) throw new AppError({ code: 'notifications.validation', kind: 'validation', message: 'Unknown user', fields: { uid: 'invalid' } });
    }
    const sent = await notifications
      .systemNotice({ ...(uid ? { userId: uid.toLowerCase() } : {}), title: b.title, body: b.content, ...(b.link?.trim() ? { link: b.link.trim() } : {}), adminId: me.id }, request.id)
      .catch((err: unknown) => {
        throw renameBody(err);
      });
    return send(request, reply, 'notice.sent', sent);
  });

  app.post<{ Body: Validated<typeof operations.adminNewsletter.body> }>('/api/admin/newsletter/send', { schema: contractSchema('adminNewsletter') }, async (request, reply) => {
    const me = await requireAdmin(request);
    const sent = await notifications.sendIssue({ subject: request.body.subject, body: request.body.content, adminId: me.id }, request.id).catch((err: unknown) => {
      throw renameBody(err);
    });
    return send(request, reply, 'newsletter.issue_sent', sent, { recipients: sent.recipients });
  });
}
