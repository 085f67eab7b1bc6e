import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { signatureHeaders } from '@brokerwise/api-signature';
import { MemoryBus } from '@brokerwise/bus';
import { createCache } from '@brokerwise/cache';
import { FileMailer } from '@brokerwise/mail';
import { createTestDatabase, type TestDatabase } from '@brokerwise/sql';
import { DiskStore } from '@brokerwise/storage';
import { uniqueName } from '@brokerwise/testing';
import { parseCatalogueConfig } from '../../services/catalogue/src/config.ts';
import { startCatalogue } from '../../services/catalogue/src/main.ts';
import { upsertCategory, upsertCountry } from '../../services/catalogue/src/store/reference.store.ts';
import { parseIdentityConfig } from '../../services/identity/src/config.ts';
import { startIdentity } from '../../services/identity/src/main.ts';
import { parseReviewsConfig } from '../../services/reviews/src/config.ts';
import { startReviews } from '../../services/reviews/src/main.ts';
import type { Envelope, UserInfo } from '../src/contract.ts';
import { parseGatewayConfig } from '../src/config.ts';
import { startGateway } from '../src/main.ts';

export interface ReviewStack {
  base: string;
  reviewsUrl: string;
  demoAdmin: { email: string; username: string; password: string } | undefined;
  call<T>(method: 'GET' | 'POST', p: string, opts?: { token?: string; body?: unknown; lang?: string }): Promise<{ status: number; body: Envelope<T> }>;
  /** Registers a new user with the mailed code; returns its user info (token for the `token` header). */
  signUp(): Promise<UserInfo>;
  close(): Promise<void>;
}

/**
 * Reviews, catalogue (one company: harbour-fx, "Harbour FX" / 海港外汇), identity and the
 * gateway on one in-process bus, each with its own test database; for the review and admin tests.
 */
export async function startReviewStack(salt: string): Promise<ReviewStack> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bw-revstack-'));
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

  const reviews = await startReviews(parseReviewsConfig({ PORT: '0', LOG_LEVEL: 'silent' }), { bus, database: await db('reviews') });
  stops.push(reviews.close);
  const catDb = await db('catalogue');
  const catalogue = await startCatalogue(parseCatalogueConfig({ PORT: '0', DEMO_SEED: 'false', LOG_LEVEL: 'silent', DATA_DIR: dir }), { bus, database: catDb, objects });
  stops.push(catalogue.close);
  await upsertCountry(catDb.db, { code: 'GB', name_en: 'United Kingdom', name_zh: '英国', popular: true, sort: 1 });
  await upsertCategory(catDb.db, { slug: 'Brokers', name_en: 'Brokers', name_zh: '外汇经纪商', sort: 1 });
  const put = await fetch(`http://127.0.0.1:${catalogue.port}/v1/companies/harbour-fx`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Harbour FX', nameZh: '海港外汇', category: 'Brokers', countryCode: 'GB', score: 4.6, reviewCount: 0, description: { en: 'A broker.', zh: '一家经纪商。' } }),
  });
  if (!put.ok) throw new Error(`seeding harbour-fx failed: ${put.status}`);
  // Embedded mode: identity seeds the demo admin with a random password and hands it back.
  const identity = await startIdentity(parseIdentityConfig({ PORT: '0', LOG_LEVEL: 'silent', DATA_DIR: dir }), { bus, objects, cache, mailer, database: await db('identity') });
  stops.push(identity.close);
  const reviewsUrl = `http://127.0.0.1:${reviews.port}`;
  const gateway = await startGateway(
    parseGatewayConfig({
      PORT: '0', LOG_LEVEL: 'silent', SIGNATURE_SALT: salt, DATA_DIR: dir, RATE_LIMIT_PER_MINUTE: '10000', API_CACHE_TTL_SECONDS: '30',
      CATALOGUE_URL: `http://127.0.0.1:${catalogue.port}`, IDENTITY_URL: `http://127.0.0.1:${identity.port}`, REVIEWS_URL: reviewsUrl,
    }),
    { cache, objects, bus },
  );
  stops.push(gateway.close);
  const base = `http://127.0.0.1:${gateway.port}`;

  const call: ReviewStack['call'] = async <T>(method: 'GET' | 'POST', p: string, opts: { token?: string; body?: unknown; lang?: string } = {}) => {
    const headers: Record<string, string> = { ...(await signatureHeaders(salt)), lang: opts.lang ?? 'en' };
    if (opts.token) headers.token = opts.token;
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${base}${p}`, { method, headers, ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}) });
    return { status: res.status, body: (await res.json()) as Envelope<T> };
  };

  const signUp = async (): Promise<UserInfo> => {
    const name = `u${Math.random().toString(36).slice(2, 9)}`;
    const email = `${name}@example.com`;
    await call('POST', '/api/ems/send', { body: { email, event: 'user_register' } });
    const code = /\b(\d{6})\b/.exec((await mailer.list(email))[0]?.text ?? '')?.[1];
    if (!code) throw new Error(`no code mailed to ${email}`);
    const res = await call<{ userInfo: UserInfo }>('POST', '/api/user/checkIn', { body: { tab: 'register', email, username: name, password: 'Secret123', captcha: code } });
    if (res.body.code !== 1) throw new Error(`sign-up failed: ${res.body.msg}`);
    return res.body.data.userInfo;
  };

  return {
    base,
    reviewsUrl,
    demoAdmin: identity.demoAdmin,
    call,
    signUp,
    close: async () => {
      for (const stop of stops.reverse()) await stop();
      await cache.close();
      await bus.close();
      for (const d of dbs) await d.destroy();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
