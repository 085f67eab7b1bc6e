import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Static } from 'typebox';
import type { MediaDeps } from '../../deps.ts';
import { hideComment, hidePost, restoreComment, restorePost } from '../../domain/moderation.ts';
import { moveQueuedObjects } from '../../domain/objects.ts';
import { HideQuery, ModeratedDto, TargetParams } from './schemas.ts';

type Target = { Params: Static<typeof TargetParams> };
type Moderated = { id: string; post_id?: string; removed_at: Date | null };
const dto = (r: Moderated): Static<typeof ModeratedDto> => ({ id: r.id, postId: r.post_id ?? r.id, removedAt: r.removed_at ? r.removed_at.toISOString() : null });

/**
 * A moderator hides a reported post or comment and restores it on appeal (the gateway vouches for
 * a moderator or admin; issue 17, ADR 026). Both are idempotent: hiding a hidden one, or restoring
 * a visible one, changes nothing.
 */
export async function moderationRoutes(app: FastifyInstance, deps: MediaDeps): Promise<void> {
  const opts = { config: { callerRole: 'moderator' }, schema: { params: TargetParams, response: { 200: ModeratedDto } } } as const;
  const hideOpts = { ...opts, schema: { ...opts.schema, querystring: HideQuery } } as const;
  const id = (request: FastifyRequest<Target>) => request.params.id.toLowerCase();

  app.delete<Target & { Querystring: Static<typeof HideQuery> }>('/v1/moderation/posts/:id', hideOpts, async (request) => {
    const { row, moved } = await hidePost(deps, id(request), request.query.rule ?? '');
    await moveQueuedObjects(deps, request.log, moved);
    return dto(row);
  });

  app.post<Target>('/v1/moderation/posts/:id/restore', opts, async (request) => {
    const { row, moved } = await restorePost(deps, id(request));
    await moveQueuedObjects(deps, request.log, moved);
    return dto(row);
  });

  app.delete<Target & { Querystring: Static<typeof HideQuery> }>('/v1/moderation/comments/:id', hideOpts, async (request) =>
    dto(await hideComment(deps, id(request), request.query.rule ?? '')),
  );

  app.post<Target>('/v1/moderation/comments/:id/restore', opts, async (request) => dto(await restoreComment(deps, id(request))));
}
