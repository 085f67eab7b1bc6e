import { enqueueEvent } from '@brokerwise/service-kit';
import type { ImageSizeOwner } from '@brokerwise/service-kit/image-sizes';
import type { Kysely } from '@brokerwise/sql';
import { companyAnnounced } from '../events/publish.ts';
import { recordPictureSizes, type ImageSizeJobRow } from '../store/image-sizes.store.ts';
import type { CatalogueTables } from '../store/types.ts';

/**
 * The catalogue's pictures with responsive sizes (ADR 033): company logos (the small widths) and
 * banners (a column's), each job's sizes recorded with every row showing its picture. A visible
 * company is announced again with them (`catalogue.company.upserted`, same version: search has
 * nothing to change, the gateway drops its cached cards and the next ones list the sizes). The
 * jobs themselves (claim, lease, retries, the worker) are `@brokerwise/service-kit/image-sizes`.
 */
export function cataloguePictures(o: { mediaUrl: (key: string) => string; onEvents?: () => void }): ImageSizeOwner<ImageSizeJobRow> {
  return {
    service: 'catalogue',
    kindOf: (job) => job.kind,
    record: async (trx, job, sizes) => {
      const db = trx as Kysely<CatalogueTables>;
      for (const row of await recordPictureSizes(db, job.key, sizes)) {
        if (!row.hidden_at && !row.merged_into) await enqueueEvent(db, companyAnnounced(row, o.mediaUrl, undefined));
      }
    },
    afterRecord: o.onEvents,
  };
}
