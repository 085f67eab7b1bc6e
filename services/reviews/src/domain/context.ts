import type { Kysely } from '@brokerwise/sql';
import type { ReviewsTables } from '../store/types.ts';

/** The domain's idea of "now"; tests pass a clock they move. */
export type Clock = () => Date;

/**
 * Everything the use cases may touch, built once by main.ts. Each use case declares the part it
 * uses (`Pick<ReviewsContext, …>`), so its dependencies read from its signature.
 */
export interface ReviewsContext {
  db: Kysely<ReviewsTables>;
  now: Clock;
}

/** Per-request facts the use cases copy into events. */
export interface RequestMeta {
  correlationId?: string | undefined;
}
