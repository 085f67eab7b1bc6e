/**
 * `npm run rebuild -- <read model>`: rebuilds a read model from its source of truth while the site
 * keeps serving (no downtime, no stopped consumer): the owning service announces every fact again
 * through its transactional outbox, and the consumers apply them as idempotent upserts in place.
 */
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { createCache } from '@brokerwise/cache';
import { ConfigError, Type, commonServiceSettings, parseConfig, processEnv } from '@brokerwise/config';
import { openDatabase, sql, type Database, type Kysely } from '@brokerwise/sql';
import { imageSizeJobsSince } from '@brokerwise/service-kit/image-sizes';
import { republishAll } from '../services/catalogue/src/domain/companies.ts';
import { queueMissingImageSizeJobs } from '../services/catalogue/src/store/image-sizes.store.ts';
import type { CatalogueTables } from '../services/catalogue/src/store/types.ts';
import { queueMissingVariantJobs } from '../services/media/src/store/variant-job.store.ts';
import type { MediaTables } from '../services/media/src/store/types.ts';
import { recomputeRating } from '../services/reviews/src/domain/rating.ts';
import type { ReviewsTables } from '../services/reviews/src/store/types.ts';

const MODELS = {
  search: 'the search index of companies (search service), from the catalogue: every company is announced again (catalogue.company.upserted) and search re-applies it in place, derived text columns recomputed. DATABASE_URL: the catalogue\'s.',
  ratings: 'rating aggregates, from the approved reviews: reviews recomputes every rated company (reviews.rating.changed); the catalogue\'s scores, then search and the gateway cache follow. DATABASE_URL: the reviews service\'s.',
  'gateway-cache': 'the gateway\'s shared response cache in Redis (gw:cat: keys): dropped, refilled by the next requests. REDIS_URL and NATS_NAMESPACE as the gateway\'s.',
  notices: 'notice unread counts: computed from the notices on every read, nothing stored to rebuild.',
  'image-sizes': 'responsive AVIF/WebP sizes (ADR 033) of post covers and video posters (media) and of company logos and banners (catalogue): every one without recorded sizes (stored before the jobs, or whose job gave up) gets a job; the service\'s worker makes the missing sizes, keeps existing ones, and records them. DATABASE_URL: the media or the catalogue service\'s (each of the two schemas found there).',
} as const;
type Model = keyof typeof MODELS;

const USAGE = `Usage: npm run rebuild -- <${Object.keys(MODELS).join('|')}> [--no-wait] [--timeout SECONDS]

${Object.entries(MODELS)
  .map(([name, what]) => `  ${name.padEnd(14)}${what}`)
  .join('\n')}

The running services keep serving throughout. search and ratings queue their events in the owning
service's outbox, then wait (unless --no-wait) until its relay has published every one; the consumers
apply them within their usual lag (each consumer's /readyz says "degraded: events behind" while
more than EVENTS_MAX_PENDING are waiting). image-sizes queues jobs in the media and catalogue schemas
it finds, then waits (unless --no-wait) until their workers (the media worker, every catalogue
process) have run them all; pages show the originals meanwhile.

Options:
  --no-wait          return once the events are queued
  --timeout SECONDS  how long to wait for the relay or the worker (default 600)
  -h, --help         this text

Exit codes: 0 done, 1 failure (settings, database, relay not publishing in time), 2 bad usage.`;

function fail(code: number, message: string): never {
  process.stderr.write(`rebuild: ${message}\n`);
  process.exit(code);
}

let parsed;
try {
  parsed = parseArgs({ allowPositionals: true, options: { 'no-wait': { type: 'boolean' }, timeout: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
} catch (err) {
  fail(2, `${(err as Error).message}\n\n${USAGE}`);
}
if (parsed.values.help) {
  console.log(USAGE);
  process.exit(0);
}
const model = parsed.positionals[0];
if (!model || !(model in MODELS)) fail(2, `${model ? `unknown read model ${model}` : 'which read model?'}\n\n${USAGE}`);
if (parsed.positionals.length > 1) fail(2, `unexpected argument ${parsed.positionals[1]}`);
const timeoutSeconds = Number(parsed.values.timeout ?? 600);
if (!Number.isFinite(timeoutSeconds) || timeoutSeconds <= 0) fail(2, '--timeout must be a number of seconds > 0');
const wait = !parsed.values['no-wait'];

const ConfigSchema = Type.Object({ ...commonServiceSettings, MEDIA_BASE_URL: Type.String({ default: '/media/' }) });
let config: ReturnType<typeof parseConfig<typeof ConfigSchema>>;
try {
  config = parseConfig(ConfigSchema, processEnv());
} catch (err) {
  if (err instanceof ConfigError) fail(1, err.message);
  throw err;
}
if (config.APP_MODE === 'production' && model !== 'notices' && model !== 'gateway-cache' && !config.DATABASE_URL) fail(1, 'DATABASE_URL is required in production');
if (config.APP_MODE === 'production' && model === 'gateway-cache' && !config.REDIS_URL) fail(1, 'REDIS_URL is required in production');

const log = (line: string) => console.log(`rebuild ${model}: ${line}`);

/** Waits until the relay has published every event queued under `correlationId`, printing progress. */
async function awaitRelay(db: Kysely<any>, correlationId: string, total: number): Promise<void> {
  const deadline = Date.now() + timeoutSeconds * 1000;
  let last = -1;
  for (;;) {
    const { rows } = await sql<{ published: number }>`select count(*)::int as published from outbox where correlation_id = ${correlationId} and published_at is not null`.execute(db);
    const published = rows[0]?.published ?? 0;
    if (published !== last) log(`published ${published}/${total}`);
    last = published;
    if (published >= total) return;
    if (Date.now() > deadline) {
      throw new Error(
        `only ${published} of ${total} events published after ${timeoutSeconds} s: is the owning service running (its relay publishes them)? They stay queued and go out when it does.`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Where each service keeps its picture jobs (ADR 033), what its pictures are, and whose worker runs them. */
const PICTURES = [
  { schema: 'media', what: 'covers and posters', worker: 'the media worker', queueMissing: (db: Kysely<any>, now: Date) => queueMissingVariantJobs(db as Kysely<MediaTables>, now) },
  { schema: 'catalogue', what: 'logos and banners', worker: 'the catalogue', queueMissing: (db: Kysely<any>, now: Date) => queueMissingImageSizeJobs(db as Kysely<CatalogueTables>, now) },
] as const;

/** Waits until the service's worker has run every picture job (none queued or running), printing progress. */
async function awaitImageSizeJobs(db: Kysely<any>, pictures: (typeof PICTURES)[number], since: Date, total: number): Promise<void> {
  const deadline = Date.now() + timeoutSeconds * 1000;
  let last = '';
  for (;;) {
    const now = await imageSizeJobsSince(db, since);
    const line = `${pictures.schema}: ${now.done} done, ${now.failed} failed, ${now.waiting} waiting (of ${total})`;
    if (line !== last) log(line);
    last = line;
    if (now.waiting === 0) {
      if (now.failed > 0) throw new Error(`${now.failed} ${pictures.what} failed (${pictures.schema}.image_variant_job.last_error says why); they are served as their originals`);
      return;
    }
    if (Date.now() > deadline) {
      throw new Error(`${now.waiting} ${pictures.what} still waiting after ${timeoutSeconds} s: is ${pictures.worker} running? The jobs stay queued and run when it does.`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Runs `run` on the service's schema; with `optional`, answers undefined (having run nothing) when the schema is not migrated here. */
async function withDatabase<T>(schema: string, run: (database: Database) => Promise<T>, optional = false): Promise<T | undefined> {
  const database = await openDatabase({ schema, url: config.DATABASE_URL, dataDir: path.join(config.DATA_DIR, 'pglite', schema) });
  try {
    const { rows } = await sql<{ t: string | null }>`select to_regclass(${`${schema}.outbox`})::text as t`.execute(database.db);
    if (!rows[0]?.t) {
      if (optional) return undefined;
      throw new Error(`schema ${schema} is not migrated here: is DATABASE_URL the ${schema} service's database?`);
    }
    return await run(database);
  } finally {
    await database.close();
  }
}

const rebuilds: Record<Model, () => Promise<void>> = {
  search: () =>
    withDatabase('catalogue', async ({ db }) => {
      const correlationId = `rebuild-search-${randomUUID()}`;
      const mediaUrl = (key: string) => `${config.MEDIA_BASE_URL}${key}`;
      const total = await republishAll(db as Kysely<CatalogueTables>, { mediaUrl, correlationId, onPage: (n) => log(`queued ${n} companies`) });
      log(`${total} companies queued in the catalogue outbox (correlation id ${correlationId})`);
      if (wait && total > 0) await awaitRelay(db, correlationId, total);
    }),
  ratings: () =>
    withDatabase('reviews', async ({ db }) => {
      const reviews = db as Kysely<ReviewsTables>;
      const correlationId = `rebuild-ratings-${randomUUID()}`;
      // Rated before (a rating row) or rateable now: a company whose reviews were all removed goes back to the prior.
      const { rows } = await sql<{ company_id: string }>`
        select company_id from company_rating
        union select company_id from review where status = 'approved' and deleted_at is null
        order by company_id`.execute(reviews);
      const now = () => new Date();
      let done = 0;
      for (const { company_id } of rows) {
        await reviews.transaction().execute((trx) => recomputeRating(trx, company_id, now, { correlationId }));
        done += 1;
        if (done % 100 === 0 || done === rows.length) log(`recomputed ${done}/${rows.length} companies`);
      }
      log(`${rows.length} ratings recomputed and queued in the reviews outbox (correlation id ${correlationId})`);
      if (wait && rows.length > 0) await awaitRelay(reviews, correlationId, rows.length);
    }),
  'gateway-cache': async () => {
    const cache = createCache({ ...(config.REDIS_URL ? { redisUrl: config.REDIS_URL } : {}), keyPrefix: `${config.NATS_NAMESPACE}:` });
    try {
      const removed = await cache.delPrefix('gw:cat:');
      log(`dropped ${removed} shared cached answers; each gateway's in-process copies expire within their TTL (seconds)`);
    } finally {
      await cache.close();
    }
  },
  notices: async () => {
    log('unread counts are computed from the notices on every read; nothing stored to rebuild');
  },
  'image-sizes': async () => {
    let found = 0;
    for (const pictures of PICTURES) {
      const done = await withDatabase(
        pictures.schema,
        async ({ db }) => {
          const since = new Date();
          const queued = await pictures.queueMissing(db, since);
          log(`${queued} ${pictures.what} without recorded sizes queued for ${pictures.worker}`);
          if (wait && queued > 0) await awaitImageSizeJobs(db, pictures, since, queued);
          return true;
        },
        true,
      );
      if (done) found += 1;
      else log(`no ${pictures.schema} schema here: its ${pictures.what} are left to a run with the ${pictures.schema} service's DATABASE_URL`);
    }
    if (found === 0) throw new Error('neither the media nor the catalogue schema is migrated here: is DATABASE_URL the media or the catalogue service\'s database?');
  },
};

try {
  await rebuilds[model as Model]();
  log('done');
  process.exit(0);
} catch (err) {
  fail(1, (err as Error).message);
}
