import type { Kysely } from '@brokerwise/sql';
import type { ImageSizeOwner } from '@brokerwise/service-kit/image-sizes';
import { recordSizes, type VariantJobRow } from '../../store/variant-job.store.ts';
import type { MediaTables } from '../../store/types.ts';

/**
 * Media's pictures with responsive sizes (ADR 033): post covers and video posters, at the photo
 * widths, their sizes recorded with the cover's `image` row or the poster's `video` row. The jobs
 * themselves (claim, lease, retries, the worker) are `@brokerwise/service-kit/image-sizes`.
 */
export const mediaPictures: ImageSizeOwner<VariantJobRow> = {
  service: 'media',
  kindOf: () => 'photo',
  record: (trx, job, sizes) => recordSizes(trx as Kysely<MediaTables>, job, sizes),
};

