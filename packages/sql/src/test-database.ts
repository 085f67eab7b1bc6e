import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from './database.ts';

export interface TestDatabase<DB = any> extends Database<DB> {
  /** Closes the connection and drops the test database (PostgreSQL) or the memory instance. */
  destroy(): Promise<void>;
  /** Connection string of the created database (PostgreSQL only), for processes under test. */
  url: string | undefined;
}

/**
 * A database only this test file uses: with `adminUrl` (DATABASE_URL in CI) a fresh PostgreSQL
 * database created for the file and dropped afterwards; otherwise an in-memory PGlite.
 */
export async function createTestDatabase<DB = any>(schema: string, adminUrl: string | undefined): Promise<TestDatabase<DB>> {
  if (!adminUrl) {
    const database = await openDatabase<DB>({ schema });
    return { ...database, url: undefined, destroy: () => database.close() };
  }
  const name = `bw_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(adminUrl, name);
  const database = await openDatabase<DB>({ schema, url, maxConnections: 4 });
  return {
    ...database,
    url,
    destroy: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        await c.query(`drop database if exists ${name} with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
