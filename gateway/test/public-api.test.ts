import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKeyList, CreatedApiKey, ErrorData, UserInfo } from '@brokerwise/api-contract';
import { startReviewStack, type ReviewStack } from './review-stack.ts';

/** The public read API (/v1) against the real gateway and services: keys, limits, paging, caching. */
describe('public read API /v1', () => {
  let stack: ReviewStack;
  let owner: UserInfo;
  // 200 a minute with a key, 20 without (a tenth), so the keyless limit is reached in a few calls.
  beforeAll(async () => {
    stack = await startReviewStack('public-api-salt', { trader: true, gatewayEnv: { RATE_LIMIT_PER_MINUTE: '200' } });
    owner = await stack.signUp();
  }, 120_000);
  afterAll(async () => stack?.close(), 60_000);

  const v1 = (path: string, headers: Record<string, string> = {}) => fetch(`${stack.base}${path}`, { headers });
  const newKey = async (name = 'my app') => (await stack.call<CreatedApiKey>('POST', '/api/user/apiKeys', { token: owner.token, body: { name } })).body;

  it('a key is shown once, listed by its prefix with usage, and pages companies with CORS, ETag and no personal data', async () => {
    const made = await newKey('research notebook');
    expect(made.code).toBe(1);
    expect(made.msg).toMatch(/will not be shown again/);
    expect(made.data.key).toMatch(/^bwk_[A-Za-z0-9_-]{43}$/);
    const auth = { authorization: `Bearer ${made.data.key}` };

    const res = await v1('/v1/companies?limit=1', auth);
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const page = (await res.json()) as { data: { id: string; slug: string; name: { en: string; zh: string }; url: string }[]; total: number; nextCursor: string | null };
    expect(page.data[0]).toMatchObject({ slug: 'harbour-fx', name: { en: 'Harbour FX', zh: '海港外汇' } });
    expect(page.data[0]!.url).toMatch(/\/detail\?id=harbour-fx$/);
    expect(page.nextCursor).toBe(page.total > 1 ? expect.any(String) : null);

    const etag = res.headers.get('etag');
    expect(etag).toBeTruthy();
    expect((await v1('/v1/companies?limit=1', { ...auth, 'if-none-match': etag! })).status).toBe(304);

    const detail = (await (await v1('/v1/companies/harbour-fx', { 'x-api-key': made.data.key })).json()) as { data: { licences: unknown[] } };
    expect(Array.isArray(detail.data.licences)).toBe(true);
    const reviews = await (await v1('/v1/companies/harbour-fx/reviews', auth)).text();
    expect(reviews).not.toMatch(/userId|username|email/);
    // A full copy pages through companies with their licences and rating inputs, and all reviews.
    const full = (await (await v1('/v1/companies?include=licences,rating', auth)).json()) as { data: { licences: unknown[]; ratingInputs: { score: number; distribution: number[] } }[] };
    expect(full.data[0]).toMatchObject({ licences: expect.any(Array), ratingInputs: { score: 3.5, distribution: [0, 0, 0, 0, 0] } });
    const all = await v1('/v1/reviews?limit=50', auth);
    expect(all.status).toBe(200);
    expect(await all.json()).toMatchObject({ data: expect.any(Array), total: expect.any(Number) });
    expect((await v1('/v1/companies?include=everything', auth)).status).toBe(400);
    // Without a key, include is refused at its field: it multiplies the site's work per call.
    const keyless = await v1('/v1/companies?include=licences', { 'accept-language': 'zh-CN' });
    expect(keyless.status).toBe(401);
    expect(await keyless.json()).toMatchObject({ error: { code: 'api.key_required', fields: { include: expect.stringMatching(/API 密钥/) } } });

    const list = await stack.call<ApiKeyList>('GET', '/api/user/apiKeys', { token: owner.token });
    const listed = list.body.data.items.find((k) => k.id === made.data.record.id)!;
    expect(listed).toMatchObject({ name: 'research notebook', prefix: made.data.key.slice(0, 10), revokedAt: null });
    expect(listed.usage.today).toBeGreaterThanOrEqual(3);
    expect(JSON.stringify(list.body)).not.toContain(made.data.key);
    expect(list.body.data.perMinute).toBe(200);
  });

  it('a revoked key is refused at once, in the caller language', async () => {
    const made = await newKey();
    const auth = { authorization: `Bearer ${made.data.key}` };
    expect((await v1('/v1/rankings/top-brokers', auth)).status).toBe(200);
    const revoked = await stack.call('POST', '/api/user/apiKeys/revoke', { token: owner.token, body: { id: made.data.record.id } });
    expect(revoked.body.code).toBe(1);
    const res = await v1('/v1/rankings/top-brokers', { ...auth, 'accept-language': 'zh-CN' });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: { code: 'api.key_invalid', message: expect.stringMatching(/API 密钥无效/) } });
    const forged = await v1('/v1/companies', { authorization: 'Bearer bwk_not-a-key' });
    expect(forged.status).toBe(401);
  });

  it('limits callers without a key to a tenth of a key\u2019s rate, per address', async () => {
    const statuses: number[] = [];
    // 20 a minute from this address; earlier tests made one keyless call already.
    for (let i = 0; i < 21; i++) statuses.push((await v1('/v1')).status);
    const refused = statuses.indexOf(429);
    expect(refused).toBeGreaterThanOrEqual(19);
    expect(statuses.slice(0, refused)).toEqual(Array(refused).fill(200));
    const made = await newKey('busy');
    const withKey = await v1('/v1', { authorization: `Bearer ${made.data.key}` });
    expect(withKey.status).toBe(200);
    expect(withKey.headers.get('x-ratelimit-limit')).toBe('200');
  });

  it('bad input is a field error in this API\u2019s shape; unknown paths are 404 JSON, not a page', async () => {
    const { key } = (await newKey('input checks')).data;
    const auth = { authorization: `Bearer ${key}` };
    const cursor = await v1('/v1/companies?cursor=%%%', auth);
    expect(cursor.status).toBe(400);
    expect(await cursor.json()).toMatchObject({ error: { code: 'validation_failed', fields: { cursor: expect.any(String) } } });
    const unknown = await v1('/v1/companies?pgae=2', auth);
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { error: ErrorData & { fields: Record<string, string> } }).error.fields).toHaveProperty('pgae');
    const missing = await v1('/v1/nothing-here', auth);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toMatch(/json/);
    expect((await v1('/v1/companies/no-such-company', auth)).status).toBe(404);
  });

  it('refuses an eleventh active key with a clear message; a key needs a name', async () => {
    const other = await stack.signUp();
    for (let i = 0; i < 10; i++) expect((await stack.call('POST', '/api/user/apiKeys', { token: other.token, body: { name: `k${i}` } })).body.code).toBe(1);
    const eleventh = await stack.call<ErrorData>('POST', '/api/user/apiKeys', { token: other.token, body: { name: 'one more' } });
    expect(eleventh.status).toBe(409);
    expect(eleventh.body.msg).toMatch(/already have 10 active API keys/);
    const unnamed = await stack.call<ErrorData>('POST', '/api/user/apiKeys', { token: other.token, body: { name: '  ' }, lang: 'zh-cn' });
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.data.fields?.name).toMatch(/请为密钥命名/);
  });
});
