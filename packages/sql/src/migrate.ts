import { Migrator, sql, type Kysely, type Migration } from 'kysely';
import type { Database } from './database.ts';

/**
 * Migrations of one service, keyed by a timestamped name (`20261121T2300_companies`). Forward only.
 * The timestamp is the migration's identity: the words after it may be renamed later (a database
 * that recorded the old name takes the new one), the timestamp never.
 */
export type MigrationSet = Record<string, Migration>;

export class MigrationError extends Error {
  readonly migration: string | undefined;
  constructor(message: string, migration: string | undefined, cause: unknown) {
    super(message, { cause });
    this.name = 'MigrationError';
    this.migration = migration;
  }
}

/** Advisory lock key (any constant the project uses for nothing else) around creating extensions. */
const EXTENSIONS_LOCK = 7_204_311_001;

/**
 * Applies pending migrations inside the service's schema; the bookkeeping tables live there too.
 * Throws MigrationError on failure (the migrate command turns that into a non-zero exit).
 */
export async function runMigrations(database: Database, migrations: MigrationSet): Promise<{ applied: string[] }> {
  const names = Object.keys(migrations);
  const sorted = [...names].sort();
  if (names.some((n, i) => n !== sorted[i])) {
    throw new MigrationError('Migrations must be listed in name order', undefined, undefined);
  }
  const stamps = names.map(stampOf);
  const repeated = stamps.find((s, i) => stamps.indexOf(s) !== i);
  if (repeated) throw new MigrationError(`Two migrations share the timestamp ${repeated}`, undefined, undefined);
  // Extensions are database-wide; creating them here keeps every service's migrations self-contained.
  // Services migrate at the same time (k8s Jobs, npm run topology): `if not exists` alone races
  // (a unique violation in pg_extension), so one at a time, under a transaction-scoped lock.
  await database.db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${EXTENSIONS_LOCK})`.execute(trx);
    await sql`create extension if not exists pg_trgm with schema public`.execute(trx);
    await sql`create extension if not exists unaccent with schema public`.execute(trx);
  });
  await adoptRenamedMigrations(database, names);
  const migrator = new Migrator({
    db: database.db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: database.schema,
    migrationTableName: 'kysely_migration',
    migrationLockTableName: 'kysely_migration_lock',
    // Every service's set starts with the shared kit migrations (`00000000T…`), which touch only the
    // kit's tables: one added later must still run on a database whose service migrations already did.
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    throw new MigrationError(
      `Migration ${failed?.migrationName ?? '(setup)'} failed in schema ${database.schema}: ${String((error as Error).message ?? error)}`,
      failed?.migrationName,
      error,
    );
  }
  return { applied: (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName) };
}

const stampOf = (name: string): string => name.split('_', 1)[0]!;

/**
 * A migration renamed after it ran (same timestamp, other words): the recorded name follows, so
 * Kysely neither reports it missing nor runs it again.
 */
async function adoptRenamedMigrations(database: Database, names: readonly string[]): Promise<void> {
  const table = await sql<{ t: string | null }>`select to_regclass(${`${database.schema}.kysely_migration`}) as t`.execute(database.db);
  if (!table.rows[0]?.t) return;
  const recorded = database.db.withSchema(database.schema) as unknown as Kysely<{ kysely_migration: { name: string } }>;
  const byStamp = new Map(names.map((n) => [stampOf(n), n]));
  for (const { name } of await recorded.selectFrom('kysely_migration').select('name').execute()) {
    const current = byStamp.get(stampOf(name));
    if (current && current !== name) await recorded.updateTable('kysely_migration').set({ name: current }).where('name', '=', name).execute();
  }
}
