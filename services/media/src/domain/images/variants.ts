import type { ResponsiveKind } from '@brokerwise/storage';
import { makeResponsiveVariants } from '@brokerwise/storage/images';
import type { Log, MediaContext } from '../context.ts';

let queue: Promise<unknown> = Promise.resolve();

/**
 * Makes the AVIF and WebP sizes of a stored picture (an uploaded cover, a video's poster) after
 * the answer has gone, one picture at a time so uploads never compete for the cores (ADR 033).
 * Until they exist, and if this fails, the gateway serves the original under their names. The
 * returned promise settles when this picture is done (tests wait on it; callers need not).
 */
export function makeVariantsLater(ctx: Pick<MediaContext, 'objects'>, log: Log, key: string, kind: ResponsiveKind = 'photo'): Promise<void> {
  const run = queue.then(async () => {
    try {
      const started = Date.now();
      const made = await makeResponsiveVariants(ctx.objects, key, kind);
      log.info({ key, variants: made.length, ms: Date.now() - started }, 'responsive image variants stored');
    } catch (err) {
      log.warn({ err, key }, 'responsive image variants failed; the original is served');
    }
  });
  queue = run;
  return run;
}

/** Settles when every picture queued so far has its sizes (or failed): shutdown waits on it, so no file is written after the service stopped. */
export function variantsIdle(): Promise<void> {
  return queue.then(() => undefined);
}
