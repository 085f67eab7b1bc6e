import { kitMigrations } from '@brokerwise/service-kit';
import type { MigrationSet } from '@brokerwise/sql';
import { migration as media } from './20261205T0000_media.ts';
import { migration as moderatorHiding } from './20261227T0700_moderator_hiding.ts';
import { migration as hlsVideo } from './20261227T0900_hls_video.ts';
import { migration as imageVariantJobs } from './20261228T1000_image_variant_jobs.ts';
import { migration as deletedPost } from './20261229T2200_deleted_post.ts';

/** Listed explicitly, in name order; forward only. */
export const migrations: MigrationSet = {
  ...kitMigrations,
  '20261205T0000_media': media,
  '20261227T0700_moderator_hiding': moderatorHiding,
  '20261227T0900_hls_video': hlsVideo,
  '20261228T1000_image_variant_jobs': imageVariantJobs,
  '20261229T2200_deleted_post': deletedPost,
};
