import { describe, expect, it } from 'vitest';
import { createTestDatabase, runMigrations, type Kysely } from '@brokerwise/sql';
import { migrations } from '../../services/identity/migrations/index.ts';
import { ensureAccounts } from '../../services/identity/src/domain/provision.ts';
import { registerUsernameProblem } from '../../services/identity/src/domain/rules.ts';
import type { IdentityTables } from '../../services/identity/src/store/types.ts';
import { DEMO_CREATORS } from './accounts.ts';

describe('demo creators', () => {
  it('have fixed ids and valid user names, and are created once however often it runs', async () => {
    for (const c of DEMO_CREATORS) expect(registerUsernameProblem(c.username), c.username).toBeUndefined();
    const t = await createTestDatabase('identity', process.env.DATABASE_URL);
    try {
      await runMigrations(t, migrations);
      const db = t.db as Kysely<IdentityTables>;
      const ctx = { db, now: () => new Date() };
      expect(await ensureAccounts(ctx, DEMO_CREATORS)).toBe(DEMO_CREATORS.length);
      expect(await ensureAccounts(ctx, DEMO_CREATORS)).toBe(0);
      const rows = await db.selectFrom('user_account').select(['id', 'username']).orderBy('id').execute();
      expect(rows).toEqual(DEMO_CREATORS.map((c) => ({ id: c.id, username: c.username })));
      expect(await db.selectFrom('credential').selectAll().execute()).toEqual([]);
    } finally {
      await t.destroy();
    }
  });
});
