// A search service deployed after the catalogue published its companies must end with the same
// read model as one that was running all along: its new durable reads the stream from the start.
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, sql, type Kysely, type TestDatabase } from '@brokerwise/sql';
import { parseSearchConfig } from '../src/config.ts';
import { startSearch } from '../src/main.ts';
import type { SearchTables } from '../src/store/types.ts';
import { createTestBus, removedEvent, upsertedEvent } from './harness.ts';

describe('a search service started after the events were published', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  async function startService(bus: Awaited<ReturnType<typeof createTestBus>>['bus'], durable: string) {
    const t: TestDatabase = await createTestDatabase('search', process.env.DATABASE_URL);
    cleanups.push(() => t.destroy());
    const svc = await startSearch(parseSearchConfig({ PORT: '0', LOG_LEVEL: 'silent', CATALOGUE_DURABLE: durable }), { bus, database: t });
    cleanups.push(() => svc.close());
    return t.db as Kysely<SearchTables>;
  }

  const readModel = async (db: Kysely<SearchTables>) =>
    (await sql<Record<string, unknown>>`select id, slug, name, name_zh, aliases, score, version from company order by id`.execute(db)).rows;
  const tombstones = async (db: Kysely<SearchTables>) => (await sql<Record<string, unknown>>`select id, version from company_tombstone order by id`.execute(db)).rows;
  const handled = async (db: Kysely<SearchTables>, durable: string) =>
    (await sql<{ n: number }>`select count(*)::int as n from inbox where handler = ${durable}`.execute(db)).rows[0]?.n ?? 0;

  it('gets every earlier event and builds the same read model as the one started first', async () => {
    const { bus, dispose } = await createTestBus('srchlate');
    cleanups.push(dispose);
    const first = await startService(bus, 'search-first');

    // 30 companies, 10 of them updated to a second version and 5 removed.
    const ids = Array.from({ length: 30 }, () => randomUUID());
    const events = [
      ...ids.map((id, i) => upsertedEvent({ id, slug: `late-${i}`, name: `Late Company ${i}`, score: (i % 5) + 1 })),
      ...ids.slice(0, 10).map((id, i) => upsertedEvent({ id, slug: `late-${i}`, name: `Late Company ${i} Renamed`, nameZh: `迟到公司${i}`, version: 2 })),
      ...ids.slice(25).map((id, i) => removedEvent(id, `late-${25 + i}`, 3)),
    ];
    for (const e of events) await bus.publish({ id: e.id, type: e.type, data: e.bytes });
    await vi.waitFor(async () => expect(await handled(first, 'search-first')).toBe(events.length), { timeout: 60_000, interval: 100 });

    const late = await startService(bus, 'search-late');
    await vi.waitFor(async () => expect(await handled(late, 'search-late')).toBe(events.length), { timeout: 60_000, interval: 100 });

    const expected = await readModel(first);
    expect(expected).toHaveLength(25);
    expect(await readModel(late)).toEqual(expected);
    expect(await tombstones(late)).toEqual(await tombstones(first));
  }, 120_000);
});
