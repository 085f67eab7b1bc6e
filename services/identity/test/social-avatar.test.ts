import { OAuth2Server } from 'oauth2-mock-server';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRegistered } from '@brokerwise/proto';
import { startFacebookGraph, type OwnFacebookGraph } from '@brokerwise/testing';
import { errorOf, login, registerUser, startHarness, type Harness } from './harness.ts';

const CLIENT_ID = 'brokerwise-test.apps.googleusercontent.com';
const FB_APP_ID = '1234567890';

describe('identity: Google/Facebook sign-in and avatars (real SQL, bus, cache)', () => {
  let h: Harness;
  let google: OAuth2Server;
  let graph: OwnFacebookGraph;

  beforeAll(async () => {
    google = new OAuth2Server();
    await google.issuer.keys.generate('RS256');
    await google.start(0, '127.0.0.1');
    graph = await startFacebookGraph(FB_APP_ID);
    h = await startHarness({
      GOOGLE_CLIENT_IDS: `other-client,${CLIENT_ID}`,
      GOOGLE_JWKS_URL: `${google.issuer.url}/jwks`,
      GOOGLE_ISSUERS: google.issuer.url!,
      FACEBOOK_APP_ID: FB_APP_ID,
      FACEBOOK_APP_SECRET: 'test-app-secret',
      FACEBOOK_GRAPH_URL: graph.url,
    });
  });
  afterAll(async () => {
    await h?.close();
    await google?.stop();
    await graph?.close();
  });

  const idToken = (claims: Record<string, unknown>) =>
    google.issuer.buildToken({
      scopesOrTransform: (_header, payload) => {
        Object.assign(payload, { aud: CLIENT_ID, ...claims });
      },
    });
  const social = (provider: string, credential: string, extra: Record<string, unknown> = {}) =>
    h.call('POST', '/v1/social', { provider, credential, ip: '10.9.0.1', userAgent: 'vitest', ...extra });

  it('creates an account from a verified Google identity, then signs the same person in again', async () => {
    const token = await idToken({ sub: 'g-1001', email: 'Li.Wei@Example.com', email_verified: true, name: 'Li Wei' });
    const first = await social('google', token, { locale: 'zh-cn' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.created).toBe(true);
    expect(first.body.user).toMatchObject({ username: 'Li_Wei', email: 'li.wei@example.com', accountType: 'personal' });
    expect(first.body.session).toMatchObject({ userId: first.body.user.id, remember: false });

    const again = await social('google', await idToken({ sub: 'g-1001', email: 'li.wei@example.com', email_verified: true, name: 'Li Wei' }));
    expect(again.body).toMatchObject({ created: false, user: { id: first.body.user.id } });
    expect(again.body.session.id).not.toBe(first.body.session.id);

    await expect
      .poll(() => h.events.filter((e) => e.type === 'identity.user.registered' && (e.payload as UserRegistered).userId === first.body.user.id).length, { timeout: 10_000 })
      .toBe(1);
    const event = h.events.find((e) => e.type === 'identity.user.registered' && (e.payload as UserRegistered).userId === first.body.user.id)!;
    expect(event.payload).toMatchObject({ email: 'li.wei@example.com', locale: 'zh-cn' });
  });

  it('links a verified Google email to the existing password account', async () => {
    const { user, person } = await registerUser(h);
    const r = await social('google', await idToken({ sub: 'g-2002', email: person.email, email_verified: true, name: 'Someone Else' }));
    expect(r.body).toMatchObject({ created: false, user: { id: user.id, username: user.username } });
    // The link holds even when the provider later stops sending the email.
    const later = await social('google', await idToken({ sub: 'g-2002', name: 'Someone Else' }));
    expect(later.body.user.id).toBe(user.id);
    expect((await login(h, person.email, person.password)).status).toBe(200);
  });

  it('never links by an unverified email: a new account without email is created', async () => {
    const { user, person } = await registerUser(h);
    const r = await social('google', await idToken({ sub: 'g-3003', email: person.email, email_verified: false, name: user.username }));
    expect(r.body.created).toBe(true);
    expect(r.body.user.id).not.toBe(user.id);
    expect(r.body.user.email).toBeNull();
    // Named after the provider name, made unique (the same name in another case is taken).
    expect(r.body.user.username.toLowerCase()).not.toBe(user.username.toLowerCase());
    expect(r.body.user.username).toMatch(/^[\p{L}\p{N}_.-]{3,12}$/u);
  });

  it('derives a valid username when the provider name is unusable', async () => {
    const r = await social('google', await idToken({ sub: 'g-4004', name: '!!' }));
    expect(r.body.user.username).toMatch(/^google_user/);
    const long = await social('google', await idToken({ sub: 'g-4005', name: 'Alexandria Ocasio Longname' }));
    expect([...long.body.user.username].length).toBeLessThanOrEqual(12);
  });

  it('refuses forged, expired and wrong-audience tokens', async () => {
    const rogue = new OAuth2Server();
    await rogue.issuer.keys.generate('RS256');
    rogue.issuer.url = google.issuer.url; // claims to be our issuer, signs with its own key
    const forged = await rogue.issuer.buildToken({
      scopesOrTransform: (_h, p) => Object.assign(p, { iss: google.issuer.url, aud: CLIENT_ID, sub: 'g-evil' }),
    });
    const expired = await google.issuer.buildToken({ expiresIn: -3600, scopesOrTransform: (_h, p) => Object.assign(p, { aud: CLIENT_ID, sub: 'g-old' }) });
    const wrongAudience = await idToken({ sub: 'g-aud', aud: 'someone-else' });
    for (const token of [forged, expired, wrongAudience, 'not-a-jwt']) {
      const r = await social('google', token);
      expect(r.status).toBe(400);
      expect(errorOf(r).code).toBe('identity.social_token_invalid');
    }
    const users = await h.db.selectFrom('social_identity').select('subject').where('subject', 'in', ['g-evil', 'g-old', 'g-aud']).execute();
    expect(users).toEqual([]);
  });

  it('signs in with Facebook through the Graph API', async () => {
    graph.users.set('fb-token-1', { id: '777', name: '王 小明', email: 'xiaoming@example.com' });
    const r = await social('facebook', 'fb-token-1', { remember: true });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ created: true, user: { username: '王_小明', email: 'xiaoming@example.com' }, session: { remember: true } });
    expect((await social('facebook', 'fb-token-1')).body).toMatchObject({ created: false, user: { id: r.body.user.id } });
    expect(errorOf(await social('facebook', 'fb-unknown')).code).toBe('identity.social_token_invalid');
  });

  it('refuses a frozen account on social sign-in unless the caller confines its session', async () => {
    const r = await social('google', await idToken({ sub: 'g-5005', name: 'Frozen One' }));
    expect(r.body.frozen).toBe(false);
    await h.db.updateTable('user_account').set({ frozen_at: new Date() }).where('id', '=', r.body.user.id).execute();
    const again = await social('google', await idToken({ sub: 'g-5005', name: 'Frozen One' }));
    expect(again.status).toBe(403);
    expect(errorOf(again).code).toBe('identity.account_frozen');
    // The gateway confines a frozen account to its sanctions and appeals (ADR 026): signed in, told so.
    const confined = await social('google', await idToken({ sub: 'g-5005', name: 'Frozen One' }), { frozenAccess: true });
    expect(confined.status, JSON.stringify(confined.body)).toBe(200);
    expect(confined.body).toMatchObject({ created: false, frozen: true, user: { id: r.body.user.id } });
    expect((await h.call('GET', `/v1/sessions/${confined.body.session.id}`)).body).toMatchObject({ session: { revokedAt: null }, frozen: true });
    graph.users.set('fb-frozen', { id: '888', name: 'Frozen Two' });
    const fb = await social('facebook', 'fb-frozen');
    await h.db.updateTable('user_account').set({ frozen_at: new Date() }).where('id', '=', fb.body.user.id).execute();
    expect(errorOf(await social('facebook', 'fb-frozen')).code).toBe('identity.account_frozen');
    expect((await social('facebook', 'fb-frozen', { frozenAccess: true })).body).toMatchObject({ frozen: true, user: { id: fb.body.user.id } });
  });

  it('uploads an avatar (re-encoded, stored under the user), then sets it on the profile', async () => {
    const { user } = await registerUser(h);
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 30, b: 30 } } }).png().toBuffer();
    const up = await h.call('POST', `/v1/users/${user.id}/avatar`, png, { 'content-type': 'application/octet-stream' });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(up.body.key).toMatch(new RegExp(`^avatars/${user.id}/[0-9a-f]{24}\\.png$`));
    const stored = await h.objects.get(up.body.key);
    expect(stored?.info.contentType).toBe('image/png');
    expect((await sharp(stored!.body).metadata()).width).toBe(64);

    const r = await h.call('PATCH', `/v1/users/${user.id}`, { username: user.username, countryCode: 'GB', motto: '', avatarKey: up.body.key });
    expect(r.body.avatarKey).toBe(up.body.key);
    // Another user can't take it.
    const other = await registerUser(h);
    const stolen = await h.call('PATCH', `/v1/users/${other.user.id}`, { username: other.user.username, countryCode: 'GB', motto: '', avatarKey: up.body.key });
    expect(errorOf(stolen).code).toBe('identity.avatar_invalid');
  });

  it('refuses non-images, oversized uploads, unknown users and non-octet bodies', async () => {
    const { user } = await registerUser(h);
    const post = (id: string, body: Buffer) => h.call('POST', `/v1/users/${id}/avatar`, body, { 'content-type': 'application/octet-stream' });
    const text = await post(user.id, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    expect(errorOf(text)).toMatchObject({ code: 'identity.avatar_invalid', fields: { avatar: 'type' } });
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(2 * 1024 * 1024)]);
    expect(errorOf(await post(user.id, big))).toMatchObject({ code: 'identity.avatar_invalid', fields: { avatar: 'too_large' } });
    const huge = await post(user.id, Buffer.alloc(4 * 1024 * 1024));
    expect(huge.status).toBe(413);
    expect(errorOf(huge).code).toBe('payload_too_large');
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).png().toBuffer();
    expect((await post('0d7f4a9e-0000-4000-8000-000000000000', png)).status).toBe(404);
    const json = await h.call('POST', `/v1/users/${user.id}/avatar`, { image: 'x' });
    expect(json.status).toBe(400);
    expect(await h.objects.list(`avatars/${user.id}/`)).toEqual([]);
  });

  it('keeps password sign-in apart from social-only accounts', async () => {
    const r = await social('google', await idToken({ sub: 'g-6006', name: 'Social Only' }));
    const bad = await login(h, r.body.user.username, 'Any-pass-12', '10.9.1.1');
    expect(errorOf(bad).code).toBe('identity.bad_credentials');
  });

  it('answers social_disabled for a provider without configuration', async () => {
    const off = await startHarness();
    try {
      const r = await off.call('POST', '/v1/social', { provider: 'google', credential: await idToken({ sub: 'g-7007' }), ip: '10.9.2.1', userAgent: 'x' });
      expect(r.status).toBe(400);
      expect(errorOf(r).code).toBe('identity.social_disabled');
      const fb = await off.call('POST', '/v1/social', { provider: 'facebook', credential: 'fb-token-1', ip: '10.9.2.1', userAgent: 'x' });
      expect(errorOf(fb).code).toBe('identity.social_disabled');
    } finally {
      await off.close();
    }
  });
});
