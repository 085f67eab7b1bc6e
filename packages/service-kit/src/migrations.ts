import { sql, type Generated, type MigrationSet } from '@brokerwise/sql';

/**
 * Tables every service gets in its own schema: the transactional outbox (events written in the
 * same transaction as the change, relayed to the bus after commit) and the inbox (which event
 * each handler has finished, so redeliveries don't repeat side effects).
 * Services merge these into their migration set; names sort before any service migration, and a
 * kit migration added later still runs on a database whose service migrations ran already
 * (runMigrations allows that order: kit migrations touch only the kit's tables).
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
  // The W3C trace context of the work that wrote the event, published with it (ADR 018).
  '00000000T0001_kit_outbox_trace_context': {
    up: async (db) => {
      await db.schema.alterTable('outbox').addColumn('trace_context', 'text').execute();
    },
  },
  '00000000T0002_kit_outbox_lease_inbox_purge': {
    up: async (db) => {
      // The relay publishes outside any transaction: a claimed row carries a lease until published
      // (a crashed relay's rows are taken again once it runs out); a poison row is set aside as dead.
      await db.schema.alterTable('outbox').addColumn('claimed_until', 'timestamptz').execute();
      await db.schema.alterTable('outbox').addColumn('dead_at', 'timestamptz').execute();
      // The scheduled inbox purge deletes by age, per handler.
      await sql`create index inbox_processed on inbox (handler, processed_at)`.execute(db);
    },
  },
};

export interface KitTables {
  outbox: {
    id: string;
    type: string;
    payload: Uint8Array;
    correlation_id: string | null;
    /** JSON of the `traceparent`/`tracestate` headers; null when no trace was active. */
    trace_context: string | null;
    created_at: Generated<Date>;
    published_at: Date | null;
    attempts: Generated<number>;
    last_error: string | null;
    /** Set while a relay holds the row (claimed, not yet published); free again after this time. */
    claimed_until: Generated<Date | null>;
    /** Set when publishing failed OUTBOX_MAX_ATTEMPTS times: the relay no longer tries it. */
    dead_at: Generated<Date | null>;
  };
  inbox: { event_id: string; handler: string; processed_at: Generated<Date> };
}
