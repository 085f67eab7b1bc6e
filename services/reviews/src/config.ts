import { Type, commonServiceSettings, serviceTokenSettings, parseConfig, type Static } from '@brokerwise/config';

export const ReviewsConfigSchema = Type.Object({
  ...commonServiceSettings,
  ...serviceTokenSettings,
  PORT: Type.Integer({ default: 3203, minimum: 0, maximum: 65535 }),
  /** Apply migrations at start (embedded); production runs `npm run migrate -- reviews` as a job. */
  MIGRATE_ON_START: Type.Boolean({ default: true }),
  /** Demo mode (`npm start` turns it on): approved demo reviews for the catalogue's demo companies. */
  DEMO_REVIEWS: Type.Boolean({ default: false }),
  /** Every rating is recomputed this often (recency weights age); one replica per period does it. */
  RATING_RECOMPUTE_INTERVAL_MS: Type.Integer({ default: 86_400_000, minimum: 60_000 }),
});

export type ReviewsConfig = Static<typeof ReviewsConfigSchema>;

export const parseReviewsConfig = (env: Record<string, string | undefined>): Readonly<ReviewsConfig> => parseConfig(ReviewsConfigSchema, env);
