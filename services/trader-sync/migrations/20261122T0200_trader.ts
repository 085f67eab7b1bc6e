import { sql, type Migration } from '@brokerwise/sql';

export const migration: Migration = {
  up: async (db) => {
    // Read model of the catalogue's Brokers (catalogue.company.upserted / removed).
    await db.schema
      .createTable('broker')
      .addColumn('company_id', 'uuid', (c) => c.primaryKey())
      .addColumn('slug', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('version', 'bigint', (c) => c.notNull())
      .addColumn('removed', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .execute();

    // Servers accounts can be bound on; company_id is null for a broker not (yet) in the catalogue.
    await db.schema
      .createTable('broker_server')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('company_id', 'uuid')
      .addColumn('broker_name', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('live', 'demo')`))
      // Empty = the default BRIDGE_URL.
      .addColumn('bridge_url', 'text')
      // As released, origin also allowed the development start's own value; 20261126T1400 narrows it.
      .addColumn('origin', 'text', (c) => c.notNull().check(sql`origin in ('application', 'admin')`))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await sql`create unique index broker_server_name on broker_server (lower(name))`.execute(db);
    await sql`create index broker_server_company on broker_server (company_id)`.execute(db);
    await sql`create index broker_server_trgm on broker_server using gin (lower(name) gin_trgm_ops)`.execute(db);

    await db.schema
      .createTable('account')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('user_id', 'uuid', (c) => c.notNull())
      .addColumn('username', 'text', (c) => c.notNull())
      .addColumn('server_id', 'uuid', (c) => c.notNull().references('broker_server.id'))
      .addColumn('server', 'text', (c) => c.notNull())
      .addColumn('company_id', 'uuid')
      .addColumn('broker_name', 'text', (c) => c.notNull())
      .addColumn('account_number', 'text', (c) => c.notNull())
      .addColumn('nickname', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('strategy_type', 'text', (c) => c.notNull().check(sql`strategy_type in ('manual', 'mixed')`))
      .addColumn('visibility', 'text', (c) => c.notNull().check(sql`visibility in ('public', 'hidden')`))
      .addColumn('source', 'text', (c) => c.notNull().check(sql`source in ('bridge', 'statement')`))
      // Unbinding closes an account: its history stays on the owner's profile (no survivorship).
      .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('active', 'closed')`))
      .addColumn('closed_at', 'timestamptz')
      // AES-256-GCM ciphertext of the read-only password and the id of the key that sealed it.
      .addColumn('password_ct', 'bytea')
      .addColumn('password_key_id', 'text')
      .addColumn('bound_at', 'timestamptz', (c) => c.notNull())
      .addColumn('sync_state', 'text', (c) => c.notNull().check(sql`sync_state in ('pending', 'ok', 'failing')`))
      .addColumn('sync_error', 'text')
      .addColumn('sync_failures', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_attempt_at', 'timestamptz')
      .addColumn('last_success_at', 'timestamptz')
      .addColumn('next_sync_at', 'timestamptz')
      .addColumn('cursor', 'text')
      .addColumn('currency', 'text', (c) => c.notNull().defaultTo('USD'))
      .addColumn('leverage', 'integer')
      .addColumn('balance', 'double precision')
      .addColumn('equity', 'double precision')
      .addColumn('live', 'boolean')
      .addColumn('verified_at', 'timestamptz')
      .addColumn('verify_code', 'text')
      .addColumn('verify_expires_at', 'timestamptz')
      .addColumn('stats', 'jsonb')
      .addColumn('stats_at', 'timestamptz')
      .addColumn('gain_pct', 'double precision')
      .addColumn('max_drawdown_pct', 'double precision')
      .addColumn('trades', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('track_days', 'double precision', (c) => c.notNull().defaultTo(0))
      .addColumn('score', 'double precision')
      .addColumn('ranked', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('unranked_reason', 'text')
      .execute();
    // One account (server + number) is bound to one user at a time.
    await sql`create unique index account_binding on account (server_id, account_number) where status = 'active'`.execute(db);
    await sql`create index account_user on account (user_id, bound_at desc)`.execute(db);
    await sql`create index account_due on account (next_sync_at) where status = 'active' and source = 'bridge'`.execute(db);
    await sql`create index account_ranked on account (score desc, id) where ranked`.execute(db);
    await sql`create index account_company_user on account (company_id, user_id) where live and last_success_at is not null`.execute(db);

    await db.schema
      .createTable('deal')
      .addColumn('account_id', 'uuid', (c) => c.notNull().references('account.id'))
      .addColumn('deal_id', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('trade', 'balance', 'fee')`))
      .addColumn('time', 'timestamptz', (c) => c.notNull())
      .addColumn('symbol', 'text', (c) => c.notNull())
      .addColumn('side', 'text', (c) => c.notNull())
      .addColumn('lots', 'double precision', (c) => c.notNull())
      .addColumn('open_time', 'timestamptz')
      .addColumn('open_price', 'double precision')
      .addColumn('close_price', 'double precision')
      .addColumn('stop_loss', 'double precision')
      .addColumn('take_profit', 'double precision')
      .addColumn('commission', 'double precision', (c) => c.notNull())
      .addColumn('swap', 'double precision', (c) => c.notNull())
      .addColumn('profit', 'double precision', (c) => c.notNull())
      .addColumn('comment', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('deal_pk', ['account_id', 'deal_id'])
      .execute();
    await sql`create index deal_account_time on deal (account_id, time desc, deal_id desc)`.execute(db);

    await db.schema
      .createTable('broker_application')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('user_id', 'uuid', (c) => c.notNull())
      .addColumn('broker_name', 'text', (c) => c.notNull())
      .addColumn('website', 'text', (c) => c.notNull())
      .addColumn('server', 'text', (c) => c.notNull())
      .addColumn('sample_account', 'text', (c) => c.notNull())
      .addColumn('password_ct', 'bytea', (c) => c.notNull())
      .addColumn('password_key_id', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'approved', 'rejected')`))
      .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('decided_by', 'uuid')
      .addColumn('decided_at', 'timestamptz')
      .addColumn('server_id', 'uuid')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await sql`create index broker_application_pending on broker_application (created_at, id) where status = 'pending'`.execute(db);
    await sql`create index broker_application_user on broker_application (user_id, created_at desc)`.execute(db);

    // Released with one more table, the bookkeeping of a development-only seed that migrations no
    // longer know (ADR 021); databases that ran it keep that table, unused.
  },
};
