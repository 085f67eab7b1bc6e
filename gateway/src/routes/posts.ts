import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { operations, type Validated } from '@brokerwise/api-contract';
import { AppError, isAppError } from '@brokerwise/errors';
import type { IdentityClient } from '../clients/identity.client.ts';
import type { MediaClient, MediaComment, MediaPost } from '../clients/media.client.ts';
import type { CommentPage, CreatorPage, FeedItem, Page, PostCard } from '@brokerwise/api-contract';
import { authorsOf, presentCard, presentComment, presentDetail, type Categories, type PresentContext } from '../domain/posts.ts';
import { contractSchema } from '../http/contract-schema.ts';
import { now } from '../http/envelope.ts';
import type { PostingGuard } from '../http/posting.ts';
import type { Sessions } from '../http/session.ts';
import { message } from '../i18n/messages.ts';

export interface PostDeps {
  media: MediaClient;
  identity: IdentityClient;
  sessions: Sessions;
  /** Publishing, editing, commenting and forwarding are posting: a restricted user is refused. */
  posting: PostingGuard;
  categories: Categories;
}

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

  app.get('/api/vlog/categories', { schema: contractSchema('postCategories') }, async (request, reply) => {
    const list = await categories.present(request.id, request.lang);
    return reply.header('cache-control', 'public, max-age=300').header('vary', 'lang').send({ code: 1, msg: message('ok', request.lang), time: now(), data: list });
  });

  app.get<{ Querystring: Validated<typeof operations.posts.query> }>('/api/vlog/list', { schema: contractSchema('posts') }, async (request, reply) => {
    const viewer = (await sessions.optional(request))?.userId;
    const q = request.query;
    const r = await media.list({ page: q.page, limit: q.limit, kind: q.kind, category: q.category, locale: q.locale, viewer }, request.id);
    return sendRead(request, reply, viewer, await cardPage(request, r.items, r.total, q, viewer));
  });

  app.get<{ Querystring: Validated<typeof operations.recommendedPosts.query> }>('/api/vlog/recommend', { schema: contractSchema('recommendedPosts') }, async (request, reply) => {
    const viewer = (await sessions.optional(request))?.userId;
    const q = request.query;
    const r = await media.recommended({ page: q.page, limit: q.limit, kind: q.kind, viewer }, request.id);
    return sendRead(request, reply, viewer, await cardPage(request, r.items, r.total, q, viewer));
  });

  app.get<{ Querystring: Validated<typeof operations.searchPosts.query> }>('/api/vlog/search', { schema: contractSchema('searchPosts') }, async (request, reply) => {
    const viewer = (await sessions.optional(request))?.userId;
    const q = request.query;
    const keyword = q.keyword.trim();
    const r = keyword ? await media.search({ q: keyword, page: q.page, limit: q.limit, kind: q.kind, viewer }, request.id) : { items: [], total: 0 };
    return sendRead(request, reply, viewer, await cardPage(request, r.items, r.total, q, viewer));
  });

  app.get<{ Querystring: Validated<typeof operations.postDetail.query> }>('/api/vlog/detail', { schema: contractSchema('postDetail') }, async (request, reply) => {
    const viewer = (await sessions.optional(request))?.userId;
    const p = await media.detail(request.query.id, viewer, request.id);
    return sendRead(request, reply, viewer, presentDetail(p, await context(request, [p.authorId], viewer)));
  });

  app.get<{ Querystring: Validated<typeof operations.creatorPage.query> }>('/api/vlog/user', { schema: contractSchema('creatorPage') }, async (request, reply) => {
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

  app.get<{ Querystring: Validated<typeof operations.myPosts.query> }>('/api/vlog/mine', { schema: contractSchema('myPosts') }, async (request, reply) => {
    const user = await sessions.require(request);
    const q = request.query;
    const r = await media.authorPosts(user.userId, { page: q.page, limit: q.limit, kind: q.kind, viewer: user.userId }, request.id);
    return send(request, reply, 'ok', await cardPage(request, r.items, r.total, q, user.userId));
  });

  app.get<{ Querystring: Validated<typeof operations.collections.query> }>('/api/vlog/collections', { schema: contractSchema('collections') }, async (request, reply) => {
    const user = await sessions.require(request);
    const q = request.query;
    const r = await media.collections(user.userId, { page: q.page, limit: q.limit }, request.id);
    const c = await context(request, r.items.map((p) => p.authorId), user.userId);
    return send(request, reply, 'ok', { list: r.items.map((p) => ({ ...presentCard(p, c), collectedAt: p.collectedAt })), total: r.total, page: q.page, limit: q.limit });
  });

  app.post<{ Body: Validated<typeof operations.publishPost.body> }>('/api/vlog/publish', { schema: contractSchema('publishPost') }, async (request, reply) => {
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

  app.post<{ Body: Validated<typeof operations.editPost.body> }>('/api/vlog/edit', { schema: contractSchema('editPost') }, async (request, reply) => {
    const user = await deps.posting.require(request);
    const b = request.body;
    const p = await media
      .edit(b.id, { authorId: user.userId, title: b.title, description: b.description, category: b.category, locale: b.locale, coverImageId: b.cover, videoId: b.video, content: b.content }, request.id)
      .catch(rethrow(POST_FIELDS, POST_CODES));
    return send(request, reply, 'vlog.edited', presentDetail(p, await context(request, [p.authorId], user.userId)));
  });

  app.post<{ Body: Validated<typeof operations.deletePost.body> }>('/api/vlog/delete', { schema: contractSchema('deletePost') }, async (request, reply) => {
    const user = await sessions.require(request);
    await media.remove(request.body.id, user.userId, request.id);
    return send(request, reply, 'vlog.deleted', null);
  });

  app.post<{ Body: Validated<typeof operations.likePost.body> }>('/api/vlog/like', { schema: contractSchema('likePost') }, async (request, reply) => {
    const user = await sessions.require(request);
    const r = await media.like(request.body.id, { userId: user.userId, like: request.body.like }, request.id);
    return send(request, reply, r.liked ? 'vlog.liked' : 'vlog.unliked', r);
  });

  app.post<{ Body: Validated<typeof operations.collectPost.body> }>('/api/vlog/collect', { schema: contractSchema('collectPost') }, async (request, reply) => {
    const user = await sessions.require(request);
    const r = await media.collect(request.body.id, { userId: user.userId, collect: request.body.collect }, request.id);
    return send(request, reply, r.collected ? 'vlog.collected' : 'vlog.uncollected', r);
  });

  app.post<{ Body: Validated<typeof operations.forwardPost.body> }>('/api/vlog/forward', { schema: contractSchema('forwardPost') }, async (request, reply) => {
    const user = await deps.posting.require(request);
    const r = await media.forward(request.body.id, { userId: user.userId, comment: request.body.comment }, request.id);
    return send(request, reply, 'vlog.forwarded', { forward: { id: r.forward.id, comment: r.forward.comment, at: r.forward.createdAt }, forwards: r.forwards });
  });

  app.post<{ Body: Validated<typeof operations.unforwardPost.body> }>('/api/vlog/forward/delete', { schema: contractSchema('unforwardPost') }, async (request, reply) => {
    const user = await sessions.require(request);
    const r = await media.unforward(request.body.id, user.userId, request.id);
    return send(request, reply, 'vlog.unforwarded', { forwards: r.forwards, forwarded: false });
  });

  app.get<{ Querystring: Validated<typeof operations.comments.query> }>('/api/vlog/comments', { schema: contractSchema('comments') }, async (request, reply) => {
    const viewer = (await sessions.optional(request))?.userId;
    const q = request.query;
    const r = await media.comments(q.id, { page: q.page, limit: q.limit }, request.id);
    const people = r.items.flatMap((t) => [t.userId, ...t.replies.flatMap((x) => [x.userId, x.replyToUserId ?? x.userId])]);
    const c = await context(request, people, viewer);
    const data: CommentPage = { list: r.items.map((t) => presentComment(t, c)), total: r.total, all: r.all, page: q.page, limit: q.limit };
    return sendRead(request, reply, viewer, data);
  });

  app.post<{ Body: Validated<typeof operations.comment.body> }>('/api/vlog/comment', { schema: contractSchema('comment') }, async (request, reply) => {
    const user = await deps.posting.require(request);
    const me = await identity.user(user.userId, request.id);
    const b = request.body;
    const m: MediaComment = await media
      .comment(b.id, { userId: me.id, accountCreatedAt: me.createdAt, text: b.content ?? '', parentId: b.pid }, request.id)
      .catch(rethrow(COMMENT_FIELDS, COMMENT_CODES));
    const c = await context(request, [m.userId, ...(m.replyToUserId ? [m.replyToUserId] : [])], user.userId);
    return send(request, reply, 'vlog.commented', presentComment(m, c));
  });

  app.post<{ Body: Validated<typeof operations.deleteComment.body> }>('/api/vlog/comment/delete', { schema: contractSchema('deleteComment') }, async (request, reply) => {
    const user = await sessions.require(request);
    const r = await media.deleteComment(request.body.id, user.userId, request.id);
    return send(request, reply, 'vlog.comment_deleted', r);
  });
}
