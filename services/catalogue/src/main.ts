import type { EventBus } from '@brokerwise/bus';
import { startService, type StartedService } from '@brokerwise/service-kit';
import { ImageSizeWorker } from '@brokerwise/service-kit/image-sizes';
import type { Database, Kysely } from '@brokerwise/sql';
import { createObjectStore, parseS3Env, type ObjectStore } from '@brokerwise/storage';
import { migrations } from '../migrations/index.ts';
import { catalogueApp } from './app.ts';
import type { CatalogueConfig } from './config.ts';
import { cataloguePictures } from './domain/image-sizes.ts';
import { handlers } from './events/registry.ts';
import type { ImageSizeJobRow } from './store/image-sizes.store.ts';
import type { CatalogueTables } from './store/types.ts';

export interface Shared {
  /** In embedded mode every service in the process shares one in-process bus. */
  bus?: EventBus;
  objects?: ObjectStore;
  /** An open database (tests pass their own). */
  database?: Database;
  /** Runs before the routes open: the start script's demo catalogue (demo/, ADR 021). */
  seed?: (ctx: CatalogueSeedContext) => Promise<void>;
}

/** What a seed gets: the catalogue's database, object store and media URLs. */
export interface CatalogueSeedContext {
  db: Kysely<CatalogueTables>;
  objects: ObjectStore;
  mediaUrl: (key: string) => string;
  log: { info(obj: object, msg: string): void };
}

export type StartedCatalogue = StartedService<{ imageSizes: ImageSizeWorker<ImageSizeJobRow> }>;

/** Boots the catalogue: (seed) → routes → the ratings consumer → the worker of logos' and banners' sizes. */
export async function startCatalogue(config: CatalogueConfig, shared: Shared = {}): Promise<StartedCatalogue> {
  const objects =
    shared.objects ??
    (await createObjectStore({ dataDir: config.DATA_DIR, s3: parseS3Env(config as unknown as Record<string, string | undefined>) }));
  const mediaUrl = (key: string) => `${config.MEDIA_BASE_URL}${key}`;

  return startService<CatalogueTables, { imageSizes: ImageSizeWorker<ImageSizeJobRow> }>({
    name: 'catalogue',
    config,
    serviceToken: 'catalogue',
    database: { schema: 'catalogue', migrations, shared: shared.database },
    bus: { shared: shared.bus },
    resources: [{ name: 'objects', check: () => objects.ping() }],
    setup: async ({ app, db, relay, routes, consume, background }) => {
      await shared.seed?.({ db, objects, mediaUrl, log: app.log });
      // Logos' and banners' responsive sizes (ADR 033): one picture at a time in every catalogue process, after the answer.
      const imageSizes = new ImageSizeWorker({
        ctx: { db, objects, now: () => new Date() },
        owner: cataloguePictures({ mediaUrl, onEvents: () => relay.poke() }),
        log: app.log,
      });
      await routes(catalogueApp, { db, relay, objects, mediaUrl, topMinReviews: config.TOP_MIN_REVIEWS, pokeImageSizes: () => imageSizes.poke() });
      // The outbox row is written in the handler's transaction; poking the relay sends it right away.
      consume({ durable: 'catalogue-ratings', handlers: handlers({ mediaUrl, onApplied: () => relay.poke() }) });
      background(imageSizes);
      return { imageSizes };
    },
  });
}
