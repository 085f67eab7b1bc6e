import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bind, boundEarlier, key, login, startHarness, trader, type Harness } from './harness.ts';

const DAY = 86_400_000;

/** Every deal the simulator holds for the account now (paging to the end). */
/** Binds a new account (login ending in `suffix`) on a live server; its id. */
async function bindLive(h: Harness, owner: ReturnType<typeof trader>, server: string, suffix: string): Promise<string> {
  const number = login(suffix);
  const r = await bind(h, owner, { server, accountNumber: number, password: `ro-${number}` });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.id as string;
}

async function simulatorDeals(h: Harness, server: string, number: string): Promise<{ id: string; type: string; profit: number; swap: number; commission: number }[]> {
  const out: any[] = [];
  let cursor = '';
  for (;;) {
    const res = await fetch(`${h.simUrl}/v1/accounts/${number}/deals?limit=500${cursor ? `&cursor=${cursor}` : ''}`, {
      headers: { authorization: `Basic ${Buffer.from(`${number}:ro-${number}`).toString('base64')}`, 'x-bridge-server': server },
    });
    const body = (await res.json()) as any;
    out.push(...body.items);
    cursor = body.nextCursor;
    if (!body.hasMore) return out;
  }
}

describe('background sync through the bridge simulator (real HTTP, SQL, bus)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('syncs a bound account: summary, every deal once, statistics, events', async () => {
    const b = await h.broker();
    const owner = trader();
    const number = login();
    const r = await bind(h, owner, { server: b.live, accountNumber: number, password: `ro-${number}` });
    const a = await h.waitForAccount(r.body.id, (x) => x.sync.state === 'ok');
    const expected = await simulatorDeals(h, b.live, number);
    const trades = expected.filter((d) => d.type === 'buy' || d.type === 'sell');
    const balance = Math.round(expected.reduce((s, d) => s + d.profit + d.swap + d.commission, 0) * 100) / 100;
    expect(a.summary).toMatchObject({ live: true, currency: expect.stringMatching(/^(USD|EUR)$/), leverage: expect.any(Number) });
    expect(a.stats.trades).toBe(trades.length);
    expect(a.stats.balance).toBeCloseTo(balance, 1);
    expect(a.stats.deposits).toBeGreaterThan(0);
    expect(a.sync).toMatchObject({ state: 'ok', error: null, failures: 0, lastSuccessAt: expect.any(String), nextAttemptAt: expect.any(String) });
    const dealRows = await h.db.selectFrom('deal').select('deal_id').where('account_id', '=', r.body.id).execute();
    expect(dealRows.map((d) => d.deal_id).sort()).toEqual(expected.map((d) => d.id).sort());

    const synced = await h.waitForEvent('trader.account.synced', (p) => p.accountId === r.body.id);
    expect(synced.payload).toMatchObject({ userId: owner.userId, companyId: b.companyId, live: true, dealsAdded: expected.length, dealsTotal: expected.length });
    const stats = await h.waitForEvent('trader.stats.updated', (p) => p.accountId === r.body.id);
    expect(stats.payload.trades).toBe(trades.length);
    expect(stats.payload.gainPct).toBeCloseTo(a.stats.gainPct, 6);

    // The detail: curve, monthly returns, orders with every column, newest first.
    const detail = (await h.call('GET', `/v1/accounts/${r.body.id}`)).body;
    expect(detail.curve.length).toBeGreaterThan(2);
    expect(detail.monthly.length).toBeGreaterThan(1);
    const orders = (await h.call('GET', `/v1/accounts/${r.body.id}/orders?limit=5`)).body;
    expect(orders.total).toBe(trades.length);
    expect(orders.items[0]).toMatchObject({ symbol: expect.any(String), side: expect.stringMatching(/^(buy|sell)$/), lots: expect.any(Number), openPrice: expect.any(Number), closeTime: expect.any(String), interest: expect.any(Number), profit: expect.any(Number) });
    expect(Date.parse(orders.items[0].closeTime)).toBeGreaterThanOrEqual(Date.parse(orders.items[4].closeTime));
  });

  it('continues from its cursor when time moves on, and a repeated history adds nothing', async () => {
    const b = await h.broker();
    const owner = trader();
    const number = login();
    const r = await bind(h, owner, { server: b.live, accountNumber: number, password: `ro-${number}` });
    const first = await h.waitForAccount(r.body.id, (x) => x.sync.state === 'ok');
    const before = await h.db.selectFrom('deal').select((eb) => eb.fn.countAll<number>().as('n')).where('account_id', '=', r.body.id).executeTakeFirstOrThrow();
    h.advance(30 * DAY);
    expect((await h.call('POST', `/v1/accounts/${r.body.id}/sync`, { userId: owner.userId })).status).toBe(200);
    const second = await h.waitForAccount(r.body.id, (x) => x.sync.lastSuccessAt !== first.sync.lastSuccessAt);
    const after = await h.db.selectFrom('deal').select((eb) => eb.fn.countAll<number>().as('n')).where('account_id', '=', r.body.id).executeTakeFirstOrThrow();
    const expected = await simulatorDeals(h, b.live, number);
    expect(Number(after.n)).toBe(expected.length);
    expect(Number(after.n)).toBeGreaterThan(Number(before.n));
    const added = await h.waitForEvent('trader.account.synced', (p) => p.accountId === r.body.id && p.dealsTotal === expected.length);
    expect(added.payload.dealsAdded).toBe(expected.length - Number(before.n));
    expect(second.stats.trades).toBeGreaterThanOrEqual(first.stats.trades);

    // Forget the cursor: the whole history comes again and nothing is duplicated.
    await h.db.updateTable('account').set({ cursor: null }).where('id', '=', r.body.id).execute();
    await h.call('POST', `/v1/accounts/${r.body.id}/sync`, { userId: owner.userId });
    await h.waitForAccount(r.body.id, (x) => x.sync.lastSuccessAt !== second.sync.lastSuccessAt);
    const again = await h.db.selectFrom('deal').select((eb) => eb.fn.countAll<number>().as('n')).where('account_id', '=', r.body.id).executeTakeFirstOrThrow();
    expect(Number(again.n)).toBe(expected.length);
    const replay = await h.waitForEvent('trader.account.synced', (p) => p.accountId === r.body.id && p.dealsAdded === 0);
    expect(replay.payload.dealsTotal).toBe(expected.length);
  });

  it('marks failing accounts with their reason and retries with backoff, without holding the others up', async () => {
    const b = await h.broker();
    const owner = trader();
    const bindOne = (suffix: string) => bindLive(h, owner, b.live, suffix);
    // Binding would refuse these today (it checks with the bridge): bound before their bridge failed.
    const earlier = (suffix: string, password?: string) => {
      const number = login(suffix);
      return boundEarlier(h, owner, { server: b.live, accountNumber: number, password: password ?? `ro-${number}` });
    };
    const hanging = await earlier('13');
    const broken = await earlier('50');
    const refused = await earlier('40');
    const wrongPassword = await earlier('27', 'not-the-password');
    const flaky = await earlier('51');
    const partial = await bindOne('66');
    const healthy = await bindOne('27');

    const ok = await h.waitForAccount(healthy, (a) => a.sync.state === 'ok');
    expect(ok.stats.trades).toBeGreaterThan(0);
    const p = await h.waitForAccount(partial, (a) => a.sync.state === 'ok');
    const partialNumber = (await h.db.selectFrom('account').select('account_number').where('id', '=', partial).executeTakeFirstOrThrow()).account_number;
    expect(p.stats.trades).toBe((await simulatorDeals(h, b.live, partialNumber)).filter((d) => d.type !== 'balance' && d.type !== 'fee').length);
    // The flaky bridge refuses its first two calls (503) whatever they are, so reaching `ok` at all
    // takes retries; success then clears the failure count.
    const f = await h.waitForAccount(flaky, (a) => a.sync.state === 'ok');
    expect(f.sync.failures).toBe(0);

    const b500 = await h.waitForAccount(broken, (a) => a.sync.state === 'failing' && a.sync.failures >= 3);
    expect(b500.sync).toMatchObject({ error: 'unavailable', lastSuccessAt: null });
    expect(Date.parse(b500.sync.nextAttemptAt)).toBeGreaterThan(Date.parse(b500.sync.lastAttemptAt));
    expect((await h.waitForAccount(refused, (a) => a.sync.state === 'failing')).sync.error).toBe('invalid_credentials');
    expect((await h.waitForAccount(wrongPassword, (a) => a.sync.state === 'failing')).sync.error).toBe('invalid_credentials');
    const timedOut = await h.waitForAccount(hanging, (a) => a.sync.state === 'failing');
    expect(timedOut.sync.error).toBe('timeout');
    expect(timedOut.stats).toBeNull();
  });

  it('verifies ownership when the code shows up as the account name or an order comment', async () => {
    const b = await h.broker();
    const owner = trader();
    for (const via of ['name', 'comment'] as const) {
      const number = login();
      const r = await bind(h, owner, { server: b.live, accountNumber: number, password: `ro-${number}` });
      await h.waitForAccount(r.body.id, (a) => a.sync.state === 'ok');
      const asked = await h.call('POST', `/v1/accounts/${r.body.id}/verification`, { userId: owner.userId });
      expect(asked.body).toMatchObject({ verified: false, code: expect.stringMatching(/^BW-[A-Z2-9]{6}$/), expiresAt: expect.any(String) });
      const code = asked.body.code as string;
      if (via === 'name') await h.sim('POST', `/v1/sim/accounts/${number}/name`, { server: b.live, name: `John ${code}` });
      else await h.sim('POST', `/v1/sim/accounts/${number}/orders`, { server: b.live, comment: code });
      // Not verified before the next sync.
      expect((await h.call('GET', `/v1/accounts/${r.body.id}/verification?userId=${owner.userId}`)).body.verified).toBe(false);
      await h.call('POST', `/v1/accounts/${r.body.id}/sync`, { userId: owner.userId });
      const v = await h.waitForAccount(r.body.id, (a) => a.verified);
      expect(v.summary.live).toBe(true);
      expect((await h.call('GET', `/v1/accounts/${r.body.id}/verification?userId=${owner.userId}`)).body).toMatchObject({ verified: true, code: null });
      expect((await h.call('POST', `/v1/accounts/${r.body.id}/verification`, { userId: owner.userId })).status).toBe(409);
    }
    // The verified-client answer for the review badge: live and synced at that broker only.
    const other = trader();
    const demoNumber = login();
    const d = await bind(h, other, { server: b.demo, accountNumber: demoNumber, password: `ro-${demoNumber}` });
    const demo = await h.waitForAccount(d.body.id, (a) => a.sync.state === 'ok');
    // Demo accounts risk nothing: shown, never ranked.
    expect(demo.summary.live).toBe(false);
    expect(demo.ranking).toMatchObject({ ranked: false, reason: 'demo' });
    const elsewhere = crypto.randomUUID();
    const answer = await h.call('POST', '/v1/verified-clients', {
      pairs: [
        { userId: owner.userId, companyId: b.companyId },
        { userId: owner.userId, companyId: elsewhere },
        { userId: other.userId, companyId: b.companyId },
      ],
    });
    expect(answer.body).toEqual({ verified: [{ userId: owner.userId, companyId: b.companyId }] });
  });

  it('rotates keys: old ciphertexts still decrypt and are re-encrypted with the new key on sync', async () => {
    const b = await h.broker();
    const owner = trader();
    const number = login();
    const r = await bind(h, owner, { server: b.live, accountNumber: number, password: `ro-${number}` });
    await h.waitForAccount(r.body.id, (a) => a.sync.state === 'ok');
    const devKey = 'dev1:ZGV2LW9ubHktdHJhZGVyLXN5bmMta2V5LTMyYnl0ZXM=';
    await h.restart({ CREDENTIALS_KEYS: `${key('k2', 7)},${devKey}` });
    h.advance(DAY);
    await h.call('POST', `/v1/accounts/${r.body.id}/sync`, { userId: owner.userId });
    await expect
      .poll(async () => (await h.db.selectFrom('account').select('password_key_id').where('id', '=', r.body.id).executeTakeFirstOrThrow()).password_key_id, { timeout: 15_000 })
      .toBe('k2');
    expect((await h.call('GET', `/v1/accounts/${r.body.id}?viewer=${owner.userId}`)).body.account.sync.state).toBe('ok');
    // The re-encrypt command takes every other stored password (accounts that did not sync, applications) too.
    const { reencryptAll } = await import('../src/domain/rotation.ts');
    const { KeyRing } = await import('../src/domain/crypto.ts');
    const done = await reencryptAll(h.db, new KeyRing(`${key('k2', 7)},${devKey}`));
    expect(done.accounts).toBeGreaterThan(0);
    const keys = await h.db.selectFrom('account').select('password_key_id').distinct().where('password_ct', 'is not', null).execute();
    expect(keys.map((k) => k.password_key_id)).toEqual(['k2']);
    expect((await reencryptAll(h.db, new KeyRing(`${key('k2', 7)},${devKey}`))).accounts).toBe(0);
    // A key ring without the key a password was sealed with cannot read it: the owner sees why.
    await h.restart({ CREDENTIALS_KEYS: key('k3', 9) });
    await h.call('POST', `/v1/accounts/${r.body.id}/sync`, { userId: owner.userId });
    expect((await h.waitForAccount(r.body.id, (a) => a.sync.state === 'failing')).sync.error).toBe('credentials_unreadable');
    await h.restart({});
  });
});

describe('sync lanes: a hanging bridge holds up only its own lane', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ SYNC_CONCURRENCY: '2', SYNC_TIMEOUT_MS: '4000' });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('syncs the accounts bound after a hanging one while it hangs', async () => {
    const b = await h.broker();
    const owner = trader();
    const bindOne = (suffix: string) => bindLive(h, owner, b.live, suffix);
    // Binding would refuse a hanging account today: it was bound before its bridge began to hang.
    const hangingNumber = login('13');
    const hanging = await boundEarlier(h, owner, { server: b.live, accountNumber: hangingNumber, password: `ro-${hangingNumber}` });
    const healthy: string[] = [];
    for (let i = 0; i < 5; i++) healthy.push(await bindOne('27'));

    const synced = [];
    for (const id of healthy) synced.push(await h.waitForAccount(id, (a) => a.sync.state === 'ok'));
    const timedOut = await h.waitForAccount(hanging, (a) => a.sync.state === 'failing');
    expect(timedOut.sync.error).toBe('timeout');
    // All done before the hanging sync gave up (the batch scheduler made them wait for it).
    const gaveUp = Date.parse(timedOut.sync.lastAttemptAt) + 4_000;
    for (const a of synced) expect(Date.parse(a.sync.lastSuccessAt)).toBeLessThan(gaveUp);
  });
});
