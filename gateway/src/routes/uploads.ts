import { Transform, type Readable } from 'node:stream';
import { operations, type Validated } from '@brokerwise/api-contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, isAppError } from '@brokerwise/errors';
import type { MediaClient, MediaImage, MediaVideo } from '../clients/media.client.ts';
import type { UploadedImage } from '@brokerwise/api-contract';
import { mediaUrl, presentUpload } from '../domain/posts.ts';
import { contractSchema } from '../http/contract-schema.ts';
import { now } from '../http/envelope.ts';
import { readMultipartFile, type FileProblem } from '../http/multipart.ts';
import type { Sessions } from '../http/session.ts';
import { message } from '../i18n/messages.ts';

export interface UploadDeps {
  media: MediaClient;
  sessions: Sessions;
  videoMaxBytes: number;
  imageMaxBytes: number;
}

const mb = (bytes: number) => Math.round((bytes / 1_048_576) * 10) / 10;
const videoTooLarge = (max: number) =>
  new AppError({ code: 'media.video_invalid', kind: 'too_large', message: 'Video too large', fields: { video: 'too_large' }, params: { max, maxMb: mb(max) } });
const imageInvalid = (problem: FileProblem, max: number) =>
  new AppError({ code: 'media.image_invalid', kind: problem === 'too_large' ? 'too_large' : 'validation', message: `Image refused: ${problem}`, fields: { image: problem }, params: { max, maxMb: mb(max) } });

/** Passes bytes on until `max`, then fails the stream with the field error (the upload to the media service aborts). */
function limit(max: number, tooLarge: () => AppError): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      if (seen > max) done(tooLarge());
      else done(null, chunk);
    },
  });
}

/**
 * An upload that ended early: over the limit, the rest of the body is unread, so the connection
 * closes after the answer; a client that went away gets a 400 (logged as such, not as our fault).
 */
function refusedUpload(request: FastifyRequest, reply: FastifyReply, err: unknown): unknown {
  if (isAppError(err) && err.kind === 'too_large') void reply.header('connection', 'close');
  if (request.raw.readableAborted || request.socket.destroyed) {
    return new AppError({ code: 'client_aborted', kind: 'validation', message: 'The client ended the upload' }, { cause: err });
  }
  return err;
}

const send = <T>(request: FastifyRequest, reply: FastifyReply, code: string, data: T) =>
  reply.header('cache-control', 'no-store').send({ code: 1, msg: message(code, request.lang), time: now(), data });

const presentImage = (i: MediaImage): UploadedImage => ({ id: i.id, cover: mediaUrl(i.coverKey), thumb: mediaUrl(i.thumbKey), full: mediaUrl(i.fullKey), width: i.width, height: i.height });

/**
 * /api/upload/*: the creator's files, streamed to the media service (which checks them by
 * content). Register in its own plugin scope: it adds raw-body parsers for video and image types.
 */
export async function uploadRoutes(app: FastifyInstance, deps: UploadDeps): Promise<void> {
  const { media, sessions } = deps;
  // The raw request stream, untouched: bytes are forwarded as they arrive.
  app.addContentTypeParser(['video/mp4', 'video/quicktime', 'application/octet-stream', 'image/jpeg', 'image/png', 'image/webp'], (_request, payload, done) => done(null, payload));

  const declared = (request: FastifyRequest) => Number(request.headers['content-length'] ?? Number.NaN);

  app.post('/api/upload/video', { schema: contractSchema('uploadVideo') }, async (request, reply) => {
    const user = await sessions.require(request);
    const max = deps.videoMaxBytes;
    if (declared(request) > max) {
      // Refused before reading: close the connection rather than swallow the rest.
      void reply.header('connection', 'close');
      throw videoTooLarge(max);
    }
    const body = request.body as Readable | undefined;
    if (!body || typeof (body as Readable).pipe !== 'function') throw new AppError({ code: 'media.video_invalid', kind: 'validation', message: 'No video', fields: { video: 'required' } });
    const limited = body.pipe(limit(max, () => videoTooLarge(max)));
    body.on('error', (err) => limited.destroy(err));
    let v: MediaVideo;
    try {
      v = await media.upload<MediaVideo>('/v1/videos', user.userId, limited, request.id);
    } catch (err) {
      throw refusedUpload(request, reply, err);
    }
    return send(request, reply, 'upload.video_processing', presentUpload(v, request.lang));
  });

  app.get<{ Querystring: Validated<typeof operations.videoStatus.query> }>('/api/upload/video/status', { schema: contractSchema('videoStatus') }, async (request, reply) => {
    const user = await sessions.require(request);
    const v = await media.videoStatus(request.query.id, user.userId, request.id);
    return send(request, reply, 'ok', presentUpload(v, request.lang));
  });

  app.post('/api/upload/image', { schema: contractSchema('uploadImage') }, async (request, reply) => {
    const user = await sessions.require(request);
    const max = deps.imageMaxBytes;
    let bytes: Buffer;
    if (request.isMultipart()) {
      bytes = await readMultipartFile(request, max, (problem) => imageInvalid(problem, max));
    } else {
      if (declared(request) > max) {
        void reply.header('connection', 'close');
        throw imageInvalid('too_large', max);
      }
      const body = request.body as Readable | undefined;
      if (!body || typeof body.pipe !== 'function') throw imageInvalid('required', max);
      const chunks: Buffer[] = [];
      let seen = 0;
      try {
        for await (const chunk of body) {
          seen += (chunk as Buffer).length;
          if (seen > max) throw imageInvalid('too_large', max);
          chunks.push(chunk as Buffer);
        }
      } catch (err) {
        throw refusedUpload(request, reply, err);
      }
      bytes = Buffer.concat(chunks);
    }
    if (bytes.length === 0) throw imageInvalid('required', max);
    const image = await media.upload<MediaImage>('/v1/images', user.userId, bytes, request.id);
    return send(request, reply, 'upload.image_uploaded', presentImage(image));
  });
}
