import type { EventPayload } from '@brokerwise/proto';
import type { HandlerContext } from '@brokerwise/service-kit';
import type { Kysely } from '@brokerwise/sql';
import type { Clock } from '../../domain/context.ts';
import { queueJob } from '../../store/job.store.ts';
import type { MediaTables } from '../../store/types.ts';

/**
 * `media.video.uploaded` → a transcode job, queued once (inbox + primary key). The transcoding
 * itself runs in the worker's job runner, outside this transaction: a long ffmpeg run must not
 * hold a transaction (or, embedded, PGlite's only connection) open.
 */
export const onVideoUploaded =
  (now: Clock, queued: () => void) =>
  async (payload: EventPayload<'media.video.uploaded'>, ctx: HandlerContext): Promise<void> => {
    await queueJob(ctx.trx as Kysely<MediaTables>, payload.videoId, now());
    // Runs after this handler's transaction commits: the runner claims it right away.
    setImmediate(queued);
  };
