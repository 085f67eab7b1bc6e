import type { EventHandlers } from '@brokerwise/service-kit';
import type { Clock } from '../domain/context.ts';
import { onVideoUploaded } from './handlers/video-uploaded.handler.ts';

/**
 * Events the media worker consumes, listed explicitly (never discovered by scanning): its own
 * uploads, to queue their transcoding. `queued` wakes the job runner.
 */
export function workerHandlers(now: Clock, queued: () => void): EventHandlers {
  return {
    'media.video.uploaded': onVideoUploaded(now, queued),
  };
}
