import type { EventHandlers } from '@brokerwise/service-kit';
import type { Clock } from '../domain/context.ts';
import { onRemovalAppealDecided } from './handlers/removal-appeal-decided.handler.ts';
import { onUserDeleted } from './handlers/user-deleted.handler.ts';
import { onVideoUploaded } from './handlers/video-uploaded.handler.ts';

/**
 * Events the media worker consumes, listed explicitly (never discovered by scanning): its own
 * uploads, to queue their transcoding (`queued` wakes the job runner); and deleted accounts, whose
 * posts and comments go with them.
 */
export function workerHandlers(now: Clock, queued: () => void): EventHandlers {
  return {
    'media.video.uploaded': onVideoUploaded(now, queued),
    'identity.user.deleted': onUserDeleted(now),
  };
}

/** Moderation decided elsewhere (reviews keeps appeals, ADR 026): a post or comment restored on appeal is shown again. */
export function moderationHandlers(now: Clock): EventHandlers {
  return {
    'reviews.removal_appeal.decided': onRemovalAppealDecided(now),
  };
}
