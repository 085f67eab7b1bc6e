import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import type { CompanyDetail, CompanyReviews, Envelope, ErrorData, Page, PublicReview, UserInfo } from '../src/contract.ts';
import { parseGatewayConfig } from '../src/config.ts';
import { startGateway } from '../src/main.ts';

const SALT = 'reviews-test-salt';

describe('reviews through the gateway: pending for the author, approved for everyone, score follows', () => {
  let dir: string;
  const dbs: TestDatabase[] = [];
  const stops: (() => Promise<void>)[] = [];
  const bus = new MemoryBus();
  const cache = createCache({ redisUrl: process.env.REDIS_URL, keyPrefix: `${uniqueName('rev')}:` });
  let mailer: FileMailer;
  let base: string;
  let reviewsUrl: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'bw-rev-'));
    const objects = new DiskStore({ dir: path.join(dir, 'objects') });
    mailer = new FileMailer({ dir: path.join(dir, 'outbox') });
    const db = async (schema: string) => {
      const d = await createTestDatabase(schema, process.env.DATABASE_URL);
      dbs.push(d);
      return d;
    };
    const reviews = await startReviews(parseReviewsConfig({ PORT: '0', LOG_LEVEL: 'silent' }), { bus, database: await db('reviews') });
    stops.push(reviews.close);
    reviewsUrl = `http://127.0.0.1:${reviews.port}`;
    const catDb = await db('catalogue');
    const catalogue = await startCatalogue(parseCatalogueConfig({ PORT: '0', DEMO_SEED: 'false', LOG_LEVEL: 'silent', DATA_DIR: dir }), { bus, database: catDb, objects });
    stops.push(catalogue.close);
    await upsertCountry(catDb.db, { code: 'GB', name_en: 'United Kingdom', name_zh: '英国', popular: true, sort: 1 });
    await upsertCategory(catDb.db, { slug: 'Brokers', name_en: 'Brokers', name_zh: '外汇经纪商', sort: 1 });
    await fetch(`http://127.0.0.1:${catalogue.port}/v1/companies/harbour-fx`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Harbour FX', nameZh: '海港外汇', category: 'Brokers', countryCode: 'GB', score: 4.6, reviewCount: 0, description: { en: 'A broker.', zh: '一家经纪商。' } }),
    });
    const identity = await startIdentity(parseIdentityConfig({ PORT: '0', LOG_LEVEL: 'silent', DATA_DIR: dir }), { bus, objects, cache, mailer, database: await db('identity') });
    stops.push(identity.close);
    const gateway = await startGateway(
      parseGatewayConfig({
        PORT: '0', LOG_LEVEL: 'silent', SIGNATURE_SALT: SALT, DATA_DIR: dir, RATE_LIMIT_PER_MINUTE: '10000', API_CACHE_TTL_SECONDS: '30',
        CATALOGUE_URL: `http://127.0.0.1:${catalogue.port}`, IDENTITY_URL: `http://127.0.0.1:${identity.port}`, REVIEWS_URL: reviewsUrl,
      }),
      { cache, objects, bus },
    );
    stops.push(gateway.close);
    base = `http://127.0.0.1:${gateway.port}`;
  });

  afterAll(async () => {
    for (const stop of stops.reverse()) await stop();
    await cache.close();
    await bus.close();
    for (const d of dbs) await d.destroy();
    await rm(dir, { recursive: true, force: true });
  });

  async function call<T>(method: 'GET' | 'POST', p: string, opts: { token?: string; body?: unknown; lang?: string } = {}) {
    const headers: Record<string, string> = { ...(await signatureHeaders(SALT)), lang: opts.lang ?? 'en' };
    if (opts.token) headers.token = opts.token;
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${base}${p}`, { method, headers, ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}) });
    return { status: res.status, body: (await res.json()) as Envelope<T> };
  }

  async function signUp(): Promise<UserInfo> {
    const name = `r${Math.random().toString(36).slice(2, 9)}`;
    const email = `${name}@example.com`;
    await call('POST', '/api/ems/send', { body: { email, event: 'user_register' } });
    const code = /\b(\d{6})\b/.exec((await mailer.list(email))[0]!.text)![1];
    const res = await call<{ userInfo: UserInfo }>('POST', '/api/user/checkIn', { body: { tab: 'register', email, username: name, password: 'Secret123', captcha: code } });
    return res.body.data.userInfo;
  }

  it('walks a review from pending to approved, moving the company score', async () => {
    const author = await signUp();
    const bad = await call<ErrorData>('POST', '/api/reviews/submit', { token: author.token, body: { id: 'harbour-fx', score: 0, content: 'too short', check: false }, lang: 'zh-cn' });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields).toMatchObject({ score: '请打分。', content: '请输入 15 到 1000 个字符。', check: '请确认该点评基于您的亲身经历。' });
    const anon = await call<ErrorData>('POST', '/api/reviews/submit', { body: { id: 'harbour-fx', score: 5, content: 'x'.repeat(20), check: true } });
    expect(anon.body.code).toBe(402);

    const text = 'Fast withdrawals and honest spreads in my two years with them.';
    const sent = await call<PublicReview>('POST', '/api/reviews/submit', { token: author.token, body: { id: 'harbour-fx', score: 5, content: text, check: true } });
    expect(sent.body).toMatchObject({ code: 1, msg: 'Your review is pending', data: { status: 'pending', score: 5, mine: true, company: { id: 'harbour-fx', name: 'Harbour FX' } } });

    const mine = await call<CompanyReviews>('GET', '/api/reviews/list?id=harbour-fx', { token: author.token });
    expect(mine.body.data.mine).toMatchObject({ status: 'pending', content: text });
    expect(mine.body.data.list).toEqual([]);
    const others = await call<CompanyReviews>('GET', '/api/reviews/list?id=harbour-fx');
    expect(others.body.data).toMatchObject({ list: [], mine: null, rating: { count: 0 } });
    const myList = await call<Page<PublicReview>>('GET', '/api/user/reviews', { token: author.token, lang: 'zh-cn' });
    expect(myList.body.data.list[0]).toMatchObject({ status: 'pending', company: { name: '海港外汇' } });

    // A moderator approves (the admin screens come later; the reviews service audits the decision).
    const reviewId = sent.body.data.id;
    const decision = await fetch(`${reviewsUrl}/v1/moderation/${reviewId}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ moderatorId: crypto.randomUUID(), decision: 'approve', reason: '' }) });
    expect(decision.status).toBe(200);

    await expect.poll(async () => (await call<CompanyReviews>('GET', '/api/reviews/list?id=harbour-fx')).body.data.list.map((r) => r.content), { timeout: 10_000 }).toEqual([text]);
    const rated = await call<CompanyReviews>('GET', '/api/reviews/list?id=harbour-fx');
    expect(rated.body.data.rating).toMatchObject({ count: 1, distribution: [0, 0, 0, 0, 1] });
    // Bayesian average with the prior (7 × 3.5★) and one fresh 5★: (24.5 + 5) / 8 = 3.6875 → 3.7.
    expect(rated.body.data.rating.score).toBe(3.7);
    // The catalogue takes the new score through reviews.rating.changed; the gateway cache is dropped by the event.
    await expect.poll(async () => (await call<CompanyDetail>('GET', '/api/brokers/detail?id=harbour-fx')).body.data.score, { timeout: 10_000 }).toBe(3.7);
    const recent = await call<PublicReview[]>('GET', '/api/reviews/recent');
    expect(recent.body.data.map((r) => r.content)).toEqual([text]);

    const del = await call('POST', '/api/reviews/delete', { token: author.token, body: { id: 'harbour-fx' } });
    expect(del.body).toMatchObject({ code: 1, msg: 'Your review has been deleted.' });
    await expect.poll(async () => (await call<CompanyReviews>('GET', '/api/reviews/list?id=harbour-fx')).body.data.list.length, { timeout: 10_000 }).toBe(0);
  });

  it('refuses reviews of unknown companies and bad ids without a 500', async () => {
    const user = await signUp();
    const unknown = await call<ErrorData>('POST', '/api/reviews/submit', { token: user.token, body: { id: 'no-such-company', score: 4, content: 'y'.repeat(30), check: true } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe(0);
    const bad = await call<ErrorData>('GET', '/api/reviews/list?id=Bad%20Id');
    expect(bad.status).toBe(400);
  });
});
