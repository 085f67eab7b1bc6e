import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFastify, consumeEvents } from '@brokerwise/service-kit';
import { sql } from '@brokerwise/sql';
import { rebuildReadModel } from '../src/domain/rebuild.ts';
import { catalogueHandlers } from '../src/events/registry.ts';
import { createTestBus, DURABLE, removedEvent, startHarness, upsertedEvent, type Harness, type SearchHit } from './harness.ts';

describe('search service (real SQL, real bus)', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness();
  });

  afterAll(async () => {
    await h?.close();
  });

  const slugs = async (query: Record<string, string | number>) => {
    const r = await h.search(query);
    expect(r.status).toBe(200);
    return (r.body.items as SearchHit[]).map((i) => i.slug);
  };

  it('makes an upserted company searchable in both languages, with every field mapped', async () => {
    const id = randomUUID();
    await h.deliver(
      upsertedEvent({
        id,
        slug: 'aurora-vista-fx',
        name: 'Aurora Vista FX',
        nameZh: '极光远景外汇',
        aliases: ['Jiguang Yuanjing', 'AVF'],
        countryCode: 'AU',
        descriptionEn: 'A regulated broker offering MT5.',
        descriptionZh: '一家提供MT5的受监管经纪商。',
        score: 4.4,
        founded: 2011,
        regulated: true,
      }),
    );
    const r = await h.search({ q: 'aurora vista' });
    expect(r.body.total).toBe(1);
    expect(r.body.items[0]).toEqual({
      id,
      slug: 'aurora-vista-fx',
      name: 'Aurora Vista FX',
      nameZh: '极光远景外汇',
      category: 'Brokers',
      countryCode: 'AU',
      descriptionEn: 'A regulated broker offering MT5.',
      descriptionZh: '一家提供MT5的受监管经纪商。',
      score: 4.4,
      regulated: true,
      founded: 2011,
      logoUrl: '/media/logos/aurora-vista-fx.svg',
      relevance: 80,
    });
    expect(await slugs({ q: '极光远景' })).toEqual(['aurora-vista-fx']);
    expect(await slugs({ q: 'AVF' })).toEqual(['aurora-vista-fx']);
    expect(await slugs({ q: '监管' })).toEqual(['aurora-vista-fx']);
  });

  it('ignores a stale version and applies a newer one', async () => {
    const id = randomUUID();
    await h.deliver(upsertedEvent({ id, slug: 'tern-harbour', name: 'Tern Harbour', score: 3.1, version: 2 }));
    await h.deliver(upsertedEvent({ id, slug: 'tern-harbour', name: 'Tern Harbour Old Name', score: 1.0, version: 1 }));
    let hit = (await h.search({ q: 'tern harbour' })).body.items[0] as SearchHit;
    expect(hit).toMatchObject({ name: 'Tern Harbour', score: 3.1 });
    const row = await h.db.selectFrom('company').select(['version']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(Number(row.version)).toBe(2);

    await h.deliver(upsertedEvent({ id, slug: 'tern-harbour', name: 'Tern Harbour Group', score: 3.6, version: 3 }));
    hit = (await h.search({ q: 'tern harbour' })).body.items[0] as SearchHit;
    expect(hit).toMatchObject({ name: 'Tern Harbour Group', score: 3.6 });
  });

  it('finds a renamed company by its new names and aliases only, in every tier (the tier indexes follow the row)', async () => {
    const id = randomUUID();
    await h.deliver(upsertedEvent({ id, slug: 'cormorant-ledge', name: 'Cormorant Ledge', nameZh: '鸬鹚岩架', aliases: ['CML'], version: 1 }));
    expect((await h.search({ q: 'cormorant ledge' })).body.items[0]).toMatchObject({ slug: 'cormorant-ledge', relevance: 100 });
    await h.deliver(upsertedEvent({ id, slug: 'skerry-wharf', name: 'Skerry Wharf', nameZh: '礁石码头', aliases: ['SKW'], version: 2 }));
    for (const gone of ['cormorant', 'cormorant ldge', 'ledge', '鸬鹚', 'CML']) expect(await slugs({ q: gone }), gone).toEqual([]);
    const first = async (q: string) => (await h.search({ q })).body.items[0];
    expect(await first('skerry wharf')).toMatchObject({ slug: 'skerry-wharf', relevance: 100 });
    expect(await first('skerr')).toMatchObject({ slug: 'skerry-wharf', relevance: 80 });
    expect(await first('wharf')).toMatchObject({ slug: 'skerry-wharf', relevance: 40 });
    expect(await first('skw')).toMatchObject({ slug: 'skerry-wharf', relevance: 60 });
    expect(await first('礁石')).toMatchObject({ slug: 'skerry-wharf', relevance: 80 });
    expect(await first('码头')).toMatchObject({ slug: 'skerry-wharf', relevance: 40 });
  });

  it('removes a company, and a late upsert older than the removal does not bring it back', async () => {
    const id = randomUUID();
    await h.deliver(upsertedEvent({ id, slug: 'puffin-rock', name: 'Puffin Rock', nameZh: '海鹦岩', version: 1 }));
    expect(await slugs({ q: 'puffin' })).toEqual(['puffin-rock']);
    // A removal older than the stored row is ignored.
    await h.deliver(upsertedEvent({ id, slug: 'puffin-rock', name: 'Puffin Rock', nameZh: '海鹦岩', version: 3 }));
    await h.deliver(removedEvent(id, 'puffin-rock', 2));
    expect(await slugs({ q: 'puffin' })).toEqual(['puffin-rock']);

    await h.deliver(removedEvent(id, 'puffin-rock', 4));
    expect(await slugs({ q: 'puffin' })).toEqual([]);
    expect(await slugs({ q: '海鹦' })).toEqual([]);
    await h.deliver(upsertedEvent({ id, slug: 'puffin-rock', name: 'Puffin Rock', version: 3 }));
    expect(await slugs({ q: 'puffin' })).toEqual([]);
  });

  it('does not apply a redelivered event twice (inbox keyed by event id)', async () => {
    const id = randomUUID();
    const first = upsertedEvent({ id, slug: 'gannet-cliff', name: 'Gannet Cliff', version: 1 });
    await h.deliver(first);
    // Make a second application observable: drop the row behind the consumer's back.
    await h.db.deleteFrom('company').where('id', '=', id).execute();

    // The same event id delivered again. The service's bus dedupes publishes by id, so the
    // redelivery comes through a second bus (own namespace) feeding the same durable's inbox.
    const { bus: replayBus, dispose } = await createTestBus('srchre');
    const sub = await consumeEvents({
      bus: replayBus,
      db: h.db,
      log: buildFastify({ service: 'search-test', logLevel: 'silent', trustRequestId: false }).log,
      durable: DURABLE,
      handlers: catalogueHandlers,
    });
    try {
      const marker = upsertedEvent({ slug: 'marker-co', name: 'Marker Co' });
      await replayBus.publish({ id: first.id, type: first.type, data: first.bytes });
      await replayBus.publish({ id: marker.id, type: marker.type, data: marker.bytes });
      // Delivery is in publish order: once the marker is indexed, the redelivery has been handled.
      await expect.poll(() => slugs({ q: 'marker co' }), { timeout: 20_000, interval: 50 }).toEqual(['marker-co']);
    } finally {
      await sub.drain();
      await dispose();
    }
    expect(await slugs({ q: 'gannet cliff' })).toEqual([]);
    const inbox = await sql<{ n: number }>`select count(*)::int as n from inbox where event_id = ${first.id}::uuid`.execute(h.db);
    expect(inbox.rows[0]?.n).toBe(1);
  });

  it('validates input at the edge', async () => {
    const tooMany = await h.search({ limit: 51 });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.fields).toHaveProperty('limit');
    const longQ = await h.search({ q: 'x'.repeat(101) });
    expect(longQ.status).toBe(400);
    expect(longQ.body.error.fields).toHaveProperty('q');
    expect((await h.search({ order: 'random' })).status).toBe(400);
    expect((await h.search({ country: 'gb' })).status).toBe(400);
    expect((await h.search({ minScore: 6 })).status).toBe(400);
    expect((await h.search({ category: 'Banks' })).status).toBe(400);
    expect((await h.search({ extra: 1 })).status).toBe(400);
    const odd = await h.search({ q: `'):* | !& \\ %_` });
    expect(odd.status).toBe(200);
    // Nothing searchable in it: no results, not the whole catalogue.
    expect(odd.body.total).toBe(0);
    expect((await h.search({ q: '   ' })).body.total).toBeGreaterThan(0);
  });

  it('pages with a stable total, ordered by name', async () => {
    const names = ['Skua Echo', 'Skua Alpha', 'Skua Delta', 'Skua Bravo', 'Skua Charlie'];
    await h.deliver(...names.map((name) => upsertedEvent({ slug: name.toLowerCase().replace(' ', '-'), name, countryCode: 'IS' })));
    const all = await h.search({ country: 'IS', order: 'name', limit: 50 });
    expect(all.body.total).toBe(5);
    expect(all.body.items.map((i: SearchHit) => i.name)).toEqual([...names].sort());
    const page2 = await h.search({ country: 'IS', order: 'name', limit: 2, page: 2 });
    expect(page2.body).toMatchObject({ total: 5, items: [{ name: 'Skua Charlie' }, { name: 'Skua Delta' }] });
    const beyond = await h.search({ country: 'IS', order: 'name', limit: 2, page: 999 });
    expect(beyond.body).toEqual({ items: [], total: 5, totalExact: true });
  });

  it('reports readiness of its database and bus', async () => {
    const r = await fetch(`${h.base}/readyz`);
    expect(r.status).toBe(200);
    expect((await r.json()).checks).toEqual({ database: 'ok', bus: 'ok', events: 'ok' });
  });

  it('rebuild empties the read model and the inbox, and new events fill it again', async () => {
    await rebuildReadModel(h.db, [DURABLE]);
    expect((await h.search({})).body.total).toBe(0);
    const inbox = await sql<{ n: number }>`select count(*)::int as n from inbox where handler = ${DURABLE}`.execute(h.db);
    expect(inbox.rows[0]?.n).toBe(0);
    await h.deliver(upsertedEvent({ slug: 'kittiwake-bay', name: 'Kittiwake Bay' }));
    expect(await slugs({})).toEqual(['kittiwake-bay']);
  });
});
