import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { encodeEvent, timestampFromDate } from '@brokerwise/proto';
import { bind, login, startHarness, trader, type Harness } from './harness.ts';

const DURABLE = 'trader-sync-catalogue';

/** identity.user.deleted, published on the bus as identity does: the user's trading data goes with the account (ADR 019). */
describe('a deleted account takes its trading accounts and broker applications with it', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  const deleted = async (userId: string) => {
    const e = encodeEvent('identity.user.deleted', { userId, deletedAt: timestampFromDate(h.now()) }, { producer: 'identity' });
    await h.bus.publish({ id: e.id, type: e.type, data: e.bytes });
    return e;
  };
  /** The event was applied (or skipped) by trader-sync's consumer: its inbox row exists. */
  const handled = (eventId: string) =>
    vi.waitFor(
      async () => {
        const row = await h.db.selectFrom('inbox').select('event_id').where('event_id', '=', eventId).where('handler', '=', DURABLE).executeTakeFirst();
        expect(row, `event ${eventId} not handled yet`).toBeDefined();
      },
      { timeout: 15_000, interval: 25 },
    );
  const bindSynced = async (who: ReturnType<typeof trader>, server: string) => {
    const number = login();
    const r = await bind(h, who, { server, accountNumber: number, password: `ro-${number}` });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    await h.waitForAccount(r.body.id, (a) => a.sync.state === 'ok');
    return { id: r.body.id as string, number };
  };
  const apply = async (who: ReturnType<typeof trader>, server: string) => {
    const r = await h.call('POST', '/v1/applications', { userId: who.userId, brokerName: 'Far East FX', website: 'https://fareastfx.example', server, sampleAccount: '7012345', password: 'sample-ro-pass' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.id as string;
  };
  const leftOf = async (userId: string, accountIds: string[]) => ({
    accounts: (await h.db.selectFrom('account').select('id').where((eb) => eb.or([eb('user_id', '=', userId), eb('id', 'in', accountIds)])).execute()).length,
    deals: (await h.db.selectFrom('deal').select('deal_id').where('account_id', 'in', accountIds).execute()).length,
    applications: (await h.db.selectFrom('broker_application').select('id').where('user_id', '=', userId).execute()).length,
  });

  it('deletes their accounts (open and closed) with orders, curves and verification, leaves the ranking and frees the logins; a replay changes nothing', async () => {
    const b = await h.broker();
    const gone = trader();
    const stays = trader();
    const open = await bindSynced(gone, b.live);
    const closed = await bindSynced(gone, b.live);
    const theirs = await bindSynced(stays, b.live);
    expect((await h.call('POST', `/v1/accounts/${open.id}/verification`, { userId: gone.userId })).body.code).toMatch(/^BW-/);
    expect((await h.call('POST', `/v1/accounts/${closed.id}/unbind`, { userId: gone.userId })).body.status).toBe('closed');
    const pending = await apply(gone, `GoneFX-Live${Math.floor(Math.random() * 10_000)}`);
    const rejected = await apply(gone, `GoneFX-Real${Math.floor(Math.random() * 10_000)}`);
    expect((await h.call('POST', `/v1/applications/${rejected}/decision`, { adminId: crypto.randomUUID(), decision: 'reject', reason: 'No licence found' })).body.status).toBe('rejected');
    const othersApplication = await apply(stays, `StaysFX-Live${Math.floor(Math.random() * 10_000)}`);
    const ids = [open.id, closed.id];
    const before = await leftOf(gone.userId, ids);
    expect(before.accounts).toBe(2);
    expect(before.deals).toBeGreaterThan(0);
    expect(before.applications).toBe(2);
    const verifiedPairs = { pairs: [{ userId: gone.userId, companyId: b.companyId }, { userId: stays.userId, companyId: b.companyId }] };
    expect((await h.call('POST', '/v1/verified-clients', verifiedPairs)).body.verified).toHaveLength(2);
    const ranked = async () => (await h.call('GET', `/v1/ranking?broker=${b.slug}&limit=100`)).body.items.map((i: { account: { id: string } }) => i.account.id);
    const rankedBefore = await ranked();
    expect(rankedBefore).toEqual(expect.arrayContaining([open.id, theirs.id]));

    const e = await deleted(gone.userId);
    await handled(e.id);
    const afterCheck = async () => {
      expect(await leftOf(gone.userId, ids)).toEqual({ accounts: 0, deals: 0, applications: 0 });
      expect((await h.call('GET', `/v1/users/${gone.userId}/accounts`)).body.items).toEqual([]);
      for (const id of ids) expect((await h.call('GET', `/v1/accounts/${id}`)).status).toBe(404);
      expect((await h.call('GET', `/v1/applications?userId=${gone.userId}`)).body.total).toBe(0);
      expect((await h.call('GET', '/v1/applications?status=pending&limit=100')).body.items.map((a: { id: string }) => a.id)).not.toContain(pending);
      expect((await h.call('POST', '/v1/verified-clients', verifiedPairs)).body.verified).toEqual([{ userId: stays.userId, companyId: b.companyId }]);
      expect(await ranked()).toEqual(rankedBefore.filter((id: string) => !ids.includes(id)));
      // Nothing of anyone else changed.
      expect((await h.call('GET', `/v1/users/${stays.userId}/accounts`)).body.items.map((a: { id: string }) => a.id)).toEqual([theirs.id]);
      expect((await h.db.selectFrom('deal').select('deal_id').where('account_id', '=', theirs.id).execute()).length).toBeGreaterThan(0);
      expect((await h.call('GET', `/v1/applications?userId=${stays.userId}`)).body.items.map((a: { id: string }) => a.id)).toEqual([othersApplication]);
    };
    await afterCheck();

    // Redelivered (the same event: skipped by the inbox) or deleted again (a new event: nothing left to delete).
    await h.bus.publish({ id: e.id, type: e.type, data: e.bytes });
    await handled((await deleted(gone.userId)).id);
    await afterCheck();

    // The login is no longer bound to anyone: its real owner can bind it.
    const rebound = await bind(h, stays, { server: b.live, accountNumber: open.number, password: `ro-${open.number}` });
    expect(rebound.status, JSON.stringify(rebound.body)).toBe(200);
  });
});
