import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserFollowed, UserProfileUpdated, UserUnfollowed } from '@brokerwise/proto';
import { countFollows } from '../src/store/follow.store.ts';
import { errorOf, newPerson, registerUser, startHarness, type Harness } from './harness.ts';

describe('identity: profiles, email binding and follows (real SQL, bus, cache)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  const edit = (id: string, body: Record<string, unknown>) => h.call('PATCH', `/v1/users/${id}`, body);
  const follow = (id: string, targetId: string) => h.call('POST', `/v1/users/${id}/follow`, { targetId });

  it('reads a user, and 404 for an unknown or malformed id', async () => {
    const { user } = await registerUser(h);
    expect((await h.call('GET', `/v1/users/${user.id}`)).body).toEqual(user);
    for (const id of ['0d7f4a9e-0000-4000-8000-000000000000', 'nope']) {
      const r = await h.call('GET', `/v1/users/${id}`);
      expect(r.status).toBe(404);
      expect(errorOf(r).code).toBe('identity.user_not_found');
    }
  });

  it('edits the profile and publishes identity.user.profile_updated', async () => {
    const { user } = await registerUser(h);
    const r = await edit(user.id, { username: '交易员_Li', countryCode: 'GB', motto: '稳健 steady' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: user.id, username: '交易员_Li', countryCode: 'GB', motto: '稳健 steady', avatarKey: null, email: user.email });
    await expect
      .poll(() => h.events.filter((e) => e.type === 'identity.user.profile_updated' && (e.payload as UserProfileUpdated).userId === user.id).length, { timeout: 10_000 })
      .toBe(1);
    const event = h.events.find((e) => e.type === 'identity.user.profile_updated' && (e.payload as UserProfileUpdated).userId === user.id)!;
    expect(event.payload).toMatchObject({ username: '交易员_Li', countryCode: 'GB', motto: '稳健 steady', email: user.email, version: 2n });
    // The country can be changed but not removed.
    expect((await edit(user.id, { username: '交易员_Li', countryCode: 'AU', motto: '' })).body.countryCode).toBe('AU');
  });

  it.each([
    ['username too long (13)', { username: 'a'.repeat(13) }, { username: 'length' }],
    ['username too short', { username: 'ab' }, { username: 'length' }],
    ['username with a space', { username: 'ab cd' }, { username: 'format' }],
    ['username empty', { username: '' }, { username: 'required' }],
    ['country missing', { countryCode: null }, { countryCode: 'required' }],
    ['country empty', { countryCode: '' }, { countryCode: 'required' }],
    ['country not a code', { countryCode: 'gb' }, { countryCode: 'format' }],
    ['motto over 200', { motto: '字'.repeat(201) }, { motto: 'too_long' }],
  ])('refuses %s', async (_name, override, fields) => {
    const { user } = await registerUser(h);
    const r = await edit(user.id, { username: 'valid_name', countryCode: 'GB', motto: 'hi', ...override });
    expect(r.status).toBe(400);
    expect(errorOf(r)).toMatchObject({ code: 'identity.validation', fields });
  });

  it('accepts a motto of exactly 200 and a kept 15-character registration name', async () => {
    const { user } = await registerUser(h, { ...newPerson(), username: 'fifteen_chars_1' });
    const r = await edit(user.id, { username: 'fifteen_chars_1', countryCode: 'GB', motto: 'm'.repeat(200) });
    expect(r.status).toBe(200);
  });

  it('refuses a username taken by someone else in any case, but not the user’s own', async () => {
    const a = await registerUser(h);
    const b = await registerUser(h);
    const r = await edit(b.user.id, { username: a.user.username.toUpperCase(), countryCode: 'GB', motto: '' });
    expect(errorOf(r)).toMatchObject({ code: 'identity.username_taken', fields: { username: 'taken' } });
    expect((await edit(a.user.id, { username: a.user.username.toUpperCase(), countryCode: 'GB', motto: '' })).status).toBe(200);
  });

  it('accepts only avatar keys this user uploaded', async () => {
    const a = await registerUser(h);
    const b = await registerUser(h);
    const ownKey = `avatars/${a.user.id}/${'a'.repeat(24)}.png`;
    await h.objects.put(ownKey, Buffer.from('png'), 'image/png');
    const base = { username: a.user.username, countryCode: 'GB', motto: '' };
    for (const avatarKey of [`avatars/${b.user.id}/${'a'.repeat(24)}.png`, `avatars/${a.user.id}/${'b'.repeat(24)}.png`, `avatars/${a.user.id}/../x.png`, 'logos/x.png']) {
      const r = await edit(a.user.id, { ...base, avatarKey });
      expect(errorOf(r), avatarKey).toMatchObject({ code: 'identity.avatar_invalid', fields: { avatarKey: 'invalid' } });
    }
    expect((await edit(a.user.id, { ...base, avatarKey: ownKey })).body.avatarKey).toBe(ownKey);
    // Omitted keeps it; null removes it.
    expect((await edit(a.user.id, base)).body.avatarKey).toBe(ownKey);
    expect((await edit(a.user.id, { ...base, avatarKey: null })).body.avatarKey).toBeNull();
  });

  it('binds a new email with a bind_email code sent to it', async () => {
    const a = await registerUser(h);
    const b = await registerUser(h);
    const target = newPerson().email;
    const taken = await h.call('POST', '/v1/codes', { email: b.person.email, purpose: 'bind_email', locale: 'en', userId: a.user.id });
    expect(errorOf(taken)).toMatchObject({ code: 'identity.email_taken', fields: { email: 'taken' } });
    expect((await h.call('POST', '/v1/codes', { email: target, purpose: 'bind_email', locale: 'en', userId: a.user.id })).status).toBe(200);
    const code = await h.codeFor(target, 'bind_email');
    // The code was issued to a; b can't use it.
    const stolen = await h.call('POST', `/v1/users/${b.user.id}/email`, { email: target, code });
    expect(errorOf(stolen)).toMatchObject({ code: 'identity.code_invalid', fields: { captcha: 'invalid' } });
    expect(errorOf(await h.call('POST', `/v1/users/${a.user.id}/email`, { email: 'bad', code }))).toMatchObject({ fields: { email: 'format' } });
    const r = await h.call('POST', `/v1/users/${a.user.id}/email`, { email: target.toUpperCase(), code });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: a.user.id, email: target });
    const signIn = await h.call('POST', '/v1/login', { login: target, password: a.person.password, remember: false, ip: '10.8.0.1', userAgent: 'x' });
    expect(signIn.status).toBe(200);
  });

  it('toggles a follow, keeps both counts, tells the viewer, and publishes followed/unfollowed', async () => {
    const a = await registerUser(h);
    const b = await registerUser(h);
    expect((await follow(a.user.id, b.user.id)).body).toEqual({ following: true, followers: 1 });
    expect((await h.call('GET', `/v1/users/${b.user.id}/public?viewer=${a.user.id}`)).body).toEqual({
      id: b.user.id,
      username: b.user.username,
      avatarKey: null,
      motto: '',
      followers: 1,
      following: 0,
      followed: true,
    });
    expect((await h.call('GET', `/v1/users/${a.user.id}`)).body).toMatchObject({ following: 1, followers: 0 });
    expect((await h.call('GET', `/v1/users/${b.user.id}/public`)).body.followed).toBe(false);
    expect((await follow(a.user.id, b.user.id)).body).toEqual({ following: false, followers: 0 });
    expect((await h.call('GET', `/v1/users/${b.user.id}/public?viewer=${a.user.id}`)).body).toMatchObject({ followers: 0, followed: false });

    const mine = () => h.events.filter((e) => (e.type === 'identity.user.followed' || e.type === 'identity.user.unfollowed') && (e.payload as UserFollowed).followeeId === b.user.id);
    await expect.poll(() => mine().length, { timeout: 10_000 }).toBe(2);
    expect(mine().map((e) => e.type)).toEqual(['identity.user.followed', 'identity.user.unfollowed']);
    expect(mine()[0]!.payload).toMatchObject({ followerId: a.user.id, followers: 1n });
    expect((mine()[1]!.payload as UserUnfollowed).followers).toBe(0n);
  });

  it('refuses following yourself and unknown users', async () => {
    const a = await registerUser(h);
    const self = await follow(a.user.id, a.user.id);
    expect(self.status).toBe(400);
    expect(errorOf(self).code).toBe('identity.follow_self');
    const unknown = await follow(a.user.id, '0d7f4a9e-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect(errorOf(unknown).code).toBe('identity.user_not_found');
  });

  it('keeps counts right under 20 (and 21) concurrent toggles', async () => {
    const target = await registerUser(h);
    const fan = await registerUser(h);
    const other = await registerUser(h);
    // `other` follows too, so the target's count must not be thrown off by the racing pair.
    await follow(other.user.id, target.user.id);

    const results = await Promise.all(Array.from({ length: 20 }, () => follow(fan.user.id, target.user.id)));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(results.filter((r) => r.body.following).length).toBe(10);
    const after20 = (await h.call('GET', `/v1/users/${target.user.id}`)).body;
    expect(after20.followers).toBe(1);
    expect((await h.call('GET', `/v1/users/${fan.user.id}`)).body.following).toBe(0);
    expect(await countFollows(h.db, target.user.id)).toEqual({ followers: 1, following: 0 });

    const results21 = await Promise.all(Array.from({ length: 21 }, () => follow(fan.user.id, target.user.id)));
    expect(results21.filter((r) => r.body.following).length).toBe(11);
    expect((await h.call('GET', `/v1/users/${target.user.id}`)).body.followers).toBe(2);
    expect((await h.call('GET', `/v1/users/${fan.user.id}`)).body.following).toBe(1);
    expect(await countFollows(h.db, target.user.id)).toEqual({ followers: 2, following: 0 });

    const pairEvents = () =>
      h.events.filter((e) => (e.type === 'identity.user.followed' || e.type === 'identity.user.unfollowed') && (e.payload as UserFollowed).followerId === fan.user.id);
    await expect.poll(() => pairEvents().length, { timeout: 15_000 }).toBe(41);
    expect(pairEvents().filter((e) => e.type === 'identity.user.followed').length).toBe(21);
  });
});
