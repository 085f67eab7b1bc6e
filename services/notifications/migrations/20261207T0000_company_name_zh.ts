import type { Migration } from '@brokerwise/sql';

/**
 * The company's Chinese display name (catalogue.company.upserted `name_zh`), so a Chinese notice
 * or mail names the company as the Chinese pages do. Empty until the next upsert of that company
 * (`npm run rebuild -- notices` replays them at once).
 */
export const migration: Migration = {
  up: async (db) => {
    await db.schema.alterTable('company').addColumn('name_zh', 'text', (c) => c.notNull().defaultTo('')).execute();
  },
};
