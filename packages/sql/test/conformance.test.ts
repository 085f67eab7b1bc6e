import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MigrationError, createTestDatabase, runMigrations, sql, type Generated, type MigrationSet, type TestDatabase } from '../src/index.ts';

const migrations: MigrationSet = {
  '20261121T0000_items': {
    up: async (db) => {
      await db.schema
        .createTable('item')
        .addColumn('id', 'serial', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull().unique())
        .addColumn('score', sql`numeric(3,1)`)
        .execute();
    },
  },
};

interface DB {
  item: { id: Generated<number>; name: string; score: number | null };
}

const backends = [
  { name: 'PGlite', url: undefined as string | undefined },
  { name: 'PostgreSQL', url: process.env.DATABASE_URL },
];

for (const backend of backends) {
  describe.skipIf(backend.name === 'PostgreSQL' && !backend.url)(`SQL port conformance: ${backend.name}`, () => {
    let t: TestDatabase<DB>;
    beforeAll(async () => {
      t = await createTestDatabase<DB>('conf_svc', backend.url);
    });
    afterAll(async () => {
      await t?.destroy();
    });

    it('applies migrations once, inside the service schema', async () => {
      expect((await runMigrations(t, migrations)).applied).toEqual(['20261121T0000_items']);
      expect((await runMigrations(t, migrations)).applied).toEqual([]);
      const r = await sql<{ table_schema: string }>`select table_schema from information_schema.tables where table_name = 'item'`.execute(t.db);
      expect(r.rows.map((x) => x.table_schema)).toEqual(['conf_svc']);
    });

    it('reads back typed rows, numerics as numbers', async () => {
      await t.db.insertInto('item').values({ name: 'alpha', score: 4.5 }).execute();
      const row = await t.db.selectFrom('item').selectAll().where('name', '=', 'alpha').executeTakeFirstOrThrow();
      expect(row.score).toBe(4.5);
    });

    it('rolls back a failed transaction whole', async () => {
      await expect(
        t.db.transaction().execute(async (trx) => {
          await trx.insertInto('item').values({ name: 'beta', score: null }).execute();
          await trx.insertInto('item').values({ name: 'alpha', score: null }).execute(); // unique violation
        }),
      ).rejects.toThrow();
      const names = await t.db.selectFrom('item').select('name').execute();
      expect(names.map((n) => n.name)).toEqual(['alpha']);
    });

    it('has pg_trgm for fuzzy name matching', async () => {
      const r = await sql<{ s: number }>`select similarity('northwind', 'nortwind') as s`.execute(t.db);
      expect(Number(r.rows[0]?.s)).toBeGreaterThan(0.4);
    });

    it('reports a failing migration by name and leaves earlier ones applied', async () => {
      const broken: MigrationSet = {
        ...migrations,
        '20261121T0100_broken': { up: async (db) => void (await sql`select * from no_such_table`.execute(db)) },
      };
      const err = await runMigrations(t, broken).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(MigrationError);
      expect((err as MigrationError).migration).toBe('20261121T0100_broken');
      expect(await t.db.selectFrom('item').select('name').execute()).toHaveLength(1);
    });

    it('knows a migration renamed after it ran by its timestamp, and does not run it again', async () => {
      let ran = 0;
      const renamed: MigrationSet = { '20261121T0000_items_renamed': { up: async () => void (ran += 1) } };
      expect((await runMigrations(t, renamed)).applied).toEqual([]);
      expect(ran).toBe(0);
      const r = await sql<{ name: string }>`select name from conf_svc.kysely_migration order by name`.execute(t.db);
      expect(r.rows.map((x) => x.name)).toContain('20261121T0000_items_renamed');
      expect(r.rows.map((x) => x.name)).not.toContain('20261121T0000_items');
    });

    it('refuses two migrations with one timestamp', async () => {
      const twins: MigrationSet = { '20261121T0000_a': { up: async () => {} }, '20261121T0000_b': { up: async () => {} } };
      await expect(runMigrations(t, twins)).rejects.toThrow(/share the timestamp 20261121T0000/);
    });

    it('answers ping', async () => {
      await expect(t.ping()).resolves.toBeUndefined();
    });
  });
}
