import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';

/**
 * The SQL port. Each service owns one Postgres schema (named after the service) and sees only
 * it plus `public` (where extensions live) on its search_path, so raw SQL stays unqualified.
 * - PostgreSQL (`url`): a pool whose connections start with that search_path.
 * - PGlite (embedded): one in-process instance per service under `dataDir` (or in memory).
 */
export interface Database<DB = any> {
  readonly kind: 'pglite' | 'postgres';
  readonly schema: string;
  readonly db: Kysely<DB>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  schema: string;
  /** PostgreSQL connection string; when absent PGlite is used. */
  url?: string | undefined;
  /** PGlite data directory; absent = in memory. */
  dataDir?: string | undefined;
  /** An already open PGlite (tests clone a migrated template). */
  pglite?: PGlite;
  maxConnections?: number;
}

const SCHEMA_NAME = /^[a-z][a-z0-9_]{0,62}$/;

// Postgres returns int8/numeric as strings by default; our counts and scores fit in JS numbers.
const NUMBER_PARSERS = {
  20: (v: string) => Number.parseInt(v, 10),
  1700: (v: string) => Number.parseFloat(v),
};
for (const [oid, parse] of Object.entries(NUMBER_PARSERS)) pg.types.setTypeParser(Number(oid), parse);

export async function openDatabase<DB = any>(opts: OpenDatabaseOptions): Promise<Database<DB>> {
  if (!SCHEMA_NAME.test(opts.schema)) throw new Error(`Invalid schema name: ${opts.schema}`);
  const schema = opts.schema;

  if (opts.url) {
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: opts.maxConnections ?? 10,
      options: `-c search_path=${schema},public`,
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
    });
    // An idle client losing its server must not crash the process; the next query reconnects.
    pool.on('error', () => {});
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    await sql`create schema if not exists ${sql.id(schema)}`.execute(db);
    return {
      kind: 'postgres',
      schema,
      db,
      ping: async () => void (await sql`select 1`.execute(db)),
      close: () => db.destroy(),
    };
  }

  let pglite = opts.pglite;
  if (!pglite) {
    if (opts.dataDir) await mkdir(opts.dataDir, { recursive: true });
    pglite = await PGlite.create({
      ...(opts.dataDir ? { dataDir: opts.dataDir } : {}),
      extensions: { pg_trgm, unaccent },
      parsers: NUMBER_PARSERS,
    });
  }
  await pglite.exec(`create schema if not exists "${schema}"; set search_path to "${schema}", public;`);
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
  return {
    kind: 'pglite',
    schema,
    db,
    ping: async () => void (await sql`select 1`.execute(db)),
    close: () => db.destroy(),
  };
}
