import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MemoryBus } from '@brokerwise/bus';
import { decodeEvent } from '@brokerwise/proto';
import { consumeEvents } from '@brokerwise/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import { computeRating } from '../src/domain/score.ts';
import { handlers } from '../src/events/registry.ts';
import { decideOn, errorOf, moderator, newCompany, startHarness, submit, veteran, type Harness } from './harness.ts';

describe('moderation, audit and rating recomputation (real SQL, bus)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  const rating = (companyId: string) => h.call('GET', `/v1/companies/${companyId}/rating`);
  const ratingEvent = (companyId: string, version: number) =>
    h.waitForEvent('reviews.rating.changed', (p) => p.companyId === companyId && p.version === BigInt(version));
  /** Polls the stored rating until it reaches `version`. */
  const ratingAt = (companyId: string, version: number) =>
    vi.waitFor(
      async () => {
        const r = await rating(companyId);
        expect(r.body.version, `rating of ${companyId} never reached v${version}`).toBeGreaterThanOrEqual(version);
        return r.body;
      },
      { timeout: 15_000, interval: 25 },
    );

  it('queues pending reviews, the longest waiting first, edits going to the back', async () => {
    const before = (await h.call('GET', '/v1/moderation/queue?limit=50')).body.total as number;
    const company = newCompany();
    const a = veteran();
    const first = await submit(h, company, a);
    h.advance(1_000);
    const second = await submit(h, company, veteran());
    h.advance(1_000);
    await submit(h, company, a, { stars: 1 }); // edit: written later than `second`
    const queue = await h.call('GET', '/v1/moderation/queue?limit=50');
    expect(queue.body.total).toBe(before + 2);
    const ours = queue.body.items.filter((i: { companyId: string }) => i.companyId === company).map((i: { id: string }) => i.id);
    expect(ours).toEqual([second.body.id, first.body.id]);
    expect(queue.body.items.every((i: { status: string }) => i.status === 'pending')).toBe(true);
    await decideOn(h, second.body.id, 'approve');
    const after = await h.call('GET', '/v1/moderation/queue?limit=50');
    expect(after.body.items.map((i: { id: string }) => i.id)).not.toContain(second.body.id);
  });

  it('approves: the review is published, audited and the company re-rated', async () => {
    const company = newCompany();
    expect((await rating(company)).body).toEqual({ companyId: company, score: 3.5, displayScore: 3.5, approvedCount: 0, distribution: [0, 0, 0, 0, 0], version: 0, computedAt: null });
    const r = await submit(h, company, veteran(), { stars: 5 });
    const d = await decideOn(h, r.body.id, 'approve');
    expect(d.status, JSON.stringify(d.body)).toBe(200);
    expect(d.body.review).toMatchObject({ id: r.body.id, status: 'approved', rejectReason: null, moderatedAt: expect.any(String) });
    expect(d.body.audit).toMatchObject({ reviewId: r.body.id, moderatorId: moderator, decision: 'approve', reason: '', previousStatus: 'pending', at: d.body.review.moderatedAt });

    const event = await ratingEvent(company, 1);
    // One fresh 5★ review over the prior: (7 × 3.5 + 5) / 8.
    expect(event.payload.score).toBeCloseTo(3.6875, 6);
    expect(event.payload).toMatchObject({ displayScore: 3.7, approvedCount: 1, distribution: [0, 0, 0, 0, 1] });
    const stored = await ratingAt(company, 1);
    expect(stored).toMatchObject({ score: event.payload.score, displayScore: 3.7, approvedCount: 1, distribution: [0, 0, 0, 0, 1], version: 1 });
    expect((await h.call('GET', `/v1/companies/${company}/reviews`)).body.items.map((i: { id: string }) => i.id)).toEqual([r.body.id]);
  });

  it('rejects with a reason the author is told, audited; a reason is required and short', async () => {
    const company = newCompany();
    const author = veteran();
    const r = await submit(h, company, author, { stars: 1 });
    for (const reason of [undefined, '   ']) {
      const no = await decideOn(h, r.body.id, 'reject', reason);
      expect(no.status).toBe(400);
      expect(errorOf(no)).toMatchObject({ code: 'reviews.validation', fields: { reason: 'required' } });
    }
    const long = await decideOn(h, r.body.id, 'reject', 'x'.repeat(501));
    expect(errorOf(long)).toMatchObject({ code: 'reviews.validation', fields: { reason: 'length' } });
    expect(await h.db.selectFrom('moderation_audit').select('id').where('review_id', '=', r.body.id).execute()).toHaveLength(0);

    const reason = 'Insults towards staff are not allowed';
    const d = await decideOn(h, r.body.id, 'reject', `  ${reason} `);
    expect(d.status).toBe(200);
    expect(d.body.review).toMatchObject({ status: 'rejected', rejectReason: reason });
    const mine = (await h.call('GET', `/v1/companies/${company}/reviews?viewer=${author.userId}`)).body;
    expect(mine).toMatchObject({ items: [], total: 0, mine: { id: r.body.id, status: 'rejected', rejectReason: reason } });
    const event = await h.waitForEvent('reviews.review.rejected', (p) => p.reviewId === r.body.id);
    expect(event.payload).toMatchObject({ reason, moderatorId: moderator, userId: author.userId, companyId: company });
    // A rejection also recomputes (nothing approved: the prior).
    expect((await ratingEvent(company, 1)).payload).toMatchObject({ score: 3.5, approvedCount: 0 });
  });

  it('audits every decision (who, when, why), refuses a repeat and unknown reviews', async () => {
    const r = await submit(h, newCompany(), veteran());
    const approve = await decideOn(h, r.body.id, 'approve');
    const again = await decideOn(h, r.body.id, 'approve');
    expect(again.status).toBe(409);
    expect(errorOf(again)).toMatchObject({ code: 'reviews.already_moderated', kind: 'conflict' });
    h.advance(60_000);
    const takeDown = await h.call('POST', `/v1/moderation/${r.body.id}`, { moderatorId: randomUUID(), decision: 'reject', reason: 'Author is an employee' });
    expect(takeDown.body.review.status).toBe('rejected');
    const audit = await h.call('GET', `/v1/moderation/${r.body.id}/audit`);
    expect(audit.body.items).toEqual([
      { ...approve.body.audit },
      { id: expect.any(String), reviewId: r.body.id, moderatorId: takeDown.body.audit.moderatorId, decision: 'reject', reason: 'Author is an employee', previousStatus: 'approved', at: takeDown.body.review.moderatedAt },
    ]);
    expect(Date.parse(audit.body.items[1].at) - Date.parse(audit.body.items[0].at)).toBeGreaterThanOrEqual(60_000);

    for (const id of [randomUUID(), 'not-a-uuid']) {
      const missing = await decideOn(h, id, 'approve');
      expect(missing.status).toBe(404);
      expect(errorOf(missing).code).toBe('reviews.review_not_found');
    }
    expect((await h.call('POST', `/v1/moderation/${r.body.id}`, { moderatorId: moderator, decision: 'maybe' })).status).toBe(400);
    expect((await h.call('POST', `/v1/moderation/${r.body.id}`, { decision: 'approve' })).status).toBe(400);
  });

  it('re-rates on approval, deletion and an edit of a published review, with increasing versions', async () => {
    const company = newCompany();
    const authors = [veteran(), veteran(), veteran()];
    const ids: string[] = [];
    for (const [i, a] of authors.entries()) {
      const r = await submit(h, company, a, { stars: [5, 4, 1][i] });
      ids.push(r.body.id);
      await decideOn(h, r.body.id, 'approve');
      await ratingAt(company, i + 1);
    }
    const three = await ratingAt(company, 3);
    expect(three).toMatchObject({ approvedCount: 3, distribution: [1, 0, 0, 1, 1] });
    const rows = await h.db.selectFrom('review').select(['stars', 'updated_at']).where('company_id', '=', company).execute();
    const expected = computeRating(rows.map((r) => ({ stars: r.stars, writtenAt: r.updated_at })), new Date(three.computedAt));
    expect(three.score).toBeCloseTo(expected.score, 9);

    // The 1★ author deletes: recomputed without it.
    await h.call('DELETE', `/v1/companies/${company}/reviews/mine?userId=${authors[2]!.userId}`);
    expect(await ratingAt(company, 4)).toMatchObject({ approvedCount: 2, distribution: [0, 0, 0, 1, 1] });
    expect((await ratingEvent(company, 4)).payload.approvedCount).toBe(2);

    // The 5★ author edits: hidden until moderated again, so it no longer counts.
    await submit(h, company, authors[0]!, { stars: 2 });
    expect(await ratingAt(company, 5)).toMatchObject({ approvedCount: 1, distribution: [0, 0, 0, 1, 0] });
    expect((await h.call('GET', `/v1/companies/${company}/reviews`)).body.items.map((i: { id: string }) => i.id)).toEqual([ids[1]]);

    // A new pending review counts for nothing and is not recomputed; its deletion is (cheap,
    // idempotent): the next version is the deletion's, as its correlation id shows.
    const pending = await submit(h, company, veteran());
    expect(pending.status).toBe(200);
    const del = await h.call('DELETE', `/v1/companies/${company}/reviews/mine?userId=${pending.body.userId}`);
    const six = await ratingEvent(company, 6);
    expect(six.envelope.correlationId).toBe(del.headers.get('x-request-id'));
    expect(six.payload.approvedCount).toBe(1);
  });

  it('recomputes once per event: a redelivered approval is skipped by the inbox', async () => {
    const company = newCompany();
    const r = await submit(h, company, veteran());
    await decideOn(h, r.body.id, 'approve');
    await ratingAt(company, 1);
    const rows = await h.db.selectFrom('outbox').select('payload').where('type', '=', 'reviews.review.approved').execute();
    const row = rows.find((o) => {
      const e = decodeEvent(o.payload);
      return e.type === 'reviews.review.approved' && e.payload.reviewId === r.body.id;
    })!;
    expect(row).toBeDefined();
    // The same event delivered again (another message id, so no bus-level dedupe) to the
    // service's handler group: the inbox knows it, nothing is recomputed.
    const bus = new MemoryBus();
    const log = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {}, child: () => log } as unknown as FastifyBaseLogger;
    const redeliver = async () => {
      const sub = await consumeEvents({ bus, db: h.db, log, durable: 'reviews-rating', handlers: handlers(h.now) });
      await bus.publish({ id: randomUUID(), type: 'reviews.review.approved', data: row.payload });
      await sub.drain(); // waits for the delivery in flight
    };
    const version = async () => Number((await h.db.selectFrom('company_rating').select('version').where('company_id', '=', company).executeTakeFirstOrThrow()).version);
    await redeliver();
    expect(await version()).toBe(1);
    // Control: without its inbox row the same delivery does recompute, so the skip above was the inbox's doing.
    const decoded = decodeEvent(row.payload);
    await h.db.deleteFrom('inbox').where('event_id', '=', decoded.envelope.id).where('handler', '=', 'reviews-rating').execute();
    await redeliver();
    expect(await version()).toBe(2);
    await bus.close();
  });
});
