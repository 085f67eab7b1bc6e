import { sql, type Migration } from '@brokerwise/sql';

export const migration: Migration = {
  up: async (db) => {
    // A server is added by an approved application or by an operator (admin, provisioning). Servers
    // the development start made before it provisioned like an operator become the operator's.
    await sql`update broker_server set origin = 'admin' where origin not in ('application', 'admin')`.execute(db);
    await sql`alter table broker_server drop constraint if exists broker_server_origin_check`.execute(db);
    await sql`alter table broker_server add constraint broker_server_origin_check check (origin in ('application', 'admin'))`.execute(db);
  },
};
