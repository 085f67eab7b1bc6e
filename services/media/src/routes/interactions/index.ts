import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import type { MediaDeps } from '../../deps.ts';
import { addComment, collectPost, deleteComment, forwardPost, getComment, likePost, postComments, unforwardPost, userCollections } from '../../domain/interactions.ts';
import { CommentDto, toCommentDto, toForwardDto, toPostDto } from '../dto.ts';
import {
  CollectBody,
  CollectDto,
  CollectionsDto,
  CollectionsQuery,
  CommentBody,
  CommentDeletedDto,
  CommentsDto,
  CommentsQuery,
  ForwardBody,
  ForwardedDto,
  LikeBody,
  LikeDto,
  PostParams,
  UnforwardedDto,
  UserParams,
  UserQuery,
} from './schemas.ts';

type Post = { Params: Static<typeof PostParams> };

/** Likes, bookmarks, comments and forwards (`userId` = the signed-in user, vouched for by the gateway). */
export async function interactionRoutes(app: FastifyInstance, deps: MediaDeps): Promise<void> {
  app.post<Post & { Body: Static<typeof LikeBody> }>('/v1/posts/:id/like', { schema: { params: PostParams, body: LikeBody, response: { 200: LikeDto } } }, async (request) => {
    const r = await likePost(deps, request.params.id.toLowerCase(), request.body.userId.toLowerCase(), request.body.like, { correlationId: request.id });
    deps.relay.poke();
    return r;
  });

  app.post<Post & { Body: Static<typeof CollectBody> }>('/v1/posts/:id/collect', { schema: { params: PostParams, body: CollectBody, response: { 200: CollectDto } } }, async (request) => {
    const r = await collectPost(deps, request.params.id.toLowerCase(), request.body.userId.toLowerCase(), request.body.collect, { correlationId: request.id });
    deps.relay.poke();
    return r;
  });

  app.post<Post & { Body: Static<typeof ForwardBody> }>('/v1/posts/:id/forward', { schema: { params: PostParams, body: ForwardBody, response: { 200: ForwardedDto } } }, async (request) => {
    const r = await forwardPost(deps, request.params.id.toLowerCase(), request.body.userId.toLowerCase(), request.body.comment, { correlationId: request.id });
    deps.relay.poke();
    return { forward: toForwardDto(r.forward), forwards: r.forwards };
  });

  app.delete<Post & { Querystring: Static<typeof UserQuery> }>(
    '/v1/posts/:id/forward',
    { schema: { params: PostParams, querystring: UserQuery, response: { 200: UnforwardedDto } } },
    async (request) => unforwardPost(deps, request.params.id.toLowerCase(), request.query.userId.toLowerCase()),
  );

  app.get<Post & { Querystring: Static<typeof CommentsQuery> }>(
    '/v1/posts/:id/comments',
    { schema: { params: PostParams, querystring: CommentsQuery, response: { 200: CommentsDto } } },
    async (request) => {
      const { items, total, all } = await postComments(deps, request.params.id.toLowerCase(), { page: request.query.page, limit: request.query.limit });
      return { items: items.map((t) => ({ ...toCommentDto(t.comment), replies: t.replies.map(toCommentDto) })), total, all };
    },
  );

  app.post<Post & { Body: Static<typeof CommentBody> }>('/v1/posts/:id/comments', { schema: { params: PostParams, body: CommentBody, response: { 200: CommentDto } } }, async (request) => {
    const b = request.body;
    const { comment } = await addComment(
      deps,
      request.params.id.toLowerCase(),
      { userId: b.userId.toLowerCase(), accountCreatedAt: new Date(b.accountCreatedAt), text: b.text, parentId: b.parentId?.toLowerCase() },
      { correlationId: request.id },
    );
    deps.relay.poke();
    return toCommentDto(comment);
  });

  app.delete<Post & { Querystring: Static<typeof UserQuery> }>(
    '/v1/comments/:id',
    { schema: { params: PostParams, querystring: UserQuery, response: { 200: CommentDeletedDto } } },
    async (request) => {
      const removed = await deleteComment(deps, request.params.id.toLowerCase(), request.query.userId.toLowerCase(), { correlationId: request.id });
      deps.relay.poke();
      return { deleted: removed.map((c) => c.id) };
    },
  );

  app.get<Post>('/v1/comments/:id', { schema: { params: PostParams, response: { 200: CommentDto } } }, async (request) =>
    toCommentDto(await getComment(deps, request.params.id.toLowerCase())),
  );

  app.get<{ Params: Static<typeof UserParams>; Querystring: Static<typeof CollectionsQuery> }>(
    '/v1/users/:id/collections',
    { schema: { params: UserParams, querystring: CollectionsQuery, response: { 200: CollectionsDto } } },
    async (request) => {
      const { items, total } = await userCollections(deps, request.params.id.toLowerCase(), { page: request.query.page, limit: request.query.limit });
      return { items: items.map((i) => ({ ...toPostDto(i), collectedAt: i.collectedAt.toISOString() })), total };
    },
  );
}
