import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { createBus, type EventBus, destroyBus } from '@brokerwise/bus';
import { createCache, type Cache } from '@brokerwise/cache';
import { decodeEvent, type DecodedEvent, type EventPayload } from '@brokerwise/proto';
import { createTestDatabase, type Kysely, type TestDatabase } from '@brokerwise/sql';
import { DiskStore } from '@brokerwise/storage';
import { jsonCaller, uniqueName, type Reply } from '@brokerwise/testing';
import { parseIdentityConfig } from '../src/config.ts';
import { startIdentity, type DemoAdmin } from '../src/main.ts';
import { identityDemo } from '../../../demo/identity/accounts.ts';
import type { IdentityTables } from '../src/store/types.ts';

export { errorOf, type Reply } from '@brokerwise/testing';

/**
 * One identity service on real infrastructure for a test file: its own database (PGlite, or a
 * fresh PostgreSQL database with DATABASE_URL), bus namespace (NATS with NATS_URL), cache key
 * prefix (Redis with REDIS_URL), and a clock the test can move. Identity mails nothing itself: a
 * code leaves in `identity.email_code.requested`, which the notifications service mails (ADR 010).
 */
export interface Harness {
  base: string;
  db: Kysely<IdentityTables>;
  objects: DiskStore;
  cache: Cache;
  /** The demo admin seeded at start (as `npm start` does, unless DEMO_ADMIN=false), password in clear. */
  demoAdmin: DemoAdmin | undefined;
  /** Every identity.* event published, decoded, in arrival order. */
  events: DecodedEvent[];
  /** Moves the service's clock forward (code expiry, resend wait). */
  advance(ms: number): void;
  /** The service's clock. */
  now(): Date;
  call<T = any>(method: string, url: string, body?: unknown, headers?: Record<string, string>): Promise<Reply<T>>;
  /** Code requests committed for an address (the events for the mailer), newest first. */
  codeRequests(to: string): Promise<EventPayload<'identity.email_code.requested'>[]>;
  /** The code of the newest request to `to` for `purpose`. */
  codeFor(to: string, purpose: string): Promise<string>;
  close(): Promise<void>;
}

export async function startHarness(env: Record<string, string> = {}): Promise<Harness> {
  const t: TestDatabase = await createTestDatabase('identity', process.env.DATABASE_URL);
  const bus: EventBus = await createBus({ natsUrl: process.env.NATS_URL, namespace: uniqueName('idt').toLowerCase() });
  const cache = createCache({ redisUrl: process.env.REDIS_URL, keyPrefix: `${uniqueName('idt')}:` });
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bw-identity-'));
  const objects = new DiskStore({ dir: path.join(dir, 'objects') });
  const events: DecodedEvent[] = [];
  const probe = await bus.subscribe({
    durable: 'identity-test-probe',
    types: ['identity.>'],
    handler: async (m) => void events.push(decodeEvent(m.data)),
  });
  let offsetMs = 0;
  const config = parseIdentityConfig({ PORT: '0', LOG_LEVEL: 'silent', DATA_DIR: dir, ...env });
  const svc = await startIdentity(config, { ...identityDemo(config), bus, database: t, objects, cache, now: () => new Date(Date.now() + offsetMs) });
  const base = `http://127.0.0.1:${svc.port}`;

  const call = jsonCaller(base);

  // Read from the outbox: the request committed with the answer, before the relay publishes it.
  const codeRequests = async (to: string) => {
    const rows = await (t.db as Kysely<IdentityTables>)
      .selectFrom('outbox')
      .select('payload')
      .where('type', '=', 'identity.email_code.requested')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows
      .map((r) => decodeEvent(r.payload))
      .flatMap((e) => (e.type === 'identity.email_code.requested' && e.payload.email === to.toLowerCase() ? [e.payload] : []));
  };
  return {
    base,
    demoAdmin: svc.demoAdmin,
    db: t.db as Kysely<IdentityTables>,
    objects,
    cache,
    events,
    advance: (ms) => void (offsetMs += ms),
    now: () => new Date(Date.now() + offsetMs),
    call,
    codeRequests,
    codeFor: async (to, purpose) => {
      const request = (await codeRequests(to)).find((r) => r.event === purpose);
      expect(request, `a ${purpose} code for ${to}`).toBeDefined();
      expect(request!.code).toMatch(/^\d{6}$/);
      return request!.code;
    },
    close: async () => {
      await svc.close();
      await probe.drain();
      await destroyBus(bus);
      await cache.delPrefix('');
      await cache.close();
      await t.destroy();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

let counter = 0;
/** A fresh, valid email and username (≤ 12 characters, so profile edits accept it too). */
export function newPerson(): { email: string; username: string; password: string } {
  counter += 1;
  const tag = `${Date.now().toString(36).slice(-5)}${counter}`;
  return { email: `p.${tag}@example.com`, username: `u_${tag}`.slice(0, 12), password: 'Secret-123' };
}

/** Asks for a user_register code, reads it from the mailbox and registers. */
export async function registerUser(
  h: Harness,
  person = newPerson(),
  extra: Record<string, unknown> = {},
): Promise<{ user: any; session: any; person: typeof person }> {
  const sent = await h.call('POST', '/v1/codes', { email: person.email, purpose: 'user_register', locale: 'en' });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const code = await h.codeFor(person.email, 'user_register');
  const r = await h.call('POST', '/v1/register', { ...person, code, locale: 'en', ip: '10.0.0.1', userAgent: 'vitest', ...extra });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return { ...r.body, person };
}

export const login = (h: Harness, login: string, password: string, ip = '10.0.0.1', remember = false, device?: string) =>
  h.call('POST', '/v1/login', { login, password, remember, ip, userAgent: 'vitest', ...(device ? { device } : {}) });
