/**
 * `npm start`: the whole site in one process tree on one machine — every service, the gateway
 * and the SSR web app — on embedded defaults (PGlite, in-process bus, memory cache, files under
 * data/) with the demo seed. Set DATABASE_URL, NATS_URL, REDIS_URL, S3_*, SMTP_URL to use the
 * real components instead; the same command then runs against them.
 */
import { spawnSync } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, statSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { freePort } from '@brokerwise/testing/ports';
import { createBus } from '@brokerwise/bus';
import { createCache } from '@brokerwise/cache';
import { ConfigError, processEnv, exitWithUsageOnHelp } from '@brokerwise/config';
import { createMailer, type Mailbox } from '@brokerwise/mail';
import { addMetricsSource, startMetricsServer, type MetricsJson, type MetricsServer } from '@brokerwise/metrics';
import { ServiceTokenSigner } from '@brokerwise/service-kit';
import { startTelemetry } from '@brokerwise/telemetry';
import { createObjectStore, parseS3Env } from '@brokerwise/storage';
import { parseCatalogueConfig } from '../services/catalogue/src/config.ts';
import { startCatalogue } from '../services/catalogue/src/main.ts';
import { demoAdminEnabled, parseIdentityConfig } from '../services/identity/src/config.ts';
import { parseReviewsConfig } from '../services/reviews/src/config.ts';
import { startReviews } from '../services/reviews/src/main.ts';
import { demoSeedEnabled, parseMediaConfig } from '../services/media/src/config.ts';
import { startMedia } from '../services/media/src/main.ts';
import { parseSearchConfig } from '../services/search/src/config.ts';
import { startSearch } from '../services/search/src/main.ts';
import { startIdentity } from '../services/identity/src/main.ts';
import { parseNotificationsConfig } from '../services/notifications/src/config.ts';
import { startNotifications } from '../services/notifications/src/main.ts';
import { parseSimulatorConfig } from '../services/bridge-simulator/src/config.ts';
import { startBridgeSimulator } from '../services/bridge-simulator/src/main.ts';
import { parseTraderSyncConfig } from '../services/trader-sync/src/config.ts';
import { startTraderSync } from '../services/trader-sync/src/main.ts';
import { parseGatewayConfig, publicOrigins } from '../gateway/src/config.ts';
import { startGateway } from '../gateway/src/main.ts';
import { renderBanner, reportProgress, withoutCredentials, type Component, type DemoCounts, type Degraded } from './startup.ts';

exitWithUsageOnHelp(`Usage: npm start [-- --dev]
  The whole site in one process with demo data at http://localhost:3000 (PORT).
  Embedded PGlite, in-process bus, memory cache, local files and a dev mailbox unless
  DATABASE_URL, NATS_URL, REDIS_URL, S3_*, SMTP_URL name real servers.
  --dev      the web app from Vite with hot reload (npm run dev restarts the rest on change)
  Settings: PORT, LOG_LEVEL (warn), LOG_REQUESTS, DEMO_SEED (true), DEMO_ADMIN_PASSWORD, DATA_DIR (data).`);

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/** Builds the web app when its build is missing or older than its sources. */
function ensureWebBuild(): void {
  const built = path.join(root, 'web/build/server/index.js');
  const stale = !existsSync(built) || newestMtime(path.join(root, 'web/app')) > statSync(built).mtimeMs;
  if (!stale) return;
  console.log('Building the web app (its sources are newer than the last build; about a minute)…');
  // Vite's chunk listing says nothing to someone starting the site: shown only when the build fails.
  const r = spawnSync(process.execPath, [path.join(root, 'node_modules/@react-router/dev/bin.js'), 'build'], { cwd: path.join(root, 'web'), encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) {
    process.stdout.write(`${r.stdout}${r.stderr}`);
    console.log('The web app failed to build.');
    process.exit(r.status ?? 1);
  }
}

/**
 * A data/ directory from before the search or trader-sync service existed (or an emptied read
 * model) has companies those read models never heard of: ask the catalogue to announce them again.
 * Replayed announcements are harmless: consumers keep the newest version of each company.
 */
async function backfillReadModels(
  catalogueUrl: string,
  readModels: { name: string; category?: string; isEmpty: () => Promise<boolean> }[],
  tokens: ServiceTokenSigner | undefined,
): Promise<void> {
  // As the gateway would call it (ADR 017): a token for the catalogue, as an administrator.
  const auth = async (): Promise<Record<string, string>> => (tokens ? { authorization: `Bearer ${await tokens.sign('catalogue', { role: 'admin' })}` } : {});
  const companiesIn = async (category?: string) =>
    ((await (await fetch(`${catalogueUrl}/v1/companies?${new URLSearchParams({ limit: '1', ...(category ? { category } : {}) })}`, { headers: await auth() })).json()) as { total: number }).total;
  // A model that holds none of the catalogue's companies it should hold. An answer we can't read counts as "not missing".
  const missing = async (model: (typeof readModels)[number]) => {
    try {
      return (await companiesIn(model.category)) > 0 && (await model.isEmpty());
    } catch {
      return false;
    }
  };
  // On a fresh data/ the catalogue's first announcements are still on their way: give them a moment.
  let empty: string[] = [];
  for (let waited = 0; waited <= 5000; waited += 250) {
    empty = [];
    for (const model of readModels) if (await missing(model)) empty.push(model.name);
    if (empty.length === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const res = await fetch(`${catalogueUrl}/v1/admin/republish`, { method: 'POST', headers: await auth() });
  const what = empty.join(' and ');
  console.log(`${what[0]!.toUpperCase()}${what.slice(1)} had no companies: re-announced ${((await res.json()) as { republished: number }).republished}.`);
}

async function main(): Promise<void> {
  const startedAt = Date.now();
  // Before the first Fastify instance: log lines name their trace (and spans leave when OTEL_* say so).
  startTelemetry({ service: 'brokerwise' });
  // React (loaded by the web server below) picks its production build from NODE_ENV; the
  // development build renders several times slower and is only for --dev (Vite's JSX needs it).
  process.env.NODE_ENV ??= process.argv.includes('--dev') ? 'development' : 'production';
  // Gateway and web threads share it (the web's /api calls name the visitor); new every start unless set.
  const env: Record<string, string | undefined> = { ...processEnv(), INTERNAL_SECRET: process.env.INTERNAL_SECRET || randomBytes(32).toString('base64url') };
  // Every service here shares the process's metrics registry: one metrics server for all of them
  // (started below), not one per service.
  const metricsPort = env.METRICS_PORT;
  delete env.METRICS_PORT;
  // The gateway signs a token for every service call and the services check it (ADR 017): a key
  // pair of this start's unless both halves are given.
  if (!env.SERVICE_TOKEN_PRIVATE_KEY || !env.SERVICE_TOKEN_PUBLIC_KEY) {
    const pair = generateKeyPairSync('ed25519');
    env.SERVICE_TOKEN_PRIVATE_KEY = pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    env.SERVICE_TOKEN_PUBLIC_KEY = pair.publicKey.export({ type: 'spki', format: 'pem' }).toString();
  }
  // The banner says what a person needs; services log warnings and errors unless LOG_LEVEL says more.
  if (env.APP_MODE !== 'production') env.LOG_LEVEL ??= 'warn';
  const gatewayConfig = parseGatewayConfig(env);
  const catalogueConfig = parseCatalogueConfig({ ...env, PORT: env.CATALOGUE_PORT ?? '0' });
  const searchConfig = parseSearchConfig({ ...env, PORT: env.SEARCH_PORT ?? '0' });
  // Demo reviews follow the catalogue's demo companies, so demo scores come out of the formula.
  const reviewsConfig = parseReviewsConfig({ ...env, PORT: env.REVIEWS_PORT ?? '0', DEMO_REVIEWS: env.DEMO_REVIEWS ?? String(catalogueConfig.DEMO_SEED) });
  const identityConfig = parseIdentityConfig({ ...env, PORT: env.IDENTITY_PORT ?? '0' });
  const simulatorConfig = parseSimulatorConfig({ ...env, PORT: env.BRIDGE_SIMULATOR_PORT ?? '0' });
  // Role `all`: the transcoding worker runs in this process; demo posts unless DEMO_SEED=false.
  const mediaConfig = parseMediaConfig({ ...env, PORT: env.MEDIA_PORT ?? '0', ROLE: 'all' });
  // Links in mails (newsletter confirm/unsubscribe) point at this site unless SITE_URL says otherwise.
  const notificationsConfig = parseNotificationsConfig({ ...env, PORT: env.NOTIFICATIONS_PORT ?? '0', SITE_URL: env.SITE_URL ?? `http://localhost:${gatewayConfig.PORT}` });
  // --dev (npm run dev): pages from Vite with hot reload instead of the production build.
  const dev = process.argv.includes('--dev');
  if (dev) env.PAGE_CACHE_TTL_MS ??= '0';
  else ensureWebBuild();
  console.log('Starting the services…');
  // The demo site (demo/, ADR 021) is loaded only here, and only in demo mode.
  const demo = catalogueConfig.DEMO_SEED ? await import('../demo/index.ts') : undefined;
  // The demo admin (and the demo creators) follow DEMO_ADMIN, default on outside production, with or without the demo data.
  const demoAccounts = demoAdminEnabled(identityConfig) ? (await import('../demo/identity/accounts.ts')).identityDemo(identityConfig) : {};

  // One bus, cache, object store and mailer for the whole process: the in-process bus only
  // connects services that share it, and the dev mailbox reads what notifications sent.
  const bus = await createBus({ natsUrl: gatewayConfig.NATS_URL, namespace: gatewayConfig.NATS_NAMESPACE });
  const cache = createCache({ redisUrl: gatewayConfig.REDIS_URL, keyPrefix: `${gatewayConfig.NATS_NAMESPACE}:` });
  const objects = await createObjectStore({ dataDir: gatewayConfig.DATA_DIR, s3: parseS3Env(env) });
  const mailer = createMailer({ dataDir: notificationsConfig.DATA_DIR, smtpUrl: notificationsConfig.SMTP_URL, from: notificationsConfig.MAIL_FROM });

  // Consumers first: the in-process bus delivers only what is published after a durable exists,
  // and the catalogue's demo seed is published as soon as its outbox relay starts.
  const search = await startSearch(searchConfig, { bus });
  const reviews = await startReviews(reviewsConfig, { bus, objects, ...(demo && reviewsConfig.DEMO_REVIEWS ? { onCompanyAnnounced: demo.seedDemoReviews } : {}) });
  // The bridge simulator stands in for brokers' MetaTrader bridges unless BRIDGE_URL names a real one.
  const simulator = env.BRIDGE_URL ? undefined : await startBridgeSimulator(simulatorConfig);
  // Demo trader accounts (bound to the bridge simulator) at some of the catalogue's demo brokers.
  const traderSync = await startTraderSync(parseTraderSyncConfig({ ...env, PORT: env.TRADER_SYNC_PORT ?? '0', BRIDGE_URL: env.BRIDGE_URL ?? simulator!.url }), {
    bus,
    ...(demo ? { seed: demo.seedTraderSync } : {}),
  });
  // Posts, uploads and transcoding (its demo videos are made with ffmpeg in the background).
  const media = await startMedia(mediaConfig, { bus, objects, ...(demo && demoSeedEnabled(mediaConfig) ? { seed: demo.seedMedia } : {}) });
  // Mails codes (identity's events) and keeps company names for review notices: before both.
  const notifications = await startNotifications(notificationsConfig, { bus, mailer });
  const catalogue = await startCatalogue(catalogueConfig, { bus, objects, ...(demo ? { seed: demo.seedCatalogue } : {}) });
  const tokens = new ServiceTokenSigner(env.SERVICE_TOKEN_PRIVATE_KEY!);
  const json = async (service: string, url: string, asUser?: string): Promise<Record<string, unknown>> => {
    const res = await fetch(url, { headers: { authorization: `Bearer ${await tokens.sign(service, asUser ? { userId: asUser } : {})}` } });
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    return (await res.json()) as Record<string, unknown>;
  };
  await backfillReadModels(`http://127.0.0.1:${catalogue.port}`, [
    { name: 'the search index', isEmpty: async () => (await json('search', `http://127.0.0.1:${search.port}/v1/search?limit=1`)).total === 0 },
    // trader-sync keeps only brokers.
    {
      name: 'the trader broker list',
      category: 'Brokers',
      isEmpty: async () => {
        const { items } = await json('trader-sync', `http://127.0.0.1:${traderSync.port}/v1/brokers`);
        return Array.isArray(items) && items.length === 0;
      },
    },
  ], tokens);
  const identity = await startIdentity(identityConfig, { bus, objects, cache, ...demoAccounts });

  // Server rendering runs on its own threads (WEB_THREADS, default one per core), off the services'
  // thread; the gateway proxies pages to them. With --dev, one Vite server in this process instead.
  const webOptions = {
    host: '127.0.0.1',
    gatewayUrl: `http://127.0.0.1:${gatewayConfig.PORT}`,
    signatureSalt: gatewayConfig.SIGNATURE_SALT,
    internalSecret: gatewayConfig.INTERNAL_SECRET,
    // With PUBLIC_ORIGIN, links in pages name it, never a visitor's Host header (ADR 015); without,
    // the gateway answers loopback hosts only and pages name the one the visitor used.
    ...(gatewayConfig.PUBLIC_ORIGIN.trim() ? { siteUrl: publicOrigins(gatewayConfig).canonical, publicOrigins: gatewayConfig.PUBLIC_ORIGIN.split(',').map((o) => o.trim()).filter(Boolean) } : {}),
  };
  let web: { port: number; close: () => Promise<void>; metrics?: () => Promise<MetricsJson[]> };
  if (dev) {
    const { startWebServer } = (await import('../web/server.ts')) as typeof import('../web/server.ts');
    // A fixed port, so the hot-reload socket is known before pages are served through the gateway.
    web = await startWebServer({ ...webOptions, dev: true, port: Number(env.WEB_PORT ?? (await freePort())) });
  } else {
    const { startWebServerThreads } = (await import('../web/thread.ts')) as typeof import('../web/thread.ts');
    const webThreads = Math.max(1, Number(env.WEB_THREADS ?? Math.min(4, availableParallelism())));
    web = await startWebServerThreads({ ...webOptions, port: Number(env.WEB_PORT ?? 0) }, webThreads);
  }

  const gateway = await startGateway(
    parseGatewayConfig({
      ...env,
      CATALOGUE_URL: `http://127.0.0.1:${catalogue.port}`,
      IDENTITY_URL: `http://127.0.0.1:${identity.port}`,
      SEARCH_URL: `http://127.0.0.1:${search.port}`,
      REVIEWS_URL: `http://127.0.0.1:${reviews.port}`,
      TRADER_SYNC_URL: `http://127.0.0.1:${traderSync.port}`,
      MEDIA_URL: `http://127.0.0.1:${media.port}`,
      NOTIFICATIONS_URL: `http://127.0.0.1:${notifications.port}`,
      WEB_URL: `http://127.0.0.1:${web.port}`,
    }),
    { cache, objects, bus, ...(mailer.list ? { devMailbox: mailer as Mailbox } : {}) },
  );

  const degraded: Degraded[] = [];
  if (!media.tools) degraded.push({ what: 'no usable ffmpeg/ffprobe: video uploads and the demo videos fail', fix: 'npm install (it ships ffmpeg), or set FFMPEG_PATH and FFPROBE_PATH' });
  const ready = await fetch(`http://127.0.0.1:${gateway.port}/readyz`).then((r) => r.json() as Promise<{ checks?: Record<string, string> }>, () => undefined);
  for (const [name, result] of Object.entries(ready?.checks ?? {})) if (result !== 'ok') degraded.push({ what: `${name}: ${result}`, fix: `check the ${name} setting and that it is reachable` });
  const tools = media.tools;
  const components: Component[] = [
    gatewayConfig.DATABASE_URL ? { name: 'SQL', what: `PostgreSQL ${withoutCredentials(gatewayConfig.DATABASE_URL)}` } : { name: 'SQL', what: `PGlite (embedded) in ${path.join(gatewayConfig.DATA_DIR, 'pglite')}`, realWith: 'DATABASE_URL' },
    bus.kind === 'nats' ? { name: 'bus', what: `NATS JetStream ${withoutCredentials(gatewayConfig.NATS_URL ?? '')}` } : { name: 'bus', what: 'in-process (embedded)', realWith: 'NATS_URL' },
    cache.kind === 'redis' ? { name: 'cache', what: `Redis ${withoutCredentials(gatewayConfig.REDIS_URL ?? '')}` } : { name: 'cache', what: 'in memory (embedded)', realWith: 'REDIS_URL' },
    objects.kind === 's3' ? { name: 'objects', what: `S3 ${withoutCredentials(env.S3_ENDPOINT ?? '')} bucket ${env.S3_BUCKET ?? ''}` } : { name: 'objects', what: `files in ${gatewayConfig.DATA_DIR}`, realWith: 'S3_*' },
    mailer.kind === 'smtp' ? { name: 'mail', what: `SMTP ${withoutCredentials(notificationsConfig.SMTP_URL ?? '')}` } : { name: 'mail', what: `kept in ${path.join(notificationsConfig.DATA_DIR, 'outbox')}`, realWith: 'SMTP_URL' },
    env.BRIDGE_URL ? { name: 'MT bridge', what: withoutCredentials(env.BRIDGE_URL) } : { name: 'MT bridge', what: 'simulator (embedded)', realWith: 'BRIDGE_URL' },
    ...(dev ? [{ name: 'pages', what: 'Vite with hot reload; services restart when their files change' }] : []),
    { name: 'video', what: tools ? `ffmpeg ${tools.ffmpeg.version} (${tools.ffmpeg.source === 'npm' ? 'npm build' : tools.ffmpeg.source === 'system' ? 'on PATH' : 'FFMPEG_PATH'})` : 'none usable' },
  ];
  // Prometheus metrics of the whole process on 9464 unless METRICS_PORT says otherwise; pages render
  // on worker threads, whose render times are gathered at each scrape.
  if (web.metrics) addMetricsSource(web.metrics);
  let metrics: MetricsServer | undefined;
  try {
    metrics = await startMetricsServer({ port: Number(metricsPort || 9464), host: env.METRICS_HOST ?? '127.0.0.1' });
  } catch (err) {
    // Only a port someone asked for must be ours; the default may be taken (a second npm start).
    if (metricsPort || (err as { code?: string }).code !== 'EADDRINUSE') throw err;
  }
  const url = `http://localhost:${gateway.port}`;
  console.log(
    renderBanner({
      url,
      ...(mailer.list ? { mailboxUrl: `${url}/dev/mailbox` } : {}),
      // Demo mode only; a random password each start unless DEMO_ADMIN_PASSWORD is set.
      ...(identity.demoAdmin ? { demoAdmin: identity.demoAdmin } : {}),
      components,
      degraded,
      startedInMs: Date.now() - startedAt,
      demo: catalogueConfig.DEMO_SEED ? 'fictional companies, reviews, posts and trader accounts' : 'none (DEMO_SEED=false)',
      logLevel: env.LOG_LEVEL ?? 'info',
      logRequests: gatewayConfig.LOG_REQUESTS ?? gatewayConfig.APP_MODE === 'production',
    }),
  );
  console.log(metrics ? `Metrics (Prometheus): http://localhost:${metrics.port}/metrics` : `Metrics: port ${metricsPort || 9464} is taken; set METRICS_PORT to serve them.`);

  let stopping = false;
  // Demo posts and their videos are made in the background: one line now and then until they are in.
  if (demo && media.seeded) {
    const { DEMO_CREATOR_IDS, DEMO_POSTS } = demo;
    const videosWanted = DEMO_POSTS.filter((p) => p.kind === 'video').length;
    void reportProgress({
      stopped: () => stopping,
      print: (line) => console.log(line),
      read: async (): Promise<DemoCounts> => {
        const companies = ((await json('catalogue', `http://127.0.0.1:${catalogue.port}/v1/companies?limit=1`)).total as number) ?? 0;
        const indexed = ((await json('search', `http://127.0.0.1:${search.port}/v1/search?limit=1`)).total as number) ?? 0;
        const counts: DemoCounts = { companies, indexed, posts: 0, postsWanted: DEMO_POSTS.length, videosReady: 0, videosFailed: 0, videosWanted };
        for (const id of Object.values(DEMO_CREATOR_IDS)) {
          // The author's own view lists processing and failed videos too.
          const page = (await json('media', `http://127.0.0.1:${media.port}/v1/authors/${id}/posts?viewer=${id}&limit=50`, id)) as { total: number; items: { video?: { status: string } | null }[] };
          counts.posts += page.total;
          counts.videosReady += page.items.filter((p) => p.video?.status === 'ready').length;
          counts.videosFailed += page.items.filter((p) => p.video?.status === 'failed').length;
        }
        return counts;
      },
    }).then((counts) => {
      if (counts && counts.videosFailed > 0) console.log(`${counts.videosFailed} demo video(s) failed to transcode: see the media warnings above.`);
    });
  }
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await gateway.close();
    await web.close();
    await identity.close();
    await notifications.close();
    await search.close();
    await reviews.close();
    await traderSync.close();
    await simulator?.close();
    await media.close();
    await catalogue.close();
    await metrics?.close();
    await bus.close();
    await cache.close();
    await mailer.close();
    process.exit(0);
  };
  // Each runServer also listens for signals; this runs the whole tree's shutdown in order.
  process.removeAllListeners('SIGTERM');
  process.removeAllListeners('SIGINT');
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
}

try {
  await main();
} catch (err) {
  if (err instanceof ConfigError) {
    console.log(err.message);
    process.exit(1);
  }
  throw err;
}
