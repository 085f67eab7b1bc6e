import { sql, type Kysely, type Selectable } from '@brokerwise/sql';
import type { TraderTables } from './types.ts';

type Db = Kysely<TraderTables>;
export type BrokerRow = Selectable<TraderTables['broker']>;
export type ServerRow = Selectable<TraderTables['broker_server']>;

/** Writes the company if `version` is newer than the one kept; returns whether it did. */
export async function upsertBroker(db: Db, b: { companyId: string; slug: string; name: string; version: number; removed: boolean; at: Date }): Promise<boolean> {
  const r = await db
    .insertInto('broker')
    .values({ company_id: b.companyId, slug: b.slug, name: b.name, version: b.version, removed: b.removed, updated_at: b.at })
    .onConflict((oc) =>
      oc
        .column('company_id')
        .doUpdateSet({ slug: b.slug, name: b.name, version: b.version, removed: b.removed, updated_at: b.at })
        .where('broker.version', '<', b.version),
    )
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

export const findBroker = (db: Db, companyId: string) => db.selectFrom('broker').selectAll().where('company_id', '=', companyId).executeTakeFirst();

export const findBrokerBySlug = (db: Db, slug: string) => db.selectFrom('broker').selectAll().where('slug', '=', slug).where('removed', '=', false).executeTakeFirst();

/** Catalogue brokers (not removed) with at least one server, and their server counts. */
export async function bindableBrokers(db: Db): Promise<(BrokerRow & { servers: number })[]> {
  const rows = await db
    .selectFrom('broker')
    .innerJoin('broker_server', 'broker_server.company_id', 'broker.company_id')
    .selectAll('broker')
    .select((eb) => eb.fn.countAll<number>().as('servers'))
    .where('broker.removed', '=', false)
    .groupBy(['broker.company_id'])
    .orderBy('broker.name')
    .execute();
  return rows.map((r) => ({ ...r, servers: Number(r.servers) }));
}

export async function insertServer(db: Db, s: Omit<ServerRow, 'created_at'> & { created_at: Date }): Promise<ServerRow | undefined> {
  return db.insertInto('broker_server').values(s).onConflict((oc) => oc.expression(sql`lower(name)`).doNothing()).returningAll().executeTakeFirst();
}

export const findServerByName = (db: Db, name: string) => db.selectFrom('broker_server').selectAll().where(sql<string>`lower(name)`, '=', name.toLowerCase()).executeTakeFirst();

export const findServer = (db: Db, id: string) => db.selectFrom('broker_server').selectAll().where('id', '=', id).executeTakeFirst();

/**
 * Servers matching `query` (substring of the server or broker name, case-insensitive), best
 * first: prefix matches, then by name. Servers of a broker removed from the catalogue are left out.
 */
export async function searchServers(db: Db, query: string, limit: number): Promise<(ServerRow & { slug: string | null })[]> {
  const q = query.trim().toLowerCase();
  const like = `%${q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
  let sel = db
    .selectFrom('broker_server')
    .leftJoin('broker', 'broker.company_id', 'broker_server.company_id')
    .selectAll('broker_server')
    .select('broker.slug')
    .where((eb) => eb.or([eb('broker.removed', 'is', null), eb('broker.removed', '=', false)]));
  if (q) sel = sel.where((eb) => eb.or([eb(sql`lower(broker_server.name)`, 'like', like), eb(sql`lower(broker_server.broker_name)`, 'like', like)]));
  return sel
    .orderBy(sql`case when lower(broker_server.name) like ${`${q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`} then 0 else 1 end`)
    .orderBy('broker_server.name')
    .limit(limit)
    .execute();
}

export const serversOf = (db: Db, companyId: string) => db.selectFrom('broker_server').selectAll().where('company_id', '=', companyId).orderBy('name').execute();

export async function brokersByIds(db: Db, ids: string[]): Promise<Map<string, BrokerRow>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.selectFrom('broker').selectAll().where('company_id', 'in', unique).execute();
  return new Map(rows.map((r) => [r.company_id, r]));
}
