import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, runMigrations, type Kysely, type TestDatabase } from '@brokerwise/sql';
import { migrations } from '../../services/trader-sync/migrations/index.ts';
import { KeyRing } from '../../services/trader-sync/src/domain/crypto.ts';
import type { TraderTables } from '../../services/trader-sync/src/store/types.ts';
import { demoBrokers, seedTraderSync } from './seed.ts';

describe('demo trader accounts (demo/trader-sync)', () => {
  let t: TestDatabase;
  const keyring = new KeyRing(`k1:${randomBytes(32).toString('base64')}`);
  const ctx = () => ({ db: t.db as Kysely<TraderTables>, keyring, now: () => new Date(), log: { info: () => {} } });
  beforeAll(async () => {
    t = await createTestDatabase('trader_demo', process.env.DATABASE_URL);
    await runMigrations(t, migrations);
  });
  afterAll(async () => {
    await t?.destroy();
  });

  it('binds twelve accounts of the demo traders on servers of the demo brokers, each described as its badge says', async () => {
    await seedTraderSync(ctx());
    const db = t.db as Kysely<TraderTables>;
    const accounts = await db.selectFrom('account as a').innerJoin('broker_server as s', 's.id', 'a.server_id').select(['a.description', 'a.account_number', 'a.visibility', 's.kind', 's.company_id']).execute();
    expect(accounts).toHaveLength(12);
    expect(new Set(accounts.map((a) => a.kind))).toEqual(new Set(['live', 'demo']));
    for (const a of accounts) expect(a.description).toMatch(a.kind === 'demo' ? /^Practice \(demo\) account/ : /^Live account/);
    expect(accounts.filter((a) => a.visibility === 'hidden')).toHaveLength(1);
    expect(accounts.filter((a) => a.account_number.endsWith('99'))).toHaveLength(1);
    const brokers = demoBrokers();
    expect(new Set(accounts.map((a) => a.company_id))).toEqual(new Set(brokers.filter((b) => b.accounts.length > 0).map((b) => b.companyId)));
    expect(await db.selectFrom('broker_server').select('origin').distinct().execute()).toEqual([{ origin: 'admin' }]);
  });

  it('binds nothing again at the next start, even after a trader unbound an account', async () => {
    const db = t.db as Kysely<TraderTables>;
    const one = await db.selectFrom('account').select('id').limit(1).executeTakeFirstOrThrow();
    await db.updateTable('account').set({ status: 'closed', closed_at: new Date() }).where('id', '=', one.id).execute();
    await seedTraderSync(ctx());
    const counts = await db.selectFrom('account').select(['status']).execute();
    expect(counts).toHaveLength(12);
    expect(counts.filter((c) => c.status === 'active')).toHaveLength(11);
  });
});
