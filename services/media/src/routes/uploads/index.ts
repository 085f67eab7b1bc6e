import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import type { MediaDeps } from '../../deps.ts';
import { imageInvalid, videoInvalid } from '../../domain/errors.ts';
import { uploadImage, uploadVideo, videoOf } from '../../domain/uploads/index.ts';
import { ImageDto, VideoDto, toImageDto, toVideoDto } from '../dto.ts';
import { OwnerQuery, UPLOAD_CONTENT_TYPES, VideoParams } from './schemas.ts';

type Owner = { Querystring: Static<typeof OwnerQuery> };

/**
 * Uploads (`ownerId` = the signed-in user, vouched for by the gateway). The body is the raw
 * file, streamed: the video to a temporary file, the image into memory, each with its limit.
 */
export async function uploadRoutes(app: FastifyInstance, deps: MediaDeps): Promise<void> {
  app.addContentTypeParser(UPLOAD_CONTENT_TYPES, (_request, payload, done) => done(null, payload));

  app.post<Owner>('/v1/videos', { schema: { querystring: OwnerQuery, response: { 200: VideoDto } } }, async (request) => {
    const body = request.body as Readable | undefined;
    if (!body) throw videoInvalid('required');
    const row = await uploadVideo(deps, request.query.ownerId.toLowerCase(), body, { correlationId: request.id });
    deps.relay.poke();
    return toVideoDto(row);
  });

  app.get<Owner & { Params: Static<typeof VideoParams> }>(
    '/v1/videos/:id',
    { schema: { params: VideoParams, querystring: OwnerQuery, response: { 200: VideoDto } } },
    async (request) => toVideoDto(await videoOf(deps, request.params.id.toLowerCase(), request.query.ownerId.toLowerCase())),
  );

  app.post<Owner>('/v1/images', { schema: { querystring: OwnerQuery, response: { 200: ImageDto } } }, async (request) => {
    const body = request.body as Readable | undefined;
    if (!body) throw imageInvalid('required');
    const row = await uploadImage(deps, request.query.ownerId.toLowerCase(), body);
    deps.pokeWorker?.(); // the cover's AVIF/WebP sizes: a job written with the row (ADR 033)
    return toImageDto(row);
  });
}
