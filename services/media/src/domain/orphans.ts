import { doomObjects } from '../store/gc.store.ts';
import { deleteImages, imageKeys, orphanImages } from '../store/image.store.ts';
import { deleteVideo, orphanVideos, videoKeys } from '../store/video.store.ts';
import type { MediaContext } from './context.ts';

/**
 * Uploads no post uses, older than `before` (the creator gave up, or replaced them before
 * publishing), are deleted: rows now, objects by the doomed-object deleter.
 */
export async function sweepOrphans(ctx: Pick<MediaContext, 'db' | 'now'>, before: Date): Promise<{ images: number; videos: number }> {
  return ctx.db.transaction().execute(async (trx) => {
    const images = await orphanImages(trx, before, 500);
    const videos = await orphanVideos(trx, before, 100);
    await deleteImages(trx, images.map((i) => i.id));
    for (const v of videos) await deleteVideo(trx, v.id);
    await doomObjects(trx, [...images.flatMap(imageKeys), ...videos.flatMap(videoKeys)], ctx.now());
    return { images: images.length, videos: videos.length };
  });
}
