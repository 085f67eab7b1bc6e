import { ConfigError, Type, serviceTokenSettings, commonServiceSettings, parseConfig, type Static } from '@brokerwise/config';

export const MediaConfigSchema = Type.Object({
  ...commonServiceSettings,
  ...serviceTokenSettings,
  PORT: Type.Integer({ default: 3205, minimum: 0, maximum: 65535 }),
  /**
   * What this process runs: `api` (the internal HTTP API and its outbox relay), `worker`
   * (transcoding of uploaded videos and storage clean-up, plus a health endpoint), or `all`
   * (both: embedded mode). Production runs `server.ts` with ROLE=api and `worker.ts` separately.
   */
  ROLE: Type.Union([Type.Literal('api'), Type.Literal('worker'), Type.Literal('all')], { default: 'all' }),
  /** Apply migrations at start (embedded); production runs `npm run migrate -- media` as a job. */
  MIGRATE_ON_START: Type.Boolean({ default: true }),
  /**
   * Seed the demo creators' posts (videos generated with ffmpeg). Demo mode only: production
   * ignores it (the demo creators exist only where identity seeds its demo accounts).
   */
  DEMO_SEED: Type.Optional(Type.Boolean()),
  /** Uploads: a video must be smaller than this (spec §9: mp4 under 10 MB). */
  VIDEO_MAX_BYTES: Type.Integer({ default: 10 * 1024 * 1024, minimum: 1024 }),
  VIDEO_MIN_SECONDS: Type.Number({ default: 0.5, minimum: 0 }),
  VIDEO_MAX_SECONDS: Type.Number({ default: 900, minimum: 1 }),
  /** Largest width or height accepted on upload. */
  VIDEO_MAX_SIDE: Type.Integer({ default: 4096, minimum: 16 }),
  /** Images (covers, pictures in image-text posts): at most this many bytes. */
  IMAGE_MAX_BYTES: Type.Integer({ default: 5 * 1024 * 1024, minimum: 1024 }),
  /** Decoded pixels an image may have (pixel-flood guard, sharp `limitInputPixels`). */
  IMAGE_MAX_PIXELS: Type.Integer({ default: 40_000_000, minimum: 10_000 }),
  /** The worker kills ffmpeg after this many seconds (per step) and fails the video. */
  TRANSCODE_TIMEOUT_SECONDS: Type.Integer({ default: 300, minimum: 1 }),
  /** ffmpeg `-fs`: the transcoded file may not grow past this. */
  TRANSCODE_MAX_OUTPUT_BYTES: Type.Integer({ default: 200 * 1024 * 1024, minimum: 1024 }),
  /** Transcodes one worker process runs at once. */
  TRANSCODE_CONCURRENCY: Type.Integer({ default: 1, minimum: 1, maximum: 16 }),
  /** Attempts before a video that keeps failing for other reasons (storage down…) is marked failed. */
  TRANSCODE_MAX_ATTEMPTS: Type.Integer({ default: 3, minimum: 1 }),
  /** Per-job temporary directories go under this (default: the OS temp directory). */
  TMP_DIR: Type.String({ default: '' }),
  /**
   * The ffmpeg / ffprobe to run. Unset (the default): the one on PATH when it is newer than the
   * build shipped in the npm packages, else that build (@brokerwise/ffmpeg, ADR 014).
   */
  FFMPEG_PATH: Type.Optional(Type.String({ minLength: 1 })),
  FFPROBE_PATH: Type.Optional(Type.String({ minLength: 1 })),
  /** Uploads never attached to a post are removed after this many hours (worker). */
  ORPHAN_TTL_HOURS: Type.Integer({ default: 24, minimum: 1 }),
  /** New accounts (first 24 h): comments per minute and posts per day. */
  NEW_ACCOUNT_COMMENTS_PER_MINUTE: Type.Integer({ default: 3, minimum: 1 }),
  NEW_ACCOUNT_POSTS_PER_DAY: Type.Integer({ default: 3, minimum: 1 }),
  S3_ENDPOINT: Type.Optional(Type.String()),
  S3_ACCESS_KEY: Type.Optional(Type.String()),
  S3_SECRET_KEY: Type.Optional(Type.String()),
  S3_BUCKET: Type.String({ default: 'brokerwise' }),
  S3_REGION: Type.String({ default: 'us-east-1' }),
});

export type MediaConfig = Static<typeof MediaConfigSchema>;

/** Whether this process seeds the demo posts: never in production; else DEMO_SEED, default on. */
export const demoSeedEnabled = (config: Pick<MediaConfig, 'APP_MODE' | 'DEMO_SEED'>): boolean => config.APP_MODE !== 'production' && (config.DEMO_SEED ?? true);

/** Schema check plus the rules a schema can't express. */
export function parseMediaConfig(env: Record<string, string | undefined>): Readonly<MediaConfig> {
  const config = parseConfig(MediaConfigSchema, env);
  const problems: string[] = [];
  if (config.VIDEO_MIN_SECONDS >= config.VIDEO_MAX_SECONDS) problems.push('VIDEO_MIN_SECONDS: must be below VIDEO_MAX_SECONDS');
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

/** For the process entries: parse or print every problem and exit 1. */
export function loadMediaConfigOrExit(env: Record<string, string | undefined>): Readonly<MediaConfig> {
  try {
    return parseMediaConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
}
