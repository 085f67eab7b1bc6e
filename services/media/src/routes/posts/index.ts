import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import type { MediaDeps } from '../../deps.ts';
import { CATEGORIES } from '../../domain/categories.ts';
import { deleteDoomedObjects } from '../../domain/objects.ts';
import { authorPosts, authorProfile, editPost, listPosts, postDetail, publishPost, recommendedPosts, removePost, searchPosts } from '../../domain/posts.ts';
import { userFeed } from '../../domain/interactions.ts';
import { PostDetailDto, PostPage, toForwardDto, toPostDto } from '../dto.ts';
import {
  AuthorParams,
  AuthorPostsQuery,
  AuthorQuery,
  CategoriesDto,
  DeletedDto,
  EditBody,
  FeedDto,
  FeedQuery,
  ListQuery,
  PostParams,
  PublishBody,
  RecommendQuery,
  SearchQuery,
  StatsDto,
  ViewerQuery,
} from './schemas.ts';

type Post = { Params: Static<typeof PostParams> };
type Author = { Params: Static<typeof AuthorParams> };
const lower = (s: string | undefined) => s?.toLowerCase();

/** Posts: publishing, editing and deleting (by their author), and every way of listing them. */
export async function postRoutes(app: FastifyInstance, deps: MediaDeps): Promise<void> {
  app.get('/v1/categories', { schema: { response: { 200: CategoriesDto } } }, async () => ({ items: [...CATEGORIES] }));

  const detail = async (id: string, viewer: string | undefined) => {
    const d = await postDetail(deps, id, viewer);
    return { ...toPostDto(d), contentHtml: d.contentHtml };
  };

  app.post<{ Body: Static<typeof PublishBody> }>('/v1/posts', { schema: { body: PublishBody, response: { 200: PostDetailDto } } }, async (request) => {
    const { authorId, accountCreatedAt, ...fields } = request.body;
    const row = await publishPost(deps, { ...fields, authorId: authorId.toLowerCase(), accountCreatedAt: new Date(accountCreatedAt) }, { correlationId: request.id });
    deps.relay.poke();
    return detail(row.id, row.author_id);
  });

  app.patch<Post & { Body: Static<typeof EditBody> }>('/v1/posts/:id', { schema: { params: PostParams, body: EditBody, response: { 200: PostDetailDto } } }, async (request) => {
    const { authorId, ...fields } = request.body;
    const { row, doomed } = await editPost(deps, request.params.id.toLowerCase(), { ...fields, authorId: authorId.toLowerCase() }, { correlationId: request.id });
    deps.relay.poke();
    await deleteDoomedObjects(deps, request.log, doomed);
    return detail(row.id, row.author_id);
  });

  app.delete<Post & { Querystring: Static<typeof AuthorQuery> }>(
    '/v1/posts/:id',
    { schema: { params: PostParams, querystring: AuthorQuery, response: { 200: DeletedDto } } },
    async (request) => {
      const { row, doomed } = await removePost(deps, request.params.id.toLowerCase(), request.query.authorId.toLowerCase(), { correlationId: request.id });
      deps.relay.poke();
      await deleteDoomedObjects(deps, request.log, doomed);
      return { deleted: row.id };
    },
  );

  app.get<{ Querystring: Static<typeof ListQuery> }>('/v1/posts', { schema: { querystring: ListQuery, response: { 200: PostPage } } }, async (request) => {
    const q = request.query;
    const { items, total } = await listPosts(deps, { kind: q.kind, category: q.category, locale: q.locale }, { page: q.page, limit: q.limit }, lower(q.viewer));
    return { items: items.map(toPostDto), total };
  });

  app.get<{ Querystring: Static<typeof RecommendQuery> }>('/v1/posts/recommended', { schema: { querystring: RecommendQuery, response: { 200: PostPage } } }, async (request) => {
    const q = request.query;
    const { items, total } = await recommendedPosts(deps, q.kind, { page: q.page, limit: q.limit }, lower(q.viewer));
    return { items: items.map(toPostDto), total };
  });

  app.get<{ Querystring: Static<typeof SearchQuery> }>('/v1/posts/search', { schema: { querystring: SearchQuery, response: { 200: PostPage } } }, async (request) => {
    const q = request.query;
    const { items, total } = await searchPosts(deps, q.q, q.kind, { page: q.page, limit: q.limit }, lower(q.viewer));
    return { items: items.map(toPostDto), total };
  });

  app.get<Post & { Querystring: Static<typeof ViewerQuery> }>(
    '/v1/posts/:id',
    { schema: { params: PostParams, querystring: ViewerQuery, response: { 200: PostDetailDto } } },
    async (request) => detail(request.params.id.toLowerCase(), lower(request.query.viewer)),
  );

  app.get<Author & { Querystring: Static<typeof AuthorPostsQuery> }>(
    '/v1/authors/:id/posts',
    { schema: { params: AuthorParams, querystring: AuthorPostsQuery, response: { 200: PostPage } } },
    async (request) => {
      const q = request.query;
      const { items, total } = await authorPosts(deps, request.params.id.toLowerCase(), { page: q.page, limit: q.limit }, lower(q.viewer), q.kind);
      return { items: items.map(toPostDto), total };
    },
  );

  app.get<Author & { Querystring: Static<typeof FeedQuery> }>(
    '/v1/authors/:id/feed',
    { schema: { params: AuthorParams, querystring: FeedQuery, response: { 200: FeedDto } } },
    async (request) => {
      const q = request.query;
      const { items, total } = await userFeed(deps, request.params.id.toLowerCase(), { page: q.page, limit: q.limit }, lower(q.viewer));
      return { items: items.map((i) => ({ type: i.type, at: i.at.toISOString(), post: toPostDto(i.card), forward: i.forward ? toForwardDto(i.forward) : null })), total };
    },
  );

  app.get<Author>('/v1/authors/:id/stats', { schema: { params: AuthorParams, response: { 200: StatsDto } } }, async (request) => {
    const s = await authorProfile(deps, request.params.id.toLowerCase());
    return { posts: s.posts, likesReceived: s.likes, collectionsReceived: s.collections, forwardsReceived: s.forwards };
  });
}
