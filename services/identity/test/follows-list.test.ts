import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, registerUser, startHarness, type Harness } from './harness.ts';

describe('identity: followers and following lists (real SQL)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  const follow = async (id: string, targetId: string) => {
    const r = await h.call('POST', `/v1/users/${id}/follow`, { targetId });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  };

  it('lists followers newest first, paged, with followedAt and whether the viewer follows each', async () => {
    const creator = await registerUser(h);
    const fans = [];
    for (let i = 0; i < 3; i++) {
      const fan = await registerUser(h);
      await follow(fan.user.id, creator.user.id);
      fans.push(fan.user);
      h.advance(1000); // the service's clock, so each follow has its own created_at
    }
    const viewer = await registerUser(h);
    await follow(viewer.user.id, fans[0].id);

    const all = await h.call('GET', `/v1/users/${creator.user.id}/followers?viewer=${viewer.user.id}`);
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ total: 3, page: 1, limit: 20 });
    expect(all.body.items.map((i: { id: string }) => i.id)).toEqual([fans[2].id, fans[1].id, fans[0].id]);
    expect(all.body.items[2]).toEqual({ id: fans[0].id, username: fans[0].username, avatarKey: null, followedAt: expect.any(String), followed: true });
    expect(all.body.items[0].followed).toBe(false);
    const at = all.body.items.map((i: { followedAt: string }) => Date.parse(i.followedAt));
    expect([...at].sort((a, b) => b - a)).toEqual(at);

    const second = await h.call('GET', `/v1/users/${creator.user.id}/followers?page=2&limit=2`);
    expect(second.body).toMatchObject({ total: 3, page: 2, limit: 2, items: [{ id: fans[0].id, followed: false }] });
    // Without a viewer (or with a malformed one) nothing is followed.
    const anon = await h.call('GET', `/v1/users/${creator.user.id}/followers?viewer=nope`);
    expect(anon.body.items.every((i: { followed: boolean }) => !i.followed)).toBe(true);
  });

  it('lists the users someone follows', async () => {
    const fan = await registerUser(h);
    const a = await registerUser(h);
    const b = await registerUser(h);
    await follow(fan.user.id, a.user.id);
    h.advance(1000);
    await follow(fan.user.id, b.user.id);
    const r = await h.call('GET', `/v1/users/${fan.user.id}/following?viewer=${fan.user.id}`);
    expect(r.body).toMatchObject({ total: 2, items: [{ id: b.user.id, followed: true }, { id: a.user.id, followed: true }] });
    // An unfollow drops them from the list.
    await follow(fan.user.id, b.user.id);
    expect((await h.call('GET', `/v1/users/${b.user.id}/followers`)).body).toMatchObject({ total: 0, items: [] });
  });

  it('404 for an unknown user, 400 for a limit over 50', async () => {
    for (const id of ['0d7f4a9e-0000-4000-8000-000000000000', 'nope']) {
      const r = await h.call('GET', `/v1/users/${id}/followers`);
      expect(r.status).toBe(404);
      expect(errorOf(r).code).toBe('identity.user_not_found');
    }
    const { user } = await registerUser(h);
    expect((await h.call('GET', `/v1/users/${user.id}/followers?limit=51`)).status).toBe(400);
    expect((await h.call('GET', `/v1/users/${user.id}/followers?limit=50`)).status).toBe(200);
  });
});
