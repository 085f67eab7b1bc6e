import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBus, destroyBus } from '@brokerwise/bus';
import { createCache } from '@brokerwise/cache';
import { createTestDatabase, type Kysely } from '@brokerwise/sql';
import { DiskStore } from '@brokerwise/storage';
import { uniqueName, serviceTokenKeys } from '@brokerwise/testing';
import { parseIdentityConfig } from '../../services/identity/src/config.ts';
import { passwordProblem } from '../../services/identity/src/domain/rules.ts';
import { startIdentity } from '../../services/identity/src/main.ts';
import { insertUser } from '../../services/identity/src/store/user.store.ts';
import type { IdentityTables } from '../../services/identity/src/store/types.ts';
import { login, registerUser, startHarness, type Harness } from '../../services/identity/test/harness.ts';
import { DEMO_ADMIN_EMAIL, identityDemo } from './accounts.ts';

const PROD = { ...serviceTokenKeys(), APP_MODE: 'production', CODE_SECRET: 'a-real-secret-of-enough-length' };

describe('identity: roles and the demo admin', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('seeds one admin in demo mode with a fresh random password that signs in', async () => {
    expect(h.demoAdmin).toEqual({ email: 'admin@brokerwise.example', username: 'admin', password: expect.any(String) });
    const { password } = h.demoAdmin!;
    expect(password).toHaveLength(12);
    expect(passwordProblem(password)).toBeUndefined();

    const signed = await login(h, 'admin@brokerwise.example', password);
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    expect(signed.body.user).toMatchObject({ username: 'admin', email: 'admin@brokerwise.example', role: 'admin' });
    expect((await login(h, 'admin', password, '10.0.0.2')).status).toBe(200);
    expect((await h.call('GET', `/v1/users/${signed.body.user.id}`)).body.role).toBe('admin');
    // Only the argon2id hash is kept.
    const stored = await h.db.selectFrom('credential').select('password_hash').where('user_id', '=', signed.body.user.id).executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^\$argon2id\$/);
    expect(stored.password_hash).not.toContain(password);
  });

  it('makes every other account a plain user', async () => {
    const { user } = await registerUser(h);
    expect(user.role).toBe('user');
    expect((await h.call('GET', `/v1/users/${user.id}`)).body.role).toBe('user');
    const admins = await h.db.selectFrom('user_account').select('email').where('role', '=', 'admin').execute();
    expect(admins).toEqual([{ email: DEMO_ADMIN_EMAIL }]);
  });
});

describe('identity: the demo admin across restarts, and never in production', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'bw-identity-admin-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  /** Starts identity on `db` with `env`, signs in as the admin when asked, then stops it. */
  async function runOnce(database: Awaited<ReturnType<typeof createTestDatabase>>, env: Record<string, string>, tryPasswords: string[] = []) {
    const bus = await createBus({ natsUrl: process.env.NATS_URL, namespace: uniqueName('ida').toLowerCase() });
    const cache = createCache({ redisUrl: process.env.REDIS_URL, keyPrefix: `${uniqueName('ida')}:` });
    // As `npm start` does: the demo accounts unless production or DEMO_ADMIN=false say otherwise.
    const config = parseIdentityConfig({ PORT: '0', LOG_LEVEL: 'silent', DATA_DIR: dir, ...env });
    const svc = await startIdentity(config, {
      ...identityDemo(config),
      bus,
      cache,
      database,
      objects: new DiskStore({ dir: path.join(dir, 'objects') }),
    });
    const statuses: number[] = [];
    for (const password of tryPasswords) {
      const res = await fetch(`http://127.0.0.1:${svc.port}/v1/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ login: DEMO_ADMIN_EMAIL, password, remember: false, ip: '', userAgent: 'vitest' }),
      });
      statuses.push(res.status);
    }
    await svc.close();
    await destroyBus(bus);
    await cache.delPrefix('');
    await cache.close();
    return { demoAdmin: svc.demoAdmin, statuses };
  }

  it('keeps one admin account and sets the new start password (configured or random)', async () => {
    const t = await createTestDatabase('identity', process.env.DATABASE_URL);
    try {
      const first = await runOnce(t, {});
      const second = await runOnce(t, { DEMO_ADMIN_PASSWORD: 'Demo-pass-1' }, [first.demoAdmin!.password, 'Demo-pass-1']);
      expect(second.demoAdmin).toEqual({ email: DEMO_ADMIN_EMAIL, username: 'admin', password: 'Demo-pass-1' });
      // The password printed at the first start no longer works; the new one does.
      expect(second.statuses).toEqual([400, 200]);
      const third = await runOnce(t, {});
      expect(third.demoAdmin!.password).not.toBe('Demo-pass-1');
      const rows = await (t.db as Kysely<IdentityTables>).selectFrom('user_account').select(['username', 'role']).where('email', '=', DEMO_ADMIN_EMAIL).execute();
      expect(rows).toEqual([{ username: 'admin', role: 'admin' }]);
    } finally {
      await t.destroy();
    }
  });

  it('never seeds in production, nor when turned off, and never takes over someone else\'s "admin" name', async () => {
    const t = await createTestDatabase('identity', process.env.DATABASE_URL);
    try {
      const db = t.db as Kysely<IdentityTables>;
      const prod = await runOnce(t, PROD);
      expect(prod.demoAdmin).toBeUndefined();
      const off = await runOnce(t, { DEMO_ADMIN: 'false' });
      expect(off.demoAdmin).toBeUndefined();
      expect(await db.selectFrom('user_account').select('id').where('role', '=', 'admin').execute()).toEqual([]);

      await insertUser(db, { id: crypto.randomUUID(), email: 'someone@example.com', username: 'Admin', accountType: 'personal', locale: 'en', now: new Date() });
      const demo = await runOnce(t, {});
      expect(demo.demoAdmin).toBeUndefined();
      expect(await db.selectFrom('user_account').select(['email', 'role']).where('role', '=', 'admin').execute()).toEqual([]);
    } finally {
      await t.destroy();
    }
  });
});
