import type { FastifyRequest } from 'fastify';
import { AppError, isAppError } from '@brokerwise/errors';

export type FileProblem = 'too_large' | 'required' | 'malformed';

/**
 * The one file of a multipart upload, at most `max` bytes. Whatever the parser throws on a body
 * that is not well-formed multipart (no boundary, a cut-off part, a broken header) is the
 * caller's `malformed` field error, never a 500; over `max` is `too_large` (413).
 */
export async function readMultipartFile(request: FastifyRequest, max: number, refuse: (problem: FileProblem) => AppError): Promise<Buffer> {
  try {
    const file = await request.file({ limits: { fileSize: max, files: 1 } });
    if (!file) throw refuse('required');
    const bytes = await file.toBuffer();
    if (file.file.truncated) throw refuse('too_large');
    return bytes;
  } catch (err) {
    if (isAppError(err)) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw refuse('too_large');
    throw new AppError({ ...refuse('malformed').toJSON() }, { cause: err });
  }
}
