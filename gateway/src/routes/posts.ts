import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, isAppError } from '@brokerwise/errors';
import { Type, type Static } from 'typebox';
import type { IdentityClient } from '../clients/identity.client.ts';
import type { MediaClient, MediaComment, MediaPost } from '../clients/media.client.ts';
import type { CommentPage, CreatorPage, FeedItem, Page, PostCard } from '@brokerwise/api-contract';
import { authorsOf, presentCard, presentComment, presentDetail, type Categories, type PresentContext } from '../domain/posts.ts';
import { now } from '../http/envelope.ts';
import type { PostingGuard } from '../http/posting.ts';
import type { Sessions } from '../http/session.ts';
import { message } from '../i18n/messages.ts';
import { Uuid } from '@brokerwise/service-kit';

export interface PostDeps {
  media: MediaClient;
  identity: IdentityClient;
  sessions: Sessions;
  /** Publishing, editing, commenting and forwarding are posting: a restricted user is refused. */
  posting: PostingGuard;
  categories: Categories;
}

const Id = Type.String({ minLength: 1, maxLength: 64 });
const PageQ = {
  page: Type.Integer({ minimum: 1, maximum: 1000, default: 1 }),
  limit: Type.Integer({ minimum: 1, maximum: 50, default: 12 }),
  _: Type.Optional(Type.String()),
};
const Kind = Type.Union([Type.Literal('video'), Type.Literal('image_text')]);
const Locale = Type.Union([Type.Literal('en'), Type.Literal('zh-cn')]);
const ListQuery = Type.Object({ ...PageQ, kind: Type.Optional(Kind), category: Type.Optional(Type.String({ maxLength: 50 })), locale: Type.Optional(Locale) }, { additionalProperties: false });
const KindPageQuery = Type.Object({ ...PageQ, kind: Type.Optional(Kind) }, { additionalProperties: false });
const SearchQuery = Type.Object({ ...PageQ, keyword: Type.String({ maxLength: 200, default: '' }), kind: Type.Optional(Kind) }, { additionalProperties: false });
const IdQuery = Type.Object({ id: Id, _: Type.Optional(Type.String()) }, { additionalProperties: false });
const IdPageQuery = Type.Object({ ...PageQ, id: Id }, { additionalProperties: false });

const UserQuery = Type.Object({ ...PageQ, uid: Uuid, tab: Type.Union([Type.Literal('posts'), Type.Literal('feed')], { default: 'posts' }), kind: Type.Optional(Kind) }, { additionalProperties: false });
const PageOnly = Type.Object(PageQ, { additionalProperties: false });

// Bodies keep only types and generous sizes: the media service checks the rules and names the field.
const Text = (max: number) => Type.String({ maxLength: max });
const PostFields = {
  title: Type.Optional(Text(2_000)),
  description: Type.Optional(Text(10_000)),
  cover: Type.Optional(Text(64)),
  category: Type.Optional(Text(50)),
  locale: Type.Optional(Text(10)),
  video: Type.Optional(Text(64)),
  content: Type.Optional(Text(200_000)),
};
const PublishBody = Type.Object({ kind: Type.Optional(Text(20)), ...PostFields });
const EditBody = Type.Object({ id: Id, ...PostFields });
const IdBody = Type.Object({ id: Id });
const LikeBody = Type.Object({ id: Id, like: Type.Optional(Type.Boolean()) });
const CollectBody = Type.Object({ id: Id, collect: Type.Optional(Type.Boolean()) });
const ForwardBody = Type.Object({ id: Id, comment: Type.Optional(Text(5_000)) });
const CommentBody = Type.Object({ id: Id, content: Type.Optional(Text(5_000)), pid: Type.Optional(Id) });

/**
 * Field names and codes of the media service → the public form's. `content:length` means
 * different limits for a post and a comment, so each gets its own code.
 */
function renameFields(err: unknown, names: Record<string, string>, codes: Record<string, string> = {}): unknown {
  if (!isAppError(err) || !err.fields) return err;
  const fields = Object.fromEntries(
    Object.entries(err.fields).map(([k, v]) => {
      const field = names[k] ?? k;
      return [field, codes[`${field}:${v}`] ?? v];
    }),
  );
  return new AppError({ ...err.toJSON(), fields });
}
const POST_FIELDS = { coverImageId: 'cover', videoId: 'video' };
const POST_CODES = { 'content:length': 'post_too_long' };
const COMMENT_FIELDS = { text: 'content', parentId: 'pid' };
const COMMENT_CODES = { 'content:length': 'comment_too_long' };
const rethrow = (names: Record<string, string>, codes?: Record<string, string>) => (err: unknown) => {
  throw renameFields(err, names, codes);
};

const send = <T>(request: FastifyRequest, reply: FastifyReply, code: string, data: T) =>
  reply.header('cache-control', 'no-store').send({ code: 1, msg: message(code, request.lang), time: now(), data });

/** Public reads may be cached by browsers briefly when they carry nobody's marks. */
const sendRead = <T>(request: FastifyRequest, reply: FastifyReply, viewer: string | undefined, data: T) =>
  reply
    .header('vary', 'cookie, token, lang')
    .header('cache-control', viewer ? 'private, no-store' : 'public, max-age=15')
    .send({ code: 1, msg: message('ok', request.lang), time: now(), data });

/** /api/vlog/*: posts, likes, bookmarks, comments and forwards (Trader TV and the blog). */
export async function postRoutes(app: FastifyInstance, deps: PostDeps): Promise<void> {
  const { media, identity, sessions, categories } = deps;

  /** What presenting a page needs: authors (one identity call), category names, the viewer. */
  const context = async (request: FastifyRequest, authorIds: Iterable<string>, viewer: string | undefined): Promise<PresentContext> => {
    const [authors, category] = await Promise.all([authorsOf(identity, authorIds, request.id), categories.lookup(request.id, request.lang)]);
    return { lang: request.lang, authors, category, viewer };
  };
  const cardPage = async (request: FastifyRequest, items: MediaPost[], total: number, q: { page: number; limit: number }, viewer: string | undefined): Promise<Page<PostCard>> => {
    const c = await context(request, items.map((p) => p.authorId), viewer);
    return { list: items.map((p) => presentCard(p, c)), total, page: q.page, limit: q.limit };
  };

  app.get('/api/vlog/categories', async (request, reply) => {
    const list = await categories.present(request.id, request.lang);
    return reply.header('cache-control', 'public, max-age=300').header('vary', 'lang').send({ code: 1, msg: message('ok', request.lang), time: now(), data: list });
  });

  app.get<{ Querystring: Static<typeof ListQuery> }>('/api/vlog/list', { schema: { querystring: ListQuery } }, async (request, reply) => {
    const viewer = (await sessions.optional(request))?.userId;
    const q = request.query;
    const r = await media.list({ page: q.page, limit: q.limit, kind: q.kind, category: q.category, locale: q.locale, viewer }, request.id);
    return sendRead(request, reply, viewer, await cardPage(request, r.items, r.total, q, viewer));
  });

  app.get<{ Querystring: Static<typeof KindPageQuery> }>('/api/vlog/recommend', { schema: { querystring: KindPageQuery } }, async (request, reply) => {
    const viewer = (await sessions.optional(request))?.userId;
    const q = request.query;
    const r = await media.recommended({ page: q.page, limit: q.limit, kind: q.kind, viewer }, request.id);
    return sendRead(request, reply, viewer, await cardPage(request, r.items, r.total, q, viewer));
  });

  app.get<{ Querystring: Static<typeof SearchQuery> }>('/api/vlog/search', { schema: { querystring: SearchQuery } }, async (request, reply) => {
    const viewer = (await sessions.optional(request))?.userId;
    const q = request.query;
    const keyword = q.keyword.trim();
    const r = keyword ? await media.search({ q: keyword, page: q.page, limit: q.limit, kind: q.kind, viewer }, request.id) : { items: [], total: 0 };
    return sendRead(request, reply, viewer, await cardPage(request, r.items, r.total, q, viewer));
  });

  app.get<{ Querystring: Static<typeof IdQuery> }>('/api/vlog/detail', { schema: { querystring: IdQuery } }, async (request, reply) => {
    const viewer = (await sessions.optional(request))?.userId;
    const p = await media.detail(request.query.id, viewer, request.id);
    return sendRead(request, reply, viewer, presentDetail(p, await context(request, [p.authorId], viewer)));
  });

  app.get<{ Querystring: Static<typeof UserQuery> }>('/api/vlog/user', { schema: { querystring: UserQuery } }, async (request, reply) => {
    const viewer = (await sessions.optional(request))?.userId;
    const q = request.query;
    const [profile, stats] = await Promise.all([identity.publicUser(q.uid, viewer, request.id), media.stats(q.uid, request.id)]);
    const author = {
      id: profile.id,
      username: profile.username,
      avatar: { avatar: profile.avatarKey ? `/media/${profile.avatarKey}` : '' },
      motto: profile.motto,
      followers: profile.followers,
      following: profile.following,
      followed: profile.followed,
      posts: stats.posts,
      likesReceived: stats.likesReceived,
      collectionsReceived: stats.collectionsReceived,
      forwardsReceived: stats.forwardsReceived,
      mine: viewer === profile.id,
    };
    let data: CreatorPage;
    if (q.tab === 'feed') {
      const r = await media.feed(profile.id, { page: q.page, limit: q.limit, viewer }, request.id);
      const c = await context(request, r.items.map((i) => i.post.authorId), viewer);
      const list: FeedItem[] = r.items.map((i) => ({ type: i.type, at: i.at, post: presentCard(i.post, c), forward: i.forward ? { id: i.forward.id, comment: i.forward.comment } : null }));
      data = { author, posts: null, feed: { list, total: r.total, page: q.page, limit: q.limit } };
    } else {
      const r = await media.authorPosts(profile.id, { page: q.page, limit: q.limit, kind: q.kind, viewer }, request.id);
      data = { author, posts: await cardPage(request, r.items, r.total, q, viewer), feed: null };
    }
    return sendRead(request, reply, viewer, data);
  });

  app.get<{ Querystring: Static<typeof KindPageQuery> }>('/api/vlog/mine', { schema: { querystring: KindPageQuery } }, async (request, reply) => {
    const user = await sessions.require(request);
    const q = request.query;
    const r = await media.authorPosts(user.userId, { page: q.page, limit: q.limit, kind: q.kind, viewer: user.userId }, request.id);
    return send(request, reply, 'ok', await cardPage(request, r.items, r.total, q, user.userId));
  });

  app.get<{ Querystring: Static<typeof PageOnly> }>('/api/vlog/collections', { schema: { querystring: PageOnly } }, async (request, reply) => {
    const user = await sessions.require(request);
    const q = request.query;
    const r = await media.collections(user.userId, { page: q.page, limit: q.limit }, request.id);
    const c = await context(request, r.items.map((p) => p.authorId), user.userId);
    return send(request, reply, 'ok', { list: r.items.map((p) => ({ ...presentCard(p, c), collectedAt: p.collectedAt })), total: r.total, page: q.page, limit: q.limit });
  });

  app.post<{ Body: Static<typeof PublishBody> }>('/api/vlog/publish', { schema: { body: PublishBody } }, async (request, reply) => {
    const user = await deps.posting.require(request);
    const me = await identity.user(user.userId, request.id);
    const b = request.body;
    const p = await media
      .publish(
        {
          authorId: me.id,
          accountCreatedAt: me.createdAt,
          kind: b.kind,
          title: b.title,
          description: b.description,
          category: b.category,
          locale: b.locale ?? request.lang,
          coverImageId: b.cover,
          videoId: b.video,
          content: b.content,
        },
        request.id,
      )
      .catch(rethrow(POST_FIELDS, POST_CODES));
    const waiting = p.video !== null && p.video.status === 'processing';
    return send(request, reply, waiting ? 'vlog.published_processing' : 'vlog.published', presentDetail(p, await context(request, [p.authorId], user.userId)));
  });

  app.post<{ Body: Static<typeof EditBody> }>('/api/vlog/edit', { schema: { body: EditBody } }, async (request, reply) => {
    const user = await deps.posting.require(request);
    const b = request.body;
    const p = await media
      .edit(b.id, { authorId: user.userId, title: b.title, description: b.description, category: b.category, locale: b.locale, coverImageId: b.cover, videoId: b.video, content: b.content }, request.id)
      .catch(rethrow(POST_FIELDS, POST_CODES));
    return send(request, reply, 'vlog.edited', presentDetail(p, await context(request, [p.authorId], user.userId)));
  });

  app.post<{ Body: Static<typeof IdBody> }>('/api/vlog/delete', { schema: { body: IdBody } }, async (request, reply) => {
    const user = await sessions.require(request);
    await media.remove(request.body.id, user.userId, request.id);
    return send(request, reply, 'vlog.deleted', null);
  });

  app.post<{ Body: Static<typeof LikeBody> }>('/api/vlog/like', { schema: { body: LikeBody } }, async (request, reply) => {
    const user = await sessions.require(request);
    const r = await media.like(request.body.id, { userId: user.userId, like: request.body.like }, request.id);
    return send(request, reply, r.liked ? 'vlog.liked' : 'vlog.unliked', r);
  });

  app.post<{ Body: Static<typeof CollectBody> }>('/api/vlog/collect', { schema: { body: CollectBody } }, async (request, reply) => {
    const user = await sessions.require(request);
    const r = await media.collect(request.body.id, { userId: user.userId, collect: request.body.collect }, request.id);
    return send(request, reply, r.collected ? 'vlog.collected' : 'vlog.uncollected', r);
  });

  app.post<{ Body: Static<typeof ForwardBody> }>('/api/vlog/forward', { schema: { body: ForwardBody } }, async (request, reply) => {
    const user = await deps.posting.require(request);
    const r = await media.forward(request.body.id, { userId: user.userId, comment: request.body.comment }, request.id);
    return send(request, reply, 'vlog.forwarded', { forward: { id: r.forward.id, comment: r.forward.comment, at: r.forward.createdAt }, forwards: r.forwards });
  });

  app.post<{ Body: Static<typeof IdBody> }>('/api/vlog/forward/delete', { schema: { body: IdBody } }, async (request, reply) => {
    const user = await sessions.require(request);
    const r = await media.unforward(request.body.id, user.userId, request.id);
    return send(request, reply, 'vlog.unforwarded', { forwards: r.forwards, forwarded: false });
  });

  app.get<{ Querystring: Static<typeof IdPageQuery> }>('/api/vlog/comments', { schema: { querystring: IdPageQuery } }, async (request, reply) => {
    const viewer = (await sessions.optional(request))?.userId;
    const q = request.query;
    const r = await media.comments(q.id, { page: q.page, limit: q.limit }, request.id);
    const people = r.items.flatMap((t) => [t.userId, ...t.replies.flatMap((x) => [x.userId, x.replyToUserId ?? x.userId])]);
    const c = await context(request, people, viewer);
    const data: CommentPage = { list: r.items.map((t) => presentComment(t, c)), total: r.total, all: r.all, page: q.page, limit: q.limit };
    return sendRead(request, reply, viewer, data);
  });

  app.post<{ Body: Static<typeof CommentBody> }>('/api/vlog/comment', { schema: { body: CommentBody } }, async (request, reply) => {
    const user = await deps.posting.require(request);
    const me = await identity.user(user.userId, request.id);
    const b = request.body;
    const m: MediaComment = await media
      .comment(b.id, { userId: me.id, accountCreatedAt: me.createdAt, text: b.content ?? '', parentId: b.pid }, request.id)
      .catch(rethrow(COMMENT_FIELDS, COMMENT_CODES));
    const c = await context(request, [m.userId, ...(m.replyToUserId ? [m.replyToUserId] : [])], user.userId);
    return send(request, reply, 'vlog.commented', presentComment(m, c));
  });

  app.post<{ Body: Static<typeof IdBody> }>('/api/vlog/comment/delete', { schema: { body: IdBody } }, async (request, reply) => {
    const user = await sessions.require(request);
    const r = await media.deleteComment(request.body.id, user.userId, request.id);
    return send(request, reply, 'vlog.comment_deleted', r);
  });
}
