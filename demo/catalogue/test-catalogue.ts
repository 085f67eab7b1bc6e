import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createTestDatabase, runMigrations, type Kysely, type TestDatabase } from '@brokerwise/sql';
import { DiskStore } from '@brokerwise/storage';
import { migrations } from '../../services/catalogue/migrations/index.ts';
import type { CatalogueTables } from '../../services/catalogue/src/store/types.ts';
import { loadDemoData } from './load-demo.ts';

/**
 * For a test file: a migrated catalogue database (real SQL) with the demo catalogue loaded, its
 * pictures in a temporary directory; both dropped after the file. `db` is there once beforeAll ran.
 */
export function useDemoCatalogue(): { readonly db: Kysely<CatalogueTables> } {
  let t: TestDatabase | undefined;
  let dir: string | undefined;
  beforeAll(async () => {
    t = await createTestDatabase('catalogue', process.env.DATABASE_URL);
    await runMigrations(t, migrations);
    dir = await mkdtemp(path.join(os.tmpdir(), 'bw-demo-'));
    await loadDemoData({ db: t.db as Kysely<CatalogueTables>, objects: new DiskStore({ dir }), mediaUrl: (k) => `/media/${k}`, onlyIfEmpty: true });
  });
  afterAll(async () => {
    await t?.destroy();
    if (dir) await rm(dir, { recursive: true, force: true });
  });
  return {
    get db() {
      if (!t) throw new Error('useDemoCatalogue: the database opens in beforeAll');
      return t.db as Kysely<CatalogueTables>;
    },
  };
}
