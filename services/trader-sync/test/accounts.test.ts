import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bind, errorOf, login, startHarness, trader, type Harness } from './harness.ts';

describe('trader accounts: binding, encryption, visibility, unbinding (real SQL, bus, bridge)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('checks every field of the bind form at once', async () => {
    const who = trader();
    const r = await h.call('POST', '/v1/accounts', { ...who, accountNumber: '12ab', nickname: 'x', strategyType: 'scalping', visibility: 'everyone', description: 'd'.repeat(501) });
    expect(r.status).toBe(400);
    expect(errorOf(r)).toMatchObject({
      code: 'trader.validation',
      fields: { server: 'required', account: 'format', password: 'required', nickname: 'length', description: 'length', type: 'one_of', visibility: 'one_of' },
    });
    const b = await h.broker();
    expect(errorOf(await bind(h, who, { server: 'Nowhere-Live01', accountNumber: login(), password: 'secret-1' }))).toMatchObject({ fields: { server: 'unknown' } });
    const other = await h.broker();
    expect(errorOf(await bind(h, who, { broker: other.slug, server: b.live, accountNumber: login(), password: 'secret-1' }))).toMatchObject({ fields: { server: 'broker_mismatch' } });
  });

  it('stores the read-only password encrypted, never returns it, and binds one account to one user', async () => {
    const b = await h.broker();
    const owner = trader();
    const number = login();
    const password = `ro-${number}`;
    const r = await bind(h, owner, { broker: b.slug, server: b.live, accountNumber: number, password });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ userId: owner.userId, server: b.live, accountNumber: number, broker: { companyId: b.companyId, slug: b.slug, name: b.name }, sync: { state: 'pending' }, mine: true });
    expect(JSON.stringify(r.body)).not.toContain(password);

    const row = await h.db.selectFrom('account').selectAll().where('id', '=', r.body.id).executeTakeFirstOrThrow();
    expect(row.password_key_id).toBe('dev1');
    const ct = Buffer.from(row.password_ct!);
    expect(ct.length).toBe(12 + 16 + Buffer.byteLength(password));
    expect(ct.includes(Buffer.from(password))).toBe(false);

    const bound = await h.waitForEvent('trader.account.bound', (p) => p.accountId === r.body.id);
    expect(bound.payload).toMatchObject({ userId: owner.userId, companyId: b.companyId, server: b.live, accountNumber: number, source: 'bridge' });

    // Another user binding the same account gets a field error; the owner is told it is already theirs.
    const thief = await bind(h, trader(), { server: b.live, accountNumber: number, password: 'guess-1234' });
    expect(thief.status).toBe(400);
    expect(errorOf(thief)).toMatchObject({ code: 'trader.validation', fields: { account: 'taken' } });
    expect(errorOf(await bind(h, owner, { server: b.live, accountNumber: number, password }))).toMatchObject({ fields: { account: 'bound' } });
    // The same number on another server is another account.
    expect((await bind(h, trader(), { server: b.demo, accountNumber: number, password: `ro-${number}` })).status).toBe(200);

    // Every answer about the account, to anyone, is free of the password.
    const synced = await h.waitForAccount(r.body.id, (a) => a.sync.state === 'ok', owner.userId);
    const answers = [
      synced,
      (await h.call('GET', `/v1/users/${owner.userId}/accounts`)).body,
      (await h.call('GET', `/v1/accounts/${r.body.id}`)).body,
      (await h.call('GET', `/v1/accounts/${r.body.id}/orders?viewer=${owner.userId}`)).body,
      (await h.call('GET', '/v1/ranking')).body,
    ];
    for (const a of answers) expect(JSON.stringify(a)).not.toContain(password);
    // Others see a masked account number.
    expect((await h.call('GET', `/v1/accounts/${r.body.id}`)).body.account.accountNumber).toMatch(/^\d\d\*+\d\d$/);
  });

  it('checks the read-only password with the bridge before binding: a wrong one is a field error, and nothing is stored or published', async () => {
    const b = await h.broker();
    const who = trader();
    const number = login();
    const wrong = await bind(h, who, { server: b.live, accountNumber: number, password: 'not-the-password' });
    expect(wrong.status).toBe(400);
    expect(errorOf(wrong)).toMatchObject({ code: 'trader.validation', fields: { password: 'refused' } });
    // An account the broker refuses every password for, and one its server does not know.
    const refusing = login('40');
    expect(errorOf(await bind(h, who, { server: b.live, accountNumber: refusing, password: `ro-${refusing}` }))).toMatchObject({ code: 'trader.validation', fields: { password: 'refused' } });
    const unknown = login('44');
    expect(errorOf(await bind(h, who, { server: b.live, accountNumber: unknown, password: `ro-${unknown}` }))).toMatchObject({ code: 'trader.validation', fields: { account: 'not_found' } });
    // A bridge that fails or does not answer in time: 503 (try again later), not a 500.
    const broken = login('50');
    const down = await bind(h, who, { server: b.live, accountNumber: broken, password: `ro-${broken}` });
    expect(down.status).toBe(503);
    expect(errorOf(down)).toMatchObject({ code: 'trader.broker_unavailable' });
    const hanging = login('13');
    const slow = await bind(h, who, { server: b.live, accountNumber: hanging, password: `ro-${hanging}` });
    expect(slow.status).toBe(503);
    expect(errorOf(slow)).toMatchObject({ code: 'trader.broker_unavailable' });
    const stored = await h.db.selectFrom('account').select('account_number').where('account_number', 'in', [number, refusing, unknown, broken, hanging]).execute();
    expect(stored).toEqual([]);

    // The right password binds; its event is the only one for the number (the outbox keeps order).
    const right = await bind(h, who, { server: b.live, accountNumber: number, password: `ro-${number}` });
    expect(right.status, JSON.stringify(right.body)).toBe(200);
    expect(right.body).toMatchObject({ accountNumber: number, sync: { state: 'pending' } });
    await h.waitForEvent('trader.account.bound', (p) => p.accountId === right.body.id);
    expect(h.events.filter((e) => e.type === 'trader.account.bound' && [number, refusing, unknown, broken, hanging].includes((e.payload as { accountNumber: string }).accountNumber))).toHaveLength(1);
    expect((await h.waitForAccount(right.body.id, (a) => a.sync.state === 'ok', who.userId)).sync.error).toBeNull();
  });

  it('shows hidden accounts to their owner only, and lets only the owner act on an account', async () => {
    const b = await h.broker();
    const owner = trader();
    const stranger = trader();
    const number = login();
    const r = await bind(h, owner, { server: b.live, accountNumber: number, password: `ro-${number}`, visibility: 'hidden' });
    const id = r.body.id as string;
    expect((await h.call('GET', `/v1/accounts/${id}`)).status).toBe(404);
    expect((await h.call('GET', `/v1/accounts/${id}?viewer=${stranger.userId}`)).status).toBe(404);
    expect((await h.call('GET', `/v1/accounts/${id}/orders?viewer=${stranger.userId}`)).status).toBe(404);
    expect((await h.call('GET', `/v1/accounts/${id}?viewer=${owner.userId}`)).status).toBe(200);
    for (const [path, body] of [
      ['sync', { userId: stranger.userId }],
      ['visibility', { userId: stranger.userId, visibility: 'public' }],
      ['unbind', { userId: stranger.userId }],
      ['verification', { userId: stranger.userId }],
    ] as const) {
      expect((await h.call('POST', `/v1/accounts/${id}/${path}`, body)).status, path).toBe(404);
    }
    // Once public, others see it but still cannot act on it.
    expect((await h.call('POST', `/v1/accounts/${id}/visibility`, { userId: owner.userId, visibility: 'public' })).body.visibility).toBe('public');
    expect((await h.call('GET', `/v1/accounts/${id}`)).status).toBe(200);
    const refused = await h.call('POST', `/v1/accounts/${id}/unbind`, { userId: stranger.userId });
    expect(refused.status).toBe(403);
    expect(errorOf(refused).code).toBe('trader.not_owner');
  });

  it('unbinding closes the account: history kept, password forgotten, out of the ranking, number free again', async () => {
    const b = await h.broker();
    const owner = trader();
    const number = login();
    const r = await bind(h, owner, { server: b.live, accountNumber: number, password: `ro-${number}` });
    const synced = await h.waitForAccount(r.body.id, (a) => a.sync.state === 'ok');
    const closed = await h.call('POST', `/v1/accounts/${r.body.id}/unbind`, { userId: owner.userId });
    expect(closed.body).toMatchObject({ status: 'closed', ranking: { ranked: false, reason: 'closed' }, sync: { nextAttemptAt: null } });
    expect(closed.body.stats.trades).toBe(synced.stats.trades);
    const row = await h.db.selectFrom('account').selectAll().where('id', '=', r.body.id).executeTakeFirstOrThrow();
    expect(row.password_ct).toBeNull();
    const mine = await h.call('GET', `/v1/users/${owner.userId}/accounts`);
    expect(mine.body.items.map((a: { id: string; status: string }) => [a.id, a.status])).toContainEqual([r.body.id, 'closed']);
    expect(((await h.call('GET', `/v1/accounts/${r.body.id}/orders`)).body.total)).toBe(synced.stats.trades);
    expect((await h.call('POST', `/v1/accounts/${r.body.id}/sync`, { userId: owner.userId })).status).toBe(409);
    // The account can be bound again (by anyone), as a new binding.
    expect((await bind(h, trader(), { server: b.live, accountNumber: number, password: `ro-${number}` })).status).toBe(200);
  });

  it('keeps the catalogue brokers from events: listed with their servers, searchable, gone when removed', async () => {
    const companyId = crypto.randomUUID();
    await h.publish('catalogue.company.upserted', { id: companyId, slug: 'coral-markets', name: 'Coral Markets', category: 'Brokers', version: 3n });
    await expect.poll(async () => Boolean(await h.db.selectFrom('broker').select('company_id').where('company_id', '=', companyId).executeTakeFirst()), { timeout: 10_000 }).toBe(true);
    // A stale (lower-version) upsert changes nothing.
    await h.publish('catalogue.company.upserted', { id: companyId, slug: 'coral-old', name: 'Coral Old', category: 'Brokers', version: 2n });
    // Barrier: events are handled in order, so once a later marker company is in, the stale one was handled.
    const markerId = crypto.randomUUID();
    await h.publish('catalogue.company.upserted', { id: markerId, slug: 'coral-marker', name: 'Coral Marker', category: 'Brokers', version: 1n });
    await expect.poll(async () => Boolean(await h.db.selectFrom('broker').select('company_id').where('company_id', '=', markerId).executeTakeFirst()), { timeout: 10_000 }).toBe(true);
    const { insertServer } = await import('../src/store/broker.store.ts');
    await insertServer(h.db, { id: crypto.randomUUID(), name: 'CoralMarkets-Live07', company_id: companyId, broker_name: 'Coral Markets', kind: 'live', bridge_url: null, origin: 'admin', created_at: new Date() });
    const brokers = await h.call('GET', '/v1/brokers');
    expect(brokers.body.items).toContainEqual({ companyId, slug: 'coral-markets', name: 'Coral Markets', servers: 1 });
    const found = await h.call('GET', '/v1/servers?query=coral');
    expect(found.body.items).toEqual([{ id: expect.any(String), name: 'CoralMarkets-Live07', kind: 'live', broker: { companyId, slug: 'coral-markets', name: 'Coral Markets' } }]);
    expect((await h.call('GET', '/v1/servers?query=live07')).body.items).toHaveLength(1);
    await h.publish('catalogue.company.removed', { id: companyId, slug: 'coral-markets', version: 4n });
    await expect.poll(async () => (await h.call('GET', '/v1/servers?query=coral')).body.items, { timeout: 10_000 }).toEqual([]);
    expect((await h.call('GET', '/v1/brokers')).body.items.map((b: { companyId: string }) => b.companyId)).not.toContain(companyId);
  });
});

describe('binding throttle: refused read-only passwords cannot be guessed through the bridge', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ BIND_FAILURES_PER_USER: '3', BIND_FAILURES_PER_ACCOUNT: '2', BIND_FAILURE_WINDOW_MS: '600000' });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('refuses to ask the bridge about an account after its refusals, from anyone, until the window passes', async () => {
    const b = await h.broker();
    const number = login();
    for (const who of [trader(), trader()]) {
      expect(errorOf(await bind(h, who, { server: b.live, accountNumber: number, password: 'guess-0000' }))).toMatchObject({ fields: { password: 'refused' } });
    }
    // Even the right password is not checked now: the answer says nothing about it.
    const owner = trader();
    const throttled = await bind(h, owner, { server: b.live, accountNumber: number, password: `ro-${number}` });
    expect(throttled.status).toBe(429);
    expect(errorOf(throttled)).toMatchObject({ code: 'trader.bind_throttled', params: { minutes: 10 } });
    expect(throttled.headers.get('retry-after')).toBe('600');
    // Another account on the same server is not held up.
    const other = login();
    expect((await bind(h, owner, { server: b.live, accountNumber: other, password: `ro-${other}` })).status).toBe(200);

    h.advance(600_001);
    expect((await bind(h, owner, { server: b.live, accountNumber: number, password: `ro-${number}` })).status).toBe(200);
    // Refusals past the window are forgotten, not kept: the next refusal clears them.
    expect(errorOf(await bind(h, trader(), { server: b.live, accountNumber: login(), password: 'guess-0000' }))).toMatchObject({ fields: { password: 'refused' } });
    const kept = await h.db.selectFrom('bind_check_failure').select('at').execute();
    expect(kept.every((r) => new Date(r.at).getTime() > h.now().getTime() - 600_000)).toBe(true);
  });

  it('refuses a user who keeps trying wrong passwords on different accounts', async () => {
    const b = await h.broker();
    const guesser = trader();
    for (let i = 0; i < 2; i++) {
      expect(errorOf(await bind(h, guesser, { server: b.live, accountNumber: login(), password: 'guess-0000' }))).toMatchObject({ fields: { password: 'refused' } });
    }
    // An account number the server does not know counts too: it probes which accounts exist.
    const unknown = login('44');
    expect(errorOf(await bind(h, guesser, { server: b.live, accountNumber: unknown, password: `ro-${unknown}` }))).toMatchObject({ fields: { account: 'not_found' } });
    const fresh = login();
    expect(errorOf(await bind(h, guesser, { server: b.live, accountNumber: fresh, password: `ro-${fresh}` }))).toMatchObject({ code: 'trader.bind_throttled' });
    // Someone else binds that account at once.
    expect((await bind(h, trader(), { server: b.live, accountNumber: fresh, password: `ro-${fresh}` })).status).toBe(200);
    expect(await h.db.selectFrom('bind_check_failure').select('id').where('user_id', '=', guesser.userId).execute()).toHaveLength(3);
  });
});
