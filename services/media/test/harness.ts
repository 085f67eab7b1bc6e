import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { vi } from 'vitest';
import { createBus, type EventBus, destroyBus } from '@brokerwise/bus';
import { decodeEvent, type DecodedEvent, type EventPayload, type EventType } from '@brokerwise/proto';
import { createTestDatabase, sql, type Kysely, type TestDatabase } from '@brokerwise/sql';
import { DiskStore, type ObjectStore } from '@brokerwise/storage';
import { jsonCaller, uniqueName, waitForMatch, type Reply } from '@brokerwise/testing';
import { parseMediaConfig } from '../src/config.ts';
import { startMedia, type StartedMedia } from '../src/main.ts';
import type { MediaTables } from '../src/store/types.ts';

export { errorOf, type Reply } from '@brokerwise/testing';

/**
 * One media service (role `all`: API and worker) on real infrastructure for a test file: its own
 * database (PGlite, or a fresh PostgreSQL database with DATABASE_URL), bus namespace (NATS with
 * NATS_URL), object store and temporary directory, and a clock the test can move.
 */
export interface Harness {
  db: Kysely<MediaTables>;
  /** The test database's address (PostgreSQL only), for operator commands run against it. */
  databaseUrl: string | undefined;
  bus: EventBus;
  objects: ObjectStore;
  /** Parent of the service's per-job temporary directories. */
  tmpDir: string;
  /** Scratch space for the test's own files (clips). */
  workDir: string;
  service: StartedMedia;
  /** Another media process in the worker role on the same database, bus and objects (a worker started after a crash); closed with the harness. */
  startWorker(env?: Record<string, string>): Promise<StartedMedia>;
  /** Every media.* event published, decoded, in arrival order. */
  events: DecodedEvent[];
  advance(ms: number): void;
  now(): Date;
  call<T = any>(method: string, url: string, body?: unknown): Promise<Reply<T>>;
  /** POSTs raw bytes (uploads). */
  upload<T = any>(url: string, bytes: Buffer, contentType?: string): Promise<Reply<T>>;
  waitForEvent<T extends EventType>(type: T, match: (payload: EventPayload<T>) => boolean): Promise<Extract<DecodedEvent, { type: T }>>;
  /** Polls the owner's video until it is no longer processing. */
  waitForVideo(id: string, ownerId: string): Promise<any>;
  /** Every stored object key, every row of the data tables, and what is left in the temp dir. */
  leftovers(): Promise<{ objects: string[]; rows: Record<string, number>; tmp: string[] }>;
  close(): Promise<void>;
}

export async function startHarness(env: Record<string, string> = {}): Promise<Harness> {
  const t: TestDatabase = await createTestDatabase('media', process.env.DATABASE_URL);
  const bus: EventBus = await createBus({ natsUrl: process.env.NATS_URL, namespace: uniqueName('med').toLowerCase() });
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bw-media-test-'));
  const tmpDir = path.join(dir, 'tmp');
  const workDir = path.join(dir, 'work');
  await mkdir(tmpDir);
  await mkdir(workDir);
  const objects = new DiskStore({ dir: path.join(dir, 'objects') });
  const events: DecodedEvent[] = [];
  const probe = await bus.subscribe({ durable: 'media-test-probe', types: ['media.>'], handler: async (m) => void events.push(decodeEvent(m.data)) });
  let offsetMs = 0;
  const now = () => new Date(Date.now() + offsetMs);
  const config = parseMediaConfig({ PORT: '0', LOG_LEVEL: 'silent', DATA_DIR: dir, TMP_DIR: tmpDir, DEMO_SEED: 'false', ...env });
  const service = await startMedia(config, { bus, database: t, objects, now });
  const workers: StartedMedia[] = [];
  const startWorker = async (more: Record<string, string> = {}) => {
    const worker = await startMedia(parseMediaConfig({ PORT: '0', LOG_LEVEL: 'silent', DATA_DIR: dir, TMP_DIR: tmpDir, DEMO_SEED: 'false', ...env, ...more, ROLE: 'worker' }), { bus, database: t, objects, now });
    workers.push(worker);
    return worker;
  };
  const base = `http://127.0.0.1:${service.port}`;

  const call = jsonCaller(base);
  const upload = async <T>(url: string, bytes: Buffer, contentType = 'application/octet-stream'): Promise<Reply<T>> =>
    call<T>('POST', url, bytes, { 'content-type': contentType });

  const waitForEvent = async <T extends EventType>(type: T, match: (payload: EventPayload<T>) => boolean): Promise<Extract<DecodedEvent, { type: T }>> =>
    (await waitForMatch(events, (e) => e.type === type && match(e.payload as EventPayload<T>), {
      attempts: 800,
      intervalMs: 25,
      message: `no matching ${type} event arrived`,
    })) as Extract<DecodedEvent, { type: T }>;

  // Transcoding runs ffmpeg (a real child process): a generous limit.
  const waitForVideo = (id: string, ownerId: string) =>
    vi.waitFor(
      async () => {
        const r = await call<{ status: string }>('GET', `/v1/videos/${id}?ownerId=${ownerId}`);
        if (r.status === 200 && r.body.status === 'processing') throw new Error(`video ${id} still processing`);
        return r.body;
      },
      { timeout: 60_000, interval: 50 },
    );

  const leftovers = async () => {
    const tables = ['video', 'transcode_job', 'image', 'post', 'post_image', 'post_like', 'post_collection', 'post_comment', 'post_forward'] as const;
    const rows: Record<string, number> = {};
    for (const table of tables) {
      const r = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(t.db);
      rows[table] = Number(r.rows[0]?.n ?? 0);
    }
    return { objects: (await objects.list('')).map((o) => o.key), rows, tmp: await readdir(tmpDir) };
  };

  return {
    db: t.db as Kysely<MediaTables>,
    databaseUrl: t.url,
    bus,
    objects,
    tmpDir,
    workDir,
    service,
    startWorker,
    events,
    advance: (ms) => void (offsetMs += ms),
    now,
    call,
    upload,
    waitForEvent,
    waitForVideo,
    leftovers,
    close: async () => {
      for (const w of workers) await w.close();
      await service.close();
      await probe.drain();
      await destroyBus(bus);
      await t.destroy();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A user whose account is old enough for the new-account limits not to apply. */
export function veteran(): { userId: string; accountCreatedAt: string } {
  return { userId: randomUUID(), accountCreatedAt: new Date(Date.now() - 400 * 86_400_000).toISOString() };
}

export const emptyRows = { video: 0, transcode_job: 0, image: 0, post: 0, post_image: 0, post_like: 0, post_collection: 0, post_comment: 0, post_forward: 0 };
