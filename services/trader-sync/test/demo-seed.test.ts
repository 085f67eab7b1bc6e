import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, runMigrations, type Kysely, type TestDatabase } from '@brokerwise/sql';
import { migrations } from '../migrations/index.ts';
import { onCompanyUpserted, seedDemoBroker } from '../src/domain/brokers.ts';
import { KeyRing } from '../src/domain/crypto.ts';
import type { TraderTables } from '../src/store/types.ts';

describe('demo trader accounts', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase('trader_demo', process.env.DATABASE_URL);
    await runMigrations(t, migrations);
  });
  afterAll(async () => {
    await t?.destroy();
  });

  it('describe themselves as what their badge says: live on a live server, demo on a demo one', async () => {
    const db = t.db as Kysely<TraderTables>;
    const keyring = new KeyRing(`k1:${randomBytes(32).toString('base64')}`);
    const now = new Date();
    for (let i = 0; i < 60; i++) {
      const c = { id: randomUUID(), slug: `demo-broker-${i}`, name: `Demo Broker ${i}`, category: 'Brokers', version: 1 };
      await onCompanyUpserted(db, c, now);
      await seedDemoBroker(db, keyring, c, now);
    }
    const accounts = await db
      .selectFrom('account as a')
      .innerJoin('broker_server as s', 's.id', 'a.server_id')
      .select(['a.description', 's.kind'])
      .execute();
    expect(accounts.length).toBeGreaterThan(7);
    expect(new Set(accounts.map((a) => a.kind))).toEqual(new Set(['live', 'demo']));
    for (const a of accounts) {
      expect(a.description).toMatch(a.kind === 'demo' ? /^Practice \(demo\) account/ : /^Live account/);
    }
  });
});
