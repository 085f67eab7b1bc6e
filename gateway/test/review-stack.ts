import { mkdir, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { vi } from 'vitest';
import { MemoryBus } from '@brokerwise/bus';
import { createCache } from '@brokerwise/cache';
import { FileMailer } from '@brokerwise/mail';
import { createTestDatabase, type TestDatabase } from '@brokerwise/sql';
import { DiskStore, type ObjectStore } from '@brokerwise/storage';
import { uniqueName, serviceTokenKeys } from '@brokerwise/testing';
import { parseCatalogueConfig } from '../../services/catalogue/src/config.ts';
import { startCatalogue } from '../../services/catalogue/src/main.ts';
import { upsertCategory, upsertCountry } from '../../services/catalogue/src/store/reference.store.ts';
import { parseIdentityConfig } from '../../services/identity/src/config.ts';
import { startIdentity } from '../../services/identity/src/main.ts';
import { identityDemo } from '../../demo/identity/accounts.ts';
import { parseNotificationsConfig } from '../../services/notifications/src/config.ts';
import { startNotifications } from '../../services/notifications/src/main.ts';
import { parseSimulatorConfig } from '../../services/bridge-simulator/src/config.ts';
import { startBridgeSimulator } from '../../services/bridge-simulator/src/main.ts';
import { parseReviewsConfig } from '../../services/reviews/src/config.ts';
import { startReviews } from '../../services/reviews/src/main.ts';
import { parseSearchConfig } from '../../services/search/src/config.ts';
import { startSearch } from '../../services/search/src/main.ts';
import { parseMediaConfig } from '../../services/media/src/config.ts';
import { startMedia } from '../../services/media/src/main.ts';
import { parseTraderSyncConfig } from '../../services/trader-sync/src/config.ts';
import { startTraderSync } from '../../services/trader-sync/src/main.ts';
import type { UserInfo } from '@brokerwise/api-contract';
import { closeStack, stackCall, type CallOptions, type StackCall } from './stack-call.ts';
import { parseGatewayConfig } from '../src/config.ts';
import { startGateway, type GatewayRoute } from '../src/main.ts';
import { ServiceTokenSigner, type Caller } from '@brokerwise/service-kit';

export type { CallOptions };

export interface ReviewStack {
  base: string;
  reviewsUrl: string;
  /** The catalogue service's own address (tests that seed companies or promotions directly). */
  catalogueUrl: string;
  demoAdmin: { email: string; username: string; password: string } | undefined;
  /** Every route the gateway registered (from Fastify's onRoute). */
  routes: GatewayRoute[];
  /** A service token for a direct call to a service (tests that seed or act past the gateway). */
  serviceHeaders: (service: string, caller?: Caller) => Promise<Record<string, string>>;
  /** The bridge simulator's address, with `{ trader: true }`. */
  simUrl: string | undefined;
  /** trader-sync's own address, with `{ trader: true }`. */
  traderUrl: string | undefined;
  /** `body` is sent as JSON, `html` as text/html (statement uploads). */
  call: StackCall;
  /** Registers a new user with the mailed code; returns its user info (token for the `token` header). */
  signUp(): Promise<UserInfo>;
  /** The mails the notifications service sent (codes, notices' mails), by recipient. */
  mailbox: FileMailer;
  /** The object store the gateway and the services share (tests that look at stored files). */
  objects: ObjectStore;
  close(): Promise<void>;
}

/**
 * Reviews, catalogue (one company: harbour-fx, "Harbour FX" / 海港外汇), identity, notifications
 * (mails the codes) and the gateway on one in-process bus, each with its own test database; for
 * the review and admin tests. With `trader`, also trader-sync and the bridge simulator (trader tests).
 */
export async function startReviewStack(
  salt: string,
  opts: {
    trader?: boolean;
    /** Also search and media: every /api operation has its service (fuzz suite). */ all?: boolean;
    gatewayEnv?: Record<string, string>;
    /** Extra identity settings (social sign-in providers). */ identityEnv?: Record<string, string>;
    /** The reviews service's "now" (complaint clocks): tests move it instead of sleeping. */ reviewsNow?: () => Date;
  } = {},
): Promise<ReviewStack> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bw-revstack-'));
  // Service tokens on (ADR 017), as in production: the gateway signs, the services check.
  const keys = serviceTokenKeys();
  const svcKey = { SERVICE_TOKEN_PUBLIC_KEY: keys.SERVICE_TOKEN_PUBLIC_KEY };
  const signer = new ServiceTokenSigner(keys.SERVICE_TOKEN_PRIVATE_KEY);
  const serviceHeaders = async (service: string, caller: Caller = {}) => ({ authorization: `Bearer ${await signer.sign(service, caller)}` });
  const dbs: TestDatabase[] = [];
  const stops: (() => Promise<void>)[] = [];
  const bus = new MemoryBus();
  const cache = createCache({ redisUrl: process.env.REDIS_URL, keyPrefix: `${uniqueName('revstack')}:` });
  const objects = new DiskStore({ dir: path.join(dir, 'objects') });
  const mailer = new FileMailer({ dir: path.join(dir, 'outbox') });
  const db = async (schema: string) => {
    const d = await createTestDatabase(schema, process.env.DATABASE_URL);
    dbs.push(d);
    return d;
  };

  let simUrl: string | undefined;
  let traderUrl: string | undefined;
  if (opts.trader) {
    const sim = await startBridgeSimulator(parseSimulatorConfig({ PORT: '0', LOG_LEVEL: 'silent', SIM_HANG_MS: '5000' }));
    stops.push(sim.close);
    simUrl = sim.url;
    // Before the catalogue publishes: the in-process bus delivers to existing durables.
    const trader = await startTraderSync(parseTraderSyncConfig({ ...svcKey, PORT: '0', LOG_LEVEL: 'silent', DATA_DIR: dir, BRIDGE_URL: sim.url, SYNC_TICK_MS: '50', SYNC_TIMEOUT_MS: '2000' }), { bus, database: await db('trader') });
    stops.push(trader.close);
    traderUrl = `http://127.0.0.1:${trader.port}`;
  }
  const reviews = await startReviews(parseReviewsConfig({ ...svcKey, PORT: '0', LOG_LEVEL: 'silent' }), { bus, objects, database: await db('reviews'), ...(opts.reviewsNow ? { now: opts.reviewsNow } : {}) });
  stops.push(reviews.close);
  const extraUrls: Record<string, string> = {};
  if (opts.all) {
    const search = await startSearch(parseSearchConfig({ ...svcKey, PORT: '0', LOG_LEVEL: 'silent', DATA_DIR: dir }), { bus, database: await db('search') });
    stops.push(search.close);
    await mkdir(path.join(dir, 'tmp'), { recursive: true });
    const media = await startMedia(parseMediaConfig({ ...svcKey, PORT: '0', LOG_LEVEL: 'silent', DATA_DIR: dir, TMP_DIR: path.join(dir, 'tmp'), DEMO_SEED: 'false' }), { bus, objects, database: await db('media') });
    stops.push(media.close);
    extraUrls.SEARCH_URL = `http://127.0.0.1:${search.port}`;
    extraUrls.MEDIA_URL = `http://127.0.0.1:${media.port}`;
  }
  const catDb = await db('catalogue');
  const catalogue = await startCatalogue(parseCatalogueConfig({ ...svcKey, PORT: '0', DEMO_SEED: 'false', LOG_LEVEL: 'silent', DATA_DIR: dir }), { bus, database: catDb, objects });
  stops.push(catalogue.close);
  await upsertCountry(catDb.db, { code: 'GB', name_en: 'United Kingdom', name_zh: '英国', popular: true, sort: 1 });
  await upsertCategory(catDb.db, { slug: 'Brokers', name_en: 'Brokers', name_zh: '外汇经纪商', sort: 1 });
  const put = await fetch(`http://127.0.0.1:${catalogue.port}/v1/companies/harbour-fx`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', ...(await serviceHeaders('catalogue', { role: 'admin' })) },
    body: JSON.stringify({ name: 'Harbour FX', nameZh: '海港外汇', category: 'Brokers', countryCode: 'GB', score: 4.6, reviewCount: 0, description: { en: 'A broker.', zh: '一家经纪商。' } }),
  });
  if (!put.ok) throw new Error(`seeding harbour-fx failed: ${put.status}`);
  // As `npm start` does: identity seeds the demo admin (demo/) with a random password and hands it back.
  // Codes are mailed by the notifications service, from identity's event (ADR 010).
  const notifications = await startNotifications(parseNotificationsConfig({ ...svcKey, PORT: '0', LOG_LEVEL: 'silent', DATA_DIR: dir }), { bus, mailer, database: await db('notifications') });
  stops.push(notifications.close);
  if (opts.all) extraUrls.NOTIFICATIONS_URL = `http://127.0.0.1:${notifications.port}`;
  const identityConfig = parseIdentityConfig({ ...svcKey, PORT: '0', LOG_LEVEL: 'silent', DATA_DIR: dir, ...(opts.identityEnv ?? {}) });
  const identity = await startIdentity(identityConfig, { ...identityDemo(identityConfig), bus, objects, cache, database: await db('identity') });
  stops.push(identity.close);
  const reviewsUrl = `http://127.0.0.1:${reviews.port}`;
  const gateway = await startGateway(
    parseGatewayConfig({
      SERVICE_TOKEN_PRIVATE_KEY: keys.SERVICE_TOKEN_PRIVATE_KEY, PORT: '0', LOG_LEVEL: 'silent', SIGNATURE_SALT: salt, DATA_DIR: dir, RATE_LIMIT_PER_MINUTE: '10000', API_CACHE_TTL_SECONDS: '30',
      CATALOGUE_URL: `http://127.0.0.1:${catalogue.port}`, IDENTITY_URL: `http://127.0.0.1:${identity.port}`, REVIEWS_URL: reviewsUrl,
      ...(traderUrl ? { TRADER_SYNC_URL: traderUrl } : {}),
      ...extraUrls,
      ...(opts.gatewayEnv ?? {}),
    }),
    { cache, objects, bus },
  );
  stops.push(gateway.close);
  const base = `http://127.0.0.1:${gateway.port}`;

  const call = stackCall(base, salt);

  const signUp = async (): Promise<UserInfo> => {
    const name = `u${Math.random().toString(36).slice(2, 9)}`;
    const email = `${name}@example.com`;
    await call('POST', '/api/ems/send', { body: { email, event: 'user_register' } });
    const code = await vi.waitFor(
      async () => {
        const found = /\b(\d{6})\b/.exec((await mailer.list(email))[0]?.text ?? '')?.[1];
        if (!found) throw new Error(`no code mailed to ${email}`);
        return found;
      },
      { timeout: 15_000, interval: 25 },
    );
    const res = await call<{ userInfo: UserInfo }>('POST', '/api/user/checkIn', { body: { tab: 'register', email, username: name, password: 'Secret123', captcha: code } });
    if (res.body.code !== 1) throw new Error(`sign-up failed: ${res.body.msg}`);
    return res.body.data.userInfo;
  };

  return {
    base,
    reviewsUrl,
    catalogueUrl: `http://127.0.0.1:${catalogue.port}`,
    demoAdmin: identity.demoAdmin,
    routes: gateway.routes,
    simUrl,
    traderUrl,
    call,
    serviceHeaders,
    signUp,
    mailbox: mailer,
    objects,
    close: () => closeStack({ stops, cache, bus, dbs, dir }),
  };
}
