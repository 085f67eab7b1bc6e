import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createBus, type EventBus, destroyBus } from '@brokerwise/bus';
import { decodeEvent, type DecodedEvent, type EventPayload, type EventType } from '@brokerwise/proto';
import { createTestDatabase, type Kysely, type TestDatabase } from '@brokerwise/sql';
import { DiskStore, type ObjectStore } from '@brokerwise/storage';
import { jsonCaller, uniqueName, waitForMatch, type Reply } from '@brokerwise/testing';
import { parseReviewsConfig } from '../src/config.ts';
import { startReviews, type Shared } from '../src/main.ts';
import type { ReviewsTables } from '../src/store/types.ts';

export { errorOf, type Reply } from '@brokerwise/testing';

/**
 * One reviews service on real infrastructure for a test file: its own database (PGlite, or a
 * fresh PostgreSQL database with DATABASE_URL), bus namespace (NATS with NATS_URL), and a clock
 * the test can move.
 */
export interface Harness {
  db: Kysely<ReviewsTables>;
  bus: EventBus;
  /** Every reviews.* event published, decoded, in arrival order. */
  events: DecodedEvent[];
  advance(ms: number): void;
  now(): Date;
  call<T = any>(method: string, url: string, body?: unknown): Promise<Reply<T>>;
  /** The object store the service deletes loose evidence from (a directory of the test's own). */
  objects: ObjectStore;
  /** Polls the published events until one of `type` matches (the relay and the bus are asynchronous). */
  waitForEvent<T extends EventType>(type: T, match: (payload: EventPayload<T>) => boolean): Promise<Extract<DecodedEvent, { type: T }>>;
  close(): Promise<void>;
  /** The service's metrics server, when the test asked for one (METRICS_PORT=0). */
  metricsPort?: number | undefined;
}

export async function startHarness(env: Record<string, string> = {}, shared: Pick<Shared, 'onCompanyAnnounced'> = {}): Promise<Harness> {
  const t: TestDatabase = await createTestDatabase('reviews', process.env.DATABASE_URL);
  const bus: EventBus = await createBus({ natsUrl: process.env.NATS_URL, namespace: uniqueName('rvw').toLowerCase() });
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bw-reviews-'));
  const events: DecodedEvent[] = [];
  const probe = await bus.subscribe({ durable: 'reviews-test-probe', types: ['reviews.>'], handler: async (m) => void events.push(decodeEvent(m.data)) });
  let offsetMs = 0;
  const now = () => new Date(Date.now() + offsetMs);
  const config = parseReviewsConfig({ PORT: '0', LOG_LEVEL: 'silent', DATA_DIR: dir, ...env });
  const objects = new DiskStore({ dir: path.join(dir, 'objects') });
  const svc = await startReviews(config, { ...shared, bus, database: t, now, objects });
  const base = `http://127.0.0.1:${svc.port}`;

  const call = jsonCaller(base);

  const waitForEvent = async <T extends EventType>(type: T, match: (payload: EventPayload<T>) => boolean): Promise<Extract<DecodedEvent, { type: T }>> =>
    (await waitForMatch(events, (e) => e.type === type && match(e.payload as EventPayload<T>), {
      attempts: 200,
      intervalMs: 25,
      message: `no matching ${type} event arrived`,
    })) as Extract<DecodedEvent, { type: T }>;

  return {
    db: t.db as Kysely<ReviewsTables>,
    bus,
    events,
    advance: (ms) => void (offsetMs += ms),
    now,
    call,
    objects,
    waitForEvent,
    metricsPort: svc.metricsPort,
    close: async () => {
      await svc.close();
      await probe.drain();
      await destroyBus(bus);
      await t.destroy();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A user whose account is old enough for the new-account limits not to apply. */
export function veteran(): { userId: string; username: string; accountCreatedAt: string } {
  const userId = randomUUID();
  return { userId, username: `u_${userId.slice(0, 8)}`, accountCreatedAt: new Date(Date.now() - 400 * 86_400_000).toISOString() };
}

export const newCompany = (): string => randomUUID();

let counter = 0;
/** A valid review text, different on every call (so duplicate-text checks don't interfere). */
export function reviewText(prefix = 'Fast withdrawals and fair spreads'): string {
  counter += 1;
  return `${prefix}, experience #${counter} ${randomUUID().slice(0, 8)}`;
}

export const submit = (h: Harness, companyId: string, author: { userId: string; username: string; accountCreatedAt: string }, extra: Record<string, unknown> = {}) =>
  h.call('PUT', `/v1/companies/${companyId}/reviews/mine`, { ...author, stars: 4, text: reviewText(), confirmed: true, ...extra });

export const moderator = randomUUID();

export const decideOn = (h: Harness, reviewId: string, decision: 'approve' | 'reject', reason?: string) =>
  h.call('POST', `/v1/moderation/${reviewId}`, { moderatorId: moderator, decision, ...(reason !== undefined ? { reason } : {}) });
