import { Type, commonServiceSettings, parseConfig, type Static } from '@brokerwise/config';

export const ReviewsConfigSchema = Type.Object({
  ...commonServiceSettings,
  PORT: Type.Integer({ default: 3203, minimum: 0, maximum: 65535 }),
  /** Apply migrations at start (embedded); production runs `npm run migrate -- reviews` as a job. */
  MIGRATE_ON_START: Type.Boolean({ default: true }),
});

export type ReviewsConfig = Static<typeof ReviewsConfigSchema>;

export const parseReviewsConfig = (env: Record<string, string | undefined>): Readonly<ReviewsConfig> => parseConfig(ReviewsConfigSchema, env);
