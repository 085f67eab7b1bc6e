import { randomUUID } from 'node:crypto';
import { vi } from 'vitest';
import type { Static } from 'typebox';
import { createBus, destroyBus, type EventBus } from '@brokerwise/bus';
import { create, encodeEvent, LocalizedTextSchema, timestampFromDate, type EncodedEvent } from '@brokerwise/proto';
import { createTestDatabase, sql, type Kysely, type TestDatabase } from '@brokerwise/sql';
import { uniqueName } from '@brokerwise/testing';
import { parseSearchConfig } from '../src/config.ts';
import type { SearchHit as SearchHitSchema } from '../src/routes/search/schemas.ts';
import { startSearch } from '../src/main.ts';
import type { SearchTables } from '../src/store/types.ts';

export const DURABLE = 'search-catalogue';

/** What a test says about a company; turned into a real `catalogue.company.upserted` event. */
export interface CompanyInput {
  id?: string;
  slug: string;
  name: string;
  nameZh?: string;
  aliases?: string[];
  category?: string;
  countryCode?: string;
  descriptionEn?: string;
  descriptionZh?: string;
  score?: number;
  founded?: number;
  regulated?: boolean;
  version?: number;
}

/** A hit as the route answers it (its response schema). */
export type SearchHit = Static<typeof SearchHitSchema>;

/** Encodes an upsert the way the catalogue's events/publish.ts does (Chinese name first among aliases). */
export function upsertedEvent(c: CompanyInput): EncodedEvent {
  const aliases = c.aliases ?? [];
  return encodeEvent(
    'catalogue.company.upserted',
    {
      id: c.id ?? randomUUID(),
      slug: c.slug,
      name: c.name,
      category: c.category ?? 'Brokers',
      countryCode: c.countryCode ?? 'GB',
      shortDescription: create(LocalizedTextSchema, { en: c.descriptionEn ?? `${c.name} is a company.`, zhCn: c.descriptionZh ?? '' }),
      score: c.score ?? 3,
      logoUrl: `/media/logos/${c.slug}.svg`,
      aliases: c.nameZh ? [c.nameZh, ...aliases.filter((a) => a !== c.nameZh)] : aliases,
      foundedYear: c.founded ?? 0,
      regulated: c.regulated ?? false,
      updatedAt: timestampFromDate(new Date('2026-11-01T00:00:00Z')),
      version: BigInt(c.version ?? 1),
    },
    { producer: 'catalogue' },
  );
}

export function removedEvent(id: string, slug: string, version: number): EncodedEvent {
  return encodeEvent(
    'catalogue.company.removed',
    { id, slug, removedAt: timestampFromDate(new Date('2026-11-02T00:00:00Z')), version: BigInt(version) },
    { producer: 'catalogue' },
  );
}

/** A bus in its own namespace; `dispose` closes it and, on NATS, deletes the namespace's streams. */
export async function createTestBus(prefix: string): Promise<{ bus: EventBus; dispose: () => Promise<void> }> {
  const namespace = uniqueName(prefix).toLowerCase();
  const bus = await createBus({ natsUrl: process.env.NATS_URL, namespace });
  return {
    bus,
    dispose: () => destroyBus(bus),
  };
}

export interface Harness {
  base: string;
  db: Kysely<SearchTables>;
  bus: EventBus;
  /** Publishes events onto the bus (in order) and waits until the service's inbox recorded all of them. */
  deliver(...events: EncodedEvent[]): Promise<void>;
  search(query: Record<string, string | number>): Promise<{ status: number; body: any }>;
  close(): Promise<void>;
}

/** One search service on real infrastructure: own database (PGlite or a fresh PostgreSQL db) and bus namespace. */
export async function startHarness(env: Record<string, string> = {}): Promise<Harness> {
  const t: TestDatabase = await createTestDatabase('search', process.env.DATABASE_URL);
  const { bus, dispose } = await createTestBus('srch');
  const config = parseSearchConfig({ PORT: '0', LOG_LEVEL: 'silent', ...env });
  const svc = await startSearch(config, { bus, database: t });
  const base = `http://127.0.0.1:${svc.port}`;
  const db = t.db as Kysely<SearchTables>;

  const handled = async (ids: string[]): Promise<number> => {
    const r = await sql<{ n: number }>`select count(*)::int as n from inbox where handler = ${DURABLE} and event_id = any(${ids}::uuid[])`.execute(db);
    return r.rows[0]?.n ?? 0;
  };

  return {
    base,
    db,
    bus,
    async deliver(...events) {
      for (const e of events) await bus.publish({ id: e.id, type: e.type, data: e.bytes });
      const ids = events.map((e) => e.id);
      await vi.waitFor(
        async () => {
          const n = await handled(ids);
          if (n !== ids.length) throw new Error(`${n} of ${ids.length} events handled`);
        },
        { timeout: 60_000, interval: 50 },
      );
    },
    async search(query) {
      const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
      const res = await fetch(`${base}/v1/search?${qs}`);
      return { status: res.status, body: await res.json() };
    },
    async close() {
      await svc.close();
      await dispose();
      await t.destroy();
    },
  };
}
