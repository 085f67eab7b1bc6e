import type { OutboxRelay } from '@brokerwise/service-kit';
import type { Kysely } from '@brokerwise/sql';
import type { ObjectStore } from '@brokerwise/storage';
import type { CatalogueTables } from './store/types.ts';

/** What the routes and domain may use; built by main.ts from the process's infrastructure. */
export interface CatalogueDeps {
  db: Kysely<CatalogueTables>;
  relay: OutboxRelay;
  /** Logos, banners and the licence register's evidence files. */
  objects: ObjectStore;
  /** Public address of a stored object (logos, banners). */
  mediaUrl: (key: string) => string;
  /** Fewest reviews a broker needs to be ranked (config TOP_MIN_REVIEWS). */
  topMinReviews: number;
  /** A picture's responsive sizes were queued (a new logo): wakes the worker that makes them. */
  pokeImageSizes?: () => void;
}
