import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jaccard, trigrams } from '../src/domain/signals.ts';
import { newCompany, startHarness, veteran, type Harness } from './harness.ts';

const DAY_MS = 86_400_000;

interface Item {
  source: string;
  targetId: string;
  severity: number;
  signals: { kind: string; details: Record<string, unknown> }[];
}

/** Automatic signals (issue 17) with small thresholds, so each is crossed and not crossed here. */
describe('automatic signals on submitted reviews (real SQL)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({
      LOG_LEVEL: 'error',
      SIGNAL_SEVERITY: '3',
      SIGNAL_DUPLICATE_SIMILARITY: '0.8',
      SIGNAL_BURST_COUNT: '3',
      SIGNAL_BURST_MINUTES: '10',
      SIGNAL_SHARED_ORIGIN_ACCOUNTS: '2',
      SIGNAL_NEW_ACCOUNT_DAYS: '7',
    });
  });
  afterAll(async () => {
    await h?.close();
  });

  /** An account created `days` ago (the 24 h new-account limits apply below one day). */
  const account = (days = 400) => {
    const userId = randomUUID();
    return { userId, username: `u_${userId.slice(0, 8)}`, accountCreatedAt: new Date(h.now().getTime() - days * DAY_MS).toISOString() };
  };
  /** A text no other test shares: distinct words, so it is near nothing else. */
  const unique = () => `Opinion ${randomUUID()} on ${randomUUID()} service quality`;
  const submit = async (companyId: string, author: { userId: string; username: string; accountCreatedAt: string }, text: string, extra: Record<string, unknown> = {}) => {
    const r = await h.call('PUT', `/v1/companies/${companyId}/reviews/mine`, { ...author, stars: 2, text, confirmed: true, ...extra });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.id as string;
  };
  const item = async (reviewId: string): Promise<Item> => {
    for (let page = 1; ; page += 1) {
      const r = await h.call('GET', `/v1/moderation/work?limit=50&page=${page}`);
      expect(r.status).toBe(200);
      const found = (r.body.items as Item[]).find((i) => i.targetId === reviewId);
      if (found) return found;
      if (page * 50 >= r.body.total) throw new Error(`review ${reviewId} is not in the queue`);
    }
  };
  const kinds = (i: Item) => i.signals.map((s) => s.kind).sort();

  it('flags a near-duplicate of another account’s review with the ids and similarity; the original and an unrelated text stay plain', async () => {
    const text = `Withdrawals ${randomUUID().slice(0, 8)} took three weeks and support never answered my emails about it`;
    const original = await submit(newCompany(), account(), text);
    const copy = await submit(newCompany(), account(), `${text.toUpperCase()}!!`);
    const other = await submit(newCompany(), account(), unique());

    const flagged = await item(copy);
    expect(flagged).toMatchObject({ source: 'pending_review', severity: 3 });
    expect(flagged.signals).toEqual([{ kind: 'near_duplicate', details: expect.objectContaining({ count: 1, reviewIds: [original], threshold: 0.8 }) }]);
    expect(flagged.signals[0]!.details.similarity).toBeGreaterThanOrEqual(0.8);
    for (const id of [original, other]) expect(await item(id)).toMatchObject({ severity: 0, signals: [] });
  });

  it('does not count texts below the similarity threshold, nor the author’s own reviews', async () => {
    const base = `Spreads ${randomUUID().slice(0, 8)} were fair but the platform froze twice during news`;
    const looser = `Spreads ${randomUUID().slice(0, 8)} were fair, the app froze once in a quiet session`;
    expect(jaccard(trigrams(base), trigrams(looser))).toBeLessThan(0.8);
    await submit(newCompany(), account(), base);
    expect(await item(await submit(newCompany(), account(), looser))).toMatchObject({ severity: 0, signals: [] });

    const me = account();
    const own = `Own words ${randomUUID().slice(0, 8)} about a slow verification process and fees`;
    await submit(newCompany(), me, own);
    expect((await item(await submit(newCompany(), me, own))).signals).toEqual([]);
  });

  it('flags a burst: the 3rd review of a company within 10 minutes, not the 2nd, nor one after the window', async () => {
    const company = newCompany();
    const first = await submit(company, account(), unique());
    const second = await submit(company, account(), unique());
    expect((await item(second)).signals).toEqual([]);
    const third = await submit(company, account(), unique());
    const flagged = await item(third);
    expect(flagged.severity).toBe(3);
    expect(flagged.signals).toEqual([{ kind: 'company_burst', details: expect.objectContaining({ count: 3, minutes: 10, threshold: 3, reviewIds: [first, second] }) }]);

    h.advance(11 * 60_000);
    expect((await item(await submit(company, account(), unique()))).signals).toEqual([]);
  });

  it('flags several accounts from one address or one device on the same company, not on another company', async () => {
    const company = newCompany();
    const first = await submit(company, account(), unique(), { originAddress: 'addr-1', originDevice: 'dev-1' });
    const sameAddress = await submit(company, account(), unique(), { originAddress: 'addr-1', originDevice: 'dev-2' });
    expect((await item(sameAddress)).signals).toEqual([{ kind: 'shared_origin', details: expect.objectContaining({ accounts: 2, via: 'address', reviewIds: [first] }) }]);
    const sameDevice = await submit(company, account(), unique(), { originAddress: 'addr-3', originDevice: 'dev-1' });
    // (The third review of the company in minutes is a burst too, with these thresholds.)
    expect((await item(sameDevice)).signals.filter((x) => x.kind === 'shared_origin')).toEqual([{ kind: 'shared_origin', details: expect.objectContaining({ accounts: 2, via: 'device', reviewIds: [first] }) }]);
    expect((await item(first)).signals).toEqual([]);

    expect((await item(await submit(newCompany(), account(), unique(), { originAddress: 'addr-1', originDevice: 'dev-1' }))).signals).toEqual([]);
    // The raw values never reach the database beyond what the gateway sent (it sends keyed hashes).
    const stored = await h.db.selectFrom('review').select(['origin_address', 'origin_device']).where('id', '=', sameDevice).executeTakeFirstOrThrow();
    expect(stored).toEqual({ origin_address: 'addr-3', origin_device: 'dev-1' });
  });

  it('flags an account younger than 7 days whose text has a link; not without a link, nor an older account', async () => {
    const link = () => `Great bonus ${randomUUID().slice(0, 8)}, sign up at bestfx-bonus.com today`;
    const young = await item(await submit(newCompany(), account(1.5), link()));
    expect(young.signals).toEqual([{ kind: 'new_account_link', details: { ageDays: 1, thresholdDays: 7 } }]);
    expect((await item(await submit(newCompany(), account(1.5), unique()))).signals).toEqual([]);
    expect((await item(await submit(newCompany(), account(8), link()))).signals).toEqual([]);
  });

  it("flags a reviewer whose email domain is the company's website domain", async () => {
    const tied = await item(await submit(newCompany(), account(), unique(), { emailDomain: 'Mail.AcmeFX.com', companyDomain: 'www.acmefx.com' }));
    expect(tied.signals).toEqual([{ kind: 'tied_account', details: { domain: 'mail.acmefx.com' } }]);
    expect((await item(await submit(newCompany(), account(), unique(), { emailDomain: 'gmail.com', companyDomain: 'www.acmefx.com' }))).signals).toEqual([]);
  });

  it('an edit to an original text leaves the old flags in the record but off the queue item', async () => {
    const company = newCompany();
    const author = account();
    const text = `Copied ${randomUUID().slice(0, 8)} text about hidden fees on every single withdrawal request`;
    await submit(newCompany(), account(), text);
    const id = await submit(company, author, text);
    expect(kinds(await item(id))).toEqual(['near_duplicate']);
    h.advance(1000);
    expect(await submit(company, author, unique())).toBe(id);
    expect(await item(id)).toMatchObject({ severity: 0, signals: [] });
    const kept = await h.db.selectFrom('review_flag').select('kind').where('review_id', '=', id).execute();
    expect(kept).toEqual([{ kind: 'near_duplicate' }]);
  });

  it('a burst of near-duplicate reviews with a link from fresh accounts ends in the queue, above plain pending reviews, with its reasons', async () => {
    const company = newCompany();
    const plain = await submit(newCompany(), veteran(), unique());
    const campaign = `Best broker ${randomUUID().slice(0, 8)} ever!!! Instant payouts, join via www.fx-rich.example.com`;
    const ids: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      // Each a fresh account (two days old), each text the campaign with a small twist.
      ids.push(await submit(company, account(2), i % 2 === 0 ? campaign : `${campaign} 👍`));
    }
    const items = await Promise.all(ids.map(item));
    expect(kinds(items[0]!)).toEqual(['new_account_link']);
    expect(kinds(items[1]!)).toEqual(['near_duplicate', 'new_account_link']);
    for (const i of items.slice(2)) expect(kinds(i)).toEqual(['company_burst', 'near_duplicate', 'new_account_link']);
    const last = items[3]!;
    expect(last.severity).toBe(3);
    expect(last.signals.find((s) => s.kind === 'near_duplicate')!.details).toMatchObject({ count: 3, reviewIds: expect.arrayContaining(ids.slice(0, 3)) });
    expect(last.signals.find((s) => s.kind === 'company_burst')!.details).toMatchObject({ count: 4, minutes: 10 });

    // Most severe first: the whole campaign before the plain pending review.
    const queue = (await h.call('GET', '/v1/moderation/work?limit=50')).body.items as Item[];
    const at = (id: string) => queue.findIndex((q) => q.targetId === id);
    for (const id of ids) expect(at(id)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...ids.map(at))).toBeLessThan(at(plain) === -1 ? Infinity : at(plain));
    // Nothing was hidden or deleted: every one is still pending, waiting for a moderator.
    const rows = await h.db.selectFrom('review').select(['status', 'deleted_at']).where('id', 'in', ids).execute();
    expect(rows).toEqual(ids.map(() => ({ status: 'pending', deleted_at: null })));
  });
});
