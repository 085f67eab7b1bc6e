// A catalogue service as its tests drive it: a database, bus (NATS_URL, else in-process) and
// object store of its own, the reference rows a company needs, and the company announcements
// the bus delivered.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createBus, destroyBus, type EventBus } from '@brokerwise/bus';
import { decodeEvent } from '@brokerwise/proto';
import { createTestDatabase, type TestDatabase } from '@brokerwise/sql';
import { DiskStore } from '@brokerwise/storage';
import { uniqueName } from '@brokerwise/testing';
import { parseCatalogueConfig } from '../src/config.ts';
import { startCatalogue, type StartedCatalogue } from '../src/main.ts';
import { upsertCategory, upsertCountry } from '../src/store/reference.store.ts';
import type { CatalogueTables } from '../src/store/types.ts';

/** `catalogue.company.upserted` or `.removed` as a consumer got it. */
export interface Announced {
  type: string;
  id: string;
  version: number;
  mergedIntoId?: string | undefined;
}

export interface CatalogueHarness {
  t: TestDatabase<CatalogueTables>;
  bus: EventBus;
  objects: DiskStore;
  events: Announced[];
  /** The running service (another one after `restart`). */
  svc: StartedCatalogue;
  /** Its address, e.g. `http://127.0.0.1:1234`. */
  base: () => string;
  /** Stops the service, as a process stops, and starts another on the same database, bus and store. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export async function startCatalogueHarness(name: string): Promise<CatalogueHarness> {
  const t = await createTestDatabase<CatalogueTables>('catalogue', process.env.DATABASE_URL);
  const bus = await createBus({ natsUrl: process.env.NATS_URL, namespace: uniqueName(name).toLowerCase() });
  const dir = await mkdtemp(path.join(os.tmpdir(), `bw-${name}-`));
  const objects = new DiskStore({ dir });
  const events: Announced[] = [];
  await bus.subscribe({
    durable: `${name}-probe`,
    types: ['catalogue.company.upserted', 'catalogue.company.removed'],
    handler: async (m) => {
      const e = decodeEvent(m.data);
      const p = e.payload as { id: string; version: bigint; mergedIntoId?: string };
      events.push({ type: e.type, id: p.id, version: Number(p.version), mergedIntoId: p.mergedIntoId });
    },
  });
  const start = () => startCatalogue(parseCatalogueConfig({ PORT: '0', DEMO_SEED: 'false', LOG_LEVEL: 'silent', DATA_DIR: dir }), { bus, database: t, objects });
  const h: CatalogueHarness = {
    t,
    bus,
    objects,
    events,
    svc: await start(),
    base: () => `http://127.0.0.1:${h.svc.port}`,
    async restart() {
      await h.svc.close();
      h.svc = await start();
    },
    async close() {
      await h.svc.close();
      await destroyBus(bus);
      await t.destroy();
      await rm(dir, { recursive: true, force: true });
    },
  };
  await upsertCountry(t.db, { code: 'GB', name_en: 'United Kingdom', name_zh: '英国', popular: true, sort: 1 });
  await upsertCategory(t.db, { slug: 'Brokers', name_en: 'Brokers', name_zh: '外汇经纪商', sort: 1 });
  return h;
}
