import { sql, type Generated, type MigrationSet } from '@brokerwise/sql';

/**
 * Tables every service gets in its own schema: the transactional outbox (events written in the
 * same transaction as the change, relayed to the bus after commit) and the inbox (which event
 * each handler has finished, so redeliveries don't repeat side effects).
 * Services merge these into their migration set; names sort before any service migration.
 */
export const kitMigrations: MigrationSet = {
  '00000000T0000_kit_outbox_inbox': {
    up: async (db) => {
      await db.schema
        .createTable('outbox')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('payload', 'bytea', (c) => c.notNull())
        .addColumn('correlation_id', 'text')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('published_at', 'timestamptz')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_error', 'text')
        .execute();
      await sql`create index outbox_pending on outbox (created_at) where published_at is null`.execute(db);
      await db.schema
        .createTable('inbox')
        .addColumn('event_id', 'uuid', (c) => c.notNull())
        .addColumn('handler', 'text', (c) => c.notNull())
        .addColumn('processed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addPrimaryKeyConstraint('inbox_pk', ['event_id', 'handler'])
        .execute();
    },
  },
};

export interface KitTables {
  outbox: {
    id: string;
    type: string;
    payload: Uint8Array;
    correlation_id: string | null;
    created_at: Generated<Date>;
    published_at: Date | null;
    attempts: Generated<number>;
    last_error: string | null;
  };
  inbox: { event_id: string; handler: string; processed_at: Generated<Date> };
}
