import { Type, commonServiceSettings, serviceTokenSettings, parseConfig, type Static } from '@brokerwise/config';

export const CatalogueConfigSchema = Type.Object({
  ...commonServiceSettings,
  ...serviceTokenSettings,
  PORT: Type.Integer({ default: 3201, minimum: 0, maximum: 65535 }),
  /** `npm start` (and the topology's one-shot) load the demo catalogue (demo/) when the catalogue is empty; the service itself never does (ADR 021). */
  DEMO_SEED: Type.Boolean({ default: true }),
  /** Apply migrations at start (embedded); production runs `npm run migrate -- catalogue` as a job. */
  MIGRATE_ON_START: Type.Boolean({ default: true }),
  /** Fewest reviews a broker needs to appear in the Top Brokers ranking. */
  TOP_MIN_REVIEWS: Type.Integer({ default: 20, minimum: 0 }),
  /** Public prefix under which the gateway serves stored objects. */
  MEDIA_BASE_URL: Type.String({ default: '/media/' }),
  S3_ENDPOINT: Type.Optional(Type.String()),
  S3_ACCESS_KEY: Type.Optional(Type.String()),
  S3_SECRET_KEY: Type.Optional(Type.String()),
  S3_BUCKET: Type.String({ default: 'brokerwise' }),
  S3_REGION: Type.String({ default: 'us-east-1' }),
});

export type CatalogueConfig = Static<typeof CatalogueConfigSchema>;

export const parseCatalogueConfig = (env: Record<string, string | undefined>): Readonly<CatalogueConfig> => parseConfig(CatalogueConfigSchema, env);
