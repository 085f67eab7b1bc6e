import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AccountHistory } from '../src/domain/history.ts';
import { parseSimulatorConfig } from '../src/config.ts';
import { startBridgeSimulator } from '../src/main.ts';

const SERVER = 'HarbourFX-Live01';
const DAY = 86_400_000;

describe('bridge simulator: generated histories', () => {
  it('is deterministic per server and login, in time order, with realistic deals', () => {
    const now = Date.UTC(2026, 10, 22);
    const a = new AccountHistory(SERVER, '88012345');
    const b = new AccountHistory(SERVER, '88012345');
    a.extendTo(now);
    b.extendTo(now);
    expect(a.deals).toEqual(b.deals);
    expect(a.deals.length).toBeGreaterThan(20);
    const times = a.deals.map((d) => Date.parse(d.time));
    expect([...times].sort((x, y) => x - y)).toEqual(times);
    expect(new Set(a.deals.map((d) => d.id)).size).toBe(a.deals.length);
    expect(a.deals[0]).toMatchObject({ type: 'balance', comment: 'Deposit' });
    const trades = a.deals.filter((d) => d.type === 'buy' || d.type === 'sell');
    for (const t of trades) {
      expect(t.lots).toBeGreaterThanOrEqual(0.01);
      expect(Date.parse(t.openTime!)).toBeLessThanOrEqual(Date.parse(t.time));
      expect(t.openPrice).toBeGreaterThan(0);
    }
    expect(trades.some((t) => t.profit > 0)).toBe(true);
    expect(trades.some((t) => t.profit < 0)).toBe(true);
    // Another account has another history.
    const c = new AccountHistory(SERVER, '88012346');
    c.extendTo(now);
    expect(c.deals).not.toEqual(a.deals);
  });

  it('blows up reckless accounts (login ending in 99) and keeps their history', () => {
    const h = new AccountHistory(SERVER, '70000099');
    h.extendTo(Date.UTC(2026, 10, 22));
    expect(h.blown).toBe(true);
    expect(h.balanceAt(Date.UTC(2026, 10, 22))).toBeLessThan(h.profile.deposit * 0.05);
  });
});

describe('bridge simulator: protocol and failure modes over HTTP', () => {
  let sim: Awaited<ReturnType<typeof startBridgeSimulator>>;
  let now = Date.UTC(2026, 10, 22);
  beforeAll(async () => {
    sim = await startBridgeSimulator(parseSimulatorConfig({ PORT: '0', LOG_LEVEL: 'silent', SIM_HANG_MS: '60000' }), { now: () => now });
  });
  afterAll(async () => {
    await sim?.close();
  });

  const get = async (login: string, path: string, password = `ro-${login}`, signal?: AbortSignal) => {
    const res = await fetch(`${sim.url}/v1/accounts/${login}${path}`, {
      headers: { authorization: `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`, 'x-bridge-server': SERVER },
      ...(signal ? { signal } : {}),
    });
    return { status: res.status, body: (await res.json()) as any };
  };

  it('pages through the history with a cursor and continues from it when time moves on', async () => {
    const summary = await get('88012345', '/summary');
    expect(summary.status).toBe(200);
    expect(summary.body).toMatchObject({ login: '88012345', server: SERVER, live: true, currency: expect.any(String) });
    let cursor = '';
    const all: { id: string }[] = [];
    for (;;) {
      const page = await get('88012345', `/deals?limit=50${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.status).toBe(200);
      all.push(...page.body.items);
      cursor = page.body.nextCursor;
      if (!page.body.hasMore) break;
    }
    const balance = all.reduce((s, d: any) => s + d.profit + d.swap + d.commission, 0);
    expect(summary.body.balance).toBeCloseTo(balance, 1);
    now += 20 * DAY;
    const later = await get('88012345', `/deals?limit=500&cursor=${cursor}`);
    expect(later.body.items.length).toBeGreaterThan(0);
    expect(later.body.items.map((d: { id: string }) => d.id).filter((id: string) => all.some((d) => d.id === id))).toEqual([]);
    expect((await get('88012345', '/deals?cursor=bogus')).body.error.code).toBe('bad_cursor');
  });

  it('refuses bad credentials, and fails as the login asks', async () => {
    expect((await get('88012345', '/summary', 'wrong')).body.error.code).toBe('invalid_credentials');
    expect((await get('77000040', '/summary')).status).toBe(401);
    expect((await get('77000044', '/summary')).body.error.code).toBe('account_not_found');
    expect((await get('77000050', '/summary')).status).toBe(500);
    const flaky = [(await get('77000051', '/summary')).status, (await get('77000051', '/summary')).status, (await get('77000051', '/summary')).status];
    expect(flaky).toEqual([503, 503, 200]);
    const partial = await get('77000066', '/deals?limit=100');
    expect(partial.body.items.length).toBeLessThan(100);
    expect(partial.body.hasMore).toBe(true);
    await expect(get('77000013', '/summary', 'ro-77000013', AbortSignal.timeout(300))).rejects.toThrow();
  });

  it('reports a name and order comments set through the controls', async () => {
    const post = (path: string, body: unknown) => fetch(`${sim.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect((await post('/v1/sim/accounts/88012345/name', { server: SERVER, name: 'BW-ABC123' })).status).toBe(200);
    expect((await get('88012345', '/summary')).body.name).toBe('BW-ABC123');
    const order = (await (await post('/v1/sim/accounts/88012345/orders', { server: SERVER, comment: 'BW-XYZ789' })).json()) as { id: string };
    const deals = await get('88012345', '/deals?limit=500');
    let body = deals.body;
    let cursor = body.nextCursor;
    const items = [...body.items];
    while (body.hasMore) {
      body = (await get('88012345', `/deals?limit=500&cursor=${cursor}`)).body;
      cursor = body.nextCursor;
      items.push(...body.items);
    }
    expect(items.at(-1)).toMatchObject({ id: order.id, comment: 'BW-XYZ789', profit: 0 });
  });

  it("changes an account's read-only password through the controls: the old one is refused from then on", async () => {
    const post = (path: string, body: unknown) => fetch(`${sim.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect((await get('88012327', '/summary')).status).toBe(200);
    expect((await post('/v1/sim/accounts/88012327/password', { server: SERVER })).status).toBe(400);
    expect((await post('/v1/sim/accounts/88012327/password', { server: SERVER, password: 'new-investor-pw' })).status).toBe(200);
    expect((await get('88012327', '/summary')).body.error.code).toBe('invalid_credentials');
    expect((await get('88012327', '/summary', 'new-investor-pw')).status).toBe(200);
  });
});

describe('bridge simulator: shutdown', () => {
  it('closes at once, with a caller that gave up on a hanging request and one still waiting', async () => {
    const sim = await startBridgeSimulator(parseSimulatorConfig({ PORT: '0', LOG_LEVEL: 'silent', SIM_HANG_MS: '60000' }));
    const summary = (login: string, signal?: AbortSignal) =>
      fetch(`${sim.url}/v1/accounts/${login}/summary`, {
        headers: { authorization: `Basic ${Buffer.from(`${login}:ro-${login}`).toString('base64')}`, 'x-bridge-server': SERVER },
        ...(signal ? { signal } : {}),
      });
    expect((await summary('88012345')).status).toBe(200);
    // Still waiting at shutdown: answered, then its kept-alive connection must not hold the close.
    const waiting = summary('77000113');
    await vi.waitFor(() => expect(sim.state.calls.get('77000113')).toBe(1));
    // Gave up once the server holds it: its connection closes, and fetch opens a spare one it never
    // uses (nodejs/undici#5845).
    const giveUp = new AbortController();
    const gaveUp = summary('77000213', giveUp.signal);
    await vi.waitFor(() => expect(sim.state.calls.get('77000213')).toBe(1));
    const accepted = sim.connections().accepted;
    giveUp.abort();
    await expect(gaveUp).rejects.toThrow();
    await vi.waitFor(() => expect(sim.connections()).toEqual({ open: accepted, accepted: accepted + 1 }));
    // A connection left open holds close() for Fastify's 72 s keep-alive (or undici's spare one
    // for the 60 s headers timeout): far past this test's time limit, so no clock is read here.
    await sim.close();
    expect((await waiting).status).toBe(504);
  });
});
