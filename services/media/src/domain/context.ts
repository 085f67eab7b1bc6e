import type { Kysely } from '@brokerwise/sql';
import type { ObjectStore } from '@brokerwise/storage';
import type { MediaTables } from '../store/types.ts';

/** The domain's idea of "now"; tests pass a clock they move. */
export type Clock = () => Date;

/** Upload, transcoding and new-account limits (from the config; tests pass small ones). */
export interface MediaLimits {
  videoMaxBytes: number;
  videoMinSeconds: number;
  videoMaxSeconds: number;
  videoMaxSide: number;
  imageMaxBytes: number;
  imageMaxPixels: number;
  newAccountCommentsPerMinute: number;
  newAccountPostsPerDay: number;
}

/** How the service runs ffmpeg: binaries, a time limit per run, an output size limit, scratch space. */
export interface FfmpegSettings {
  ffmpegPath: string;
  ffprobePath: string;
  timeoutSeconds: number;
  maxOutputBytes: number;
  /** Parent of the per-job temporary directories. */
  tmpDir: string;
}

/**
 * Everything the use cases may touch, built once by main.ts. Each use case declares the part it
 * uses (`Pick<MediaContext, …>`), so its dependencies read from its signature.
 */
export interface MediaContext {
  db: Kysely<MediaTables>;
  objects: ObjectStore;
  now: Clock;
  limits: MediaLimits;
  ffmpeg: FfmpegSettings;
}

/** The part of the process logger (pino) the domain writes to. */
export interface Log {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** Per-request facts the use cases copy into events. */
export interface RequestMeta {
  correlationId?: string | undefined;
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
