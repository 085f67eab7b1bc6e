// Services trust only the gateway's signed word (ADR 017): a call without a valid token for this
// service is refused, and who acts comes from the token, not from what the caller writes.
import { generateKeyPairSync } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFastify, registerHealth, ServiceTokenSigner } from '../src/index.ts';

const pair = () => {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return { privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString() };
};
const gateway = pair();
const stranger = pair();
const ALICE = '2b7c5a86-3d0e-4f7e-9a43-6c1d2f1b9e01';
const BOB = '8f1e2d3c-4b5a-4697-8877-665544332211';

describe('service tokens', () => {
  const app = buildFastify({ service: 'reviews', logLevel: 'silent', trustRequestId: true, pretty: false, serviceToken: { audience: 'reviews', publicKeyPem: gateway.publicKey.replace(/\n/g, '\\n') } });
  const signer = new ServiceTokenSigner(gateway.privateKey);
  beforeAll(async () => {
    registerHealth(app, [], { watchIntervalMs: 0 });
    app.post('/v1/mine', async (request) => ({ caller: request.caller, body: request.body }));
    app.get('/v1/queue', { config: { callerRole: 'admin' } }, async () => ({ ok: true }));
    app.get('/v1/moderation', { config: { callerRole: 'moderator' } }, async () => ({ ok: true }));
    app.get('/v1/users/:userId/notices', { config: { callerParam: 'userId' } }, async () => ({ ok: true }));
    await app.ready();
  });
  afterAll(() => app.close());

  const call = async (method: 'GET' | 'POST', url: string, token?: string, body?: unknown) => {
    const r = await app.inject({ method, url, headers: token ? { authorization: `Bearer ${token}` } : {}, ...(body ? { payload: body as object } : {}) });
    return { status: r.statusCode, body: r.json() as Record<string, unknown> };
  };

  it('refuses a call without a token, with a forged, foreign or expired one; the probes need none', async () => {
    expect(await call('POST', '/v1/mine', undefined, { userId: ALICE })).toMatchObject({ status: 401, body: { error: { code: 'service_token_required' } } });
    const forged = await new ServiceTokenSigner(stranger.privateKey).sign('reviews', { userId: ALICE });
    expect(await call('POST', '/v1/mine', forged, { userId: ALICE })).toMatchObject({ status: 401, body: { error: { code: 'service_token_invalid' } } });
    const forMedia = await signer.sign('media', { userId: ALICE });
    expect(await call('POST', '/v1/mine', forMedia, { userId: ALICE })).toMatchObject({ status: 401, body: { error: { code: 'service_token_invalid' } } });
    const { createPrivateKey } = await import('node:crypto');
    const expired = await new SignJWT({}).setProtectedHeader({ alg: 'EdDSA' }).setIssuer('brokerwise-gateway').setAudience('reviews').setSubject(ALICE).setIssuedAt(Math.floor(Date.now() / 1000) - 600).setExpirationTime(Math.floor(Date.now() / 1000) - 540).sign(createPrivateKey(gateway.privateKey));
    expect((await call('POST', '/v1/mine', expired, { userId: ALICE })).status).toBe(401);
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });

  it('reuses a token per service and caller for a while; a reused token is checked again by what it says', async () => {
    const first = await signer.sign('reviews', { userId: ALICE });
    expect(await signer.sign('reviews', { userId: ALICE })).toBe(first);
    expect(await signer.sign('reviews', { userId: BOB })).not.toBe(first);
    expect(await signer.sign('reviews', { userId: ALICE, role: 'admin' })).not.toBe(first);
    expect(await signer.sign('media', { userId: ALICE })).not.toBe(first);
    // Verified once, remembered: the same token still names Alice and only her.
    expect(await call('POST', '/v1/mine', first, { userId: ALICE })).toMatchObject({ status: 200, body: { caller: { userId: ALICE } } });
    expect(await call('POST', '/v1/mine', first, { userId: ALICE })).toMatchObject({ status: 200, body: { caller: { userId: ALICE } } });
    expect((await call('POST', '/v1/mine', first, { userId: BOB })).status).toBe(403);
    expect((await call('GET', '/v1/queue', first)).status).toBe(403);
  });

  it('takes the acting user from the token: a body naming someone else is refused', async () => {
    const alice = await signer.sign('reviews', { userId: ALICE });
    expect(await call('POST', '/v1/mine', alice, { userId: ALICE, stars: 5 })).toEqual({ status: 200, body: { caller: { userId: ALICE }, body: { userId: ALICE, stars: 5 } } });
    expect(await call('POST', '/v1/mine', alice, { userId: BOB })).toMatchObject({ status: 403, body: { error: { code: 'acting_user_mismatch' } } });
    expect(await call('POST', '/v1/mine?viewer=' + BOB, alice, {})).toMatchObject({ status: 403, body: { error: { code: 'acting_user_mismatch' } } });
    const visitor = await signer.sign('reviews', {});
    expect((await call('POST', '/v1/mine', visitor, { userId: ALICE })).status).toBe(403);
    expect(await call('GET', `/v1/users/${ALICE}/notices`, alice)).toMatchObject({ status: 200 });
    expect(await call('GET', `/v1/users/${BOB}/notices`, alice)).toMatchObject({ status: 403, body: { error: { code: 'acting_user_mismatch' } } });
  });

  it('needs the admin role for admin routes and moderator fields', async () => {
    const alice = await signer.sign('reviews', { userId: ALICE });
    const admin = await signer.sign('reviews', { userId: ALICE, role: 'admin' });
    expect(await call('GET', '/v1/queue', alice)).toMatchObject({ status: 403, body: { error: { code: 'admin_required' } } });
    expect(await call('GET', '/v1/queue', admin)).toMatchObject({ status: 200 });
    expect(await call('POST', '/v1/mine', alice, { moderatorId: ALICE })).toMatchObject({ status: 403, body: { error: { code: 'admin_required' } } });
    expect(await call('POST', '/v1/mine', admin, { moderatorId: BOB })).toMatchObject({ status: 403, body: { error: { code: 'admin_required' } } });
    expect(await call('POST', '/v1/mine', admin, { moderatorId: ALICE })).toMatchObject({ status: 200 });
  });

  it('lets a moderator do moderator things only; an admin does both', async () => {
    const alice = await signer.sign('reviews', { userId: ALICE });
    const moderator = await signer.sign('reviews', { userId: ALICE, role: 'moderator' });
    const admin = await signer.sign('reviews', { userId: ALICE, role: 'admin' });
    expect(await call('GET', '/v1/moderation', alice)).toMatchObject({ status: 403, body: { error: { code: 'admin_required' } } });
    expect(await call('GET', '/v1/moderation', moderator)).toMatchObject({ status: 200 });
    expect(await call('GET', '/v1/moderation', admin)).toMatchObject({ status: 200 });
    expect(await call('GET', '/v1/queue', moderator)).toMatchObject({ status: 403, body: { error: { code: 'admin_required' } } });
    expect(await call('POST', '/v1/mine', moderator, { moderatorId: ALICE })).toMatchObject({ status: 200, body: { caller: { userId: ALICE, role: 'moderator' } } });
    expect(await call('POST', '/v1/mine', moderator, { adminId: ALICE })).toMatchObject({ status: 403, body: { error: { code: 'admin_required' } } });
  });
});
